import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { useCheckoutT } from '../checkout-texts.ts';
import type { OrderResult } from '../model/order.ts';
import { OrderResultDialog } from './order-result-dialog.tsx';

function Harness({ result }: { result: OrderResult }) {
  return (
    <OrderResultDialog
      result={result}
      scheduledFor={null}
      proofHref={() => null}
      onSeeStatus={() => {}}
      onClose={() => {}}
      t={useCheckoutT()}
    />
  );
}

describe('OrderResultDialog, card payments (spec section 4 "Card payment")', () => {
  beforeEach(() => languageStore.set('pt_br'));

  it("shows 'paying by card' with the saved card's last digits while the server charges it", () => {
    render(<Harness result={{ status: 'loading', step: 'card', last4: '4242' }} />);
    expect(screen.getByRole('dialog', { name: 'Pagando com o cartão final 4242…' })).toBeInTheDocument();
  });

  it('a new card is being prepared before the card route', () => {
    render(<Harness result={{ status: 'loading', step: 'card' }} />);
    expect(screen.getByRole('dialog', { name: 'Preparando o pagamento com cartão…' })).toBeInTheDocument();
  });

  it('a declined card shows its own title and the detail', () => {
    render(
      <Harness
        result={{
          status: 'error',
          title: 'Pagamento não aprovado',
          message: 'Cartão recusado: saldo ou limite insuficiente.',
        }}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Pagamento não aprovado' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Cartão recusado: saldo ou limite insuficiente.');
  });
});
