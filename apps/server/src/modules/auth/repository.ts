import { and, desc, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema.ts';

// ---------------------------------------------------------------------------------------------
// Recovery codes

/** A new code replaces the customer's earlier ones. */
export async function replaceRecoveryCode(
  db: DbExecutor,
  values: typeof recoveryCodes.$inferInsert,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(recoveryCodes)
      .where(and(eq(recoveryCodes.storeId, values.storeId), eq(recoveryCodes.customerId, values.customerId)));
    await tx.insert(recoveryCodes).values(values);
  });
}

/**
 * Takes one try of the customer's live code (not used, not expired, fewer than `maxAttempts`
 * tries): counts the try first, so parallel guesses cannot exceed the limit. Undefined when there
 * is no live code.
 */
export async function takeRecoveryCodeAttempt(
  db: DbExecutor,
  storeId: number,
  customerId: number,
  now: Date,
  maxAttempts: number,
): Promise<{ id: number; codeHash: string } | undefined> {
  const [latest] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.storeId, storeId), eq(recoveryCodes.customerId, customerId)))
    .orderBy(desc(recoveryCodes.id))
    .limit(1);
  if (!latest) return undefined;
  const [row] = await db
    .update(recoveryCodes)
    .set({ attempts: sql`${recoveryCodes.attempts} + 1` })
    .where(
      and(
        eq(recoveryCodes.id, latest.id),
        isNull(recoveryCodes.usedAt),
        gt(recoveryCodes.expiresAt, now),
        lt(recoveryCodes.attempts, maxAttempts),
      ),
    )
    .returning({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash });
  return row;
}

/** Marks a code used; false when another request used it first. */
export async function useRecoveryCode(db: DbExecutor, codeId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.id, codeId), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Housekeeping

/** Deletes the recovery codes that can no longer matter: expired or used a day ago. */
export async function pruneDeadRecoveryCodes(db: DbExecutor, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  await db
    .delete(recoveryCodes)
    .where(or(lte(recoveryCodes.expiresAt, dayAgo), lte(recoveryCodes.usedAt, dayAgo)));
}
