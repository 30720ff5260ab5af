import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';

/** A new store's row, or undefined when the slug is taken (the unique index decides, not a read). */
export async function claimSlug(
  tx: DbExecutor,
  slug: string,
  rootStoreId: number | null = null,
): Promise<number | undefined> {
  const [row] = await tx
    .insert(stores)
    .values({ slug, rootStoreId })
    .onConflictDoNothing({ target: stores.slug })
    .returning({ id: stores.id });
  return row?.id;
}

/** The first store of the chain that made this one (itself when the operator made it). */
export async function rootStoreOf(db: DbExecutor, storeId: number): Promise<number> {
  const [row] = await db.select({ root: stores.rootStoreId }).from(stores).where(eq(stores.id, storeId));
  return row?.root ?? storeId;
}
