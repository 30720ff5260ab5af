import { describe, expect, it } from 'vitest';
import { barsHidden, tabForPath } from './navigation.ts';

describe('tabForPath', () => {
  it.each([
    ['/', 0],
    ['/home', 0],
    ['/product', 0],
    ['/anything/else', 0],
    ['/cart', 1],
    ['/confirmation', 1],
    ['/confirmation?coupon=X', 1],
    ['/signin', 2],
    ['/signup', 2],
    ['/forgot/11999990000', 2],
    ['/profile', 2],
    ['/mobile/orders', 2],
    ['/mobile/orders/42', 2],
    ['/addresses', 2],
    ['/addresses/new?return=%2Fconfirmation', 2],
    ['/my_privacy', 2],
  ] as const)('%s is tab %i', (path, tab) => {
    expect(tabForPath(path)).toBe(tab);
  });

  it("the table's tab (/mesa) lights no tab: it is not the menu", () => {
    expect(tabForPath('/mesa')).toBeNull();
    expect(tabForPath('/mesa/cartao/71')).toBeNull();
  });
});

describe('barsHidden', () => {
  it('hides both bars on the courier’s page, which is not the menu’s', () => {
    expect(barsHidden('/entregador/abc123')).toBe(true);
    expect(barsHidden('/entregadores')).toBe(false);
  });

  it('hides both bars on the payment checkout routes only', () => {
    expect(barsHidden('/pix_checkout')).toBe(true);
    expect(barsHidden('/stripe_checkout')).toBe(true);
    expect(barsHidden('/pix_checkout?x=1')).toBe(true);
    expect(barsHidden('/confirmation')).toBe(false);
    expect(barsHidden('/home')).toBe(false);
    expect(barsHidden('/mobile/checkout_help')).toBe(false);
  });
});
