import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { companySettings, staffAccounts, stores } from '../../db/schema.ts';

export type StaffRow = typeof staffAccounts.$inferSelect;
export type NewStaff = typeof staffAccounts.$inferInsert;

/** Every query here is scoped by store and sees only members not removed. */
const current = (storeId: number) => and(eq(staffAccounts.storeId, storeId), isNull(staffAccounts.removedAt));

export async function findStaffByPhone(
  db: DbExecutor,
  storeId: number,
  phone: string,
): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(and(current(storeId), eq(staffAccounts.phone, phone)));
  return row;
}

export async function findStaffById(
  db: DbExecutor,
  storeId: number,
  id: number,
): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staffAccounts)
    .where(and(current(storeId), eq(staffAccounts.id, id)));
  return row;
}

/** Undefined when the phone already belongs to a member of the store's team. */
export async function insertStaff(db: DbExecutor, values: NewStaff): Promise<StaffRow | undefined> {
  const [row] = await db
    .insert(staffAccounts)
    .values(values)
    .onConflictDoNothing({
      target: [staffAccounts.storeId, staffAccounts.phone],
      where: sql`${staffAccounts.removedAt} is null`,
    })
    .returning();
  return row;
}

export function listStaff(db: DbExecutor, storeId: number): Promise<StaffRow[]> {
  return db.select().from(staffAccounts).where(current(storeId)).orderBy(asc(staffAccounts.id));
}

export async function updateStaff(
  db: DbExecutor,
  storeId: number,
  id: number,
  values: Partial<Pick<StaffRow, 'role' | 'nome' | 'passwordHash' | 'passwordChangedAt' | 'removedAt'>> & {
    updatedAt: Date;
  },
): Promise<StaffRow | undefined> {
  const [row] = await db
    .update(staffAccounts)
    .set(values)
    .where(and(current(storeId), eq(staffAccounts.id, id)))
    .returning();
  return row;
}

/**
 * The store's owners, locked: a change that could leave the store without one holds them until it
 * commits, so two owners demoting each other at once cannot both succeed.
 */
export async function lockOwners(db: DbExecutor, storeId: number): Promise<number[]> {
  const rows = await db
    .select({ id: staffAccounts.id })
    .from(staffAccounts)
    .where(and(current(storeId), eq(staffAccounts.role, 'owner')))
    .orderBy(asc(staffAccounts.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** The store's address and name, words a member's password must not lean on. */
export async function findStoreWords(
  db: DbExecutor,
  storeId: number,
): Promise<{ slug: string; nome: string | null } | undefined> {
  const [row] = await db
    .select({ slug: stores.slug, nome: companySettings.nome })
    .from(stores)
    .leftJoin(companySettings, eq(companySettings.storeId, stores.id))
    .where(eq(stores.id, storeId));
  return row;
}
