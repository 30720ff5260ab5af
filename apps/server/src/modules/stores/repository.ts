import type { DbExecutor } from '../../db/client.ts';
import { stores } from '../../db/schema.ts';

/** A new store's row, or undefined when the slug is taken (the unique index decides, not a read). */
export async function claimSlug(tx: DbExecutor, slug: string): Promise<number | undefined> {
  const [row] = await tx
    .insert(stores)
    .values({ slug })
    .onConflictDoNothing({ target: stores.slug })
    .returning({ id: stores.id });
  return row?.id;
}
