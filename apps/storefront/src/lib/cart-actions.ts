import { addToCart, type Cart, type CartLineDraft, MAX_CART_LINES, removeFromCart } from '@comanda/domain';
import { cartStore, saveCart, updateCart } from './cart-store.ts';

/*
 * Changes to the cart, through the domain's cart rules. Only the product dialog and the cart screen
 * import this module, so those rules load with them and not with the menu (the tab badge and the
 * restore on start only need cart-store.ts).
 */

/** How many more lines the cart takes (an order has at most MAX_CART_LINES). */
export function cartRoom(cart: Cart = cartStore.get()): number {
  return Math.max(0, MAX_CART_LINES - cart.length);
}

/** Adds `times` copies of the line (spec section 4: "adding a line (quantity times)"), room allowing. */
export function addLine(line: CartLineDraft, times = 1): void {
  updateCart((cart) => (times <= cartRoom(cart) ? addToCart(cart, line, times) : cart));
}

/** Removes one line or, with `all`, every line identical to it. */
export function removeLine(sequence: number, options: { all?: boolean } = {}): void {
  updateCart((cart) => removeFromCart(cart, sequence, options));
}

/** Replaces the identical lines of `equalitySeq` with `line`, keeping each one's quantity. */
export function replaceLines(equalitySeq: number, line: CartLineDraft): void {
  updateCart((cart) => {
    let next = cart.filter((existing) => existing.equality_seq !== equalitySeq);
    for (const existing of cart) {
      if (existing.equality_seq === equalitySeq) next = addToCart(next, { ...line, qtd: existing.qtd });
    }
    return next;
  });
}

export function cleanCart(): void {
  saveCart([]);
}
