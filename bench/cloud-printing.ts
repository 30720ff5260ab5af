/**
 * Cloud printing (issue 32): how long after a manager accepts an order its station's ticket is
 * written by the stand-in CloudPRNT printer, which polls the server over HTTP as a Star printer does
 * (POST, GET, DELETE). The printer polls every BENCH_PRINTER_POLL_MS (1000 here; a real printer's
 * default is 5 s, which adds up to 4 s to every figure). Orders are accepted one at a time, each after
 * the previous ticket arrived. Runs the compiled server on a fresh PostgreSQL database
 * (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test). Prints a table; asserts nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  type ReceivedJob,
  StandinCloudPrinter,
} from '../apps/server/src/modules/printing/standin/standin-printer.ts';
import { createStaffAccount } from '../apps/server/src/modules/staff/service.ts';
import { findStoreBySlug } from '../apps/server/src/plugins/tenant.ts';
import { submission } from '../apps/server/src/test/submission.ts';
import { printTable, signUpCustomer, startServer } from './support.ts';

const PORT = 3894;
const HOST = `pizzaria.localhost:${PORT}`;
const ORDERS = Number(process.env.BENCH_PRINTER_ORDERS ?? 50);
const POLL_MS = Number(process.env.BENCH_PRINTER_POLL_MS ?? 1000);
const PASSWORD = 'senha-do-bench-1';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function call(base: string, method: string, url: string, body: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      host: HOST,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

export async function runCloudPrintingBench() {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `comanda_bench_print_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const server = await startServer(PORT, {
    DATABASE_URL: dbUrl.toString(),
    DEMO_STORES: 'on',
    RATE_LIMIT_MULTIPLIER: '1000',
    ORDER_RATE_LIMIT_MAX: '10000',
    PASSWORD_HASH_COST: '10',
  });
  const database = openDatabase({ databaseUrl: dbUrl.toString() });
  const outDir = await mkdtemp(path.join(tmpdir(), 'comanda-bench-printer-'));
  let printer: StandinCloudPrinter | null = null;
  try {
    const store = (await findStoreBySlug(database.db, 'pizzaria'))!;
    await createStaffAccount(
      database.db,
      {
        storeId: store.id,
        country: 'BR',
        phone: '11955560000',
        name: 'Gerente',
        password: PASSWORD,
        role: 'manager',
      },
      { cost: { ln: 10, r: 8, p: 1 }, now: new Date() },
    );
    const { token: staffToken } = (await call(server.url, 'POST', '/staff/auth/sign-in', {
      username: '11955560000',
      password: PASSWORD,
    })) as { token: string };
    const credentials = (await call(
      server.url,
      'POST',
      '/staff/printers',
      { name: 'Cozinha', station_id: null },
      staffToken,
    )) as { login: string; secret: string };

    const waiting = new Map<number, (job: ReceivedJob) => void>();
    printer = new StandinCloudPrinter({
      // The bare address serves the default store, the pizzaria.
      url: `${server.url}/integracoes/cloudprnt`,
      login: credentials.login,
      secret: credentials.secret,
      outDir,
      pollIntervalMs: POLL_MS,
      onJob: (job) => {
        const id = Number(/PEDIDO #(\d+)\n/.exec(job.content)?.[1]);
        waiting.get(id)?.(job);
      },
    });
    printer.start();

    const customer = await signUpCustomer(
      server.url,
      `119${String(Date.now() % 100_000_000).padStart(8, '0')}`,
    );
    const products = (await (
      await fetch(`${server.url}/estoque/produtos_app`, { headers: { host: HOST } })
    ).json()) as { id: number; descricao: string; valor_venda: number }[];
    const can = products.find((p) => p.descricao.startsWith('Guaraná'))!;

    const samples: number[] = [];
    let missing = 0;
    for (let i = 0; i < ORDERS; i++) {
      const placed = await call(
        server.url,
        'POST',
        '/bar/v2/app/order/upsert/',
        submission(customer.id, [
          { produto: can.id, qtd: 5, produto_valor: can.valor_venda, itens_pedidos: [] },
        ]),
        customer.token,
      );
      const id = (placed.order_info as { order_id: number }).order_id;
      const arrived = new Promise<number>((resolve) => waiting.set(id, () => resolve(performance.now())));
      const accepted = performance.now();
      await call(server.url, 'POST', `/staff/orders/${id}/status`, { status: 'Preparo' }, staffToken);
      const at = await Promise.race([
        arrived,
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 15_000)),
      ]);
      if (at === null) missing++;
      else samples.push(at - accepted);
      waiting.delete(id);
    }
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    printTable(
      `Acceptance (HTTP request sent) to the station's ticket written by the stand-in CloudPRNT printer, polling every ${POLL_MS} ms, PostgreSQL`,
      [
        { metric: 'orders accepted', value: ORDERS },
        { metric: 'tickets received', value: samples.length },
        { metric: 'tickets missing (must be 0)', value: missing },
        { metric: 'p50', value: ms(percentile(samples, 50)) },
        { metric: 'p99', value: ms(percentile(samples, 99)) },
        { metric: 'max', value: ms(Math.max(...samples)) },
      ],
    );
  } finally {
    await printer?.stop();
    await database.close();
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runCloudPrintingBench();
