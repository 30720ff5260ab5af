import { and, asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { smsMessages } from '../../db/schema.ts';

export async function insertSmsMessage(
  db: DbExecutor,
  values: typeof smsMessages.$inferInsert,
): Promise<void> {
  await db.insert(smsMessages).values(values);
}

/** The local stand-in's outbox for one phone (E.164), oldest first. */
export function listSmsMessages(db: DbExecutor, storeId: number, phone: string) {
  return db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.storeId, storeId), eq(smsMessages.phone, phone)))
    .orderBy(asc(smsMessages.id));
}
