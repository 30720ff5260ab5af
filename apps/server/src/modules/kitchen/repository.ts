import { KITCHEN_READY_STATUS, KITCHEN_STATUSES } from '@comanda/domain';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  customers,
  kitchenBumps,
  orderEdits,
  orderLines,
  orderStatusChanges,
  orders,
  printStations,
} from '../../db/schema.ts';

export type BumpRow = typeof kitchenBumps.$inferSelect;

/** The most orders a kitchen display lists (a very busy night holds far fewer in preparation). */
const KITCHEN_ORDER_LIMIT = 200;

const orderColumns = {
  id: orders.id,
  numero: orders.numero,
  status: orders.status,
  dhIniciado: orders.dhIniciado,
  tipoEntrega: orders.tipoEntrega,
  mesa: orders.mesa,
  rodada: orders.rodada,
  horaEntrega: orders.horaEntrega,
  observacoes: orders.observacoes,
  customerName: customers.nome,
};

export type KitchenOrderRow = Awaited<ReturnType<typeof ordersInPreparation>>[number];

/** The store's released orders being prepared, oldest first. */
export function ordersInPreparation(db: DbExecutor, storeId: number) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.storeId, storeId),
        inArray(orders.status, [...KITCHEN_STATUSES]),
        eq(orders.awaitingPayment, false),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(KITCHEN_ORDER_LIMIT);
}

/** One order of the store as the kitchen shows it, whatever its status. */
export async function kitchenOrderOf(db: DbExecutor, storeId: number, id: number) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.storeId, storeId), eq(orders.id, id)));
  return row;
}

export function linesOf(db: DbExecutor, storeId: number, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderLines.orderId,
      seq: orderLines.seq,
      productId: orderLines.productId,
      descricao: orderLines.descricaoProduto,
      qtd: orderLines.qtd,
      observacao: orderLines.observacao,
      items: orderLines.itensPedidos,
    })
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), inArray(orderLines.orderId, [...orderIds])))
    .orderBy(asc(orderLines.orderId), asc(orderLines.seq));
}

export function bumpsOf(db: DbExecutor, storeId: number, orderIds: readonly number[]): Promise<BumpRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(kitchenBumps)
    .where(and(eq(kitchenBumps.storeId, storeId), inArray(kitchenBumps.orderId, [...orderIds])))
    .orderBy(asc(kitchenBumps.id));
}

/** When each order was accepted: its first move out of Solicitado (not a cancel). */
export async function acceptedAtOf(db: DbExecutor, storeId: number, orderIds: readonly number[]) {
  if (orderIds.length === 0) return new Map<number, Date>();
  const rows = await db
    .select({
      orderId: orderStatusChanges.orderId,
      to: orderStatusChanges.toStatus,
      at: orderStatusChanges.at,
    })
    .from(orderStatusChanges)
    .where(
      and(
        eq(orderStatusChanges.storeId, storeId),
        inArray(orderStatusChanges.orderId, [...orderIds]),
        eq(orderStatusChanges.fromStatus, 'Solicitado'),
      ),
    )
    .orderBy(asc(orderStatusChanges.id));
  const accepted = new Map<number, Date>();
  for (const row of rows) {
    if (row.to !== 'Cancelado' && !accepted.has(row.orderId)) accepted.set(row.orderId, row.at);
  }
  return accepted;
}

/** The edits of some orders (docs/decisions/0062), oldest first: when, and the lines in and out. */
export function editsOf(db: DbExecutor, storeId: number, orderIds: readonly number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderEdits.orderId,
      at: orderEdits.at,
      linesAdded: orderEdits.linesAdded,
      linesRemoved: orderEdits.linesRemoved,
    })
    .from(orderEdits)
    .where(and(eq(orderEdits.storeId, storeId), inArray(orderEdits.orderId, [...orderIds])))
    .orderBy(asc(orderEdits.id));
}
export type EditRow = Awaited<ReturnType<typeof editsOf>>[number];

/**
 * The newest bump of the store (at a station, or anywhere when `stationId` is undefined) whose order
 * is still being prepared or ready: what the display's recall undoes.
 */
export async function lastBump(db: DbExecutor, storeId: number, stationId: number | null | undefined) {
  const [row] = await db
    .select({
      orderId: kitchenBumps.orderId,
      numero: orders.numero,
      stationId: kitchenBumps.stationId,
      lineSeq: kitchenBumps.lineSeq,
      at: kitchenBumps.at,
    })
    .from(kitchenBumps)
    .innerJoin(orders, eq(orders.id, kitchenBumps.orderId))
    .where(
      and(
        eq(kitchenBumps.storeId, storeId),
        stationId === undefined
          ? undefined
          : stationId === null
            ? isNull(kitchenBumps.stationId)
            : eq(kitchenBumps.stationId, stationId),
        inArray(orders.status, [...KITCHEN_STATUSES, KITCHEN_READY_STATUS]),
      ),
    )
    .orderBy(desc(kitchenBumps.id))
    .limit(1);
  return row;
}

export async function insertBumps(
  tx: DbExecutor,
  rows: {
    storeId: number;
    orderId: number;
    stationId: number | null;
    lineSeq: number | null;
    staffId: number;
    at: Date;
  }[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(kitchenBumps).values(rows);
}

export async function deleteBump(tx: DbExecutor, storeId: number, id: number): Promise<void> {
  await tx.delete(kitchenBumps).where(and(eq(kitchenBumps.storeId, storeId), eq(kitchenBumps.id, id)));
}

export function stationsOf(db: DbExecutor, storeId: number) {
  return db
    .select({ id: printStations.id, name: printStations.name })
    .from(printStations)
    .where(eq(printStations.storeId, storeId))
    .orderBy(asc(printStations.position), asc(printStations.id));
}
