import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_ROOT } from '../server-root.ts';
import { ensureCluster, PGLITE_START_PARAMS } from './pglite-cluster.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbExecutor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs the schema migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The node-postgres pool, for LISTEN/NOTIFY; absent on PGlite. */
  pool?: pg.Pool;
  pglite?: PGlite;
}

const migrationsFolder = path.join(SERVER_ROOT, 'drizzle');
// An arbitrary constant that names "Comanda schema migrations" among advisory locks.
const MIGRATION_LOCK_ID = 7_300_611;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite directory; undefined keeps the embedded database in memory (tests). */
  dataDir?: string | undefined;
  /**
   * PGlite in memory only: start from this data-dir dump (`PGlite.dumpDataDir`) instead of a new
   * cluster (the tests' migrated template, docs/decisions/0039).
   */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir, options.loadDataDir);
}

function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): DatabaseHandle {
  let client: PGlite;
  if (dataDir) {
    if (loadDataDir) throw new Error('loadDataDir is for an in-memory PGlite only');
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    ensureCluster(dir);
    client = new PGlite(dir, { startParams: PGLITE_START_PARAMS });
  } else {
    client = new PGlite({ startParams: PGLITE_START_PARAMS, ...(loadDataDir ? { loadDataDir } : {}) });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
    },
  };
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: async () => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
      } finally {
        await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await pool.end();
    },
  };
}
