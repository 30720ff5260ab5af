import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './client.ts';

/**
 * Independent reads: at once on the pool (each on its own connection), one after another in a
 * transaction, whose one connection runs one query at a time (node-postgres queues overlapping
 * queries on a client, deprecated, and pg 9 refuses them).
 */
export async function readTogether<const T extends readonly (() => Promise<unknown>)[]>(
  db: DbExecutor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}
