import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Coupon,
  type CouponRules,
  canApplyCoupon,
  couponDiscount,
  couponTarget,
  couponVerdict,
  normalizeCouponCode,
} from './coupon.ts';

const coupon = (overrides: Partial<Coupon>): Coupon => ({
  id: 1,
  valor: 10,
  perc: true,
  descricao: 'DESCONTO10',
  local: 'Carrinho',
  ...overrides,
});

describe('coupon discount', () => {
  it("local 'Carrinho' applies on the cart", () => {
    expect(couponTarget('Carrinho')).toBe('cart');
  });

  it("local 'Entrega' applies on the delivery", () => {
    expect(couponTarget('Entrega')).toBe('delivery');
  });

  it('any other local applies on both', () => {
    expect([couponTarget('Ambos'), couponTarget('')]).toEqual(['both', 'both']);
  });

  it('a percent coupon on the cart takes that percent of the subtotal', () => {
    expect(couponDiscount(coupon({ valor: 10 }), { subtotal: 5000, deliveryFee: 800 })).toBe(500);
  });

  it('a percent coupon on the delivery takes that percent of the delivery fee', () => {
    expect(
      couponDiscount(coupon({ valor: 50, local: 'Entrega' }), { subtotal: 5000, deliveryFee: 800 }),
    ).toBe(400);
  });

  it('a percent coupon on both takes that percent of subtotal plus delivery', () => {
    expect(couponDiscount(coupon({ valor: 10, local: 'Todos' }), { subtotal: 5000, deliveryFee: 800 })).toBe(
      580,
    );
  });

  it('a percent of centavos rounds half up', () => {
    expect(couponDiscount(coupon({ valor: 10 }), { subtotal: 5, deliveryFee: 0 })).toBe(1);
  });

  it('a percent of centavos below the half rounds down', () => {
    expect(couponDiscount(coupon({ valor: 10 }), { subtotal: 1234, deliveryFee: 0 })).toBe(123);
  });

  it('a fractional percent is honoured', () => {
    expect(couponDiscount(coupon({ valor: 12.5 }), { subtotal: 1000, deliveryFee: 0 })).toBe(125);
  });

  it('a fixed coupon takes its value in centavos', () => {
    expect(couponDiscount(coupon({ perc: false, valor: 1500 }), { subtotal: 5000, deliveryFee: 800 })).toBe(
      1500,
    );
  });

  it('a fixed coupon on the cart is capped at the subtotal', () => {
    expect(couponDiscount(coupon({ perc: false, valor: 9000 }), { subtotal: 5000, deliveryFee: 800 })).toBe(
      5000,
    );
  });

  it('a fixed coupon on the delivery is capped at the delivery fee', () => {
    const free = coupon({ perc: false, valor: 1000, local: 'Entrega' });
    expect(couponDiscount(free, { subtotal: 5000, deliveryFee: 800 })).toBe(800);
  });

  it('a delivery coupon gives nothing when delivery is free', () => {
    expect(couponDiscount(coupon({ local: 'Entrega' }), { subtotal: 5000, deliveryFee: 0 })).toBe(0);
  });

  it('a fixed coupon on both is capped at subtotal plus delivery', () => {
    const big = coupon({ perc: false, valor: 99_999, local: 'X' });
    expect(couponDiscount(big, { subtotal: 5000, deliveryFee: 800 })).toBe(5800);
  });

  it('a percent above 100 is capped at the base', () => {
    expect(couponDiscount(coupon({ valor: 150 }), { subtotal: 5000, deliveryFee: 0 })).toBe(5000);
  });

  it('a negative value gives no discount', () => {
    expect(couponDiscount(coupon({ perc: false, valor: -100 }), { subtotal: 5000, deliveryFee: 0 })).toBe(0);
  });

  it('rejects an amount that is not whole centavos', () => {
    expect(() => couponDiscount(coupon({}), { subtotal: 10.5, deliveryFee: 0 })).toThrow(RangeError);
  });

  it('property: a coupon is never above its base and never negative', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(
        amount,
        amount,
        fc.boolean(),
        fc.double({ min: -1000, max: 100_000, noNaN: true }),
        fc.constantFrom('Carrinho', 'Entrega', 'Ambos'),
        (subtotal, deliveryFee, perc, valor, local) => {
          const discount = couponDiscount(coupon({ perc, valor, local }), { subtotal, deliveryFee });
          const base =
            local === 'Carrinho' ? subtotal : local === 'Entrega' ? deliveryFee : subtotal + deliveryFee;
          return Number.isInteger(discount) && discount >= 0 && discount <= base;
        },
      ),
    );
  });
});

