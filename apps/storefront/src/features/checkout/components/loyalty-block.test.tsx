import type { LoyaltyProgram } from '@comanda/contract';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { useCheckoutT } from '../checkout-texts.ts';
import { LoyaltyBlock } from './loyalty-block.tsx';

const program: LoyaltyProgram = {
  id: 1,
  pontos_por_real: 1,
  ativo: true,
  descricao: '100 pontos, R$ 15,00 de desconto',
  pontos_recompensa: 100,
  recompensa_perc: false,
  perc_recompensa: 0,
  vlr_recompensa: 1500,
};

function Harness({ points, pendingPoints }: { points: number; pendingPoints: number }) {
  return (
    <LoyaltyBlock
      program={program}
      points={points}
      pendingPoints={pendingPoints}
      inUse={false}
      onTerms={vi.fn()}
      onUse={vi.fn()}
      onRemove={vi.fn()}
      t={useCheckoutT()}
    />
  );
}

describe('LoyaltyBlock', () => {
  beforeEach(() => languageStore.set('pt_br'));

  it('shows the spendable points, and the points of undelivered orders apart, as still to come', () => {
    render(<Harness points={19} pendingPoints={104} />);
    expect(screen.getByText('19 de 100 pontos')).toBeInTheDocument();
    expect(
      screen.getByText('Mais 104 pontos a receber quando seus pedidos forem entregues.'),
    ).toBeInTheDocument();
  });

  it('once the points reach the goal, says the reward is available instead of "109 de 100 pontos"', () => {
    render(<Harness points={109} pendingPoints={0} />);
    expect(screen.getByText('109 pontos: recompensa disponível')).toBeInTheDocument();
    expect(screen.queryByText(/de 100 pontos/)).not.toBeInTheDocument();
  });

  it('says nothing of pending points when there are none', () => {
    render(<Harness points={19} pendingPoints={0} />);
    expect(screen.queryByText(/a receber/)).not.toBeInTheDocument();
  });
});
