import {
  DELIVERY_LINE_DESCRIPTION,
  DELIVERY_LINE_PRODUCT_ID,
  HISTORY_MAX_DAYS,
  type OrderListReply,
  type OrderRating,
  type OrderStatusUpdateRequest,
  type StaffOrder,
  type StaffOrderHistoryQuery,
  type StaffOrderHistoryReply,
  type StaffOrderListQuery,
  type StaffOrderListReply,
  type TrackedDelivery,
  type TrackedOrder,
} from '@comanda/contract';
import {
  checkTransition,
  firstName,
  isOrderStatus,
  normalizeForSearch,
  storeClockText,
  storeDayBounds,
} from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { readTogether } from '../../db/read-together.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import { orderRecordOf } from '../../lib/order-record.ts';
import { storeTimeZone } from '../../lib/store-time-zone.ts';
import { type CustomerPrincipal, forbidden, type StaffPrincipal } from '../../plugins/auth.ts';
import * as history from './history-repository.ts';
import * as repo from './repository.ts';

/*
 * Order tracking (spec sections 2 "Orders", 4 "Order status", 7 `atendimentos_list_app`) and the
 * staff calls that move an order along ALLOWED_STATUS_TRANSITIONS of @comanda/domain
 * (docs/decisions/0012-order-tracking-and-events.md).
 */

/** Spec section 2 "Orders": the list holds the customer's last 100 orders. */
export const CUSTOMER_ORDER_LIMIT = 100;

export const orderNotFound = () => notFound('ORDER_NOT_FOUND', 'Pedido não encontrado.');

const iso = (value: Date) => value.toISOString();

/** The order record of the list and detail calls (the 'Entrega' line last on delivery orders). */
export function toTrackedOrder(order: repo.OrderRow, details: OrderDetails): TrackedOrder {
  const { timeZone } = details;
  const changes = details.changes(order.id);
  const record = orderRecordOf(order, details.lines(order.id));
  if (order.tipoEntrega === 'Entregar') {
    record.produtos_pedidos.push({
      produto: DELIVERY_LINE_PRODUCT_ID,
      descricao_produto: DELIVERY_LINE_DESCRIPTION,
      descricao_categoria: '',
      produto_valor: order.valorEntrega,
      valor_adicionais: 0,
      qtd: 1,
      valor_total: order.valorEntrega,
      observacao: '',
      itens_pedidos: [],
    });
  }
  const cancellation =
    order.status === 'Cancelado' ? changes.findLast((c) => c.toStatus === 'Cancelado') : undefined;
  return {
    ...record,
    updated_at: iso(order.updatedAt),
    estimated_at: iso(order.estimatedAt),
    estimated_time: storeClockText(order.estimatedAt, timeZone),
    motivo_cancelamento: cancellation?.reason ?? null,
    status_changes: changes.map((change) => ({ status: change.toStatus, at: iso(change.at) })),
    avaliacao: ratingOf(details.rating(order.id)),
    entrega: details.delivery(order.id),
  };
}

const ratingOf = (rating: repo.OrderRatingRow | undefined): OrderRating | null =>
  rating ? { nota: rating.stars, comentario: rating.comment, at: iso(rating.at) } : null;

