/**
 * Menu calls against the same bytes served as a static file: requests per second and p99 latency,
 * plus the server's memory after start on PGlite. Prints a table; asserts nothing.
 */

import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { printTable, repoRoot, startServer } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 32;
const HEADERS = { host: 'pizzaria.localhost', 'accept-encoding': 'gzip, deflate, br' };

async function load(url: string, headers: Record<string, string>) {
  const result = await autocannon({
    url,
    headers,
    connections: CONNECTIONS,
    duration: DURATION_S,
    pipelining: 1,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

export async function runServerMenuBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comanda-bench-'));
  // First start creates the embedded database and loads the demo stores; the second reopens it.
  const first = await startServer(3871, { DATA_DIR: dataDir });
  const rssFirstStart = first.rssMiB();
  await first.stop();
  const server = await startServer(3871, { DATA_DIR: dataDir });
  const rssRestart = server.rssMiB();
  const rows: Record<string, string | number>[] = [];
  try {
    for (const [name, route] of [
      ['product list', '/estoque/produtos_app?format=json'],
      ['company', '/core/empresa_personal_app?format=json'],
    ] as const) {
      // The same bytes the API answers (brotli), as a file served by @fastify/static in its own process.
      const res = await fetch(`${server.url}${route}`, { headers: HEADERS });
      const body = Buffer.from(await res.arrayBuffer());
      const dir = mkdtempSync(path.join(tmpdir(), 'comanda-static-'));
      writeFileSync(path.join(dir, 'reply.json'), body);
      const staticServer = fork(path.join(repoRoot, 'bench/static-server.ts'), [dir, '3872'], {
        execArgv: ['--import', 'tsx'],
      });
      await new Promise((resolve) => staticServer.once('message', resolve));

      await load(`${server.url}${route}`, HEADERS); // warm-up
      const api = await load(`${server.url}${route}`, HEADERS);
      const file = await load('http://127.0.0.1:3872/reply.json', HEADERS);
      staticServer.kill();
      rows.push({
        call: name,
        'api req/s': api.rps,
        'api p99 ms': api.p99,
        'static req/s': file.rps,
        'static p99 ms': file.p99,
        'api/static': (api.rps / file.rps).toFixed(2),
        target: '>= 0.80',
      });
    }
  } finally {
    await server.stop();
  }
  printTable(
    `Menu calls, ${CONNECTIONS} connections, ${DURATION_S} s each (both servers in their own process)`,
    rows,
  );
  printTable('Server memory after start (RSS, MiB)', [
    {
      database: 'PGlite',
      'first start (creates the database)': rssFirstStart.toFixed(1),
      restart: rssRestart.toFixed(1),
    },
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runServerMenuBench();
