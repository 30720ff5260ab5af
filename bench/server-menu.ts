/**
 * Menu calls against nginx serving the same compressed bytes with the same headers (one nginx
 * worker, one server process, 32 connections, in the same run): requests per second and p99
 * latency, plus the server's memory after start on PGlite. Prints tables; asserts nothing.
 */

import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { NGINX, nginxAvailable, startNginxWith } from './nginx.ts';
import { printTable, startServer } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 32;
// gzip: the encoding nginx's gzip_static serves, so both answer the very same bytes.
const HEADERS = { host: 'pizzaria.localhost', 'accept-encoding': 'gzip' };

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

/** A reply's bytes as they travel (still compressed) and its headers. */
async function rawReply(url: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ body: Buffer.concat(chunks), headers });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const headerBytes = (headers: Record<string, string>) =>
  Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);

export async function runServerMenuBench() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comanda-bench-'));
  // First start creates the embedded database and loads the demo stores; restarts reopen it (the
  // median of three: a restart's RSS moves by some 20 MiB from one start to the next).
  const first = await startServer(3871, { DATA_DIR: dataDir });
  const rssFirstStart = first.rssMiB();
  await first.stop();
  const restarts: number[] = [];
  for (let i = 0; i < 2; i++) {
    const again = await startServer(3871, { DATA_DIR: dataDir });
    restarts.push(again.rssMiB());
    await again.stop();
  }
  const server = await startServer(3871, { DATA_DIR: dataDir });
  restarts.push(server.rssMiB());
  const rssRestart = [...restarts].sort((a, b) => a - b)[1]!;
  const rows: Record<string, string | number>[] = [];
  try {
    if (!nginxAvailable()) {
      console.log(
        `nginx is not installed (${NGINX}): run \`npm run bench:nginx\` for the yardstick; the API alone follows.`,
      );
    }
    for (const [name, route] of [
      ['product list', '/estoque/produtos_app?format=json'],
      ['company', '/core/empresa_personal_app?format=json'],
    ] as const) {
      const { body: raw, headers } = await rawReply(`${server.url}${route}`);
      await load(`${server.url}${route}`, HEADERS); // warm-up
      const api = await load(`${server.url}${route}`, HEADERS);
      const row: Record<string, string | number> = {
        call: name,
        'reply bytes (gzip)': raw.length,
        'header bytes': headerBytes(headers),
        'api req/s': api.rps,
        'api p99 ms': api.p99,
      };
      if (nginxAvailable()) {
        const nginx = await startNginxWith(3872, raw, headers);
        try {
          await load(`${nginx.url}/reply.json`, HEADERS); // warm-up
          const yardstick = await load(`${nginx.url}/reply.json`, HEADERS);
          Object.assign(row, {
            'nginx req/s': yardstick.rps,
            'nginx p99 ms': yardstick.p99,
            'api/nginx': (api.rps / yardstick.rps).toFixed(2),
          });
        } finally {
          await nginx.stop();
        }
      }
      row.target = '>= 0.80';
      rows.push(row);
    }
  } finally {
    await server.stop();
  }
  printTable(
    `Menu calls against nginx 1 worker serving the same gzip bytes and headers, ${CONNECTIONS} connections, ${DURATION_S} s each`,
    rows,
  );
  printTable('Server memory after start on PGlite (RSS, MiB)', [
    {
      start: 'first (creates the database in a child process, loads the demo)',
      RSS: rssFirstStart.toFixed(0),
      target: '< 350',
      ok: rssFirstStart < 350 ? 'yes' : 'NO',
    },
    {
      start: `restart (median of ${restarts.map((rss) => rss.toFixed(0)).join(', ')})`,
      RSS: rssRestart.toFixed(0),
      target: '< 250',
      ok: rssRestart < 250 ? 'yes' : 'NO',
    },
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runServerMenuBench();
