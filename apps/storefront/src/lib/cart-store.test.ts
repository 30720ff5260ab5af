import { CART_VALIDITY_SECONDS } from '@comanda/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { burger, cartWith, drink } from '../test/product-fixtures.ts';
import { addLine, cartRoom, cleanCart, removeLine, replaceLines } from './cart-actions.ts';
import { CART_KEY, cartStore, restoreSavedCart, type SavedCart, saveCart } from './cart-store.ts';
import { tokenStore } from './session.ts';

/** A token as the server issues it: readable base64url JSON, a dot, a secret. */
const tokenFor = (userId: number) =>
  `${btoa(JSON.stringify({ user_id: userId, username: '11999990000', store: 'pizzaria', exp: 0 }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.secret`;

const saved = () => JSON.parse(localStorage.getItem(CART_KEY) ?? 'null') as SavedCart | null;
const NOW = Date.UTC(2026, 10, 21, 15, 0, 0);

describe('cart persistence', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    cartStore.set([]);
    tokenStore.set(null);
  });
  afterEach(() => {
    vi.useRealTimers();
    tokenStore.set(null);
  });

  it("saves the cart under 'shop_cart' with its date and no user when anonymous", () => {
    const cart = cartWith([{ product: drink() }]);
    saveCart(cart);
    expect(saved()).toEqual({ cart, savedAt: NOW, userId: null });
  });

  it('saves the signed-in user with the cart', () => {
    tokenStore.set(tokenFor(42));
    addLine(cartWith([{ product: drink() }])[0]!);
    expect(saved()).toMatchObject({ savedAt: NOW, userId: 42 });
  });

  it('restores a cart younger than 6120 s', () => {
    saveCart(cartWith([{ product: drink(), times: 2 }]));
    vi.setSystemTime(NOW + (CART_VALIDITY_SECONDS - 1) * 1000);
    expect(restoreSavedCart()).toHaveLength(2);
  });

  it('drops a cart once it is 6120 s old, and forgets the saved copy', () => {
    saveCart(cartWith([{ product: drink() }]));
    vi.setSystemTime(NOW + CART_VALIDITY_SECONDS * 1000);
    expect(restoreSavedCart()).toEqual([]);
    expect(localStorage.getItem(CART_KEY)).toBeNull();
  });

  it('takes the clock as a parameter too', () => {
    saveCart(cartWith([{ product: drink() }]), NOW);
    expect(restoreSavedCart(NOW + 6119_000, null)).toHaveLength(1);
    expect(restoreSavedCart(NOW + 6120_000, null)).toEqual([]);
  });

  it("restores a user's cart for that user only", () => {
    tokenStore.set(tokenFor(42));
    saveCart(cartWith([{ product: drink() }]));
    expect(restoreSavedCart(NOW, 42)).toHaveLength(1);
    expect(restoreSavedCart(NOW, 7)).toEqual([]);
  });

  it('restores a cart saved anonymous for anyone', () => {
    saveCart(cartWith([{ product: drink() }]));
    tokenStore.set(tokenFor(42));
    expect(restoreSavedCart()).toHaveLength(1);
  });

  it('ignores a saved cart it cannot read', () => {
    localStorage.setItem(CART_KEY, '{not json');
    expect(restoreSavedCart()).toEqual([]);
    localStorage.setItem(
      CART_KEY,
      JSON.stringify({ cart: [{ nonsense: true }], savedAt: NOW, userId: null }),
    );
    expect(restoreSavedCart()).toEqual([]);
    localStorage.setItem(CART_KEY, JSON.stringify({ cart: 'x', savedAt: NOW }));
    expect(restoreSavedCart()).toEqual([]);
  });
});

describe('cart actions', () => {
  beforeEach(() => cartStore.set([]));

  it('adds a line quantity times, identical lines sharing an equality number', () => {
    const [line] = cartWith([{ product: drink() }]);
    addLine(line!, 3);
    const cart = cartStore.get();
    expect(cart.map((l) => l.sequence)).toEqual([1, 2, 3]);
    expect(new Set(cart.map((l) => l.equality_seq))).toEqual(new Set([1]));
    expect(saved()?.cart).toHaveLength(3);
  });

  it('removes one line or all identical ones, and cleans the cart', () => {
    saveCart(
      cartWith([
        { product: drink(), times: 3 },
        { product: burger(), picks: { 1: { 12: 1 } } },
      ]),
    );
    removeLine(1);
    expect(cartStore.get()).toHaveLength(3);
    removeLine(2, { all: true });
    expect(cartStore.get().map((l) => l.descricao_produto)).toEqual(['Burger Clássico']);
    cleanCart();
    expect(cartStore.get()).toEqual([]);
    expect(localStorage.getItem(CART_KEY)).toBeNull();
  });

  it('replaces identical lines with a rebuilt one', () => {
    saveCart(cartWith([{ product: drink(), times: 2 }]));
    const [line] = cartWith([{ product: { ...drink(), valor_venda: 700 } }]);
    replaceLines(1, line!);
    expect(cartStore.get().map((l) => l.produto_valor)).toEqual([700, 700]);
  });

  it('never holds more than 100 lines', () => {
    const [line] = cartWith([{ product: drink() }]);
    addLine(line!, 99);
    expect(cartRoom()).toBe(1);
    addLine(line!, 2);
    expect(cartStore.get()).toHaveLength(99);
    addLine(line!);
    expect(cartRoom()).toBe(0);
  });
});
