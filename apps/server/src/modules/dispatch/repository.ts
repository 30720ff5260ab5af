import { and, asc, desc, eq, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  companySettings,
  couriers,
  customerAddresses,
  customers,
  dispatchRoutes,
  dispatchStops,
  orderStatusChanges,
  orders,
  outsideDeliveries,
  paymentMethods,
} from '../../db/schema.ts';

/*
 * The dispatch module's reads and writes (docs/decisions/0070). Every query names the store.
 */

export type CourierRow = typeof couriers.$inferSelect;
export type RouteRow = typeof dispatchRoutes.$inferSelect;
export type StopRow = typeof dispatchStops.$inferSelect;
export type OutsideRow = typeof outsideDeliveries.$inferSelect;

export function listCouriers(db: DbExecutor, storeId: number): Promise<CourierRow[]> {
  return db
    .select()
    .from(couriers)
    .where(eq(couriers.storeId, storeId))
    .orderBy(asc(couriers.nome), asc(couriers.id));
}

export async function findCourier(
  db: DbExecutor,
  storeId: number,
  id: number,
): Promise<CourierRow | undefined> {
  const [row] = await db
    .select()
    .from(couriers)
    .where(and(eq(couriers.storeId, storeId), eq(couriers.id, id)));
  return row;
}

/** The courier whose live link has this hash, at this store only. */
export async function courierByLink(
  db: DbExecutor,
  storeId: number,
  hash: string,
): Promise<CourierRow | undefined> {
  const [row] = await db
    .select()
    .from(couriers)
    .where(and(eq(couriers.storeId, storeId), eq(couriers.linkHash, hash)));
  return row;
}

/** The store's name, address and coordinates (the routes start and end there). */
export async function storePlace(db: DbExecutor, storeId: number) {
  const [row] = await db
    .select({
      nome: companySettings.nome,
      endereco: companySettings.endereco,
      lat: companySettings.latitude,
      lng: companySettings.longitude,
    })
    .from(companySettings)
    .where(eq(companySettings.storeId, storeId));
  return row ?? { nome: '', endereco: '', lat: null, lng: null };
}

/** An order as dispatch shows it: its address, customer, payment and when it became ready. */
const orderFields = {
  id: orders.id,
  numero: orders.numero,
  status: orders.status,
  tipoEntrega: orders.tipoEntrega,
  customerId: orders.customerId,
  customerName: customers.nome,
  customerPhone: customers.phone,
  messagesPhone: orders.foneParaMensagens,
  addressString: orders.addressString,
  street: customerAddresses.street,
  streetNumber: customerAddresses.streetNumber,
  complement: customerAddresses.complement,
  district: customerAddresses.districtName,
  lat: customerAddresses.latitude,
  lng: customerAddresses.longitude,
  total: orders.total,
  deliveryFee: orders.valorEntrega,
  paymentMethodId: orders.paymentMethodId,
  paymentName: orders.formaPagamentoNome,
  paymentType: paymentMethods.tipo,
  paymentGivesChange: paymentMethods.permiteTroco,
  changeFor: orders.trocoPara,
  startedAt: orders.dhIniciado,
  readySince: sql<Date | null>`(select max(c.at) from ${orderStatusChanges} c
    where c.store_id = ${orders.storeId} and c.order_id = ${orders.id} and c.to_status = 'Concluido')`.mapWith(
    (value: string | Date | null) => (value === null ? null : new Date(value)),
  ),
  lastFailure: sql<{
    motivo: string;
    em: string;
  } | null>`(select json_build_object('motivo', s.reason, 'em', s.marked_at)
    from ${dispatchStops} s where s.store_id = ${orders.storeId} and s.order_id = ${orders.id}
      and s.estado = 'nao_entregue' order by s.marked_at desc, s.id desc limit 1)`,
};

export type DispatchOrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

function selectOrders(db: DbExecutor, storeId: number, where: SQL | undefined) {
  return db
    .select(orderFields)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(customerAddresses, eq(customerAddresses.id, orders.addressId))
    .leftJoin(
      paymentMethods,
      and(eq(paymentMethods.storeId, orders.storeId), eq(paymentMethods.id, orders.paymentMethodId)),
    )
    .where(and(eq(orders.storeId, storeId), eq(orders.awaitingPayment, false), where))
    .orderBy(asc(orders.id));
}

