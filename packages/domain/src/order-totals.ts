import { type CartLineDraft, linePricing } from './cart.ts';
import { type Coupon, couponDiscount } from './coupon.ts';
import { type LoyaltyProgram, loyaltyDiscount } from './loyalty.ts';
import type { Centavos } from './money.ts';
import { assertCentavos } from './percent.ts';

export interface OrderTotalsInput {
  /** Products at their base price times quantity. */
  products: Centavos;
  /** Group items (additions) on top of the products. */
  extras: Centavos;
  deliveryFee: Centavos;
  couponDiscount: Centavos;
  loyaltyDiscount: Centavos;
}

export interface OrderTotals {
  products: Centavos;
  extras: Centavos;
  /** products + extras */
  subtotal: Centavos;
  deliveryFee: Centavos;
  /** The coupon discount actually granted (never more than what is left to pay). */
  couponDiscount: Centavos;
  /** The loyalty discount actually granted (never more than what is left after the coupon). */
  loyaltyDiscount: Centavos;
  /** subtotal + deliveryFee − couponDiscount − loyaltyDiscount, never negative. */
  total: Centavos;
}

/** Spec section 9: total = products + extras + delivery − coupon − loyalty, never below zero. */
export function orderTotals(input: OrderTotalsInput): OrderTotals {
  for (const [name, value] of Object.entries(input)) assertCentavos(name, value);
  const { products, extras, deliveryFee } = input;
  const subtotal = products + extras;
  const gross = subtotal + deliveryFee;
  const couponDiscount = Math.min(input.couponDiscount, gross);
  const loyaltyDiscount = Math.min(input.loyaltyDiscount, gross - couponDiscount);
  return {
    products,
    extras,
    subtotal,
    deliveryFee,
    couponDiscount,
    loyaltyDiscount,
    total: gross - couponDiscount - loyaltyDiscount,
  };
}

export interface CheckoutTotalsInput {
  /** The order's lines as buildCartLine made them. */
  lines: readonly CartLineDraft[];
  deliveryFee: Centavos;
  /** The applied coupon, if any. */
  coupon: Coupon | null;
  /** The loyalty program whose reward is redeemed, if the customer redeems it. */
  loyaltyReward: LoyaltyProgram | null;
}

/**
 * The totals the checkout shows and the server charges: the lines' products and extras, the coupon
 * on its base (cart, delivery or both), the loyalty reward on the subtotal, then `orderTotals`.
 * Whether the coupon or the reward may be used at all is `couponVerdict` and `loyaltyEligibility`.
 */
export function checkoutTotals({
  lines,
  deliveryFee,
  coupon,
  loyaltyReward,
}: CheckoutTotalsInput): OrderTotals {
  let products = 0;
  let extras = 0;
  for (const line of lines) {
    const pricing = linePricing(line);
    products += pricing.base * line.qtd;
    extras += pricing.extras * line.qtd;
  }
  const subtotal = products + extras;
  return orderTotals({
    products,
    extras,
    deliveryFee,
    couponDiscount: coupon ? couponDiscount(coupon, { subtotal, deliveryFee }) : 0,
    loyaltyDiscount: loyaltyReward ? loyaltyDiscount(loyaltyReward, subtotal) : 0,
  });
}
