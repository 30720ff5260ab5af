/**
 * The order board at dinner rush (issue 16): how long after a customer's order is placed it reaches
 * every open board, with 50 boards connected to the store's event stream (5 staff accounts, 10
 * boards each, the most one account may hold). Measures the event's arrival on each board (the board
 * then reads the order by id, one more round trip). Runs the server on a fresh PostgreSQL database
 * (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test), where events cross LISTEN/NOTIFY
 * as they do between instances. Prints a table; asserts nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createStaffAccount } from '../apps/server/src/modules/staff/service.ts';
import { findStoreBySlug } from '../apps/server/src/plugins/tenant.ts';
import { submission } from '../apps/server/src/test/submission.ts';
import { printTable, startServer } from './support.ts';

const PORT = 3893;
const HOST = `pizzaria.localhost:${PORT}`;
const BOARDS = Number(process.env.BENCH_BOARDS ?? 50);
const BOARDS_PER_ACCOUNT = 10;
const ORDERS = Number(process.env.BENCH_BOARD_ORDERS ?? 40);
const PASSWORD = 'senha-do-bench-1';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function post(
  base: string,
  path: string,
  body: unknown,
  token?: string,
  extra: Record<string, string> = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      host: HOST,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...extra,
    },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

/** One board's event stream: the time each order's first event arrived, by order id. */
async function openBoard(base: string, token: string, arrivals: Map<number, number>, abort: AbortSignal) {
  const { ticket } = (await post(base, '/staff/orders/events/ticket', {}, token)) as { ticket: string };
  const response = await fetch(`${base}/staff/orders/events?ticket=${encodeURIComponent(ticket)}`, {
    headers: { host: HOST, accept: 'text/event-stream' },
    signal: abort,
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  // Read in the background: the board is open once the stream answered.
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.includes('event: order')) {
          const data = /data: (.*)/.exec(block)?.[1];
          const id = data ? (JSON.parse(data) as { id: number }).id : null;
          if (id !== null && !arrivals.has(id)) arrivals.set(id, performance.now());
        }
        end = buffer.indexOf('\n\n');
      }
    }
  })();
}

export async function runBoardBench() {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `comanda_bench_board_${randomBytes(4).toString('hex')}`;
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
  const abort = new AbortController();
  try {
    const store = (await findStoreBySlug(database.db, 'pizzaria'))!;
    const tokens: string[] = [];
    for (let i = 0; i < Math.ceil(BOARDS / BOARDS_PER_ACCOUNT); i++) {
      const phone = `1195555${String(i).padStart(4, '0')}`;
      await createStaffAccount(
        database.db,
        {
          storeId: store.id,
          country: 'BR',
          phone,
          name: `Equipe ${i}`,
          password: PASSWORD,
          role: 'attendant',
        },
        { cost: { ln: 10, r: 8, p: 1 }, now: new Date() },
      );
      const reply = await post(server.url, '/staff/auth/sign-in', { username: phone, password: PASSWORD });
      tokens.push(reply.token as string);
    }
    const boards = Array.from({ length: BOARDS }, () => new Map<number, number>());
    await Promise.all(
      boards.map((arrivals, i) =>
        openBoard(server.url, tokens[Math.floor(i / BOARDS_PER_ACCOUNT)]!, arrivals, abort.signal),
      ),
    );

    const customer = await post(server.url, '/core/registration_app/', {
      name: 'Cliente Bench',
      password: PASSWORD,
      terms: true,
      cellphone: `119${String(Date.now() % 100_000_000).padStart(8, '0')}`,
      ddi: '55',
    });
    const token = customer.detail as string;
    const { user_id } = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as {
      user_id: number;
    };
    const products = (await (
      await fetch(`${server.url}/estoque/produtos_app`, { headers: { host: HOST } })
    ).json()) as { id: number; descricao: string; valor_venda: number }[];
    const can = products.find((p) => p.descricao.startsWith('Guaraná'))!;

    const placedAt = new Map<number, number>();
    for (let i = 0; i < ORDERS; i++) {
      const started = performance.now();
      const reply = await post(
        server.url,
        '/bar/v2/app/order/upsert/',
        submission(user_id, [{ produto: can.id, qtd: 5, produto_valor: can.valor_venda, itens_pedidos: [] }]),
        token,
        { 'idempotency-key': randomUUID() },
      );
      placedAt.set((reply.order_info as { order_id: number }).order_id, started);
      // A dinner rush, not a flood: a new order every 100 ms.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const samples: number[] = [];
    const lastBoard: number[] = [];
    let missing = 0;
    for (const [id, started] of placedAt) {
      let slowest = 0;
      for (const arrivals of boards) {
        const at = arrivals.get(id);
        if (at === undefined) {
          missing++;
          continue;
        }
        samples.push(at - started);
        slowest = Math.max(slowest, at - started);
      }
      lastBoard.push(slowest);
    }
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    printTable(`Placement (HTTP request sent) to the order's event on ${BOARDS} open boards, PostgreSQL`, [
      { metric: 'orders placed', value: ORDERS },
      { metric: 'event arrivals measured', value: samples.length },
      { metric: 'arrivals missing (must be 0)', value: missing },
      { metric: 'p50, any board', value: ms(percentile(samples, 50)) },
      { metric: 'p99, any board', value: ms(percentile(samples, 99)) },
      { metric: 'p50, last of the 50 boards', value: ms(percentile(lastBoard, 50)) },
      { metric: 'p99, last of the 50 boards', value: ms(percentile(lastBoard, 99)) },
      { metric: 'server RSS', value: `${server.rssMiB().toFixed(0)} MiB` },
    ]);
  } finally {
    abort.abort();
    await database.close();
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runBoardBench();
