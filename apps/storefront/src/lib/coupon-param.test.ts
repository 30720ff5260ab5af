import { describe, expect, it } from 'vitest';
import { COUPON_VALIDITY_MS, captureCouponParam, storedCoupon } from './coupon-param.ts';

describe('coupon query parameter', () => {
  it('is stored and valid for one hour', () => {
    expect(captureCouponParam('?coupon=BEMVINDO', 1_000)).toBe('BEMVINDO');
    expect(storedCoupon(1_000 + COUPON_VALIDITY_MS - 1)).toBe('BEMVINDO');
    expect(storedCoupon(1_000 + COUPON_VALIDITY_MS)).toBeNull();
  });

  it('ignores URLs without one', () => {
    expect(captureCouponParam('?utm=x')).toBeNull();
    expect(storedCoupon()).toBeNull();
  });
});
