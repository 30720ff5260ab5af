/**
 * The dinner rush on the production topology (issue 20): nginx in front of two instances on one
 * PostgreSQL (scripts/topology), and virtual customers who open the menu, look at products, and now
 * and then order and follow their order on its event stream, with a person's pauses between steps.
 * The crowd grows step by step; each step reports every call's p99 and the errors. The capacity is
 * the largest crowd with every p99 under 300 ms and no error. Load generator, nginx, both instances
 * and PostgreSQL share this machine's cores. Needs PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL) and nginx; says so and skips without them.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { submission } from '../apps/server/src/test/submission.ts';
import { NGINX, startTopology } from '../scripts/topology/topology.ts';
import { type BenchCustomer, printTable, signUpCustomer } from './support.ts';

const PORT = 3960;
const STEPS = (process.env.BENCH_RUSH_STEPS ?? '50,100,200,400,800,1200,1600,2400,3200')
  .split(',')
  .map(Number);
const STEP_SECONDS = Number(process.env.BENCH_RUSH_STEP_S ?? 20);
const ORDER_SHARE = 0.1;
const P99_TARGET_MS = 300;
const CALLS = ['company', 'categories', 'product list', 'product', 'order', 'event stream'] as const;
type Call = (typeof CALLS)[number];

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
/** A person's pause between two taps: 0.5 to 2.5 s. */
const thinking = () => 500 + Math.random() * 2000;

interface Step {
  latencies: Map<Call, number[]>;
  errors: Map<Call, number>;
  orders: number;
}

