/**
 * Migrated template databases for the server's test files (docs/decisions/0039): the migrations run
 * once per vitest run, in the global setup (./global-setup.ts), and each test file's database is a
 * copy of the result instead of a new database migrated in place.
 *
 * - PGlite: an in-memory database, migrated, dumped as a data-dir tarball to a temporary file; a
 *   test's database loads it (PGlite's `loadDataDir`) instead of running initdb and the migrations.
 * - PostgreSQL: a database `comanda_template_<run>` on the server of TEST_DATABASE_URL, migrated
 *   and then closed to connections; a test's database is `create database … template` of it.
 *
 * The PGlite template is made in a child process (`node --import tsx template-database.ts <file>`),
 * so the runner's own process never holds initdb's WebAssembly instances (see pglite-cluster.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';

/** What the global setup provides to the test files (vitest's `provide`/`inject`). */
export type TestDatabaseTemplate =
  | { kind: 'pglite'; file: string }
  | { kind: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate?: TestDatabaseTemplate;
  }
}

/** Writes a migrated PGlite's data-dir dump (an uncompressed tarball) to `file`, in a child process. */
export function createPgliteTemplate(file: string) {
  // From source under tsx, by tsx's resolved address (vitest's module runner, where the global
  // setup runs, has no import.meta.resolve).
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const created = spawnSync(process.execPath, ['--import', tsx, fileURLToPath(import.meta.url), file], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (created.status !== 0 || !existsSync(file)) {
    throw new Error(`could not make the PGlite template database in ${file} (exit ${created.status})`);
  }
}

async function writePgliteTemplate(file: string) {
  const database = openDatabase({});
  try {
    await database.migrate();
    // Everything on disk, so the copy starts without replaying the migrations' WAL.
    await database.db.execute(sql`checkpoint`);
    const dump = await database.pglite!.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** Makes the migrated database `name` on the server of `serverUrl`, closed to connections. */
export async function createPostgresTemplate(serverUrl: string, name: string) {
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // A database is copied only while no one is connected to it: no test connects by mistake.
  await adminQuery(serverUrl, `alter database ${name} allow_connections false`);
}

export async function dropPostgresDatabase(serverUrl: string, name: string) {
  await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
}

/** One statement on the database of `serverUrl`, on a connection of its own. */
export async function adminQuery(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

const runAsScript =
  process.argv[1] !== undefined &&
  import.meta.url === pathToFileURL(process.argv[1]).href &&
  path.basename(process.argv[1]).startsWith('template-database.');
if (runAsScript) {
  await writePgliteTemplate(process.argv[2]!);
}
