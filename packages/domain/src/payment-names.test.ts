import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './payment-names.ts';

describe('paymentMethodName', () => {
  it("follows the language for the product's standard names, whatever their case or accents", () => {
    expect(paymentMethodName('Dinheiro', 'en')).toBe('Cash');
    expect(paymentMethodName('Cartão na entrega (crédito ou débito)', 'en')).toBe(
      'Card on delivery (credit or debit)',
    );
    expect(paymentMethodName('CARTAO DE CREDITO (NA ENTREGA)', 'en')).toBe('Credit card (on delivery)');
    expect(paymentMethodName('Vale-refeição', 'en')).toBe('Meal voucher');
  });

  it("keeps Portuguese as typed, and a store's own wording in every language", () => {
    expect(paymentMethodName('Dinheiro', 'pt_br')).toBe('Dinheiro');
    expect(paymentMethodName('Ticket da casa', 'en')).toBe('Ticket da casa');
  });
});
