import { and, asc, desc, eq, getTableColumns, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  couponRedemptions,
  coupons,
  couriers,
  customers,
  dispatchRoutes,
  dispatchStops,
  loyaltyPointsLedger,
  orderLines,
  orderRatings,
  orderStatusChanges,
  orders,
  outsideDeliveries,
  payments,
  staffAccounts,
  storeOrderNumbers,
} from '../../db/schema.ts';
import { syncOrderLedger } from '../ledger/index.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type StatusChangeRow = typeof orderStatusChanges.$inferSelect & {
  /** The staff member who made it, by name (removed members keep theirs); null when none did. */
  staffName: string | null;
};

export type OrderRatingRow = typeof orderRatings.$inferSelect;

export interface StoreOrderRow {
  order: OrderRow;
  customer: { id: number; nome: string; phone: string };
  /** Its online payment, for the board ('paid online', 'give it back'); null when paid in person. */
  payment: { status: string; amount: number; method: string; needsManualRefund: boolean } | null;
}

/** A customer's orders at a store, newest first. */
export function listCustomerOrders(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  limit: number,
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.customerId, customerId), released))
    .orderBy(desc(orders.dhIniciado), desc(orders.id))
    .limit(limit);
}

/** One order of a customer at a store; undefined for another customer's or another store's. */
export async function findCustomerOrder(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  id: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.customerId, customerId), eq(orders.id, id), released));
  return row;
}

/** Orders awaiting their online payment are nobody's business yet (docs/decisions/0018). */
const released = eq(orders.awaitingPayment, false);

const customerColumns = { id: customers.id, nome: customers.nome, phone: customers.phone };
const paymentColumns = {
  status: payments.status,
  amount: payments.amount,
  method: payments.method,
  needsManualRefund: payments.needsManualRefund,
};
const onlinePayment = and(eq(payments.orderId, orders.id), eq(payments.storeId, orders.storeId));

/**
 * A store's orders, newest first (dh_iniciado, then id), optionally of some statuses, after the
 * order `before` (keyset pagination: an unknown `before` gives an empty page).
 */
export function listStoreOrders(
  db: DbExecutor,
  storeId: number,
  filter: { statuses?: readonly string[] | undefined; before?: number | undefined; limit: number },
): Promise<StoreOrderRow[]> {
  const conditions: SQL[] = [eq(orders.storeId, storeId), released];
  if (filter.statuses && filter.statuses.length > 0)
    conditions.push(inArray(orders.status, [...filter.statuses]));
  if (filter.before !== undefined) {
    conditions.push(
      sql`(${orders.dhIniciado}, ${orders.id}) < (select c.dh_iniciado, c.id from orders c
        where c.store_id = ${storeId} and c.id = ${filter.before})`,
    );
  }
  return db
    .select({ order: orders, customer: customerColumns, payment: paymentColumns })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(payments, onlinePayment)
    .where(and(...conditions))
    .orderBy(desc(orders.dhIniciado), desc(orders.id))
    .limit(filter.limit);
}

/** One order of a store with its customer. */
export async function findStoreOrder(
  db: DbExecutor,
  storeId: number,
  id: number,
): Promise<StoreOrderRow | undefined> {
  const [row] = await db
    .select({ order: orders, customer: customerColumns, payment: paymentColumns })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(payments, onlinePayment)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, id), released));
  return row;
}

/**
 * Locks one order of a store until the transaction ends (SELECT … FOR UPDATE): two status changes
 * of the same order run one after the other, the second seeing the first's result.
 */
export async function lockStoreOrder(
  tx: DbExecutor,
  storeId: number,
  id: number,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.storeId, storeId), eq(orders.id, id), released))
    .for('update');
  return row;
}

/**
 * An order awaiting its online payment, locked until the transaction ends; undefined once it was
 * released or dropped (so of two confirmations of one payment, the second finds nothing to do).
 */
export async function lockAwaitingOrder(
  tx: DbExecutor,
  storeId: number,
  id: number,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.storeId, storeId),
        eq(orders.id, id),
        eq(orders.awaitingPayment, true),
        ne(orders.status, 'Cancelado'),
      ),
    )
    .for('update');
  return row;
}

/** The store's next order number; the counter's row stays locked until the transaction ends. */
async function takeOrderNumber(tx: DbExecutor, storeId: number): Promise<number> {
  const [taken] = await tx
    .insert(storeOrderNumbers)
    .values({ storeId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: storeOrderNumbers.storeId,
      set: { lastNumber: sql`${storeOrderNumbers.lastNumber} + 1` },
    })
    .returning({ lastNumber: storeOrderNumbers.lastNumber });
  return taken!.lastNumber;
}

/**
 * The order paid: shown to the store from now on, with the points it will earn on delivery
 * (pending until then, docs/decisions/0021).
 */
