import { and, asc, count, desc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  cloudPrinters,
  companySettings,
  customers,
  orderLines,
  orderStatusChanges,
  orders,
  printJobs,
  printStations,
  stores,
} from '../../db/schema.ts';

export type PrinterRow = typeof cloudPrinters.$inferSelect;
export type PrintJobRow = typeof printJobs.$inferSelect;

/** Jobs a printer is still to print: queued, or fetched and not confirmed yet. */
export const PENDING_JOB_STATUSES = ['queued', 'sent'] as const;

export function activePrintersOf(db: DbExecutor, storeId: number) {
  return db
    .select({
      printer: cloudPrinters,
      stationName: printStations.name,
    })
    .from(cloudPrinters)
    .leftJoin(printStations, eq(printStations.id, cloudPrinters.stationId))
    .where(and(eq(cloudPrinters.storeId, storeId), isNull(cloudPrinters.revokedAt)))
    .orderBy(asc(cloudPrinters.id));
}

export async function activePrinterCount(db: DbExecutor, storeId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cloudPrinters)
    .where(and(eq(cloudPrinters.storeId, storeId), isNull(cloudPrinters.revokedAt)));
  return row?.n ?? 0;
}

/** The printer signing in with this login at this store, unless revoked. */
export async function printerByLogin(db: DbExecutor, storeId: number, login: string) {
  const [row] = await db
    .select()
    .from(cloudPrinters)
    .where(
      and(
        eq(cloudPrinters.login, login),
        eq(cloudPrinters.storeId, storeId),
        isNull(cloudPrinters.revokedAt),
      ),
    );
  return row;
}

/** Jobs per printer and status, for the staff list. */
export function jobCountsOf(db: DbExecutor, storeId: number) {
  return db
    .select({ printerId: printJobs.printerId, status: printJobs.status, n: count() })
    .from(printJobs)
    .where(and(eq(printJobs.storeId, storeId), inArray(printJobs.status, ['queued', 'sent', 'failed'])))
    .groupBy(printJobs.printerId, printJobs.status);
}

export async function stationOfStore(db: DbExecutor, storeId: number, stationId: number) {
  const [row] = await db
    .select({ id: printStations.id })
    .from(printStations)
    .where(and(eq(printStations.storeId, storeId), eq(printStations.id, stationId)));
  return row;
}

export async function insertPrinter(
  db: DbExecutor,
  values: {
    storeId: number;
    name: string;
    stationId: number | null;
    login: string;
    secretHash: string;
    at: Date;
  },
) {
  const [row] = await db
    .insert(cloudPrinters)
    .values({
      storeId: values.storeId,
      name: values.name,
      stationId: values.stationId,
      login: values.login,
      secretHash: values.secretHash,
      createdAt: values.at,
    })
    .returning({ id: cloudPrinters.id });
  return row!;
}

export async function setSecret(db: DbExecutor, storeId: number, id: number, secretHash: string) {
  const [row] = await db
    .update(cloudPrinters)
    .set({ secretHash })
    .where(and(eq(cloudPrinters.storeId, storeId), eq(cloudPrinters.id, id), isNull(cloudPrinters.revokedAt)))
    .returning({ id: cloudPrinters.id });
  return row;
}

export async function revokePrinter(db: DbExecutor, storeId: number, id: number, at: Date) {
  const [row] = await db
    .update(cloudPrinters)
    .set({ revokedAt: at })
    .where(and(eq(cloudPrinters.storeId, storeId), eq(cloudPrinters.id, id), isNull(cloudPrinters.revokedAt)))
    .returning({ id: cloudPrinters.id });
  if (row) {
    await db
      .update(printJobs)
      .set({ status: 'withdrawn', doneAt: at })
      .where(and(eq(printJobs.printerId, id), inArray(printJobs.status, [...PENDING_JOB_STATUSES])));
  }
  return row;
}

export async function recordPoll(db: DbExecutor, printerId: number, statusCode: string, at: Date) {
  await db
    .update(cloudPrinters)
    .set({ lastPollAt: at, lastStatusCode: statusCode })
    .where(eq(cloudPrinters.id, printerId));
}

