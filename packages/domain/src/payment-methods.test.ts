import { describe, expect, it } from 'vitest';
import {
  ONLINE_PAYMENT_NAMES,
  onlinePaymentId,
  paymentKeyOf,
  paymentMethodName,
  samePaymentName,
} from './payment-methods.ts';

describe('payment methods as the reports group them (docs/decisions/0064)', () => {
  it('take a method of the store by its id, a name typed at the counter by the name', () => {
    expect(paymentKeyOf(4, 'PIX (chave da loja)')).toBe('m4');
    expect(paymentKeyOf(4, 'pix')).toBe('m4');
    expect(paymentKeyOf(999, 'PIX online')).toBe('m999');
    expect(paymentKeyOf(null, ' Vale-refeição ')).toBe('n:Vale-refeição');
  });

  it('read a name the same whatever its case, accents and spaces', () => {
    expect(samePaymentName(' pix (CHAVE da loja) ', 'PIX (chave da loja)')).toBe(true);
    expect(samePaymentName('Cartao de debito', 'Cartão de débito')).toBe(true);
    expect(samePaymentName('PIX', 'PIX (chave da loja)')).toBe(false);
  });

  it('name a payment through the app as an order paid online is named', () => {
    expect(onlinePaymentId('pix')).toBe(999);
    expect(onlinePaymentId('card')).toBe(998);
    expect(ONLINE_PAYMENT_NAMES).toEqual({ pix: 'PIX online', card: 'Cartão online' });
  });
});

describe('paymentMethodName', () => {
  it('words a method written for delivery for the order’s delivery type (issue 34)', () => {
    expect(paymentMethodName('Cartão de crédito (na entrega)', 'Retirada')).toBe(
      'Cartão de crédito (na retirada)',
    );
    expect(paymentMethodName('Cartão de crédito (na entrega)', 'Vem comer')).toBe(
      'Cartão de crédito (no local)',
    );
    expect(paymentMethodName('Cartão na entrega (crédito ou débito)', 'Retirada')).toBe(
      'Cartão na retirada (crédito ou débito)',
    );
    expect(paymentMethodName('Na entrega: vale-refeição', 'Vem comer')).toBe('No local: vale-refeição');
  });

  it('keeps a delivery order’s names and names without the words', () => {
    expect(paymentMethodName('Cartão de crédito (na entrega)', 'Entregar')).toBe(
      'Cartão de crédito (na entrega)',
    );
    expect(paymentMethodName('Dinheiro', 'Retirada')).toBe('Dinheiro');
    expect(paymentMethodName('Pagamento antecipado (não na entregador)', 'Retirada')).toBe(
      'Pagamento antecipado (não na entregador)',
    );
  });
});