describe('applying a coupon', () => {
  it('a coupon code is required', () => {
    expect(canApplyCoupon({ code: '   ', loyaltyInUse: false })).toEqual({
      ok: false,
      reason: 'COUPON_REQUIRED',
    });
  });

  it('the coupon code is trimmed', () => {
    expect(canApplyCoupon({ code: ' PROMO10 ', loyaltyInUse: false })).toEqual({ ok: true, code: 'PROMO10' });
  });

  it('a coupon cannot be applied while loyalty is in use', () => {
    expect(canApplyCoupon({ code: 'PROMO10', loyaltyInUse: true })).toEqual({
      ok: false,
      reason: 'LOYALTY_IN_USE',
    });
  });
});

describe('coupon validity', () => {
  const now = new Date('2026-05-04T18:00:00-03:00');
  const rules = (overrides: Partial<CouponRules> = {}): CouponRules => ({
    ativo: true,
    validFrom: null,
    validUntil: null,
    maxUses: null,
    uses: 0,
    maxUsesPerCustomer: null,
    minSubtotal: 0,
    local: 'Carrinho',
    ...overrides,
  });
  const input = { now, subtotal: 5000, deliveryType: 'Entregar' as const, customerUses: 0 };

  it('an active coupon without limits is valid for any customer', () => {
    expect(couponVerdict(rules(), { ...input, customerUses: 50 })).toEqual({ ok: true });
  });

  it('an inactive coupon is as good as unknown', () => {
    expect(couponVerdict(rules({ ativo: false }), input)).toEqual({ ok: false, reason: 'COUPON_NOT_FOUND' });
  });

  it('is not valid before its start', () => {
    const validFrom = new Date(now.getTime() + 1);
    expect(couponVerdict(rules({ validFrom }), input)).toEqual({ ok: false, reason: 'COUPON_NOT_STARTED' });
  });

  it('is valid up to and including its end instant', () => {
    expect(couponVerdict(rules({ validUntil: now }), input)).toEqual({ ok: true });
    const validUntil = new Date(now.getTime() - 1);
    expect(couponVerdict(rules({ validUntil }), input)).toEqual({ ok: false, reason: 'COUPON_EXPIRED' });
  });

  it('is exhausted once every use is taken', () => {
    expect(couponVerdict(rules({ maxUses: 3, uses: 2 }), input)).toEqual({ ok: true });
    expect(couponVerdict(rules({ maxUses: 3, uses: 3 }), input)).toEqual({
      ok: false,
      reason: 'COUPON_EXHAUSTED',
    });
  });

  it('a customer cannot use it more often than the per-customer limit', () => {
    expect(couponVerdict(rules({ maxUsesPerCustomer: 1 }), { ...input, customerUses: 1 })).toEqual({
      ok: false,
      reason: 'COUPON_CUSTOMER_LIMIT',
    });
  });

  it('needs the minimum subtotal, when the subtotal is known', () => {
    expect(couponVerdict(rules({ minSubtotal: 5001 }), input)).toEqual({
      ok: false,
      reason: 'COUPON_MIN_SUBTOTAL',
    });
    expect(couponVerdict(rules({ minSubtotal: 5000 }), input)).toEqual({ ok: true });
    expect(couponVerdict(rules({ minSubtotal: 5001 }), { ...input, subtotal: null })).toEqual({ ok: true });
  });

  it("a delivery coupon ('Entrega') applies only to delivery orders", () => {
    const delivery = rules({ local: 'Entrega' });
    expect(couponVerdict(delivery, input)).toEqual({ ok: true });
    expect(couponVerdict(delivery, { ...input, deliveryType: 'Retirada' })).toEqual({
      ok: false,
      reason: 'COUPON_NOT_APPLICABLE',
    });
    expect(couponVerdict(delivery, { ...input, deliveryType: null })).toEqual({ ok: true });
  });

  it('a coupon on both applies to pickup orders too', () => {
    expect(couponVerdict(rules({ local: 'Ambos' }), { ...input, deliveryType: 'Retirada' })).toEqual({
      ok: true,
    });
  });

  it('codes compare without case or surrounding spaces', () => {
    expect(normalizeCouponCode('  bemVindo10 ')).toBe('BEMVINDO10');
  });
});