/** The store's delivery orders ready to leave and in no route or outside delivery now. */
export function readyOrders(db: DbExecutor, storeId: number) {
  return selectOrders(
    db,
    storeId,
    and(
      eq(orders.status, 'Concluido'),
      eq(orders.tipoEntrega, 'Entregar'),
      sql`not exists (select 1 from ${dispatchStops} s where s.order_id = ${orders.id}
        and s.estado in ('pendente', 'entregue'))`,
      sql`not exists (select 1 from ${outsideDeliveries} o where o.order_id = ${orders.id}
        and o.estado not in ('cancelado'))`,
    ),
  ).limit(300);
}

/** Some orders of the store, by id (unknown and other stores' left out). */
export function ordersByIds(db: DbExecutor, storeId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return selectOrders(db, storeId, inArray(orders.id, [...ids]));
}

/** Locks the orders (in id order: two routes taking the same orders wait, never deadlock). */
export async function lockOrders(tx: DbExecutor, storeId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: orders.id,
      status: orders.status,
      tipoEntrega: orders.tipoEntrega,
      awaitingPayment: orders.awaitingPayment,
    })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, [...ids])))
    .orderBy(asc(orders.id))
    .for('update');
}

/** Of these orders, those pendente in a route or delivered, or with an open outside delivery. */
export async function ordersTaken(
  tx: DbExecutor,
  storeId: number,
  ids: readonly number[],
  exceptRouteId?: number,
) {
  if (ids.length === 0) return new Set<number>();
  const stops = await tx
    .select({ orderId: dispatchStops.orderId })
    .from(dispatchStops)
    .where(
      and(
        eq(dispatchStops.storeId, storeId),
        inArray(dispatchStops.orderId, [...ids]),
        inArray(dispatchStops.estado, ['pendente', 'entregue']),
        exceptRouteId === undefined ? undefined : ne(dispatchStops.routeId, exceptRouteId),
      ),
    );
  const outside = await tx
    .select({ orderId: outsideDeliveries.orderId })
    .from(outsideDeliveries)
    .where(
      and(
        eq(outsideDeliveries.storeId, storeId),
        inArray(outsideDeliveries.orderId, [...ids]),
        ne(outsideDeliveries.estado, 'cancelado'),
      ),
    );
  return new Set([...stops, ...outside].map((row) => row.orderId));
}

export async function findRoute(db: DbExecutor, storeId: number, id: number): Promise<RouteRow | undefined> {
  const [row] = await db
    .select()
    .from(dispatchRoutes)
    .where(and(eq(dispatchRoutes.storeId, storeId), eq(dispatchRoutes.id, id)));
  return row;
}

/** The route locked until the transaction ends: every change of a route and its stops takes this first. */
export async function lockRoute(tx: DbExecutor, storeId: number, id: number): Promise<RouteRow | undefined> {
  const [row] = await tx
    .select()
    .from(dispatchRoutes)
    .where(and(eq(dispatchRoutes.storeId, storeId), eq(dispatchRoutes.id, id)))
    .for('update');
  return row;
}

/** Routes not ended, and those ended since `since`, oldest first. */
export function boardRoutes(db: DbExecutor, storeId: number, since: Date) {
  return db
    .select()
    .from(dispatchRoutes)
    .where(
      and(
        eq(dispatchRoutes.storeId, storeId),
        or(ne(dispatchRoutes.estado, 'encerrada'), sql`${dispatchRoutes.backAt} >= ${since}`),
      ),
    )
    .orderBy(asc(dispatchRoutes.id));
}

/** The courier's current route: the one on the way, else the one being put together. */
export async function currentRouteOf(db: DbExecutor, storeId: number, courierId: number) {
  const [row] = await db
    .select()
    .from(dispatchRoutes)
    .where(
      and(
        eq(dispatchRoutes.storeId, storeId),
        eq(dispatchRoutes.courierId, courierId),
        inArray(dispatchRoutes.estado, ['montando', 'em_rota']),
      ),
    )
    .orderBy(sql`case when ${dispatchRoutes.estado} = 'em_rota' then 0 else 1 end`, desc(dispatchRoutes.id))
    .limit(1);
  return row;
}

export function stopsOf(db: DbExecutor, storeId: number, routeIds: readonly number[]) {
  if (routeIds.length === 0) return Promise.resolve([] as StopRow[]);
  return db
    .select()
    .from(dispatchStops)
    .where(and(eq(dispatchStops.storeId, storeId), inArray(dispatchStops.routeId, [...routeIds])))
    .orderBy(asc(dispatchStops.routeId), asc(dispatchStops.position), asc(dispatchStops.id));
}

