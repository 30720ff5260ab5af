/**
 * Open storefronts following the store (issue 32 item 6, docs/decisions/0050): the time from a
 * sold-out switch (the staff call sent) to each of 200 open storefronts showing it, p50 and p99.
 * Each open page is an HTTP client doing what the browser's follower does: it asks the store's
 * state every 2 s (from a random phase, with the ETag of its last answer, as the browser's cache
 * does), and when the menu version changes it refetches the product list under the new version and
 * looks at the product. Two server instances on one PostgreSQL database, the pages split between
 * them as a load balancer would: a switch made through one instance reaches the pages of the other
 * by the database, as in production. Also the server's side: the state calls per second, the share
 * answered 304, the instances' memory. Prints tables; asserts nothing.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createStaffAccount } from '../apps/server/src/modules/staff/service.ts';
import { findStoreBySlug } from '../apps/server/src/plugins/tenant.ts';
import { printTable, startServer } from './support.ts';

const PORTS = [3903, 3904];
const HOST = 'pizzaria.localhost';
const PAGES = Number(process.env.BENCH_FOLLOW_PAGES ?? 200);
const SWITCHES = Number(process.env.BENCH_FOLLOW_SWITCHES ?? 12);
/** The storefront's STORE_STATE_POLL_MS. */
const POLL_MS = 2_000;
const STATE_PATH = '/core/v2/store/state?format=json';
const PRODUCT = 'Guaraná Antarctica lata 350 ml';
const PASSWORD = 'senha-do-bench-1';

/** CPU seconds a process has used (user + system), from /proc. */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the command), in clock ticks.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Counters {
  stateCalls: number;
  notModified: number;
  menuCalls: number;
}

/** One open page: follows the state; `shown(soldOut)` is called when its product list says so. */
function openPage(
  base: string,
  productId: number,
  counters: Counters,
  shown: (soldOut: boolean, at: number) => void,
  signal: AbortSignal,
) {
  let version: number | undefined;
  let etag: string | undefined;
  const round = async () => {
    counters.stateCalls++;
    const response = await fetch(`${base}${STATE_PATH}`, {
      headers: { host: HOST, accept: 'application/json', ...(etag ? { 'if-none-match': etag } : {}) },
    });
    if (response.status === 304) {
      counters.notModified++;
      return;
    }
    etag = response.headers.get('etag') ?? undefined;
    const state = (await response.json()) as { menu_version: number };
    if (state.menu_version === version) return;
    const first = version === undefined;
    version = state.menu_version;
    if (first) return;
    counters.menuCalls++;
    const reply = await fetch(`${base}/estoque/produtos_app?format=json&v=${version}`, {
      headers: { host: HOST, 'accept-encoding': 'br' },
    });
    const body = await reply.text();
    // When the list arrived: parsing 200 lists in this one process is not what 200 phones wait for.
    const arrivedAt = performance.now();
    const products = JSON.parse(body) as { id: number; esgotado?: boolean }[];
    shown(products.find((p) => p.id === productId)?.esgotado === true, arrivedAt);
  };
  void (async () => {
    await sleep(Math.random() * POLL_MS);
    while (!signal.aborted) {
      await round().catch(() => {});
      await sleep(POLL_MS);
    }
  })();
}

