import { type Cart, type CartLine, canRestoreSavedCart } from '@comanda/domain';
import { createStore, useStore } from './external-store.ts';
import { getSessionUser } from './session.ts';
import { readJson, removeStorage, writeStorage } from './storage.ts';

/** Spec section 3: the cart is saved under 'shop_cart' with its date and user. */
export const CART_KEY = 'shop_cart';

export type UserId = string | number;

export interface SavedCart {
  cart: readonly CartLine[];
  /** When the cart last changed, epoch milliseconds. */
  savedAt: number;
  /** The signed-in user it was saved for; null when saved anonymous. */
  userId: UserId | null;
}

const currentUserId = (): UserId | null => getSessionUser()?.userId ?? null;

/** Enough of a line's shape that the cart screen can show it; anything else is dropped. */
function isCartLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false;
  const line = value as Partial<Record<keyof CartLine, unknown>>;
  return (
    typeof line.produto === 'number' &&
    typeof line.descricao_produto === 'string' &&
    typeof line.produto_valor === 'number' &&
    typeof line.qtd === 'number' &&
    typeof line.sequence === 'number' &&
    typeof line.equality_seq === 'number' &&
    typeof line.observacao === 'string' &&
    Array.isArray(line.itens_pedidos) &&
    Array.isArray(line.groups) &&
    !!line.product &&
    typeof line.product === 'object'
  );
}

/**
 * The saved cart, when it may be restored (spec section 4 "Cart"): under 6120 s old and saved for
 * this user or anonymous. Otherwise the saved copy is forgotten and the cart starts empty.
 */
export function restoreSavedCart(now = Date.now(), userId: UserId | null = currentUserId()): CartLine[] {
  const saved = readJson<Partial<SavedCart>>(CART_KEY);
  if (!saved) return [];
  const valid =
    Array.isArray(saved.cart) &&
    typeof saved.savedAt === 'number' &&
    canRestoreSavedCart({ savedAt: saved.savedAt, userId: saved.userId ?? null }, now, userId);
  if (!valid) {
    removeStorage(CART_KEY);
    return [];
  }
  return (saved.cart as unknown[]).filter(isCartLine);
}

/**
 * The cart lines: the tab badge, the product dialog and the cart screen read this one store;
 * cart-actions.ts changes it with the domain's cart rules.
 */
export const cartStore = createStore<readonly CartLine[]>(
  typeof window === 'undefined' ? [] : restoreSavedCart(),
);

/** Sets the cart and saves it with the date and the current user (none when signed out). */
export function saveCart(cart: readonly CartLine[], now = Date.now()): void {
  cartStore.set(cart);
  if (cart.length === 0) {
    removeStorage(CART_KEY);
    return;
  }
  writeStorage(CART_KEY, JSON.stringify({ cart, savedAt: now, userId: currentUserId() } satisfies SavedCart));
}

export function updateCart(update: (cart: Cart) => readonly CartLine[]): void {
  saveCart(update(cartStore.get()));
}

export function useCart(): readonly CartLine[] {
  return useStore(cartStore);
}

/**
 * The cart was just ordered: it is empty (the badge says so) while the checkout still shows the
 * order's result, so /confirmation stays until the customer leaves it.
 */
export const justOrderedStore = createStore(false);

export function useJustOrdered(): boolean {
  return useStore(justOrderedStore);
}

/** The tab bar badge: the number of cart lines (spec section 2 "Bars"). */
export function useCartLineCount(): number {
  return useStore(cartStore).length;
}