/** The printer's next job to print (the oldest pending one), or the one its token names. */
export async function pendingJob(db: DbExecutor, printerId: number, jobId?: number) {
  const [row] = await db
    .select()
    .from(printJobs)
    .where(
      and(
        eq(printJobs.printerId, printerId),
        inArray(printJobs.status, [...PENDING_JOB_STATUSES]),
        jobId === undefined ? undefined : eq(printJobs.id, jobId),
      ),
    )
    .orderBy(asc(printJobs.id))
    .limit(1);
  return row;
}

export async function markSent(db: DbExecutor, jobId: number, at: Date) {
  await db
    .update(printJobs)
    .set({ status: 'sent', sentAt: at })
    .where(and(eq(printJobs.id, jobId), inArray(printJobs.status, [...PENDING_JOB_STATUSES])));
}

export async function markPrinted(db: DbExecutor, jobId: number, at: Date) {
  const [row] = await db
    .update(printJobs)
    .set({ status: 'printed', doneAt: at })
    .where(and(eq(printJobs.id, jobId), inArray(printJobs.status, [...PENDING_JOB_STATUSES])))
    .returning({ id: printJobs.id });
  return row;
}

/** Counts a failed try: back in the queue, or failed for good at `attemptsMax`. */
export async function markNotPrinted(
  db: DbExecutor,
  jobId: number,
  code: string,
  attemptsMax: number,
  at: Date,
) {
  const [row] = await db
    .update(printJobs)
    .set({
      attempts: sql`${printJobs.attempts} + 1`,
      lastErrorCode: code,
      status: sql`case when ${printJobs.attempts} + 1 >= ${attemptsMax} then 'failed' else 'queued' end`,
      doneAt: sql`case when ${printJobs.attempts} + 1 >= ${attemptsMax} then ${at.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(printJobs.id, jobId), inArray(printJobs.status, [...PENDING_JOB_STATUSES])))
    .returning({ id: printJobs.id, status: printJobs.status });
  return row;
}

/** What a ticket shows of an order and its store. */
export async function ticketSourceOf(db: DbExecutor, storeId: number, orderId: number) {
  const [head] = await db
    .select({
      order: orders,
      storeName: companySettings.nome,
      timeZone: stores.timeZone,
      customerName: customers.nome,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .leftJoin(companySettings, eq(companySettings.storeId, orders.storeId))
    .where(and(eq(orders.storeId, storeId), eq(orders.id, orderId)));
  if (!head) return undefined;
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.storeId, storeId), eq(orderLines.orderId, orderId)))
    .orderBy(asc(orderLines.seq));
  const stations = await db
    .select({ id: printStations.id, name: printStations.name })
    .from(printStations)
    .where(eq(printStations.storeId, storeId));
  const [lastChange] = await db
    .select({
      from: orderStatusChanges.fromStatus,
      to: orderStatusChanges.toStatus,
      reason: orderStatusChanges.reason,
    })
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.storeId, storeId), eq(orderStatusChanges.orderId, orderId)))
    .orderBy(desc(orderStatusChanges.id))
    .limit(1);
  return {
    ...head,
    lastChange: lastChange ?? null,
    lines,
    stationNames: new Map(stations.map((row) => [row.id, row.name])),
  };
}

export async function insertJobs(db: DbExecutor, jobs: (typeof printJobs.$inferInsert)[]) {
  if (jobs.length === 0) return;
  await db.insert(printJobs).values(jobs).onConflictDoNothing();
}

/** An order's kitchen tickets and its edits' PEDIDO ALTERADO tickets (kind `edit:<id>`). */
export function kitchenJobsOf(db: DbExecutor, storeId: number, orderId: number) {
  return db
    .select({ job: printJobs })
    .from(printJobs)
    .innerJoin(cloudPrinters, eq(cloudPrinters.id, printJobs.printerId))
    .where(
      and(
        eq(printJobs.storeId, storeId),
        eq(printJobs.orderId, orderId),
        or(eq(printJobs.kind, 'kitchen'), like(printJobs.kind, 'edit:%')),
        isNull(cloudPrinters.revokedAt),
      ),
    );
}

export async function withdrawJobs(db: DbExecutor, ids: number[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(printJobs)
    .set({ status: 'withdrawn', doneAt: at })
    .where(and(inArray(printJobs.id, ids), eq(printJobs.status, 'queued')));
}
