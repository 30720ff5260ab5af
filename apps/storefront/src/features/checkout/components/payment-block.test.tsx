import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  const onChoosePix = vi.fn();
  const onChooseCard = vi.fn();
  render(
    <Harness
      online={null}
      offered={[CASH, CARD]}
      paymentId={null}
      changeFor={null}
      chosenMethod={null}
      onChoose={onChoose}
      onChoosePix={onChoosePix}
      savedCards={[]}
      cardId={null}
      onChooseCard={onChooseCard}
      onShowPixKey={() => {}}
      deliveryType="Entregar"
      {...over}
    />,
  );
  return { onChoose, onChoosePix, onChooseCard, user: userEvent.setup() };
}

describe('PaymentBlock', () => {
  beforeEach(() => languageStore.set('pt_br'));
  afterEach(() => languageStore.set('pt_br'));

  it('words in-person payment for pickup and eating in, in pt-BR and English (issue 34)', () => {
    const CREDIT = paymentMethod({ id: 3, descricao: 'Cartão de crédito (na entrega)', tipo: 'cartao' });
    setup({ offered: [CASH, CREDIT], deliveryType: 'Retirada' });
    expect(screen.getByRole('group', { name: 'Pagamento na retirada' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cartão de crédito (na retirada)' })).toBeInTheDocument();
    expect(screen.queryByText(/na entrega/)).toBeNull();
  });

  it('says "no local" when eating in, and "at pickup" in English', () => {
    const CREDIT = paymentMethod({ id: 3, descricao: 'Cartão de crédito (na entrega)', tipo: 'cartao' });
    setup({ offered: [CREDIT], deliveryType: 'Vem comer' });
    expect(screen.getByRole('group', { name: 'Pagamento no local' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cartão de crédito (no local)' })).toBeInTheDocument();
  });

  it('in English, the pickup legend reads "Pay at pickup"', () => {
    languageStore.set('en');
    setup({ deliveryType: 'Retirada' });
    expect(screen.getByRole('group', { name: 'Pay at pickup' })).toBeInTheDocument();
  });

  it('draws each choice with its icon: PIX, cash, card, meal voucher, a card online and a saved card’s brand (issue 34)', () => {
    const PIX = paymentMethod({ id: 4, descricao: 'PIX (chave da loja)', tipo: 'pix' });
    const VOUCHER = paymentMethod({ id: 5, descricao: 'Vale-refeição', tipo: 'cartao' });
    setup({
      online: { pix: true, card: true },
      offered: [CASH, CARD, PIX, VOUCHER],
      savedCards: [{ id: 7, brand: 'visa', ultimos4: '4242', excluido: false }],
    });
    const kindOf = (name: string | RegExp) =>
      screen.getByRole('radio', { name }).closest('label')?.querySelector('svg')?.getAttribute('data-kind') ??
      screen.getByRole('radio', { name }).closest('label')?.querySelector('svg')?.getAttribute('data-brand');
    expect(kindOf('Dinheiro')).toBe('cash');
    expect(kindOf('Cartão na entrega')).toBe('card');
    expect(kindOf('PIX (chave da loja)')).toBe('pix');
    expect(kindOf('Vale-refeição')).toBe('voucher');
    expect(kindOf(/^Pagamento online \(PIX\)/)).toBe('pix');
    expect(kindOf(/^Pagamento online \(cartão\)/)).toBe('card-online');
    expect(kindOf(/Visa final 4242/)).toBe('visa');
  });

  it('offers PIX and a new card through the app when the store takes them', () => {
    setup({ online: { pix: true, card: true } });
    expect(screen.getByRole('radio', { name: 'Pagamento online (PIX)' })).toBeEnabled();
    const card = screen.getByRole('radio', { name: 'Pagamento online (cartão)' });
    expect(card).toBeEnabled();
    expect(card).toHaveAccessibleDescription('Cartão de crédito novo, pago aqui no app.');
  });

  it('lists each saved card masked to its brand and last 4 digits, and chooses one or a new card', async () => {
    const { onChooseCard, user } = setup({
      online: { pix: false, card: true },
      savedCards: [
        { id: 7, brand: 'visa', ultimos4: '4242', excluido: false },
        { id: 8, brand: 'other', ultimos4: '0005', excluido: false },
      ],
      paymentId: 998,
      cardId: 8,
    });
    const visa = screen.getByRole('radio', { name: 'Visa final 4242' });
    expect(visa).toHaveAccessibleDescription('Cartão salvo');
    expect(screen.getByRole('radio', { name: 'Cartão final 0005' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Pagamento online (cartão)' })).not.toBeChecked();
    await user.click(visa);
    expect(onChooseCard).toHaveBeenCalledWith(7);
    await user.click(screen.getByRole('radio', { name: 'Pagamento online (cartão)' }));
    expect(onChooseCard).toHaveBeenLastCalledWith(null);
  });

  it('shows only the online entries the store takes', () => {
    setup({ online: { pix: true, card: false } });
    expect(screen.queryByRole('radio', { name: 'Pagamento online (cartão)' })).toBeNull();
  });

  it('chooses PIX at once, without asking for change', async () => {
    const { onChoosePix, onChoose, user } = setup({ online: { pix: true, card: false } });
    await user.click(screen.getByRole('radio', { name: 'Pagamento online (PIX)' }));
    expect(onChoosePix).toHaveBeenCalledTimes(1);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('shows PIX as chosen when the payment is the online entry 999', () => {
    setup({ online: { pix: true, card: false }, paymentId: 999 });
    expect(screen.getByRole('radio', { name: 'Pagamento online (PIX)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Dinheiro' })).not.toBeChecked();
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
