import type { StaffOrder } from '@comanda/contract';
import {
  FINAL_ORDER_STATUSES,
  isFinalStatus,
  isOrderStatus,
  OPEN_ORDER_STATUSES,
  type OrderStatus,
  storeLocalTime,
} from '@comanda/domain';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';

/*
 * The order board's rules, free of React: which column an order sits in, what its main action
 * is, how live events and catch-up lists merge, and when the alarm rings.
 */

export type Column = 'scheduled' | 'new' | 'preparing' | 'ready' | 'done';
export const COLUMNS: readonly Column[] = ['new', 'preparing', 'ready', 'done'];

/** A scheduled order waits apart until this long before its time. */
export const SCHEDULED_LEAD_MS = 60 * 60_000;

/** The statuses the board lists, open ones first (the catch-up list asks for these). */
export const OPEN_STATUSES: readonly OrderStatus[] = OPEN_ORDER_STATUSES;
export const DONE_STATUSES: readonly OrderStatus[] = FINAL_ORDER_STATUSES;

function statusOf(order: StaffOrder): OrderStatus | null {
  return isOrderStatus(order.status) ? order.status : null;
}

/** Whether an order is still waiting for its scheduled time (listed apart, no alarm). */
export function isWaitingForSchedule(order: StaffOrder, now: Date): boolean {
  if (!order.agendado || !order.hora_entrega || order.status !== 'Solicitado') return false;
  return Date.parse(order.hora_entrega) - now.getTime() > SCHEDULED_LEAD_MS;
}

export function columnOf(order: StaffOrder, now: Date): Column | null {
  const status = statusOf(order);
  if (status === 'Solicitado') return isWaitingForSchedule(order, now) ? 'scheduled' : 'new';
  if (status === 'Preparo' || status === 'Finalização') return 'preparing';
  if (status === 'Concluido') return 'ready';
  if (status && isFinalStatus(status)) {
    // Done today (store time) only: yesterday's service is not on today's board.
    return storeLocalTime(new Date(order.updated_at), pageStoreTimeZone()).dateISO ===
      storeLocalTime(now, pageStoreTimeZone()).dateISO
      ? 'done'
      : null;
  }
  return null;
}

/** The board's orders by column, oldest first within a column (the first to handle). */
export function byColumn(orders: Iterable<StaffOrder>, now: Date): Record<Column, StaffOrder[]> {
  const out: Record<Column, StaffOrder[]> = { scheduled: [], new: [], preparing: [], ready: [], done: [] };
  for (const order of orders) {
    const column = columnOf(order, now);
    if (column) out[column].push(order);
  }
  const placed = (order: StaffOrder) => Date.parse(order.dh_iniciado);
  for (const column of Object.keys(out) as Column[]) {
    out[column].sort((a, b) => (column === 'done' ? placed(b) - placed(a) : placed(a) - placed(b)));
  }
  out.scheduled.sort((a, b) => Date.parse(a.hora_entrega ?? '') - Date.parse(b.hora_entrega ?? ''));
  return out;
}

/** The one-tap next step of an order on the board, or null when it is done. */
export function nextStatus(status: string): OrderStatus | null {
  switch (status) {
    case 'Solicitado':
      return 'Preparo';
    case 'Preparo':
    case 'Finalização':
      return 'Concluido';
    case 'Concluido':
      return 'Entregue';
    default:
      return null;
  }
}

/**
 * Merges orders into the board's map by id, keeping the newer of two copies of one order (an
 * event's fetch and a catch-up list may cross): no order twice, none older than what was shown.
 */
export function mergeOrders(
  board: ReadonlyMap<number, StaffOrder>,
  incoming: readonly StaffOrder[],
): Map<number, StaffOrder> {
  const next = new Map(board);
  for (const order of incoming) {
    const shown = next.get(order.id);
    if (!shown || Date.parse(order.updated_at) >= Date.parse(shown.updated_at)) next.set(order.id, order);
  }
  return next;
}

/** The ids of orders that ask for attention now: new, not waiting for their scheduled time. */
export function ringingOrders(orders: Iterable<StaffOrder>, now: Date): number[] {
  const out: number[] = [];
  for (const order of orders) if (columnOf(order, now) === 'new') out.push(order.id);
  return out;
}

export type AlarmState = 'ringing' | 'idle' | 'muted' | 'snoozed';

/**
 * The alarm rings while something waits for the staff (a new order, a guest's call, or a lost
 * connection: orders may be missed) and sound is on; 'muted' while the browser holds sound back
 * until a tap; 'snoozed' while someone silenced it for a few minutes.
 */
export function alarmState({
  soundOn,
  waiting,
  snoozedUntil,
  now,
}: {
  soundOn: boolean;
  waiting: number;
  snoozedUntil: Date | null;
  now: Date;
}): AlarmState {
  if (waiting === 0) return 'idle';
  if (snoozedUntil && snoozedUntil > now) return 'snoozed';
  return soundOn ? 'ringing' : 'muted';
}

