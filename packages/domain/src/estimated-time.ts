import type { DeliveryType } from './delivery-types.ts';
import { storeClockText } from './store-time.ts';

export const DEFAULT_DELIVERY_TIME_MINUTES = 80;
export const DEFAULT_PICKUP_TIME_MINUTES = 50;

export interface EstimatedTimeInput {
  now: Date;
  /** The store's IANA time zone. */
  timeZone: string;
  deliveryType: DeliveryType;
  /** Company delivery_time in minutes; default 80. */
  delivery_time?: number | null;
  /** Company pickup_time in minutes; default 50. Also used when eating in. */
  pickup_time?: number | null;
}

export interface EstimatedTime {
  at: Date;
  /** 'HH:MM' in store time. */
  text: string;
}

/** Spec section 9: now + delivery_time (delivery) or pickup_time (otherwise) minutes, on the store's clock. */
export function estimatedTime({
  now,
  timeZone,
  deliveryType,
  delivery_time,
  pickup_time,
}: EstimatedTimeInput): EstimatedTime {
  const minutes =
    deliveryType === 'Entregar'
      ? (delivery_time ?? DEFAULT_DELIVERY_TIME_MINUTES)
      : (pickup_time ?? DEFAULT_PICKUP_TIME_MINUTES);
  const at = new Date(now.getTime() + minutes * 60_000);
  return { at, text: storeClockText(at, timeZone) };
}
