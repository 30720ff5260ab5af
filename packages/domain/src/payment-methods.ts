import type { DeliveryType } from './delivery-types.ts';

/** Spec section 3 "Payment method": ids reserved for online payment, never offered in person. */
export const ONLINE_PAYMENT_IDS: readonly number[] = [993, 994, 995, 996, 997, 998, 999];
/** The display entries 'online payment (PIX)' and 'online payment (card)'. */
export const ONLINE_PIX_ID = 999;
export const ONLINE_CARD_ID = 998;

/** A payment method as the checkout needs it (the wire's payment type, or the server's row). */
export interface CheckoutPaymentMethod {
  id: number;
  tipo: string;
  /** The delivery types the method is offered for. */
  tipos_entrega: readonly string[];
  /** Cash: the customer may ask for change. */
  permite_troco: boolean;
}

/** An in-person method offered for this delivery type (not one of the online entries). */
export function offeredInPerson(method: CheckoutPaymentMethod, deliveryType: DeliveryType): boolean {
  return (
    !ONLINE_PAYMENT_IDS.includes(method.id) &&
    method.tipo !== 'online' &&
    method.tipos_entrega.includes(deliveryType)
  );
}

/** Payment through the app (spec section 3: the 999 and 998 display entries). */
export type OnlinePaymentKind = 'pix' | 'card';

export interface OnlinePayment {
  online: OnlinePaymentKind;
}

/** What the customer chose to pay with: an in-person method, or online by PIX or card. */
export type CheckoutPayment = CheckoutPaymentMethod | OnlinePayment;

export function isOnlinePayment(payment: CheckoutPayment | null): payment is OnlinePayment {
  return payment !== null && 'online' in payment;
}

/** The online entry of a payment id: 999 PIX, 998 card; null for any other id. */
export function onlinePaymentOf(id: number | null): OnlinePaymentKind | null {
  return id === ONLINE_PIX_ID ? 'pix' : id === ONLINE_CARD_ID ? 'card' : null;
}

/** The fk_forma_pagamento of a payment: the method's id, or the online entry's (999 PIX, 998 card). */
export function paymentIdOf(payment: CheckoutPayment): number {
  if (!isOnlinePayment(payment)) return payment.id;
  return payment.online === 'pix' ? ONLINE_PIX_ID : ONLINE_CARD_ID;
}

/** What the takings call a payment through the app, an order's or a table share's (docs/decisions/0064). */
export const ONLINE_PAYMENT_NAMES: Readonly<Record<OnlinePaymentKind, string>> = {
  pix: 'PIX online',
  card: 'Cartão online',
};

/** The online entry's id of a kind: 999 PIX, 998 card. */
export const onlinePaymentId = (kind: OnlinePaymentKind): number =>
  kind === 'pix' ? ONLINE_PIX_ID : ONLINE_CARD_ID;

const foldName = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** Whether two payment names are the same to a person (case, accents and spaces aside). */
export const samePaymentName = (a: string, b: string): boolean => foldName(a) === foldName(b);

/**
 * How the reports group the takings by payment method (docs/decisions/0064): by the store's method
 * (`m<id>`, the online entries 999 and 998 being methods of their own), else by the name typed at
 * the counter (`n:<name>`). The ledger's writer gives an entry the store's method it names, so a
 * table share paid at the counter falls with the orders paid the same way.
 */
export const paymentKeyOf = (methodId: number | null, name: string): string =>
  methodId !== null ? `m${methodId}` : `n:${name.trim()}`;

/** Where an in-person payment happens, in the words of a method's name: 'na entrega' for delivery. */
const PLACE_WORDS: Record<DeliveryType, string> = {
  Entregar: 'na entrega',
  Retirada: 'na retirada',
  'Vem comer': 'no local',
};

/**
 * A store's in-person method named for the order's delivery type: a name written for delivery
 * ('Cartão de crédito (na entrega)') reads '(na retirada)' at pickup and '(no local)' when eating
 * in, so a pickup order never says it is paid on delivery. Other names are kept as written.
 */
export function paymentMethodName(name: string, deliveryType: DeliveryType): string {
  if (deliveryType === 'Entregar') return name;
  return name.replace(/\bna entrega\b/giu, (found) =>
    found[0] === 'N' ? capitalise(PLACE_WORDS[deliveryType]) : PLACE_WORDS[deliveryType],
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
