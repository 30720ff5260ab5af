/**
 * Order placement: orders per second and p99 latency of POST /bar/v2/app/order/upsert/ on
 * PostgreSQL and on PGlite, next to the raw rate of the same inserts made in one transaction, in the
 * same run. Each order is a real checkout (a customised burger and a drink, pickup, card on
 * delivery) by one of many signed-up customers, with its own Idempotency-Key. Prints a table;
 * asserts nothing.
 *
 * PostgreSQL: TEST_DATABASE_URL (or postgres://postgres@127.0.0.1:5432/test) names the server; the
 * bench creates its own database there and drops it afterwards.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fullProduct } from '@comanda/contract';
import { buildCartLine, type FullProduct, initialPicks, type Picks } from '@comanda/domain';
import autocannon from 'autocannon';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/db/client.ts';
import { customers, products, stores } from '../apps/server/src/db/schema.ts';
import { type OrderLineValues, writeOrder } from '../apps/server/src/modules/orders/repository.ts';
import { readDemoStore } from '../apps/server/src/modules/store-import/demo-stores.ts';
import { importStore } from '../apps/server/src/modules/store-import/service.ts';
import { submission } from '../apps/server/src/test/submission.ts';
import { type BenchCustomer as Customer, printTable, signUpCustomer, startServer } from './support.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_ORDER_CONNECTIONS ?? 10);
const CUSTOMERS = 64;
/** Which databases to measure (comma-separated names of the table's rows); both by default. */
const DATABASES = (process.env.BENCH_ORDER_DATABASES ?? 'PostgreSQL,PGlite').split(',');
const RAW_ORDERS = 2000;
const HOST = 'pizzaria.localhost';
const PORT = 3881;
const SERVER_ENV = {
  RATE_LIMIT_MULTIPLIER: '1000',
  PASSWORD_HASH_COST: '10',
  DEMO_STORES: 'on',
  LOG_LEVEL: 'error',
};

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, {
    ...init,
    headers: { host: HOST, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function signUpCustomers(baseUrl: string, count: number): Promise<Customer[]> {
  const prefix = String(Date.now() % 100_000).padStart(5, '0');
  const out: Customer[] = [];
  for (let i = 0; i < count; i++)
    out.push(await signUpCustomer(baseUrl, `119${prefix}${String(i).padStart(3, '0')}`));
  return out;
}

/** The cart lines of the benchmark's order, built the way the storefront builds them. */
async function benchCart(baseUrl: string) {
  const list = (await json(`${baseUrl}/estoque/produtos_app?format=json`)) as {
    id: number;
    descricao: string;
  }[];
  const idOf = (name: string) => list.find((p) => p.descricao === name)!.id;
  const load = async (id: number) =>
    fullProduct.parse(await json(`${baseUrl}/estoque/produtos_full_app/${id}?format=json`)) as FullProduct;
  const burger = await load(idOf('Burger Clássico'));
  const picks: Record<number, Record<number, number>> = { ...initialPicks(burger, 'app') };
  for (const group of burger.grupos) {
    const pick = (name: string, quantity: number) => {
      const item = group.grupo.lista_itens.find((candidate) => candidate.descricao === name);
      if (item) picks[group.grupo.id] = { ...picks[group.grupo.id], [item.id]: quantity };
    };
    pick('Ao ponto', 1);
    pick('Bacon', 1);
  }
  const coke = await load(idOf('Coca-Cola lata 350 ml'));
  const lines = [
    buildCartLine(burger, picks as Picks, { channel: 'app', qtd: 1 }),
    buildCartLine(coke, {}, { channel: 'app', qtd: 2 }),
  ];
  return lines.map((line) => {
    if (!line.ok) throw new Error(JSON.stringify(line.error));
    return line.line;
  });
}

/** CPU time (user + system) of processes so far, ms; 0 where /proc is not readable. */
function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

/** The local PostgreSQL server's processes (empty when it runs elsewhere or pgrep is missing). */
function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-u', 'postgres']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

/**
 * Autocannon's request list for placing orders: each request the next customer's order (their
 * token, a body built for them) with an Idempotency-Key of its own.
 */
function placementRequests(customersList: Customer[], lines: object[], keyPrefix: string) {
  const bodies = customersList.map((customer) => JSON.stringify(submission(customer.id, lines)));
  let next = 0;
  return [
    {
      method: 'POST' as const,
      setupRequest: (request: autocannon.Request) => {
        const i = next++;
        return {
          ...request,
          method: 'POST' as const,
          path: '/bar/v2/app/order/upsert/',
          headers: {
            host: HOST,
            'content-type': 'application/json',
            authorization: `Bearer ${customersList[i % customersList.length]!.token}`,
            'idempotency-key': `${keyPrefix}-${process.pid}-${i}`,
          },
          body: bodies[i % bodies.length]!,
        };
      },
    },
  ];
}

async function loadOrders(baseUrl: string, customersList: Customer[], lines: object[], serverPid?: number) {
  const requests = placementRequests(customersList, lines, 'bench');
  const run = (duration: number) =>
    autocannon({
      url: `${baseUrl}/bar/v2/app/order/upsert/`,
      connections: CONNECTIONS,
      duration,
      pipelining: 1,
      requests,
    });
  await run(2); // warm-up
  const pgPids = postgresPids();
  const before = { server: cpuMs(serverPid ? [serverPid] : []), postgres: cpuMs(pgPids) };
  const result = await run(DURATION_S);
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`order placement: ${result.non2xx} non-2xx, ${result.errors} errors`);
  }
  const orders = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    mean: result.latency.average,
    serverCpuMs: (cpuMs(serverPid ? [serverPid] : []) - before.server) / orders,
    postgresCpuMs: pgPids.length > 0 ? (cpuMs(pgPids) - before.postgres) / orders : null,
  };
}

