import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './payment-methods.ts';
import { orderPaymentName, paymentNameInLanguage } from './payment-names.ts';

describe('paymentNameInLanguage', () => {
  it("follows the language for the product's standard names, whatever their case or accents", () => {
    expect(paymentNameInLanguage('Dinheiro', 'en')).toBe('Cash');
    expect(paymentNameInLanguage('Cartão na entrega (crédito ou débito)', 'en')).toBe(
      'Card on delivery (credit or debit)',
    );
    expect(paymentNameInLanguage('CARTAO DE CREDITO (NA ENTREGA)', 'en')).toBe('Credit card (on delivery)');
    expect(paymentNameInLanguage('Vale-refeição', 'en')).toBe('Meal voucher');
  });

  it('follows the language once worded for pickup or eating in', () => {
    const at = (type: 'Retirada' | 'Vem comer') =>
      paymentNameInLanguage(paymentMethodName('Cartão de crédito (na entrega)', type), 'en');
    expect(at('Retirada')).toBe('Credit card (at pickup)');
    expect(at('Vem comer')).toBe('Credit card (at the restaurant)');
  });

  it("keeps Portuguese as typed, and a store's own wording in every language", () => {
    expect(paymentNameInLanguage('Dinheiro', 'pt_br')).toBe('Dinheiro');
    expect(paymentNameInLanguage('Ticket da casa', 'en')).toBe('Ticket da casa');
  });
});

describe('orderPaymentName', () => {
  it("reads an order's kept name as the checkout showed it for that delivery type (issue 34)", () => {
    expect(orderPaymentName('Cartão de crédito (na entrega)', 'Retirada')).toBe(
      'Cartão de crédito (na retirada)',
    );
    expect(orderPaymentName('Cartão de débito (na entrega)', 'Vem comer')).toBe(
      'Cartão de débito (no local)',
    );
    expect(orderPaymentName('Cartão de crédito (na entrega)', 'Entregar')).toBe(
      'Cartão de crédito (na entrega)',
    );
    expect(orderPaymentName('Cartão de crédito (na entrega)', 'Retirada', 'en')).toBe(
      'Credit card (at pickup)',
    );
    expect(orderPaymentName('Vale da casa', 'Retirada', 'en')).toBe('Vale da casa');
  });
});
