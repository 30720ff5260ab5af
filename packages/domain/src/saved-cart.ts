/**
 * The saved cart's validity (spec sections 4 "Cart" and 9), in a module of its own: the storefront
 * restores the cart on start, before any cart or pricing code has loaded.
 */

/** A saved cart is restored only while younger than this (spec section 9 "Time limits"). */
export const CART_VALIDITY_SECONDS = 6120;

export interface SavedCartStamp {
  /** When the cart was saved, epoch milliseconds. */
  savedAt: number;
  /** The user it was saved for; null when saved anonymous. */
  userId: string | number | null;
}

/**
 * A saved cart is restored only if under 6120 s old and for the same user, or if saved anonymous
 * (spec section 4 "Cart").
 */
export function canRestoreSavedCart(
  saved: SavedCartStamp,
  now: number,
  currentUserId: string | number | null,
): boolean {
  const ageMs = now - saved.savedAt;
  if (!(ageMs >= 0 && ageMs < CART_VALIDITY_SECONDS * 1000)) return false;
  return saved.userId === null || String(saved.userId) === String(currentUserId);
}