/**
 * The rows one order writes (its Idempotency-Key with the reply, the order, lines, status change,
 * points and ledger: the server's one write statement), RAW_ORDERS times inside one
 * transaction: the database's ceiling for these inserts, without HTTP, reads, checks or a commit
 * per order.
 */
async function rawInsertRate(database: DatabaseHandle, storeId: number, customerId: number): Promise<number> {
  const db = database.db;
  const productId = async (ref: string) => {
    const [row] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, storeId), eq(products.ref, ref)));
    return row!.id;
  };
  const [burger, coke] = [await productId('burger-classico'), await productId('coca-lata')];
  const ids = (
    (await db.execute(
      sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id from generate_series(1, ${RAW_ORDERS})`,
    )) as unknown as { rows: { id: number }[] }
  ).rows.map((row) => row.id);
  const lines: OrderLineValues[] = [
    {
      seq: 0,
      productId: burger,
      descricaoProduto: 'Burger Clássico',
      descricaoCategoria: 'Hambúrgueres',
      produtoValor: 3290,
      valorAdicionais: 600,
      qtd: 1,
      valorTotal: 3890,
      observacao: '',
      itensPedidos: [],
    },
    {
      seq: 1,
      productId: coke,
      descricaoProduto: 'Coca-Cola lata 350 ml',
      descricaoCategoria: 'Bebidas',
      produtoValor: 690,
      valorAdicionais: 0,
      qtd: 2,
      valorTotal: 1380,
      observacao: '',
      itensPedidos: [],
    },
  ];
  const started = performance.now();
  await db.transaction(async (tx) => {
    for (const [i, id] of ids.entries()) {
      const now = new Date();
      const key = `raw-${process.pid}-${i}`;
      await writeOrder(tx, {
        order: {
          id,
          storeId,
          customerId,
          dhIniciado: now,
          tipoEntrega: 'Retirada',
          formaEntrada: 'Instagram',
          channel: 'app',
          enteredBy: null,
          tableId: null,
          mesa: null,
          totalProdutos: 4670,
          acrescimo: 600,
          valorEntrega: 0,
          descontoCupom: 0,
          descontoFidelidade: 0,
          total: 5270,
          couponId: null,
          cupom: null,
          observacoes: '',
          paymentMethodId: 2,
          formaPagamentoNome: 'Cartão de crédito (na entrega)',
          trocoPara: null,
          horaEntrega: null,
          estimatedAt: now,
          addressId: null,
          addressString: null,
          fidelidadeUtilizada: false,
          pontosFidelidade: 52,
          pontosUtilizados: 0,
          documentoCliente: null,
          foneParaMensagens: null,
          imprimir: true,
          awaitingPayment: false,
        },
        lines,
        key,
        requestHash: 'x',
        reply: { order_info: { order_id: id } },
        // One customer writes them all: the orders limit would stop it at 10.
        rate: null,
      });
    }
  });
  return RAW_ORDERS / ((performance.now() - started) / 1000);
}

async function storeAndCustomer(database: DatabaseHandle): Promise<{ storeId: number; customerId: number }> {
  const [store] = await database.db.select({ id: stores.id }).from(stores).where(eq(stores.slug, 'pizzaria'));
  const [customer] = await database.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.storeId, store!.id))
    .limit(1);
  return { storeId: store!.id, customerId: customer!.id };
}

async function benchPostgres(serverUrl: string) {
  const name = `comanda_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const server = await startServer(PORT, {
    ...SERVER_ENV,
    DATABASE_URL: url.toString(),
    DATABASE_POOL_SIZE: '20',
  });
  const database = openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    const list = await signUpCustomers(server.url, CUSTOMERS);
    const lines = await benchCart(server.url);
    const api = await loadOrders(server.url, list, lines, server.child.pid);
    await server.stop();
    const { storeId, customerId } = await storeAndCustomer(database);
    const raw = await rawInsertRate(database, storeId, customerId);
    return { api, raw };
  } finally {
    if (server.child.exitCode === null) await server.stop();
    await database.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

async function benchPglite() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comanda-bench-orders-'));
  const server = await startServer(PORT, { ...SERVER_ENV, DATA_DIR: dataDir });
  let api: Awaited<ReturnType<typeof loadOrders>>;
  try {
    const list = await signUpCustomers(server.url, CUSTOMERS);
    api = await loadOrders(server.url, list, await benchCart(server.url), server.child.pid);
  } finally {
    await server.stop();
  }
  // The embedded database is single-process: the raw inserts run once the server has stopped,
  // on a fresh in-memory copy with the demo store and one customer.
  const database = openDatabase({});
  try {
    await database.migrate();
    const { storeId } = await importStore(database.db, readDemoStore('pizzaria.json'), {
      paymentSecretsKey: randomBytes(32),
    });
    const now = new Date();
    const [customer] = await database.db
      .insert(customers)
      .values({
        storeId,
        phone: '11999990000',
        phoneCountry: 'BR',
        nome: 'Cliente Bench',
        passwordHash: 'x',
        privacyToken: 'bench',
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: customers.id });
    const raw = await rawInsertRate(database, storeId, customer!.id);
    return { api, raw };
  } finally {
    await database.close();
  }
}

/**
 * The orders bench's load, left running in the background on its own embedded-database server (the
 * storefront bench measures Lighthouse beside it); stop() ends the load and the server.
 */
export async function startOrderLoad(port: number): Promise<{ stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comanda-bench-load-'));
  const server = await startServer(port, { ...SERVER_ENV, DATA_DIR: dataDir });
  const baseUrl = server.url;
  const list = await signUpCustomers(baseUrl, CUSTOMERS);
  const instance = autocannon(
    {
      url: `${baseUrl}/bar/v2/app/order/upsert/`,
      connections: CONNECTIONS,
      duration: 3600,
      requests: placementRequests(list, await benchCart(baseUrl), 'load'),
    },
    () => {},
  );
  return {
    stop: async () => {
      instance.stop();
      await server.stop();
    },
  };
}

export async function runOrdersBench() {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const rows: Record<string, string | number>[] = [];
  for (const [name, run] of [
    ['PostgreSQL', () => benchPostgres(serverUrl)],
    ['PGlite', benchPglite],
  ] as const) {
    if (!DATABASES.includes(name)) continue;
    const { api, raw } = await run();
    // PGlite runs inside the server process: its CPU is the server's.
    if (name === 'PGlite') api.postgresCpuMs = null;
    rows.push({
      database: name,
      'orders/s': Math.round(api.rps),
      'p99 ms': api.p99,
      'mean ms': Number(api.mean.toFixed(1)),
      'server CPU ms/order': Number(api.serverCpuMs.toFixed(2)),
      'PostgreSQL CPU ms/order': api.postgresCpuMs === null ? '' : Number(api.postgresCpuMs.toFixed(2)),
      'raw inserts, one transaction (orders/s)': Math.round(raw),
      target: name === 'PostgreSQL' ? '>= 300 orders/s, p99 < 50 ms' : '>= 250 orders/s',
    });
  }
  printTable(
    `Order placement, ${CONNECTIONS} connections, ${DURATION_S} s, ${CUSTOMERS} customers (server in its own process)`,
    rows,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runOrdersBench();
