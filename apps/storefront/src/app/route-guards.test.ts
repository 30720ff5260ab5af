import { describe, expect, it } from 'vitest';
import {
  anonymousOnlyGuard,
  checkoutGuard,
  productGuard,
  signedInGuard,
  tableModeGuard,
} from './route-guards.ts';

const state = (signedIn: boolean, cartLines: number, hasSelectedProduct = false, localMode = false) => ({
  signedIn,
  cartLines,
  hasSelectedProduct,
  localMode,
});

describe('route guards (spec section 2 redirect rules)', () => {
  it('checkout: anonymous goes to /signin, signed in with an empty cart to /profile', () => {
    expect(checkoutGuard(state(false, 2))).toBe('/signin');
    expect(checkoutGuard(state(true, 0))).toBe('/profile');
    expect(checkoutGuard(state(true, 1))).toBeNull();
  });

  it('sign-in screens: a signed-in user goes to /confirmation with a cart, else /profile', () => {
    expect(anonymousOnlyGuard(state(true, 1))).toBe('/confirmation');
    expect(anonymousOnlyGuard(state(true, 0))).toBe('/profile');
    expect(anonymousOnlyGuard(state(false, 3))).toBeNull();
  });

  it('signed-in screens send visitors to /signin', () => {
    expect(signedInGuard(state(false, 0))).toBe('/signin');
    expect(signedInGuard(state(true, 0))).toBeNull();
  });

  it('/product without a selected product goes to /home', () => {
    expect(productGuard(state(false, 0, false))).toBe('/home');
    expect(productGuard(state(false, 0, true))).toBeNull();
  });

  it("the table's tab (/mesa) outside table mode goes to /home", () => {
    expect(tableModeGuard(state(false, 0, false, false))).toBe('/home');
    expect(tableModeGuard(state(false, 0, false, true))).toBeNull();
  });
});
