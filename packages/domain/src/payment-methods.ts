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