export async function runStorefrontFollowBench() {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `comanda_bench_follow_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  const env = { DATABASE_URL: dbUrl.toString(), RATE_LIMIT_MULTIPLIER: '1000', PASSWORD_HASH_COST: '10' };
  const first = await startServer(PORTS[0]!, { ...env, DEMO_STORES: 'on' });
  const second = await startServer(PORTS[1]!, { ...env, DEMO_STORES: 'off' });
  const servers = [first, second];
  const database = openDatabase({ databaseUrl: dbUrl.toString() });
  const abort = new AbortController();
  try {
    const store = (await findStoreBySlug(database.db, 'pizzaria'))!;
    const phone = '11955559900';
    await createStaffAccount(
      database.db,
      {
        storeId: store.id,
        country: 'BR',
        phone,
        name: 'Equipe Bench',
        password: PASSWORD,
        role: 'attendant',
      },
      { cost: { ln: 10, r: 8, p: 1 }, now: new Date() },
    );
    const signIn = await fetch(`${first.url}/staff/auth/sign-in`, {
      method: 'POST',
      headers: { host: HOST, 'content-type': 'application/json' },
      body: JSON.stringify({ username: phone, password: PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const products = (await (
      await fetch(`${first.url}/estoque/produtos_app?format=json`, { headers: { host: HOST } })
    ).json()) as { id: number; descricao: string }[];
    const productId = products.find((p) => p.descricao === PRODUCT)!.id;

    const counters: Counters = { stateCalls: 0, notModified: 0, menuCalls: 0 };
    // The switch under way: what the pages must show, when it was sent, who has shown it.
    let expected: boolean | undefined;
    let sentAt = 0;
    let seen = new Set<number>();
    const samples: number[] = [];
    const lastPage: number[] = [];
    for (let page = 0; page < PAGES; page++) {
      openPage(
        servers[page % servers.length]!.url,
        productId,
        counters,
        (soldOut, at) => {
          if (soldOut !== expected || seen.has(page)) return;
          seen.add(page);
          samples.push(at - sentAt);
        },
        abort.signal,
      );
    }
    // Every page has learnt the version once before the first switch.
    await sleep(POLL_MS * 2);

    const startedAt = performance.now();
    const countersAtStart = { ...counters };
    const cpuAtStart = servers.map((server) => cpuSeconds(server.child.pid));
    let missing = 0;
    for (let i = 0; i < SWITCHES; i++) {
      expected = i % 2 === 0;
      seen = new Set();
      sentAt = performance.now();
      // Alternately through each instance.
      const via = servers[i % servers.length]!;
      const reply = await fetch(`${via.url}/staff/menu/products/${productId}/sold-out`, {
        method: 'PUT',
        headers: { host: HOST, 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ sold_out: expected }),
      });
      if (!reply.ok) throw new Error(`sold-out switch: ${reply.status} ${await reply.text()}`);
      const deadline = sentAt + 10_000;
      while (seen.size < PAGES && performance.now() < deadline) await sleep(50);
      missing += PAGES - seen.size;
      lastPage.push(percentile(samples.slice(-seen.size), 100));
      // The next switch in another phase of the pages' rounds.
      await sleep(500 + Math.random() * POLL_MS);
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    printTable(
      `A sold-out switch to ${PAGES} open storefronts showing it (2 instances, PostgreSQL, state asked every ${POLL_MS / 1000} s)`,
      [
        { metric: 'switches', value: SWITCHES },
        { metric: 'page arrivals measured', value: samples.length },
        { metric: 'arrivals missing within 10 s (must be 0)', value: missing },
        { metric: 'p50, any page', value: ms(percentile(samples, 50)) },
        { metric: 'p99, any page', value: ms(percentile(samples, 99)) },
        { metric: 'max, any page (target <= 5000 ms)', value: ms(Math.max(...samples)) },
        { metric: `p50, last of the ${PAGES} pages`, value: ms(percentile(lastPage, 50)) },
      ],
    );
    const stateCalls = counters.stateCalls - countersAtStart.stateCalls;
    printTable('What following costs the servers', [
      {
        metric: `state calls per second (${PAGES / (POLL_MS / 1000)} when this load generator keeps up)`,
        value: (stateCalls / seconds).toFixed(0),
      },
      {
        metric: 'answered 304 (ETag unchanged)',
        value: `${((100 * (counters.notModified - countersAtStart.notModified)) / stateCalls).toFixed(0)} %`,
      },
      {
        metric: 'menu refetches (one per page and switch)',
        value: counters.menuCalls - countersAtStart.menuCalls,
      },
      ...servers.map((server, i) => ({
        metric: `instance ${i + 1}: CPU, RSS`,
        value: `${((100 * (cpuSeconds(server.child.pid) - cpuAtStart[i]!)) / seconds).toFixed(1)} % of a core, ${server.rssMiB().toFixed(0)} MiB`,
      })),
    ]);
  } finally {
    abort.abort();
    await database.close();
    await Promise.all(servers.map((server) => server.stop()));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runStorefrontFollowBench();
