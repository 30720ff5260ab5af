import { describe, expect, it } from 'vitest';
import { paymentMethodName } from './payment-methods.ts';

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