async function recreate(url: string) {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

export async function runDinnerRushBench() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base || !existsSync(NGINX)) {
    console.log(
      'Dinner rush skipped: it needs PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL) and nginx (npm run bench:nginx).',
    );
    return;
  }
  const url = new URL(base);
  url.pathname = '/comanda_bench_rush';
  const databaseUrl = url.toString();
  await recreate(databaseUrl);
  const topology = await startTopology({
    port: PORT,
    databaseUrl,
    // Bench accounts: cheap hashes, and every customer comes from this one address.
    env: { PASSWORD_HASH_COST: '10', RATE_LIMIT_MULTIPLIER: '1000', ORDER_RATE_LIMIT_MAX: '10000' },
  });
  const api = topology.url;
  let step: Step = { latencies: new Map(), errors: new Map(), orders: 0 };
  /** The first failure of each call, printed under the table so a failing step says why. */
  const firstErrors = new Map<Call, string>();
  const timed = async (call: Call, work: () => Promise<Response>): Promise<Response | null> => {
    const started = performance.now();
    try {
      const response = await work();
      if (!response.ok) {
        step.errors.set(call, (step.errors.get(call) ?? 0) + 1);
        firstErrors.set(
          call,
          firstErrors.get(call) ?? `${response.status} ${(await response.text()).slice(0, 200)}`,
        );
        return null;
      }
      const list = step.latencies.get(call) ?? [];
      list.push(performance.now() - started);
      step.latencies.set(call, list);
      return response;
    } catch (error) {
      if ((error as Error).name === 'AbortError') return null; // the step ended, not a failure
      step.errors.set(call, (step.errors.get(call) ?? 0) + 1);
      firstErrors.set(call, firstErrors.get(call) ?? String(error));
      return null;
    }
  };

  const products = (await (await fetch(`${api}/estoque/produtos_app?format=json`)).json()) as {
    id: number;
    descricao: string;
    valor_venda: number;
  }[];
  const drink = products.find((product) => product.descricao === 'Guaraná Antarctica lata 350 ml')!;
  const looked = products.slice(0, 40);
  // Enough drinks to clear the store's minimum order (R$ 25,00 at the demo pizzeria).
  const drinksPerOrder = Math.ceil(3000 / drink.valor_venda);

  const signUp = (i: number) => signUpCustomer(api, `1197${String(i).padStart(7, '0')}`);

  const customer = async (account: BenchCustomer, signal: AbortSignal) => {
    const auth = { authorization: `Bearer ${account.token}` };
    const get = (call: Call, path: string) =>
      timed(call, () => fetch(`${api}${path}`, { headers: { 'accept-encoding': 'gzip' }, signal }));
    let stream: AbortController | null = null;
    while (!signal.aborted) {
      // Opens the menu: the start calls at once, as the storefront does.
      const replies = await Promise.all([
        get('company', '/core/empresa_personal_app?format=json'),
        get('categories', '/estoque/categorias_app?format=json'),
        get('product list', '/estoque/produtos_app?format=json'),
      ]);
      for (const reply of replies) await reply?.arrayBuffer();
      for (let i = 0; i < 3 && !signal.aborted; i++) {
        await pause(thinking(), signal);
        const product = looked[Math.floor(Math.random() * looked.length)]!;
        await (await get('product', `/estoque/produtos_full_app/${product.id}?format=json`))?.arrayBuffer();
      }
      if (signal.aborted) break;
      await pause(thinking(), signal);
      if (Math.random() < ORDER_SHARE) {
        const placed = await timed('order', () =>
          fetch(`${api}/bar/v2/app/order/upsert/`, {
            method: 'POST',
            headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
            body: JSON.stringify(
              submission(account.id, [
                {
                  produto: drink.id,
                  qtd: drinksPerOrder,
                  produto_valor: drink.valor_venda,
                  itens_pedidos: [],
                  observacao: '',
                },
              ]),
            ),
            signal,
          }),
        );
        if (placed) {
          step.orders += 1;
          await placed.arrayBuffer();
          // Follows the order: one event stream per customer, kept open.
          if (!stream) {
            stream = new AbortController();
            const controller = stream;
            signal.addEventListener('abort', () => controller.abort());
            void (async () => {
              const ticket = await timed('event stream', () =>
                fetch(`${api}/bar/v2/orders/events/ticket`, { method: 'POST', headers: auth, signal }),
              );
              if (!ticket) return;
              try {
                const { ticket: value } = (await ticket.json()) as { ticket: string };
                const events = await fetch(
                  `${api}/bar/v2/orders/events?ticket=${encodeURIComponent(value)}`,
                  {
                    signal: controller.signal,
                  },
                );
                const reader = events.body!.getReader();
                for (;;) if ((await reader.read()).done) break;
              } catch {}
            })();
          }
        }
      }
      await pause(thinking(), signal);
    }
  };

  const rows: Record<string, string | number>[] = [];
  const accounts: BenchCustomer[] = [];
  const running: AbortController[] = [];
  let capacity: { customers: number; ordersPerSecond: number } | null = null;
  try {
    for (const customers of STEPS) {
      // New customers sign up before their step (not measured), four at a time.
      for (let i = accounts.length; i < customers; i += 4) {
        accounts.push(
          ...(await Promise.all(Array.from({ length: Math.min(4, customers - i) }, (_, k) => signUp(i + k)))),
        );
      }
      while (running.length < customers) {
        const controller = new AbortController();
        running.push(controller);
        // A visit cut short by the end of the bench rejects with AbortError: that is not a failure.
        customer(accounts[running.length - 1]!, controller.signal).catch((error: Error) => {
          if (error.name !== 'AbortError') throw error;
        });
      }
      // The crowd settles for a few seconds, then the step is measured.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      step = { latencies: new Map(), errors: new Map(), orders: 0 };
      await new Promise((resolve) => setTimeout(resolve, STEP_SECONDS * 1000));
      const measured = step;
      const errors = [...measured.errors.values()].reduce((sum, n) => sum + n, 0);
      const row: Record<string, string | number> = { customers };
      let worst = 0;
      for (const call of CALLS) {
        const p99 = percentile(measured.latencies.get(call) ?? [], 99);
        worst = Math.max(worst, p99);
        row[`${call} p99 ms`] = (measured.latencies.get(call)?.length ?? 0) > 0 ? p99.toFixed(0) : '–';
      }
      const ordersPerSecond = measured.orders / STEP_SECONDS;
      Object.assign(row, {
        errors,
        'orders/s': ordersPerSecond.toFixed(1),
        'within target': worst < P99_TARGET_MS && errors === 0 ? 'yes' : 'no',
      });
      rows.push(row);
      if (worst < P99_TARGET_MS && errors === 0) capacity = { customers, ordersPerSecond };
      else break;
    }
  } finally {
    for (const controller of running) controller.abort();
    await topology.stop();
  }
  printTable(
    `Dinner rush on nginx + 2 instances + PostgreSQL (${STEP_SECONDS} s per step, ${ORDER_SHARE * 100}% of visits order, one machine)`,
    rows,
  );
  for (const [call, error] of firstErrors) console.log(`first ${call} error: ${error}`);
  printTable('Dinner-rush capacity (every call p99 < 300 ms, 0 errors)', [
    {
      // Every step within target: the machine serves at least that many; more steps would tell.
      'concurrent customers': !capacity
        ? 0
        : capacity.customers === STEPS.at(-1)
          ? `at least ${capacity.customers}`
          : capacity.customers,
      'orders/s there': capacity ? capacity.ordersPerSecond.toFixed(1) : '0',
      'largest step tried': STEPS.at(-1)!,
    },
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runDinnerRushBench();
