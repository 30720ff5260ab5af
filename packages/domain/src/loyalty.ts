import type { Centavos } from './money.ts';
import { assertCentavos, percentOfCentavos } from './percent.ts';

/**
 * The loyalty (fidelity) program. `perc_recompensa` is a percentage of the subtotal when
 * `recompensa_perc` is true; otherwise `vlr_recompensa` is a fixed reward in centavos.
 */
export interface LoyaltyProgram {
  ativo: boolean;
  descricao: string;
  /** Points needed to redeem the reward. */
  pontos_recompensa: number;
  recompensa_perc: boolean;
  perc_recompensa: number;
  vlr_recompensa: Centavos;
}

export type LoyaltyUnusableReason =
  | 'PROGRAM_INACTIVE'
  | 'NOT_ENOUGH_POINTS'
  | 'COUPON_IN_USE'
  | 'TOTAL_BELOW_REWARD';

export type LoyaltyVerdict = { usable: true } | { usable: false; reason: LoyaltyUnusableReason };

export interface LoyaltyEligibilityInput {
  program: LoyaltyProgram;
  /** The customer's pontos_fidelidade. */
  points: number;
  couponApplied: boolean;
  /** The order total before the loyalty discount. */
  total: Centavos;
}

/**
 * Spec section 5 "Loyalty": usable only with enough points, no coupon, and either a percentage
 * reward or an order total at least the fixed reward (the total cannot be lower than the reward).
 */
export function loyaltyEligibility({
  program,
  points,
  couponApplied,
  total,
}: LoyaltyEligibilityInput): LoyaltyVerdict {
  if (!program.ativo) return { usable: false, reason: 'PROGRAM_INACTIVE' };
  if (!(points >= program.pontos_recompensa)) return { usable: false, reason: 'NOT_ENOUGH_POINTS' };
  if (couponApplied) return { usable: false, reason: 'COUPON_IN_USE' };
  if (!program.recompensa_perc && total < program.vlr_recompensa) {
    return { usable: false, reason: 'TOTAL_BELOW_REWARD' };
  }
  return { usable: true };
}

/** Percent of the subtotal (rounded half up) or the fixed reward. */
export function loyaltyDiscount(program: LoyaltyProgram, subtotal: Centavos): Centavos {
  assertCentavos('subtotal', subtotal);
  if (program.recompensa_perc)
    return Math.min(subtotal, Math.max(0, percentOfCentavos(subtotal, program.perc_recompensa)));
  return Math.max(0, program.vlr_recompensa);
}

/**
 * Points an order earns: `pontosPorReal` points per real paid for products, rounded down. What is
 * paid for products is the order total minus the delivery fee (as for the minimum order), so
 * discounts earn nothing. The rate is taken to two decimals and the arithmetic stays on integers.
 */
export function loyaltyPointsEarned({
  pontosPorReal,
  total,
  deliveryFee,
}: {
  pontosPorReal: number;
  total: Centavos;
  deliveryFee: Centavos;
}): number {
  assertCentavos('total', total);
  assertCentavos('deliveryFee', deliveryFee);
  if (!Number.isFinite(pontosPorReal) || pontosPorReal <= 0) return 0;
  const paidForProducts = Math.max(0, total - deliveryFee);
  const hundredthsPerReal = Math.round(pontosPorReal * 100);
  return Math.floor((paidForProducts * hundredthsPerReal) / 10_000);
}