/** The snooze lengths offered, in minutes. */
export const SNOOZE_MINUTES = [5, 10, 15, 30] as const;

/**
 * A refused order: cancelled by the store before it was accepted (the board and the customer call
 * it 'Recusado'), as opposed to cancelled later.
 */
export function wasRefused(order: Pick<StaffOrder, 'status' | 'status_changes'>): boolean {
  if (order.status !== 'Cancelado') return false;
  const last = order.status_changes.at(-1);
  return last?.status === 'Cancelado' && last.from === 'Solicitado';
}

/** Minutes since `from`, for the card's 'há N min'. */
export function minutesSince(from: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(from)) / 60_000));
}

type Line = StaffOrder['produtos_pedidos'][number];

/**
 * The order's lines with identical ones added up (the cart may send one line per unit): what the
 * kitchen reads is '5× Guaraná', not five lines of '1× Guaraná'.
 */
export function groupedLines(lines: readonly Line[]): Line[] {
  const out: Line[] = [];
  const keyOf = (line: Line) =>
    JSON.stringify([
      line.produto,
      line.observacao,
      line.itens_pedidos.map((item) => [item.grupo, item.item_id, item.quantidade_pedida]),
    ]);
  const byKey = new Map<string, Line>();
  for (const line of lines) {
    const key = keyOf(line);
    const same = byKey.get(key);
    if (same) {
      same.qtd += line.qtd;
      same.valor_total += line.valor_total;
    } else {
      const copy = { ...line };
      byKey.set(key, copy);
      out.push(copy);
    }
  }
  return out;
}

/**
 * What the card and the ticket say of an order's online payment: paid (do not charge), on its way
 * back, back, or to be given back by hand (the store's own key); null when it is paid in person.
 */
export function onlinePaymentNote(order: Pick<StaffOrder, 'pagamento_online'>): {
  key:
    | 'paidOnline'
    | 'refundUnderWay'
    | 'refundedOnline'
    | 'paidOnlineCard'
    | 'refundUnderWayCard'
    | 'refundedOnlineCard'
    | 'refundByHand';
  amount: number;
} | null {
  const payment = order.pagamento_online;
  if (!payment) return null;
  const amount = payment.valor;
  if (payment.devolver_na_mao) return { key: 'refundByHand', amount };
  const card = payment.metodo === 'card';
  if (payment.status === 'paid') return { key: card ? 'paidOnlineCard' : 'paidOnline', amount };
  if (payment.status === 'refunded') return { key: card ? 'refundedOnlineCard' : 'refundedOnline', amount };
  return { key: card ? 'refundUnderWayCard' : 'refundUnderWay', amount };
}

/**
 * Orders the store's auto-accept moved to Preparo since `since` that the board has not shown yet:
 * with auto-print on, their tickets print as if someone had tapped Accept (docs/decisions/0025).
 */
export function autoAcceptedArrivals(
  board: ReadonlyMap<number, StaffOrder>,
  incoming: readonly StaffOrder[],
  since: Date,
): StaffOrder[] {
  return incoming.filter((order) => {
    if (board.has(order.id) || order.status !== 'Preparo') return false;
    const last = order.status_changes.at(-1);
    return (
      last !== undefined &&
      last.from === 'Solicitado' &&
      last.status === 'Preparo' &&
      last.by === null &&
      Date.parse(last.at) >= since.getTime()
    );
  });
}

/** What an edit changed in an order the board already had: its lines added and taken out. */
export interface OrderLineChange {
  order: StaffOrder;
  added: Line[];
  removed: Line[];
}

/**
 * The orders whose lines changed since the board last had them (an edit, docs/decisions/0062):
 * lines are told apart by their seq, which an edit never reuses, so two edits heard as one still
 * give every line added and taken out. Orders the board did not have change nothing.
 */
export function editedOrders(
  board: ReadonlyMap<number, StaffOrder>,
  incoming: readonly StaffOrder[],
): OrderLineChange[] {
  const out: OrderLineChange[] = [];
  for (const order of incoming) {
    const before = board.get(order.id);
    if (!before) continue;
    const seqs = (lines: readonly Line[]) =>
      new Set(lines.flatMap((line) => (line.seq === null || line.seq === undefined ? [] : [line.seq])));
    const had = seqs(before.produtos_pedidos);
    const has = seqs(order.produtos_pedidos);
    const added = order.produtos_pedidos.filter((line) => line.seq != null && !had.has(line.seq));
    const removed = before.produtos_pedidos.filter((line) => line.seq != null && !has.has(line.seq));
    if (added.length > 0 || removed.length > 0) out.push({ order, added, removed });
  }
  return out;
}
