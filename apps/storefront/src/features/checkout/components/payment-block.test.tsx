import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { paymentMethod } from '../../../test/fixtures.ts';
import { useCheckoutT } from '../checkout-texts.ts';
import { PaymentBlock, type PaymentBlockProps } from './payment-block.tsx';

const CASH = paymentMethod({ id: 1, descricao: 'Dinheiro', permite_troco: true });
const CARD = paymentMethod({ id: 2, descricao: 'Cartão na entrega', tipo: 'cartao' });

function Harness(props: Omit<PaymentBlockProps, 't'>) {
  return <PaymentBlock {...props} t={useCheckoutT()} />;
}

function setup(over: Partial<Omit<PaymentBlockProps, 't'>> = {}) {
  const onChoose = vi.fn();
  render(
    <Harness
      online={null}
      offered={[CASH, CARD]}
      paymentId={null}
      changeFor={null}
      chosenMethod={null}
      onChoose={onChoose}
      {...over}
    />,
  );
  return { onChoose, user: userEvent.setup() };
}

describe('PaymentBlock', () => {
  beforeEach(() => languageStore.set('pt_br'));

  it('shows the online entries the store takes as not yet available', () => {
    setup({ online: { pix: true, card: false } });
    expect(screen.getByRole('radio', { name: 'Pagamento online (PIX)' })).toBeDisabled();
    expect(screen.queryByRole('radio', { name: 'Pagamento online (cartão)' })).toBeNull();
    expect(screen.getByText('Em breve')).toBeInTheDocument();
  });

  it('cash picked again asks for the change again; its amount shows with a way to edit it', async () => {
    const { onChoose, user } = setup({ paymentId: 1, changeFor: 5000, chosenMethod: CASH });
    expect(screen.getByText('Troco para R$ 50,00')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Dinheiro' }));
    expect(onChoose).toHaveBeenCalledWith(CASH);
    await user.click(screen.getByRole('button', { name: 'Alterar troco' }));
    expect(onChoose).toHaveBeenCalledTimes(2);
  });

  it('a method without change is chosen once', async () => {
    const { onChoose, user } = setup({ paymentId: 2, chosenMethod: CARD });
    expect(screen.queryByRole('button', { name: 'Alterar troco' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Cartão na entrega' }));
    expect(onChoose).not.toHaveBeenCalled();
  });
});