export async function releaseOrder(tx: DbExecutor, order: OrderRow, earn: number, at: Date): Promise<void> {
  // It reaches the store now: the store's next number (docs/decisions/0065), in this transaction.
  const numero = order.numero ?? (await takeOrderNumber(tx, order.storeId));
  await tx
    .update(orders)
    .set({ awaitingPayment: false, pontosFidelidade: earn, updatedAt: at, numero })
    .where(and(eq(orders.storeId, order.storeId), eq(orders.id, order.id)));
  // Paid: the order counts in the store's takings from now on (docs/decisions/0057).
  await syncOrderLedger(tx, { storeId: order.storeId, orderId: order.id, at, staffId: null });
}

/**
 * The order delivered: the points it earns are credited now (balance and ledger), once. Only a
 * delivered order ever adds points, so points spent on a reward always come from completed orders.
 */
export async function creditEarnedPoints(tx: DbExecutor, order: OrderRow, at: Date): Promise<number> {
  if (order.pontosFidelidade <= 0 || order.pointsEarnedAt !== null) return 0;
  const earn = order.pontosFidelidade;
  await tx
    .update(orders)
    .set({ pointsEarnedAt: at })
    .where(and(eq(orders.storeId, order.storeId), eq(orders.id, order.id)));
  const [account] = await tx
    .update(customers)
    .set({ pontosFidelidade: sql`${customers.pontosFidelidade} + ${earn}` })
    .where(and(eq(customers.storeId, order.storeId), eq(customers.id, order.customerId)))
    .returning({ points: customers.pontosFidelidade });
  if (!account) return 0;
  await tx.insert(loyaltyPointsLedger).values({
    storeId: order.storeId,
    customerId: order.customerId,
    orderId: order.id,
    delta: earn,
    reason: 'order_earned',
    balanceAfter: account.points,
    at,
  });
  return earn;
}

/** The lines of some orders, in order. */
export function linesOf(
  db: DbExecutor,
  storeId: number,
  orderIds: readonly number[],
): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), inArray(orderLines.orderId, [...orderIds])))
    .orderBy(asc(orderLines.orderId), asc(orderLines.seq));
}

/** The status histories of some orders, oldest first. */
export function statusChangesOf(
  db: DbExecutor,
  storeId: number,
  orderIds: readonly number[],
): Promise<StatusChangeRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return (
    db
      .select({ ...getTableColumns(orderStatusChanges), staffName: staffAccounts.nome })
      .from(orderStatusChanges)
      .leftJoin(
        staffAccounts,
        and(
          eq(staffAccounts.id, orderStatusChanges.byStaffId),
          eq(staffAccounts.storeId, orderStatusChanges.storeId),
        ),
      )
      .where(and(eq(orderStatusChanges.storeId, storeId), inArray(orderStatusChanges.orderId, [...orderIds])))
      // Ids follow the order the changes were made in (each one holds the order's row lock).
      .orderBy(asc(orderStatusChanges.orderId), asc(orderStatusChanges.id))
  );
}

/** The customers' ratings of some orders (docs/decisions/0068). */
/**
 * The orders' last dispatch (docs/decisions/0070): their latest stop in a route that left, with the
 * courier's name and the stops still before it, or else their latest outside delivery.
 */
export async function deliveriesOf(db: DbExecutor, storeId: number, orderIds: readonly number[]) {
  if (orderIds.length === 0) return { stops: [], outside: [] };
  const [stops, outside] = await Promise.all([
    db
      .selectDistinctOn([dispatchStops.orderId], {
        orderId: dispatchStops.orderId,
        estado: dispatchStops.estado,
        routeState: dispatchRoutes.estado,
        leftAt: dispatchRoutes.leftAt,
        courierName: couriers.nome,
        before: sql<number>`(select count(*)::int from ${dispatchStops} p
          where p.route_id = ${dispatchStops.routeId} and p.estado = 'pendente'
            and p.position < ${dispatchStops.position})`,
      })
      .from(dispatchStops)
      .innerJoin(dispatchRoutes, eq(dispatchRoutes.id, dispatchStops.routeId))
      .innerJoin(couriers, eq(couriers.id, dispatchRoutes.courierId))
      .where(
        and(
          eq(dispatchStops.storeId, storeId),
          inArray(dispatchStops.orderId, [...orderIds]),
          ne(dispatchRoutes.estado, 'montando'),
        ),
      )
      .orderBy(dispatchStops.orderId, desc(dispatchStops.id)),
    db
      .selectDistinctOn([outsideDeliveries.orderId], {
        orderId: outsideDeliveries.orderId,
        estado: outsideDeliveries.estado,
        courierName: outsideDeliveries.courierName,
        events: outsideDeliveries.events,
      })
      .from(outsideDeliveries)
      .where(and(eq(outsideDeliveries.storeId, storeId), inArray(outsideDeliveries.orderId, [...orderIds])))
      .orderBy(outsideDeliveries.orderId, desc(outsideDeliveries.id)),
  ]);
  return { stops, outside };
}

export function ratingsOf(
  db: DbExecutor,
  storeId: number,
  orderIds: readonly number[],
): Promise<OrderRatingRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderRatings)
    .where(and(eq(orderRatings.storeId, storeId), inArray(orderRatings.orderId, [...orderIds])));
}

