import { COUPON_CODE, type DocumentCoupon } from '@comanda/contract';
import { type CouponTarget, couponTarget } from '@comanda/domain';

/*
 * The coupons screen's reading of a coupon of the store document (docs/store-import-format.md):
 * whether it works now, what it gives, and its code as the document keeps it.
 */

export type CouponStatus =
  | { kind: 'inactive' }
  /** Switched on, but its validity starts later. */
  | { kind: 'scheduled'; from: string }
  /** Its validity ended (the end is inclusive). */
  | { kind: 'ended'; until: string }
  | { kind: 'active'; until: string | null };

export function couponStatus(coupon: DocumentCoupon, now: Date): CouponStatus {
  if (!coupon.ativo) return { kind: 'inactive' };
  const at = now.getTime();
  if (coupon.valid_from && at < Date.parse(coupon.valid_from))
    return { kind: 'scheduled', from: coupon.valid_from };
  if (coupon.valid_until && at > Date.parse(coupon.valid_until))
    return { kind: 'ended', until: coupon.valid_until };
  return { kind: 'active', until: coupon.valid_until };
}

/** What the coupon takes off, and from what: a percent or centavos, the cart, the delivery or both. */
export interface CouponGives {
  percent: number | null;
  centavos: number | null;
  target: CouponTarget;
}

export function couponGives(coupon: DocumentCoupon): CouponGives {
  return {
    percent: coupon.perc ? coupon.valor : null,
    centavos: coupon.perc ? null : coupon.valor,
    target: couponTarget(coupon.local),
  };
}

/** A code as typed, as the document keeps it: upper-case, without spaces. */
export function normaliseCouponCode(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

export type CouponCodeProblem = 'format' | 'duplicate';

/** Why the code at `index` would be refused, or null (the server checks the same). */
export function couponCodeProblem(
  coupons: readonly DocumentCoupon[],
  index: number,
): CouponCodeProblem | null {
  const code = coupons[index]?.code ?? '';
  if (!COUPON_CODE.test(code)) return 'format';
  const upper = code.toUpperCase();
  if (coupons.some((other, i) => i !== index && other.code.toUpperCase() === upper)) return 'duplicate';
  return null;
}

/** A new coupon's first values: on, 10% off the products, no dates or limits. */
export function newCoupon(): DocumentCoupon {
  return {
    code: '',
    descricao: '',
    perc: true,
    valor: 10,
    local: 'Carrinho',
    ativo: true,
    valid_from: null,
    valid_until: null,
    max_uses: null,
    max_uses_per_customer: null,
    min_subtotal: 0,
  };
}

/** '12,5' for 12.5: a percent as written in Brazil. */
export function percentText(value: number): string {
  return String(Math.round(value * 100) / 100).replace('.', ',');
}
