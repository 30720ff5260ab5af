import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer, COMPILED_SERVER } from '../apps/server/build.ts';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { createStaffAccount } from '../apps/server/src/modules/staff/service.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';
import { findStoreBySlug } from '../apps/server/src/plugins/tenant.ts';

export const repoRoot = path.resolve(import.meta.dirname, '..');

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  rssMiB(): number;
  stop(): Promise<void>;
}

let compiled: Promise<void> | undefined;

/** Starts the real server in its own process on a fresh embedded database (or DATABASE_URL). */
export async function startServer(port: number, env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'comanda-bench-'));
  // BENCH_CPU_PROF_DIR=dir writes a V8 CPU profile of each server process there (open in DevTools).
  const profile = process.env.BENCH_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
    : [];
  // The server `npm start` runs: compiled, from this checkout's sources.
  compiled ??= buildServer();
  await compiled;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...profile, COMPILED_SERVER], {
    cwd: repoRoot,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The benches that take payments start their own stand-in PSP.
      PSP_STANDIN: 'off',
      WHATSAPP_STANDIN: 'off',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    port,
    child,
    rssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export function printTable(title: string, rows: Record<string, string | number>[]) {
  console.log(`\n${title}`);
  console.table(rows);
}

export interface BenchCustomer {
  id: number;
  token: string;
}

/** Signs a customer up through the API (the demo pizzaria unless `host` names another store). */
export async function signUpCustomer(
  baseUrl: string,
  cellphone: string,
  host = 'pizzaria.localhost',
): Promise<BenchCustomer> {
  const reply = await fetch(`${baseUrl}/core/registration_app/`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Cliente Bench',
      password: 'senha-do-bench-1',
      terms: true,
      cellphone,
      ddi: '55',
    }),
  });
  if (reply.status !== 201) throw new Error(`sign-up ${cellphone}: ${reply.status} ${await reply.text()}`);
  const token = ((await reply.json()) as { detail: string }).detail;
  const { user_id } = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as {
    user_id: number;
  };
  return { id: user_id, token };
}

/** The value below which p percent of the samples fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export interface BenchStore {
  server: RunningServer;
  database: DatabaseHandle;
  /** The fresh database's URL (to write seed rows straight into it). */
  databaseUrl: string;
  /** The demo pizzaria. */
  store: { id: number };
  /** Stops the server and drops the database (BENCH_KEEP_DATABASE=1 keeps it and prints its name). */
  close(): Promise<void>;
}

/**
 * The real server on a fresh PostgreSQL database of its own (TEST_DATABASE_URL, or
 * postgres://postgres@127.0.0.1:5432/test) with the demo stores, for the benches that seed it.
 */
export async function startBenchStore(label: string, port: number, keep = false): Promise<BenchStore> {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `comanda_bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const server = await startServer(port, {
    DATABASE_URL: dbUrl.toString(),
    DEMO_STORES: 'on',
    RATE_LIMIT_MULTIPLIER: '1000',
    PASSWORD_HASH_COST: '10',
  });
  const database = openDatabase({ databaseUrl: dbUrl.toString() });
  const store = (await findStoreBySlug(database.db, 'pizzaria'))!;
  return {
    server,
    database,
    databaseUrl: dbUrl.toString(),
    store,
    close: async () => {
      await database.close();
      await server.stop();
      if (keep || process.env.BENCH_KEEP_DATABASE) console.log(`kept ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A staff member of the bench's store, created straight in the database, signed in: their token. */
export async function benchStaffToken(
  bench: BenchStore,
  staff: { phone: string; name: string; role: 'attendant' | 'manager'; host: string },
): Promise<string> {
  const password = 'senha-do-bench-1';
  await createStaffAccount(
    bench.database.db,
    {
      storeId: bench.store.id,
      country: 'BR',
      phone: staff.phone,
      name: staff.name,
      password,
      role: staff.role,
    },
    { cost: { ln: 10, r: 8, p: 1 }, now: new Date() },
  );
  const signIn = await fetch(`${bench.server.url}/staff/auth/sign-in`, {
    method: 'POST',
    headers: { host: staff.host, 'content-type': 'application/json' },
    body: JSON.stringify({ username: staff.phone, password }),
  });
  if (!signIn.ok) throw new Error(`staff sign-in: ${signIn.status} ${await signIn.text()}`);
  return ((await signIn.json()) as { token: string }).token;
}
