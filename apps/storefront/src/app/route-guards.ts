/**
 * The redirect rules of spec section 2, as pure functions of the session state. A route lists its
 * guard in app/routes.tsx; a guard returns where to go instead, or null to show the screen.
 */
export interface GuardState {
  signedIn: boolean;
  cartLines: number;
  hasSelectedProduct: boolean;
  /** Table mode (source 'local'). */
  localMode: boolean;
  /** The cart was just ordered and the checkout shows the result over an empty cart. */
  justOrdered?: boolean;
}

export type Guard = (state: GuardState) => string | null;

/** /confirmation, /pix_checkout and the card checkout route. */
export const checkoutGuard: Guard = ({ signedIn, cartLines, justOrdered }) => {
  if (!signedIn) return '/signin';
  return cartLines === 0 && !justOrdered ? '/profile' : null;
};

/** /signin, /signup, /forgot/{phone}: a signed-in user goes to checkout or profile. */
export const anonymousOnlyGuard: Guard = ({ signedIn, cartLines }) => {
  if (!signedIn) return null;
  return cartLines > 0 ? '/confirmation' : '/profile';
};

/** /profile, /mobile/orders, /my_privacy. */
export const signedInGuard: Guard = ({ signedIn }) => (signedIn ? null : '/signin');

/** /product without a selected product goes home. */
export const productGuard: Guard = ({ hasSelectedProduct }) => (hasSelectedProduct ? null : '/home');

/** The table's tab (/mesa) exists only in table mode. */
export const tableModeGuard: Guard = ({ localMode }) => (localMode ? null : '/home');
