import type { DocumentLoyalty } from '@comanda/contract';
import { type Centavos, loyaltyDiscount, loyaltyPointsEarned } from '@comanda/domain';

/*
 * The loyalty program in numbers an owner can check (ADR 0021): what a customer spends to reach the
 * reward and what an example order earns and would take off, by the same functions the server
 * settles orders with.
 */

/** The order the screen uses as its example: R$ 50,00 in products, or more when a fixed reward needs it. */
export const EXAMPLE_ORDER: Centavos = 5000;

export interface LoyaltyInNumbers {
  /** Products of the example order: large enough to use the reward (a fixed reward needs a total at least its value). */
  exampleOrder: Centavos;
  /** Points the example order earns (credited when it is delivered). */
  examplePoints: number;
  /** What the reward takes off the example order. */
  exampleDiscount: Centavos;
  /** Spent on products to collect the points of one reward; null when no point is earned. */
  spendForReward: Centavos | null;
}

export function loyaltyInNumbers(program: DocumentLoyalty): LoyaltyInNumbers {
  const earned = (total: Centavos) =>
    loyaltyPointsEarned({ pontosPorReal: program.pontos_por_real, total, deliveryFee: 0 });
  const hundredthsPerReal = Math.round(program.pontos_por_real * 100);
  let spendForReward: Centavos | null = null;
  if (hundredthsPerReal > 0) {
    // points = floor(centavos × hundredths / 10 000): the least centavos reaching the reward's points.
    spendForReward = Math.ceil((program.pontos_recompensa * 10_000) / hundredthsPerReal);
    while (earned(spendForReward) < program.pontos_recompensa) spendForReward += 1;
  }
  const exampleOrder =
    !program.recompensa_perc && program.vlr_recompensa > EXAMPLE_ORDER
      ? Math.ceil(program.vlr_recompensa / 1000) * 1000 * 2
      : EXAMPLE_ORDER;
  return {
    exampleOrder,
    examplePoints: earned(exampleOrder),
    exampleDiscount: loyaltyDiscount(program, exampleOrder),
    spendForReward,
  };
}

/** A new program's first values: 1 point per real, R$ 10,00 off at 100 points. */
export function newLoyalty(): DocumentLoyalty {
  return {
    ativo: true,
    descricao: '',
    pontos_recompensa: 100,
    recompensa_perc: false,
    perc_recompensa: 0,
    vlr_recompensa: 1000,
    pontos_por_real: 1,
  };
}
