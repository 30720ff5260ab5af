import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  cashRegisters,
  companySettings,
  ledgerEntries,
  orders,
  paymentMethods,
  registerCounts,
  registerMovements,
  registerSessions,
  staffAccounts,
  stores,
} from '../../db/schema.ts';

/* The register's queries (docs/decisions/0060); every one is scoped by the store. */

export type RegisterRow = typeof cashRegisters.$inferSelect;
export type SessionRow = typeof registerSessions.$inferSelect;
export type MovementRow = typeof registerMovements.$inferSelect;
export type CountRow = typeof registerCounts.$inferSelect;

export function registersOf(db: DbExecutor, storeId: number): Promise<RegisterRow[]> {
  return db
    .select()
    .from(cashRegisters)
    .where(eq(cashRegisters.storeId, storeId))
    .orderBy(asc(cashRegisters.id));
}

/** A register by name, or null when the store has one of that name already. */
export async function insertRegister(db: DbExecutor, storeId: number, name: string, at: Date) {
  const [row] = await db
    .insert(cashRegisters)
    .values({ storeId, name, createdAt: at })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateRegister(
  db: DbExecutor,
  storeId: number,
  id: number,
  change: { name?: string; ativo?: boolean },
) {
  const [row] = await db
    .update(cashRegisters)
    .set(change)
    .where(and(eq(cashRegisters.storeId, storeId), eq(cashRegisters.id, id)))
    .returning();
  return row ?? null;
}

/** Serialises the changes of a store's registers (names, the first 'Caixa'). */
export async function lockStore(db: DbExecutor, storeId: number): Promise<void> {
  await db.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for('update');
}

export async function openSessions(db: DbExecutor, storeId: number): Promise<SessionRow[]> {
  return db
    .select()
    .from(registerSessions)
    .where(and(eq(registerSessions.storeId, storeId), isNull(registerSessions.closedAt)));
}

/** A new open session, or null when the register has one open already (the partial unique index). */
export async function insertSession(
  db: DbExecutor,
  values: { storeId: number; registerId: number; openedAt: Date; openedBy: number; openingFloat: number },
) {
  const [row] = await db.insert(registerSessions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function sessionOf(db: DbExecutor, storeId: number, id: number, lock = false) {
  const query = db
    .select()
    .from(registerSessions)
    .where(and(eq(registerSessions.storeId, storeId), eq(registerSessions.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function sessionsOf(
  db: DbExecutor,
  storeId: number,
  filter: { registerId?: number; before?: number; limit: number },
) {
  return db
    .select()
    .from(registerSessions)
    .where(
      and(
        eq(registerSessions.storeId, storeId),
        filter.registerId ? eq(registerSessions.registerId, filter.registerId) : undefined,
        filter.before ? lt(registerSessions.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(registerSessions.id))
    .limit(filter.limit);
}

/** Closes an open session; false when it was closed already (by whoever came first). */
export async function closeSession(db: DbExecutor, storeId: number, id: number, at: Date, by: number) {
  const rows = await db
    .update(registerSessions)
    .set({ closedAt: at, closedBy: by })
    .where(
      and(
        eq(registerSessions.storeId, storeId),
        eq(registerSessions.id, id),
        isNull(registerSessions.closedAt),
      ),
    )
    .returning({ id: registerSessions.id });
  return rows.length === 1;
}

export function movementsOf(db: DbExecutor, storeId: number, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return Promise.resolve([] as MovementRow[]);
  return db
    .select()
    .from(registerMovements)
    .where(
      and(
        eq(registerMovements.storeId, storeId),
        sql`${registerMovements.sessionId} in (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(registerMovements.id));
}

export async function insertMovement(db: DbExecutor, values: typeof registerMovements.$inferInsert) {
  const [row] = await db.insert(registerMovements).values(values).returning({ id: registerMovements.id });
  return row!.id;
}

export function takingsOf(db: DbExecutor, storeId: number, sessionId: number) {
  return db
    .select({
      id: ledgerEntries.id,
      at: ledgerEntries.at,
      kind: ledgerEntries.kind,
      orderId: ledgerEntries.orderId,
      orderNumber: orders.numero,
      tabId: ledgerEntries.tabId,
      channel: ledgerEntries.channel,
      paymentMethodId: ledgerEntries.paymentMethodId,
      paymentName: ledgerEntries.paymentName,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .leftJoin(orders, and(eq(orders.id, ledgerEntries.orderId), eq(orders.storeId, ledgerEntries.storeId)))
    .where(
      and(
        eq(ledgerEntries.storeId, storeId),
        eq(ledgerEntries.registerSessionId, sessionId),
        eq(ledgerEntries.online, false),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
}

export function countsOf(db: DbExecutor, storeId: number, sessionIds: readonly number[]) {
  if (sessionIds.length === 0) return Promise.resolve([] as CountRow[]);
  return db
    .select()
    .from(registerCounts)
    .where(
      and(
        eq(registerCounts.storeId, storeId),
        sql`${registerCounts.sessionId} in (${sql.join(
          sessionIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(asc(registerCounts.position));
}

export async function insertCounts(db: DbExecutor, rows: (typeof registerCounts.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(registerCounts).values(rows);
}

export function paymentMethodsOf(db: DbExecutor, storeId: number) {
  return db
    .select({
      id: paymentMethods.id,
      tipo: paymentMethods.tipo,
      descricao: paymentMethods.descricao,
      permite_troco: paymentMethods.permiteTroco,
    })
    .from(paymentMethods)
    .where(eq(paymentMethods.storeId, storeId))
    .orderBy(asc(paymentMethods.ordem), asc(paymentMethods.id));
}

export async function staffNames(db: DbExecutor, storeId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: staffAccounts.id, nome: staffAccounts.nome })
    .from(staffAccounts)
    .where(eq(staffAccounts.storeId, storeId));
  return new Map(rows.map((row) => [row.id, row.nome]));
}

export async function storeNameOf(db: DbExecutor, storeId: number): Promise<string> {
  const [row] = await db
    .select({ nome: companySettings.nome })
    .from(companySettings)
    .where(eq(companySettings.storeId, storeId));
  return row?.nome ?? '';
}

/** Whether any of the order's ledger entries was taken in a session that is closed now. */
export async function orderInClosedSession(db: DbExecutor, storeId: number, orderId: number) {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .innerJoin(registerSessions, eq(registerSessions.id, ledgerEntries.registerSessionId))
    .where(
      and(
        eq(ledgerEntries.storeId, storeId),
        eq(ledgerEntries.orderId, orderId),
        eq(registerSessions.storeId, storeId),
        isNotNull(registerSessions.closedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}
