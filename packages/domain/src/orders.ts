import { storeInstant } from './store-time.ts';

/** Order status as the server stores it (spec section 4 "Order status"), in the order's course. */
export const ORDER_STATUSES = [
  'Solicitado',
  'Preparo',
  'Finalização',
  'Concluido',
  'Entregue',
  'Cancelado',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export type OrderStep = 1 | 2 | 3 | 4;

const STEP_OF: Readonly<Record<OrderStatus, OrderStep | null>> = {
  Solicitado: 1,
  Preparo: 2,
  Finalização: 2,
  Concluido: 3,
  Entregue: 4,
  Cancelado: null,
};

/** The stepper's active step; steps up to and including it are completed. Null: not shown. */
export function orderStepIndex(status: string): OrderStep | null {
  return isOrderStatus(status) ? STEP_OF[status] : null;
}

export type OrderTab = 'in_progress' | 'done' | 'canceled';

/** 'In progress' means younger than 1 day (spec section 9). */
export const IN_PROGRESS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * dh_iniciado as an instant. A timestamp without an offset ('2026-05-04T18:00:00' or
 * '2026-05-04 18:00:00') is on the store's clock, in its time zone.
 */
export function orderStartedAt(dhIniciado: string | Date, timeZone: string): Date {
  if (dhIniciado instanceof Date) return dhIniciado;
  const text = dhIniciado.trim().replace(' ', 'T');
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) return new Date(text);
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?$/.exec(text);
  if (!match) return new Date(Number.NaN);
  const [, date, hours, minutes, seconds] = match;
  const wholeMinutes = storeInstant(date as string, Number(hours) * 60 + Number(minutes), timeZone);
  return new Date(wholeMinutes.getTime() + Math.round(Number(seconds ?? 0) * 1000));
}

/**
 * Spec section 4 "Order list tabs": canceled = Cancelado; in progress = not Entregue, not
 * Cancelado and started less than 1 day ago; done = Entregue, or older than that. An order
 * exactly 24 h old is done. A start in the future (clock skew) is in progress.
 */
export function orderTab(
  order: { status: string; dh_iniciado: string | Date },
  now: Date,
  timeZone: string,
): OrderTab {
  if (order.status === 'Cancelado') return 'canceled';
  if (order.status === 'Entregue') return 'done';
  const age = now.getTime() - orderStartedAt(order.dh_iniciado, timeZone).getTime();
  return age < IN_PROGRESS_MAX_AGE_MS ? 'in_progress' : 'done';
}

/** Newest first, by dh_iniciado; a new array. */
export function sortOrdersNewestFirst<T extends { dh_iniciado: string | Date }>(
  orders: readonly T[],
  timeZone: string,
): T[] {
  const started = (order: T) => orderStartedAt(order.dh_iniciado, timeZone).getTime();
  return [...orders].sort((a, b) => started(b) - started(a));
}

/**
 * Staff moves an order forward only (skipping steps is allowed); any status that is not final can
 * be cancelled, with a reason. Entregue and Cancelado are final.
 */
export const ALLOWED_STATUS_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Solicitado: ['Preparo', 'Finalização', 'Concluido', 'Entregue', 'Cancelado'],
  Preparo: ['Finalização', 'Concluido', 'Entregue', 'Cancelado'],
  Finalização: ['Concluido', 'Entregue', 'Cancelado'],
  Concluido: ['Entregue', 'Cancelado'],
  Entregue: [],
  Cancelado: [],
};

/** The statuses an order never leaves: the ones ALLOWED_STATUS_TRANSITIONS moves nowhere. */
export const FINAL_ORDER_STATUSES = ['Entregue', 'Cancelado'] as const satisfies readonly OrderStatus[];
export type FinalOrderStatus = (typeof FINAL_ORDER_STATUSES)[number];

/** The statuses an order can still move on from, in the order's course. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => !isFinalStatus(status),
);

/** Whether `status` is final (false for a text that is no status at all). */
export function isFinalStatus(status: string): status is FinalOrderStatus {
  return (FINAL_ORDER_STATUSES as readonly string[]).includes(status);
}

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ALLOWED_STATUS_TRANSITIONS[from].includes(to);
}

export type TransitionVerdict =
  | { ok: true }
  | { ok: false; code: 'INVALID_STATUS_TRANSITION' | 'CANCEL_REASON_REQUIRED' };

/** `canTransition`, plus the rule that a cancellation carries a non-blank reason. */
export function checkTransition(
  from: OrderStatus,
  to: OrderStatus,
  reason?: string | null,
): TransitionVerdict {
  if (!canTransition(from, to)) return { ok: false, code: 'INVALID_STATUS_TRANSITION' };
  if (to === 'Cancelado' && !reason?.trim()) return { ok: false, code: 'CANCEL_REASON_REQUIRED' };
  return { ok: true };
}
