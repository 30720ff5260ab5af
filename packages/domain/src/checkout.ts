import type { Centavos } from './money.ts';
import { storeLocalTime } from './opening-hours.ts';
import { assertCentavos } from './percent.ts';

export type DeliveryType = 'Entregar' | 'Retirada' | 'Vem comer';

/** Spec section 4 "Delivery type": the priority order of the defaults. */
export const DELIVERY_TYPES: readonly DeliveryType[] = ['Entregar', 'Retirada', 'Vem comer'];

export interface AllowedDeliveryTypes {
  permite_entrega: boolean;
  permite_busca: boolean;
  permite_comer_local: boolean;
}

export function allowedDeliveryTypes(company: AllowedDeliveryTypes): DeliveryType[] {
  const allowed: Record<DeliveryType, boolean> = {
    Entregar: company.permite_entrega,
    Retirada: company.permite_busca,
    'Vem comer': company.permite_comer_local,
  };
  return DELIVERY_TYPES.filter((type) => allowed[type]);
}

/**
 * The first allowed in priority Entregar, Retirada, Vem comer; always Vem comer for a table
 * order. Null when the store allows none.
 */
export function defaultDeliveryType(company: AllowedDeliveryTypes, tableOrder: boolean): DeliveryType | null {
  if (tableOrder) return 'Vem comer';
  return allowedDeliveryTypes(company)[0] ?? null;
}

export interface MinimumOrderInput {
  /** Company valor_minimo; 0 means no minimum. */
  valor_minimo: Centavos;
  /** The order total, delivery included. */
  total: Centavos;
  deliveryFee: Centavos;
  tableOrder: boolean;
}

export interface MinimumOrderResult {
  met: boolean;
  /** How much more the customer must buy; 0 when met. */
  missing: Centavos;
}

/**
 * Spec section 5 "Minimum order": valor_minimo is compared with the total minus the delivery
 * price (so discounts count, the fee does not). Not applied to table orders.
 */
export function minimumOrder({
  valor_minimo,
  total,
  deliveryFee,
  tableOrder,
}: MinimumOrderInput): MinimumOrderResult {
  assertCentavos('total', total);
  assertCentavos('deliveryFee', deliveryFee);
  if (tableOrder) return { met: true, missing: 0 };
  const missing = Math.max(0, valor_minimo - Math.max(0, total - deliveryFee));
  return { met: missing === 0, missing };
}

export type CheckoutAction =
  | 'closed'
  | 'pick_address'
  | 'set_schedule'
  | 'inform_document'
  | 'confirm'
  | 'no_payment';

export interface CheckoutMainActionInput {
  storeOpen: boolean;
  /** The scheduler is shown, so an order can (and must) be placed for a period. */
  schedulingAvailable: boolean;
  /** A period has been chosen. */
  scheduled: boolean;
  deliveryType: DeliveryType;
  /** A deliverable address is selected. */
  hasAddress: boolean;
  /** A valid document is required and not yet given (see `documentPending`). */
  documentPending: boolean;
  paymentChosen: boolean;
  tableOrder: boolean;
  /** The cash change-for amount, if any. */
  changeFor: Centavos | null;
}

export interface CheckoutMainAction {
  action: CheckoutAction;
  disabled: boolean;
}

/** Spec section 2 "Checkout": the main button, first match wins. */
export function checkoutMainAction(input: CheckoutMainActionInput): CheckoutMainAction {
  const action = ((): CheckoutAction => {
    if (!input.storeOpen && !input.schedulingAvailable) return 'closed';
    if (input.deliveryType === 'Entregar' && !input.hasAddress) return 'pick_address';
    if (input.schedulingAvailable && !input.scheduled) return 'set_schedule';
    if (input.documentPending) return 'inform_document';
    if (input.paymentChosen || (input.tableOrder && !input.changeFor)) return 'confirm';
    return 'no_payment';
  })();
  return { action, disabled: action === 'closed' };
}

export const DEFAULT_DELIVERY_TIME_MINUTES = 80;
export const DEFAULT_PICKUP_TIME_MINUTES = 50;

export interface EstimatedTimeInput {
  now: Date;
  deliveryType: DeliveryType;
  /** Company delivery_time in minutes; default 80. */
  delivery_time?: number | null;
  /** Company pickup_time in minutes; default 50. Also used when eating in. */
  pickup_time?: number | null;
}

export interface EstimatedTime {
  at: Date;
  /** 'HH:MM' in store time (UTC-3). */
  text: string;
}

/** Spec section 9: now + delivery_time (delivery) or pickup_time (otherwise) minutes, in UTC-3. */
export function estimatedTime({
  now,
  deliveryType,
  delivery_time,
  pickup_time,
}: EstimatedTimeInput): EstimatedTime {
  const minutes =
    deliveryType === 'Entregar'
      ? (delivery_time ?? DEFAULT_DELIVERY_TIME_MINUTES)
      : (pickup_time ?? DEFAULT_PICKUP_TIME_MINUTES);
  const at = new Date(now.getTime() + minutes * 60_000);
  return { at, text: storeClockText(at) };
}

/** An instant as 'HH:MM' in store time (UTC-3). */
export function storeClockText(at: Date): string {
  const local = storeLocalTime(at).minutes;
  return `${String(Math.floor(local / 60)).padStart(2, '0')}:${String(local % 60).padStart(2, '0')}`;
}
