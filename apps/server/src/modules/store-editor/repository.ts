import { and, desc, eq, lt } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { staffAccounts, storeAuditLog, stores } from '../../db/schema.ts';

/** The store's menu version, its row locked until the transaction ends (one editor write at a time). */
export async function lockMenuVersion(tx: DbExecutor, storeId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ version: stores.menuVersion })
    .from(stores)
    .where(eq(stores.id, storeId))
    .for('update');
  return row?.version;
}

export async function menuVersionOf(db: DbExecutor, storeId: number): Promise<number | undefined> {
  const [row] = await db.select({ version: stores.menuVersion }).from(stores).where(eq(stores.id, storeId));
  return row?.version;
}

export type NewAuditRow = typeof storeAuditLog.$inferInsert;

export async function insertAudit(tx: DbExecutor, row: NewAuditRow): Promise<void> {
  await tx.insert(storeAuditLog).values(row);
}

/** The store's audit entries, newest first, with who made them (a removed member too). */
export function listAudit(db: DbExecutor, storeId: number, limit: number, before: number | undefined) {
  return db
    .select({
      id: storeAuditLog.id,
      at: storeAuditLog.at,
      section: storeAuditLog.section,
      menuVersion: storeAuditLog.menuVersion,
      before: storeAuditLog.before,
      after: storeAuditLog.after,
      staffId: staffAccounts.id,
      nome: staffAccounts.nome,
      role: staffAccounts.role,
    })
    .from(storeAuditLog)
    .innerJoin(
      staffAccounts,
      and(eq(staffAccounts.id, storeAuditLog.staffId), eq(staffAccounts.storeId, storeAuditLog.storeId)),
    )
    .where(
      and(
        eq(storeAuditLog.storeId, storeId),
        before === undefined ? undefined : lt(storeAuditLog.id, before),
      ),
    )
    .orderBy(desc(storeAuditLog.id))
    .limit(limit);
}