export async function findStop(db: DbExecutor, storeId: number, id: number): Promise<StopRow | undefined> {
  const [row] = await db
    .select()
    .from(dispatchStops)
    .where(and(eq(dispatchStops.storeId, storeId), eq(dispatchStops.id, id)));
  return row;
}

export function couriersByIds(db: DbExecutor, storeId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as CourierRow[]);
  return db
    .select()
    .from(couriers)
    .where(and(eq(couriers.storeId, storeId), inArray(couriers.id, [...ids])));
}

/**
 * Sets a montando route's stops to these orders in this order: a stop kept keeps its id (the courier's
 * page and the board hold it), a removed order's stop goes, a new order gets one.
 */
export async function replaceStops(
  tx: DbExecutor,
  storeId: number,
  routeId: number,
  orderIds: readonly number[],
) {
  const current = await tx
    .select({ id: dispatchStops.id, orderId: dispatchStops.orderId })
    .from(dispatchStops)
    .where(and(eq(dispatchStops.storeId, storeId), eq(dispatchStops.routeId, routeId)));
  const gone = current.filter((stop) => !orderIds.includes(stop.orderId)).map((stop) => stop.id);
  if (gone.length > 0) await tx.delete(dispatchStops).where(inArray(dispatchStops.id, gone));
  for (const [index, orderId] of orderIds.entries()) {
    const kept = current.find((stop) => stop.orderId === orderId);
    if (kept) {
      await tx
        .update(dispatchStops)
        .set({ position: index + 1 })
        .where(eq(dispatchStops.id, kept.id));
    } else {
      await tx.insert(dispatchStops).values({ storeId, routeId, orderId, position: index + 1 });
    }
  }
}

/** Outside deliveries to show: not finished, or finished since `since`. */
export function boardOutside(db: DbExecutor, storeId: number, since: Date) {
  return db
    .select({ delivery: outsideDeliveries, numero: orders.numero })
    .from(outsideDeliveries)
    .innerJoin(orders, eq(orders.id, outsideDeliveries.orderId))
    .where(
      and(
        eq(outsideDeliveries.storeId, storeId),
        or(
          notInArray(outsideDeliveries.estado, ['entregue', 'cancelado']),
          sql`${outsideDeliveries.updatedAt} >= ${since}`,
        ),
      ),
    )
    .orderBy(asc(outsideDeliveries.id));
}

/** A courier's stops marked within [from, to), with the order's money (the day's settlement). */
export function markedStopsBetween(db: DbExecutor, storeId: number, from: Date, to: Date) {
  return db
    .select({
      courierId: dispatchRoutes.courierId,
      routeId: dispatchRoutes.id,
      leftAt: dispatchRoutes.leftAt,
      estado: dispatchStops.estado,
      distanceMetres: dispatchStops.distanceMetres,
      orderId: orders.id,
      total: orders.total,
      paymentMethodId: orders.paymentMethodId,
      paymentName: orders.formaPagamentoNome,
      paymentType: paymentMethods.tipo,
      paymentGivesChange: paymentMethods.permiteTroco,
    })
    .from(dispatchStops)
    .innerJoin(dispatchRoutes, eq(dispatchRoutes.id, dispatchStops.routeId))
    .innerJoin(orders, eq(orders.id, dispatchStops.orderId))
    .leftJoin(
      paymentMethods,
      and(eq(paymentMethods.storeId, orders.storeId), eq(paymentMethods.id, orders.paymentMethodId)),
    )
    .where(
      and(
        eq(dispatchStops.storeId, storeId),
        ne(dispatchStops.estado, 'pendente'),
        sql`${dispatchStops.markedAt} >= ${from}`,
        sql`${dispatchStops.markedAt} < ${to}`,
      ),
    );
}

/** The courier's routes that left within [from, to) (a daily rate is owed for a day worked). */
export function routesLeftBetween(db: DbExecutor, storeId: number, from: Date, to: Date) {
  return db
    .select({ courierId: dispatchRoutes.courierId })
    .from(dispatchRoutes)
    .where(
      and(
        eq(dispatchRoutes.storeId, storeId),
        sql`${dispatchRoutes.leftAt} >= ${from}`,
        sql`${dispatchRoutes.leftAt} < ${to}`,
      ),
    );
}
