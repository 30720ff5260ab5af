import { checkoutTotals } from '@comanda/domain';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { burger, cartWith, halfAndHalf } from '../../../test/product-fixtures.ts';
import { useCheckoutT } from '../checkout-texts.ts';
import { TotalsBlock } from './totals-block.tsx';

function Harness() {
  // A half-and-half (Calabresa and Pepperoni: R$ 64,90) and a burger with bacon (R$ 32,90 + 6,00).
  const lines = cartWith([
    { product: halfAndHalf(), picks: { 5: { 51: 1, 52: 1 } } },
    { product: burger(), picks: { 1: { 11: 1 }, 2: { 21: 1, 22: 1 }, 3: { 31: 1 } } },
  ]);
  const totals = checkoutTotals({ lines, deliveryFee: 700, coupon: null, loyaltyReward: null });
  return <TotalsBlock totals={totals} delivering t={useCheckoutT()} />;
}

describe('TotalsBlock', () => {
  beforeEach(() => languageStore.set('pt_br'));

  it("reads as a customer's summary: one subtotal, the fee, the total (issue 34: no 'Produtos R$ 0,00')", () => {
    render(<Harness />);
    const summary = screen.getByRole('region', { name: 'Resumo' });
    expect(summary).toHaveTextContent('SubtotalR$ 103,80');
    expect(summary).toHaveTextContent('EntregaR$ 7,00');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('R$ 110,80');
    expect(summary).not.toHaveTextContent('Produtos');
    expect(summary).not.toHaveTextContent('Adicionais');
  });
});
