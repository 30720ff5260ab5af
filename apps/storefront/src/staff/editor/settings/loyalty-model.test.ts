import type { DocumentLoyalty } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { loyaltyInNumbers, newLoyalty } from './loyalty-model.ts';

const program = (overrides: Partial<DocumentLoyalty> = {}): DocumentLoyalty => ({
  ...newLoyalty(),
  ...overrides,
});

describe('the loyalty program in reais', () => {
  it('says what reaches the reward and what an order of R$ 50,00 earns and takes off', () => {
    expect(
      loyaltyInNumbers(program({ pontos_por_real: 1, pontos_recompensa: 100, vlr_recompensa: 1500 })),
    ).toEqual({
      exampleOrder: 5000,
      examplePoints: 50,
      exampleDiscount: 1500,
      spendForReward: 10_000,
    });
  });

  it('counts fractions of a point as the server does (rounded down)', () => {
    const numbers = loyaltyInNumbers(program({ pontos_por_real: 0.3, pontos_recompensa: 10 }));
    expect(numbers.examplePoints).toBe(15);
    // 10 points at 0,3 a real: R$ 33,34 earns 10,002 → 10; R$ 33,33 earns 9,999 → 9.
    expect(numbers.spendForReward).toBe(3334);
  });

  it('takes a percent reward off the example order, and nothing is earned at 0 points a real', () => {
    const numbers = loyaltyInNumbers(
      program({ recompensa_perc: true, perc_recompensa: 10, pontos_por_real: 0 }),
    );
    expect(numbers.exampleDiscount).toBe(500);
    expect(numbers.examplePoints).toBe(0);
    expect(numbers.spendForReward).toBeNull();
  });

  it('picks an example order a fixed reward can be used on (the total at least the reward)', () => {
    const numbers = loyaltyInNumbers(program({ vlr_recompensa: 8000 }));
    expect(numbers.exampleOrder).toBeGreaterThanOrEqual(8000);
    expect(numbers.exampleDiscount).toBe(8000);
  });
});
