import type { DocumentCoupon } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import {
  couponCodeProblem,
  couponGives,
  couponStatus,
  newCoupon,
  normaliseCouponCode,
} from './coupon-model.ts';

const coupon = (overrides: Partial<DocumentCoupon> = {}): DocumentCoupon => ({
  ...newCoupon(),
  code: 'BEMVINDO10',
  ...overrides,
});
const now = new Date('2026-05-05T23:00:00Z'); // 20:00 in São Paulo

describe('a coupon as the coupons screen reads it', () => {
  it('works when on and inside its validity, whose end is inclusive', () => {
    expect(couponStatus(coupon(), now)).toEqual({ kind: 'active', until: null });
    expect(couponStatus(coupon({ valid_until: '2026-05-05T20:00:00-03:00' }), now).kind).toBe('active');
    expect(couponStatus(coupon({ valid_until: '2026-05-05T19:59:59-03:00' }), now).kind).toBe('ended');
    expect(couponStatus(coupon({ valid_from: '2026-05-05T20:00:01-03:00' }), now).kind).toBe('scheduled');
    expect(couponStatus(coupon({ ativo: false }), now).kind).toBe('inactive');
  });

  it('gives a percent or an amount, on the cart, the delivery or both', () => {
    expect(couponGives(coupon({ perc: true, valor: 12.5, local: 'Ambos' }))).toEqual({
      percent: 12.5,
      centavos: null,
      target: 'both',
    });
    expect(couponGives(coupon({ perc: false, valor: 500, local: 'Entrega' }))).toEqual({
      percent: null,
      centavos: 500,
      target: 'delivery',
    });
  });

  it('keeps its code upper-case, 2 to 40 letters, digits, - or _, unique without case', () => {
    expect(normaliseCouponCode('bem vindo-10')).toBe('BEMVINDO-10');
    const coupons = [
      coupon({ code: 'FRETE' }),
      coupon({ code: 'X' }),
      coupon({ code: 'PIZZA%' }),
      coupon({ code: 'FRETE' }),
    ];
    expect(couponCodeProblem(coupons, 0)).toBe('duplicate');
    expect(couponCodeProblem(coupons, 1)).toBe('format');
    expect(couponCodeProblem(coupons, 2)).toBe('format');
    expect(couponCodeProblem([coupon({ code: 'A'.repeat(40) })], 0)).toBeNull();
    expect(couponCodeProblem([coupon({ code: 'A'.repeat(41) })], 0)).toBe('format');
  });
});
