import type { DeliveryType } from './delivery-types.ts';
import type { Centavos } from './money.ts';
import { assertCentavos, percentOfCentavos } from './percent.ts';

/**
 * A coupon as the server sends it. `valor` is a percentage (0–100, up to two decimals) when
 * `perc` is true, otherwise a fixed amount in centavos.
 */
export interface Coupon {
  id: number;
  valor: number;
  perc: boolean;
  descricao: string;
  /** 'Carrinho' = on the cart, 'Entrega' = on the delivery fee, any other value = on both. */
  local: string;
}

export type CouponTarget = 'cart' | 'delivery' | 'both';

export function couponTarget(local: string): CouponTarget {
  if (local === 'Carrinho') return 'cart';
  if (local === 'Entrega') return 'delivery';
  return 'both';
}

export interface CouponDiscountInput {
  /** Products plus extras. */
  subtotal: Centavos;
  deliveryFee: Centavos;
}

/**
 * Percent or fixed, on the cart, the delivery fee or both (their sum), never more than that base.
 * A negative valor gives no discount.
 */
export function couponDiscount(coupon: Coupon, { subtotal, deliveryFee }: CouponDiscountInput): Centavos {
  assertCentavos('subtotal', subtotal);
  assertCentavos('deliveryFee', deliveryFee);
  const target = couponTarget(coupon.local);
  const base = target === 'cart' ? subtotal : target === 'delivery' ? deliveryFee : subtotal + deliveryFee;
  if (!(coupon.valor > 0)) return 0;
  const discount = coupon.perc ? percentOfCentavos(base, coupon.valor) : Math.round(coupon.valor);
  return Math.min(discount, base);
}

export type CouponApplyVerdict =
  | { ok: true; code: string }
  | { ok: false; reason: 'COUPON_REQUIRED' | 'LOYALTY_IN_USE' };

/** Spec section 5 "Coupon": a code is required (trimmed); coupon and loyalty never go together. */
export function canApplyCoupon(input: { code: string; loyaltyInUse: boolean }): CouponApplyVerdict {
  const code = input.code.trim();
  if (code === '') return { ok: false, reason: 'COUPON_REQUIRED' };
  if (input.loyaltyInUse) return { ok: false, reason: 'LOYALTY_IN_USE' };
  return { ok: true, code };
}

/** The limits of a coupon, as the server keeps them (not sent to the storefront). */
export interface CouponRules {
  ativo: boolean;
  /** The coupon is valid from this instant on; null = always. */
  validFrom: Date | null;
  /** The coupon is valid up to and including this instant; null = no end. */
  validUntil: Date | null;
  /** Orders that may use it, all customers together; null = no cap. */
  maxUses: number | null;
  /** Orders that used it so far. */
  uses: number;
  /** Orders one customer may use it in; null = no cap. */
  maxUsesPerCustomer: number | null;
  /** Products plus extras needed to use it; 0 = none. */
  minSubtotal: Centavos;
  local: string;
}

export type CouponRefusal =
  | 'COUPON_NOT_FOUND'
  | 'COUPON_NOT_STARTED'
  | 'COUPON_EXPIRED'
  | 'COUPON_EXHAUSTED'
  | 'COUPON_CUSTOMER_LIMIT'
  | 'COUPON_MIN_SUBTOTAL'
  | 'COUPON_NOT_APPLICABLE';

export type CouponVerdict = { ok: true } | { ok: false; reason: CouponRefusal };

export interface CouponCheckInput {
  now: Date;
  /** Products plus extras; null when not known yet (the check is then skipped). */
  subtotal: Centavos | null;
  /** The order's delivery type; null when not known yet. */
  deliveryType: DeliveryType | null;
  /** Orders this customer already placed with the coupon. */
  customerUses: number;
}

/**
 * Whether a coupon may be used on an order, first failing rule wins: active, started, not expired,
 * uses left, uses left for this customer, the minimum subtotal, and a delivery coupon ('Entrega')
 * only on a delivery order (elsewhere it would discount nothing).
 */
export function couponVerdict(rules: CouponRules, input: CouponCheckInput): CouponVerdict {
  const refuse = (reason: CouponRefusal): CouponVerdict => ({ ok: false, reason });
  const at = input.now.getTime();
  if (!rules.ativo) return refuse('COUPON_NOT_FOUND');
  if (rules.validFrom && at < rules.validFrom.getTime()) return refuse('COUPON_NOT_STARTED');
  if (rules.validUntil && at > rules.validUntil.getTime()) return refuse('COUPON_EXPIRED');
  if (rules.maxUses !== null && rules.uses >= rules.maxUses) return refuse('COUPON_EXHAUSTED');
  if (rules.maxUsesPerCustomer !== null && input.customerUses >= rules.maxUsesPerCustomer) {
    return refuse('COUPON_CUSTOMER_LIMIT');
  }
  const reason = couponOrderRefusal(rules, input);
  return reason ? refuse(reason) : { ok: true };
}

export type CouponOrderRefusal = 'COUPON_MIN_SUBTOTAL' | 'COUPON_NOT_APPLICABLE';

/**
 * The coupon rules that depend on the order, not on the coupon's limits: the minimum subtotal, and
 * a delivery coupon ('Entrega') only on a delivery order (elsewhere it would discount nothing).
 * A part of the order not known yet (null) is not checked.
 */
export function couponOrderRefusal(
  coupon: { local: string; minSubtotal: Centavos },
  order: { subtotal: Centavos | null; deliveryType: DeliveryType | null },
): CouponOrderRefusal | null {
  if (order.subtotal !== null && order.subtotal < coupon.minSubtotal) return 'COUPON_MIN_SUBTOTAL';
  const { deliveryType } = order;
  if (couponTarget(coupon.local) === 'delivery' && deliveryType !== null && deliveryType !== 'Entregar') {
    return 'COUPON_NOT_APPLICABLE';
  }
  return null;
}

/** Coupon codes are compared without case and surrounding spaces: ' bemvindo10' is BEMVINDO10. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}
