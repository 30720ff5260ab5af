import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer, COMPILED_SERVER } from '../apps/server/build.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/node-flags.ts';

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
