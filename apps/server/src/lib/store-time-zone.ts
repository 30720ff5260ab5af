import { DEFAULT_STORE_TIME_ZONE } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../db/client.ts';
import { stores } from '../db/schema.ts';

/**
 * The store's IANA time zone (docs/decisions/0043), read by every module that turns instants into
 * store days or wall-clock hours; a store that does not exist reads as the default zone, its
 * callers refuse it on their own.
 */
export async function storeTimeZone(db: DbExecutor, storeId: number): Promise<string> {
  const [row] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, storeId));
  return row?.timeZone ?? DEFAULT_STORE_TIME_ZONE;
}