function toStaffOrder({ order, customer, payment }: repo.StoreOrderRow, details: StaffDetails): StaffOrder {
  const changes = details.changes(order.id);
  const lines = details.lines(order.id);
  const tracked = toTrackedOrder(order, details);
  return {
    ...tracked,
    // The record's lines are the stored ones in seq order, then the delivery line (no seq).
    produtos_pedidos: tracked.produtos_pedidos.map((line, index) => ({
      ...line,
      seq: lines[index]?.seq ?? null,
    })),
    cliente: { id: customer.id, nome: firstName(customer.nome), telefone: customer.phone },
    fone_para_mensagens: order.foneParaMensagens,
    rodada: order.rodada,
    status_changes: changes.map((change) => ({
      status: change.toStatus,
      at: iso(change.at),
      from: change.fromStatus,
      by: change.byStaffId ?? change.byCustomerId,
      actor:
        change.byStaffId !== null
          ? ('staff' as const)
          : change.byCustomerId !== null
            ? ('customer' as const)
            : ('system' as const),
      by_name: change.staffName,
      reason: change.reason,
    })),
    pedidos_anteriores: details.previous(order.id),
    pagamento_online: payment
      ? {
          status: payment.status,
          valor: payment.amount,
          metodo: payment.method === 'card' ? ('card' as const) : ('pix' as const),
          devolver_na_mao: payment.needsManualRefund,
        }
      : null,
  };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

/** Lines, histories and ratings of some orders, and the store's time zone: four queries whatever their number. */
async function detailsOf(db: DbExecutor, storeId: number, ids: number[]) {
  const [lines, changes, ratings, timeZone, deliveries] = await readTogether(db, [
    () => repo.linesOf(db, storeId, ids),
    () => repo.statusChangesOf(db, storeId, ids),
    () => repo.ratingsOf(db, storeId, ids),
    () => storeTimeZone(db, storeId),
    () => repo.deliveriesOf(db, storeId, ids),
  ]);
  const deliveryById = new Map<number, TrackedDelivery>();
  for (const row of deliveries.outside) {
    const left = row.events.find((event) => event.estado === 'coletado');
    const estado =
      row.estado === 'coletado' ? 'saiu_para_entrega' : row.estado === 'entregue' ? 'entregue' : null;
    if (estado) {
      deliveryById.set(row.orderId, {
        estado,
        entregador: row.courierName ? firstName(row.courierName) : null,
        paradas_antes: 0,
        saiu_em: left?.em ?? null,
      });
    }
  }
  for (const row of deliveries.stops) {
    const estado =
      row.estado === 'entregue'
        ? 'entregue'
        : row.estado === 'nao_entregue'
          ? 'nao_entregue'
          : row.routeState === 'em_rota'
            ? 'saiu_para_entrega'
            : null;
    if (estado) {
      deliveryById.set(row.orderId, {
        estado,
        entregador: firstName(row.courierName),
        paradas_antes: estado === 'saiu_para_entrega' ? Number(row.before) : 0,
        saiu_em: row.leftAt ? iso(row.leftAt) : null,
      });
    }
  }
  const linesById = groupBy(lines, (line) => line.orderId);
  const changesById = groupBy(changes, (change) => change.orderId);
  const ratingById = new Map(ratings.map((rating) => [rating.orderId, rating]));
  return {
    lines: (id: number): readonly repo.OrderLineRow[] => linesById.get(id) ?? [],
    changes: (id: number): readonly repo.StatusChangeRow[] => changesById.get(id) ?? [],
    rating: (id: number) => ratingById.get(id),
    delivery: (id: number) => deliveryById.get(id) ?? null,
    timeZone,
  };
}
type OrderDetails = Awaited<ReturnType<typeof detailsOf>>;

/** detailsOf, and how many orders each customer placed before (the board's 'Novo cliente'). */
async function staffDetailsOf(db: DbExecutor, storeId: number, ids: number[]) {
  const [details, previous] = await readTogether(db, [
    () => detailsOf(db, storeId, ids),
    () => repo.previousOrderCounts(db, storeId, ids),
  ]);
  return {
    ...details,
    previous: (id: number) => previous.get(id) ?? 0,
  };
}
type StaffDetails = Awaited<ReturnType<typeof staffDetailsOf>>;

const transitionRefused = (from: string, to: string) =>
  new AppError(
    'conflict',
    'INVALID_TRANSITION',
    from === to ? `O pedido já está em '${from}'.` : `Um pedido em '${from}' não pode passar para '${to}'.`,
    { field: 'status', currentStatus: from },
  );

export interface OrderTrackingDeps {
  db: Database;
  now: () => Date;
  events: OrderEvents;
}

/**
 * A step of the store's cancel that runs once the cancel has committed (the payments module gives
 * an online payment back). It never throws: the cancel stands either way.
 */
export type CancelledListener = (storeId: number, orderId: number) => Promise<void>;

/**
 * A step of another module inside an order's status change, in its transaction (the printing module
 * queues the kitchen's tickets on an accept): it commits or rolls back with the change.
 */
export type StatusChangeStep = (
  tx: DbExecutor,
  change: { storeId: number; orderId: number; from: string; to: string; at: Date; reason?: string | null },
) => Promise<void>;

/**
 * Whether the member's cancel of this order needs a manager's approval (issue 33's rule, the role
 * rules module's): asked in the cancel's transaction with the order locked.
 */
export type CancelRule = (tx: DbExecutor, staff: StaffPrincipal, orderId: number) => Promise<boolean>;

/** How a status change was allowed beyond the member's own role, and what else it records. */
export interface StatusChangeOptions {
  /** A manager or owner approved this cancel (a cancel request, or their code typed on the spot). */
  approved?: boolean;
  /** A step of the caller in the change's transaction (recording the approval). */
  inTransaction?: (tx: DbExecutor, at: Date) => Promise<void>;
}

export const cancelNeedsApprovalError = () =>
  new AppError(
    'forbidden',
    'CANCEL_NEEDS_APPROVAL',
    'Cancelar este pedido precisa de um gerente ou dono: peça a aprovação ou digite o código de um gerente.',
  );

export class OrderTrackingService {
  private readonly cancelledListeners: CancelledListener[] = [];
  private cancelRule: CancelRule | null = null;
  private readonly statusChangeSteps: StatusChangeStep[] = [];

  constructor(private readonly deps: OrderTrackingDeps) {}

  /** Another module's step after the store cancels an order (registered by that module itself). */
  onCancelled(listener: CancelledListener): void {
    this.cancelledListeners.push(listener);
  }

  /** The rule that says when a member's cancel needs approval (registered by the role rules module). */
  onCancelRule(rule: CancelRule): void {
    this.cancelRule = rule;
  }

  /** Another module's step inside every status change the store makes (registered by that module). */
  onStatusChange(step: StatusChangeStep): void {
    this.statusChangeSteps.push(step);
  }

  private async runStatusChangeSteps(tx: DbExecutor, change: Parameters<StatusChangeStep>[1]) {
    for (const step of this.statusChangeSteps) await step(tx, change);
  }

  /** GET /bar/atendimentos_list_app: the customer's last 100 orders, newest first. */
  async listForCustomer(principal: CustomerPrincipal, clientId: number | undefined): Promise<OrderListReply> {
    if (clientId !== undefined && clientId !== principal.customerId) throw forbidden();
    const { db } = this.deps;
    const rows = await repo.listCustomerOrders(
      db,
      principal.storeId,
      principal.customerId,
      CUSTOMER_ORDER_LIMIT,
    );
    const details = await detailsOf(
      db,
      principal.storeId,
      rows.map((row) => row.id),
    );
    return {
      results: rows.map((row) => toTrackedOrder(row, details)),
    };
  }

  /** GET /bar/atendimentos_app/{id}: another customer's order is as unknown as a missing one. */
  async getForCustomer(principal: CustomerPrincipal, id: number): Promise<TrackedOrder> {
    const { db } = this.deps;
    const row = await repo.findCustomerOrder(db, principal.storeId, principal.customerId, id);
    if (!row) throw orderNotFound();
    const details = await detailsOf(db, principal.storeId, [row.id]);
    return toTrackedOrder(row, details);
  }

  /** GET /staff/orders */
  async listForStaff(staff: StaffPrincipal, query: StaffOrderListQuery): Promise<StaffOrderListReply> {
    const { db } = this.deps;
    const rows = await repo.listStoreOrders(db, staff.storeId, {
      statuses: query.status,
      before: query.before,
      limit: query.limit,
    });
    const details = await staffDetailsOf(
      db,
      staff.storeId,
      rows.map((row) => row.order.id),
    );
    return {
      results: rows.map((row) => toStaffOrder(row, details)),
      next_before: rows.length === query.limit ? rows.at(-1)!.order.id : null,
    };
  }

  /**
   * GET /staff/orders/history: the store's orders matching every filter given, newest first; days
   * are the store's (its time zone), both included.
   */
  async historyForStaff(
    staff: StaffPrincipal,
    query: StaffOrderHistoryQuery,
  ): Promise<StaffOrderHistoryReply> {
    const { db } = this.deps;
    const timeZone = await storeTimeZone(db, staff.storeId);
    if (query.from && query.to) {
      if (query.from > query.to) {
        throw invalid('INVALID_DATE_RANGE', 'A data inicial é depois da final.', 'from');
      }
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
      if (days > HISTORY_MAX_DAYS) {
        throw invalid('INVALID_DATE_RANGE', `Busque no máximo ${HISTORY_MAX_DAYS} dias por vez.`, 'to');
      }
    }
    const name = query.name ? normalizeForSearch(query.name) : undefined;
    // A Brazilian number typed with its country code (55…) is found by its national digits.
    const phone =
      query.phone && query.phone.length >= 12 && query.phone.startsWith('55')
        ? query.phone.slice(2)
        : query.phone;
    // One more row than the page says whether another page follows.
    const rows = await history.searchStoreOrders(db, staff.storeId, {
      number: query.number,
      name: name || undefined,
      phone,
      from: query.from ? storeDayBounds(query.from, timeZone).from : undefined,
      to: query.to ? storeDayBounds(query.to, timeZone).to : undefined,
      statuses: query.status,
      channel: query.channel,
      paymentMethodId: query.payment,
      before: query.before,
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    return {
      results: page.map((row) => ({
        id: row.id,
        numero: row.numero,
        dh_iniciado: iso(row.dhIniciado),
        status: row.status,
        cliente: { id: row.customer.id, nome: firstName(row.customer.nome), telefone: row.customer.phone },
        tipo_entrega: row.tipoEntrega,
        channel:
          row.tableId !== null
            ? 'table'
            : row.tipoEntrega === 'Entregar'
              ? 'delivery'
              : row.tipoEntrega === 'Retirada'
                ? 'pickup'
                : 'eat_in',
        mesa: row.mesa,
        rodada: row.rodada,
        forma_pagamento_nome: row.formaPagamentoNome,
        total: row.total,
        agendado: row.agendado,
        hora_entrega: row.horaEntrega ? iso(row.horaEntrega) : null,
      })),
      next_before: rows.length > query.limit ? page.at(-1)!.id : null,
    };
  }

  /** GET /staff/orders/{id} */
  async getForStaff(staff: StaffPrincipal, id: number): Promise<StaffOrder> {
    const { db } = this.deps;
    const row = await repo.findStoreOrder(db, staff.storeId, id);
    if (!row) throw orderNotFound();
    const details = await staffDetailsOf(db, staff.storeId, [id]);
    return toStaffOrder(row, details);
  }

  /**
   * POST /staff/orders/{id}/status: one transaction that locks the order (FOR UPDATE), checks the
   * transition against the status it finds, records the change with who and when, gives back what
   * a cancelled order consumed, and publishes the event (sent when the transaction commits).
   */
  /** A released order of a store with its lines (the payments module's reply once an order is paid). */
  async storeOrderFor(storeId: number, id: number) {
    const row = await repo.findStoreOrder(this.deps.db, storeId, id);
    if (!row) return undefined;
    const details = await detailsOf(this.deps.db, storeId, [id]);
    return { order: row.order, lines: details.lines(id), timeZone: details.timeZone };
  }

  /**
   * The store's auto-accept (docs/decisions/0024): a new order for now goes from Solicitado to
   * Preparo as soon as it is placed, recorded with no one as its author. An order someone already
   * moved is left alone.
   */
  async acceptAutomatically(storeId: number, id: number): Promise<void> {
    const { db, events } = this.deps;
    await db.transaction(async (tx) => {
      const order = await repo.lockStoreOrder(tx, storeId, id);
      if (order?.status !== 'Solicitado') return;
      const at = this.deps.now();
      await repo.setStatus(tx, {
        storeId,
        orderId: id,
        from: 'Solicitado',
        to: 'Preparo',
        by: null,
        reason: null,
        at,
      });
      await this.runStatusChangeSteps(tx, { storeId, orderId: id, from: 'Solicitado', to: 'Preparo', at });
      await events.publish(tx, {
        storeId,
        customerId: order.customerId,
        id,
        status: 'Preparo',
        updatedAt: iso(at),
      });
    });
  }

  async changeStatus(
    staff: StaffPrincipal,
    id: number,
    body: OrderStatusUpdateRequest,
    options: StatusChangeOptions = {},
  ): Promise<StaffOrder> {
    const { db, events } = this.deps;
    const to = body.status;
    const reason = body.reason?.trim() || null;
    const changed = await db.transaction(async (tx) => {
      const order = await repo.lockStoreOrder(tx, staff.storeId, id);
      if (!order) throw orderNotFound();
      const from = order.status;
      if (!isOrderStatus(from)) throw transitionRefused(from, to);
      const verdict = checkTransition(from, to, reason);
      if (!verdict.ok) {
        if (verdict.code === 'CANCEL_REASON_REQUIRED') {
          throw invalid('CANCEL_REASON_REQUIRED', 'Informe o motivo do cancelamento.', 'reason');
        }
        throw transitionRefused(from, to);
      }
      if (
        to === 'Cancelado' &&
        !options.approved &&
        this.cancelRule &&
        (await this.cancelRule(tx, staff, id))
      ) {
        throw cancelNeedsApprovalError();
      }
      const at = this.deps.now();
      await repo.setStatus(tx, {
        storeId: staff.storeId,
        orderId: id,
        from,
        to,
        by: { staffId: staff.staffId },
        reason,
        at,
      });
      await options.inTransaction?.(tx, at);
      if (to === 'Cancelado') await repo.giveBack(tx, order, at);
      if (to === 'Entregue') await repo.creditEarnedPoints(tx, order, at);
      await this.runStatusChangeSteps(tx, { storeId: staff.storeId, orderId: id, from, to, at, reason });
      await events.publish(tx, {
        storeId: staff.storeId,
        customerId: order.customerId,
        id,
        status: to,
        updatedAt: iso(at),
      });
      const row = await repo.findStoreOrder(tx, staff.storeId, id);
      const details = await staffDetailsOf(tx, staff.storeId, [id]);
      return toStaffOrder(row!, details);
    });
    // The cancel's further steps (its money given back) run once it has committed: a provider call
    // never holds the order's lock.
    if (to === 'Cancelado' && this.cancelledListeners.length > 0) {
      for (const listener of this.cancelledListeners) await listener(staff.storeId, id);
      // The reply shows where its money stands now (on its way back, back, or to give back by hand).
      return this.getForStaff(staff, id);
    }
    return changed;
  }

  /**
   * A dispatched order delivered at its stop (docs/decisions/0070), in the caller's transaction: the
   * same move as the board's 'Entregue' (points credited, the other modules' steps, the event), by
   * the staff member who marked it or by no one (the courier, who has no staff account). An order
   * already Entregue is left as it is (false); one that cannot become Entregue is refused (409).
   */
  async deliverInTransaction(
    tx: DbExecutor,
    storeId: number,
    id: number,
    staffId: number | null,
    at: Date,
  ): Promise<boolean> {
    const order = await repo.lockStoreOrder(tx, storeId, id);
    if (!order) throw orderNotFound();
    const from = order.status;
    if (from === 'Entregue') return false;
    if (!isOrderStatus(from) || !checkTransition(from, 'Entregue', null).ok) {
      throw transitionRefused(from, 'Entregue');
    }
    await repo.setStatus(tx, {
      storeId,
      orderId: id,
      from,
      to: 'Entregue',
      by: staffId === null ? null : { staffId },
      reason: null,
      at,
    });
    await repo.creditEarnedPoints(tx, order, at);
    await this.runStatusChangeSteps(tx, { storeId, orderId: id, from, to: 'Entregue', at });
    await this.deps.events.publish(tx, {
      storeId,
      customerId: order.customerId,
      id,
      status: 'Entregue',
      updatedAt: iso(at),
    });
    return true;
  }
}

// ---------------------------------------------------------------------------------------------
// Orders paid online (docs/decisions/0018): the payments module moves them, in its transactions

export interface AwaitingOrder {
  id: number;
  storeId: number;
  customerId: number;
}

/**
 * Releases an order whose online payment was confirmed: the store sees it from now on, and its
 * points wait for its delivery. Undefined when it is not awaiting any more (released or dropped
 * already): the caller's transition then did nothing twice. The caller announces it once its
 * transaction has committed (`announceReleased`): a NOTIFY inside the transaction would serialise
 * every release's commit on PostgreSQL's notification lock (docs/decisions/0012).
 */
export async function releasePaidOrder(
  tx: DbExecutor,
  order: AwaitingOrder,
  earn: number,
  at: Date,
): Promise<AwaitingOrder | undefined> {
  const row = await repo.lockAwaitingOrder(tx, order.storeId, order.id);
  if (!row) return undefined;
  await repo.releaseOrder(tx, row, earn, at);
  return row;
}

/** The live order streams learn of a released order (the store's board, the customer's screens). */
export function announceReleased(
  events: OrderEvents,
  order: AwaitingOrder & { status: string },
  at: Date,
): void {
  events.publishCommitted({
    storeId: order.storeId,
    customerId: order.customerId,
    id: order.id,
    status: order.status,
    updatedAt: iso(at),
  });
}

/**
 * Drops an order whose online payment will not come (expired, abandoned, failed): cancelled with
 * the reason, never shown, and what it held given back (its coupon use, the points it spent).
 */
export async function dropUnpaidOrder(
  tx: DbExecutor,
  order: AwaitingOrder,
  reason: string,
  at: Date,
): Promise<boolean> {
  const row = await repo.lockAwaitingOrder(tx, order.storeId, order.id);
  if (!row) return false;
  await repo.setStatus(tx, {
    storeId: row.storeId,
    orderId: row.id,
    from: row.status,
    to: 'Cancelado',
    by: { customerId: row.customerId },
    reason,
    at,
  });
  await repo.giveBack(tx, row, at);
  return true;
}

// ---------------------------------------------------------------------------------------------
// The kitchen display (docs/decisions/0055) moves an order in its own transaction

/** The store's released order, locked until the transaction ends (the kitchen's bumps serialise on it). */
export function lockOrderOfStore(tx: DbExecutor, storeId: number, id: number) {
  return repo.lockStoreOrder(tx, storeId, id);
}

/**
 * Moves an order the caller locked, recorded with the staff member and the time, its event sent
 * when the transaction commits: the last station's bump (to ready) and a recall after it (back).
 */
export async function moveLockedOrder(
  tx: DbExecutor,
  events: OrderEvents,
  order: { storeId: number; id: number; customerId: number; status: string },
  to: string,
  staffId: number,
  at: Date,
): Promise<void> {
  await repo.setStatus(tx, {
    storeId: order.storeId,
    orderId: order.id,
    from: order.status,
    to,
    by: { staffId },
    reason: null,
    at,
  });
  await events.publish(tx, {
    storeId: order.storeId,
    customerId: order.customerId,
    id: order.id,
    status: to,
    updatedAt: iso(at),
  });
}
