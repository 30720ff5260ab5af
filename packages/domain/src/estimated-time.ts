import type { DeliveryType } from './delivery-types.ts';
import { storeLocalTime } from './opening-hours.ts';

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
