import { describe, expect, it } from 'vitest';
import { type LoyaltyProgram, loyaltyDiscount, loyaltyEligibility, loyaltyPointsEarned } from './loyalty.ts';

const percentProgram: LoyaltyProgram = {
  ativo: true,
  descricao: '10% off after 100 points',
  pontos_recompensa: 100,
  recompensa_perc: true,
  perc_recompensa: 10,
  vlr_recompensa: 0,
};

const fixedProgram: LoyaltyProgram = {
  ...percentProgram,
  descricao: 'R$ 20 off after 100 points',
  recompensa_perc: false,
  perc_recompensa: 0,
  vlr_recompensa: 2000,
};

const eligible = { points: 100, couponApplied: false, total: 5000 };

describe('loyalty eligibility', () => {
  it('is usable with exactly the points needed', () => {
    expect(loyaltyEligibility({ program: percentProgram, ...eligible })).toEqual({ usable: true });
  });

  it('is not usable with fewer points than needed', () => {
    expect(loyaltyEligibility({ program: percentProgram, ...eligible, points: 99 })).toEqual({
      usable: false,
      reason: 'NOT_ENOUGH_POINTS',
    });
  });

  it('is not usable when the program is not active', () => {
    expect(loyaltyEligibility({ program: { ...percentProgram, ativo: false }, ...eligible })).toEqual({
      usable: false,
      reason: 'PROGRAM_INACTIVE',
    });
  });

  it('is not usable while a coupon applies', () => {
    expect(loyaltyEligibility({ program: percentProgram, ...eligible, couponApplied: true })).toEqual({
      usable: false,
      reason: 'COUPON_IN_USE',
    });
  });

  it('a percentage reward is usable whatever the total', () => {
    expect(loyaltyEligibility({ program: percentProgram, ...eligible, total: 100 })).toEqual({
      usable: true,
    });
  });

  it('a fixed reward is usable when the total equals the reward', () => {
    expect(loyaltyEligibility({ program: fixedProgram, ...eligible, total: 2000 })).toEqual({ usable: true });
  });

  it('the order total cannot be lower than the loyalty reward', () => {
    expect(loyaltyEligibility({ program: fixedProgram, ...eligible, total: 1999 })).toEqual({
      usable: false,
      reason: 'TOTAL_BELOW_REWARD',
    });
  });
});

describe('loyalty discount', () => {
  it('a percentage reward is that percent of the subtotal', () => {
    expect(loyaltyDiscount(percentProgram, 4550)).toBe(455);
  });

  it('a percentage reward rounds half up', () => {
    expect(loyaltyDiscount(percentProgram, 4555)).toBe(456);
  });

  it('a fixed reward is the reward value', () => {
    expect(loyaltyDiscount(fixedProgram, 4550)).toBe(2000);
  });
});

describe('loyalty points earned', () => {
  it('earns pontos_por_real points per real paid for products, rounded down', () => {
    expect(loyaltyPointsEarned({ pontosPorReal: 1, total: 6490, deliveryFee: 500 })).toBe(59);
  });

  it('the delivery fee earns nothing', () => {
    expect(loyaltyPointsEarned({ pontosPorReal: 1, total: 500, deliveryFee: 500 })).toBe(0);
  });

  it('a fractional rate is honoured', () => {
    expect(loyaltyPointsEarned({ pontosPorReal: 0.5, total: 10_000, deliveryFee: 0 })).toBe(50);
    expect(loyaltyPointsEarned({ pontosPorReal: 2.5, total: 1000, deliveryFee: 0 })).toBe(25);
  });

  it('a rate of zero earns nothing', () => {
    expect(loyaltyPointsEarned({ pontosPorReal: 0, total: 10_000, deliveryFee: 0 })).toBe(0);
  });

  it('a total below the fee (a discount on delivery) earns nothing rather than negative points', () => {
    expect(loyaltyPointsEarned({ pontosPorReal: 1, total: 300, deliveryFee: 500 })).toBe(0);
  });
});
