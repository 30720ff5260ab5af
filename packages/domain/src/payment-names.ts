import { DELIVERY_TYPES, type DeliveryType } from './delivery-types.ts';
import { paymentMethodName } from './payment-methods.ts';
import { normalizeForSearch } from './text-search.ts';

/**
 * The product's own names of the standard payment methods (the demo stores' and the editor's
 * templates) in English. A store's own wording is its own and is shown as typed.
 */
const STANDARD_PAYMENT_NAMES_EN: Readonly<Record<string, string>> = {
  dinheiro: 'Cash',
  pix: 'PIX',
  'pix (chave da loja)': "PIX (the store's key)",
  'cartao de credito': 'Credit card',
  'cartao de debito': 'Debit card',
  'cartao de credito (na entrega)': 'Credit card (on delivery)',
  'cartao de debito (na entrega)': 'Debit card (on delivery)',
  'cartao na entrega (credito ou debito)': 'Card on delivery (credit or debit)',
  // The same names worded for pickup and eating in (paymentMethodName of payment-methods.ts).
  'cartao de credito (na retirada)': 'Credit card (at pickup)',
  'cartao de debito (na retirada)': 'Debit card (at pickup)',
  'cartao na retirada (credito ou debito)': 'Card at pickup (credit or debit)',
  'cartao de credito (no local)': 'Credit card (at the restaurant)',
  'cartao de debito (no local)': 'Debit card (at the restaurant)',
  'cartao no local (credito ou debito)': 'Card at the restaurant (credit or debit)',
  'vale-refeicao': 'Meal voucher',
  'vale-alimentacao': 'Food voucher',
};

/**
 * A payment method's name in the customer's language (issue 34, #14): a standard name of the
 * product follows the language switch; any other name is the store's and stays as it was typed.
 */
export function paymentNameInLanguage(name: string, language: 'pt_br' | 'en'): string {
  if (language !== 'en') return name;
  return STANDARD_PAYMENT_NAMES_EN[normalizeForSearch(name)] ?? name;
}

/**
 * The payment name an order keeps (the store's method as it was chosen), read as the checkout showed
 * it for that order's delivery type and language: a pickup order's 'Cartão de crédito (na entrega)'
 * reads 'Cartão de crédito (na retirada)' on the board, the history and the ticket (issue 34).
 */
export function orderPaymentName(
  name: string,
  deliveryType: string,
  language: 'pt_br' | 'en' = 'pt_br',
): string {
  const type = (DELIVERY_TYPES as readonly string[]).includes(deliveryType)
    ? (deliveryType as DeliveryType)
    : 'Entregar';
  return paymentNameInLanguage(paymentMethodName(name, type), language);
}