/**
 * For each order, how many orders its customer placed at the store before it (placement time, then
 * id) that were not cancelled: one query for a whole board, served by orders_store_customer.
 */
export async function previousOrderCounts(
  db: DbExecutor,
  storeId: number,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      // Spelled out: drizzle leaves a single table's columns unqualified, which the inner
      // `orders p` would then capture.
      previous: sql<number>`(select count(*)::int from orders p
        where p.store_id = "orders"."store_id" and p.customer_id = "orders"."customer_id"
          and p.awaiting_payment = false and p.status <> 'Cancelado'
          and (p.dh_iniciado, p.id) < ("orders"."dh_iniciado", "orders"."id"))`,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, [...orderIds])));
  return new Map(rows.map((row) => [row.id, Number(row.previous)]));
}

export async function setStatus(
  tx: DbExecutor,
  values: {
    storeId: number;
    orderId: number;
    from: string;
    to: string;
    /** Who: the customer (an unpaid order dropped), a staff member, or null for the store's auto-accept. */
    by: { customerId: number } | { staffId: number } | null;
    reason: string | null;
    at: Date;
  },
): Promise<void> {
  await tx
    .update(orders)
    .set({ status: values.to, updatedAt: values.at })
    .where(and(eq(orders.storeId, values.storeId), eq(orders.id, values.orderId)));
  await tx.insert(orderStatusChanges).values({
    storeId: values.storeId,
    orderId: values.orderId,
    fromStatus: values.from,
    toStatus: values.to,
    byCustomerId: values.by && 'customerId' in values.by ? values.by.customerId : null,
    byStaffId: values.by && 'staffId' in values.by ? values.by.staffId : null,
    reason: values.reason,
    at: values.at,
  });
  // A cancel takes the order's money out of the store's takings (docs/decisions/0057).
  if (values.to === 'Cancelado') {
    await syncOrderLedger(tx, {
      storeId: values.storeId,
      orderId: values.orderId,
      at: values.at,
      staffId: values.by && 'staffId' in values.by ? values.by.staffId : null,
    });
  }
}

export interface GiveBack {
  /** Points given back (the reward the order spent). */
  pointsRefunded: number;
  /** Points taken back: what the order had credited (none unless it was delivered). */
  pointsReversed: number;
  /** Whether the order's coupon use was given back. */
  couponReleased: boolean;
}

/**
 * What a cancelled order consumed goes back, in the cancelling transaction: the points it spent on
 * a reward are returned, the points it had credited (only a delivered order has) are taken back
 * (down to a zero balance, never below; the ledger records the actual changes), and its coupon use
 * and redemption are undone. Pending points were never credited: nothing to take back.
 * Locks the customer's row before the coupon's, as order placement does.
 */
export async function giveBack(tx: DbExecutor, order: OrderRow, at: Date): Promise<GiveBack> {
  const result: GiveBack = { pointsRefunded: 0, pointsReversed: 0, couponReleased: false };
  const credited = order.pointsEarnedAt !== null ? Math.max(0, order.pontosFidelidade) : 0;
  if (order.pontosUtilizados > 0 || credited > 0) {
    const [account] = await tx
      .select({ points: customers.pontosFidelidade })
      .from(customers)
      .where(and(eq(customers.storeId, order.storeId), eq(customers.id, order.customerId)))
      .for('update');
    if (account) {
      const refunded = Math.max(0, order.pontosUtilizados);
      const afterRefund = account.points + refunded;
      const reversed = Math.min(credited, Math.max(0, afterRefund));
      const balance = afterRefund - reversed;
      await tx
        .update(customers)
        .set({ pontosFidelidade: balance })
        .where(and(eq(customers.storeId, order.storeId), eq(customers.id, order.customerId)));
      const entries = [
        { delta: refunded, reason: 'order_cancelled_refund', balanceAfter: afterRefund },
        { delta: -reversed, reason: 'order_cancelled_reversal', balanceAfter: balance },
      ].filter((entry) => entry.delta !== 0);
      if (entries.length > 0) {
        await tx.insert(loyaltyPointsLedger).values(
          entries.map((entry) => ({
            storeId: order.storeId,
            customerId: order.customerId,
            orderId: order.id,
            at,
            ...entry,
          })),
        );
      }
      result.pointsRefunded = refunded;
      result.pointsReversed = reversed;
    }
  }
  if (order.couponId !== null) {
    const released = await tx
      .delete(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, order.couponId),
          eq(couponRedemptions.customerId, order.customerId),
          eq(couponRedemptions.orderId, order.id),
        ),
      )
      .returning({ id: couponRedemptions.id });
    if (released.length > 0) {
      await tx
        .update(coupons)
        .set({ uses: sql`greatest(${coupons.uses} - ${released.length}, 0)` })
        .where(and(eq(coupons.storeId, order.storeId), eq(coupons.id, order.couponId), gt(coupons.uses, 0)));
      result.couponReleased = true;
    }
  }
  return result;
}
