import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fullProduct } from '@comanda/contract';
import { buildCartLine, type CartLineDraft, type FullProduct } from '@comanda/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../apps/server/src/db/client.ts';
import { idempotencyKeys, orders } from '../../apps/server/src/db/schema.ts';
import { readDemoStore } from '../../apps/server/src/modules/store-import/demo-stores.ts';
import { importStore } from '../../apps/server/src/modules/store-import/service.ts';
import { submission } from '../../apps/server/src/test/submission.ts';
import { openTestDatabase, TEST_PAYMENT_SECRETS_KEY } from '../../apps/server/src/test/test-app.ts';
import { recordFigure } from './support/figures.ts';
import { bySize } from './support/scale.ts';

/*
 * kill -9 during order load (issue 18, "a reliability suite that stays"): the real server in its own
 * process on PostgreSQL, about twenty customers placing orders at once, the process killed without
 * warning, then started again. Every order the server acknowledged (201) must be there, and a
 * customer retrying an unanswered order with its Idempotency-Key must never get a second one.
 *
 * PostgreSQL only: the embedded PGlite lives inside the server's process, so a second process
 * cannot share it, and its WASM build gives no durability promise across a kill -9.
 */

const SCENARIO = 'kill-9';
const CUSTOMERS = 20;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Customer {
  id: number;
  token: string;
}

/** One checkout attempt: its key, and the order id of every 201 it got (one, or more if duplicated). */
interface Attempt {
  customer: Customer;
  key: string;
  acknowledged: Set<number>;
  /** The call got no answer (the server died under it): retried with the same key after the restart. */
  unanswered: boolean;
  /** Sent again with its key after going unanswered. */
  retried: boolean;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(!onPostgres)(
  'kill -9 during order load (PostgreSQL; skipped on PGlite: its database lives in the server process)',
  () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let databaseUrl: string;
    let server: ChildProcess | null = null;
    let baseUrl = '';
    let port = 0;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'comanda-kill9-'));

    async function start(): Promise<number> {
      const started = performance.now();
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: databaseUrl,
          DATABASE_POOL_SIZE: '10',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DEMO_STORES: 'off',
          PSP_STANDIN: 'off',
          WHATSAPP_STANDIN: 'off',
          PAYMENTS_RECONCILE_MS: '0',
          PAYMENT_SECRETS_KEY: TEST_PAYMENT_SECRETS_KEY.toString('base64'),
          PASSWORD_HASH_COST: '10',
          RATE_LIMIT_MULTIPLIER: '1000',
          LOG_LEVEL: 'silent',
          NODE_ENV: 'development',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      server = child;
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        try {
          if ((await fetch(`${baseUrl}/healthz`)).ok) break;
        } catch {}
        if (Date.now() > deadline) throw new Error('server did not start in 60 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return (performance.now() - started) / 1000;
    }

    function killHard(): Promise<void> {
      const child = server!;
      return new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      });
    }

    async function call(pathname: string, init: RequestInit = {}) {
      const response = await fetch(`${baseUrl}${pathname}`, {
        ...init,
        headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }

    async function signUpCustomers(): Promise<Customer[]> {
      const prefix = String(Date.now() % 100_000).padStart(5, '0');
      const customers: Customer[] = [];
      for (let n = 0; n < CUSTOMERS; n += 1) {
        const reply = await call('/core/registration_app/', {
          method: 'POST',
          body: JSON.stringify({
            name: 'Cliente Carga',
            password: 'senha-da-carga-1',
            terms: true,
            cellphone: `119${prefix}${String(n).padStart(3, '0')}`,
            ddi: '55',
          }),
        });
        if (reply.status !== 201) throw new Error(`sign-up: ${reply.status} ${JSON.stringify(reply.body)}`);
        const token = reply.body.detail as string;
        const { user_id } = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as {
          user_id: number;
        };
        customers.push({ id: user_id, token });
      }
      return customers;
    }

    async function drinkLine(): Promise<CartLineDraft> {
      const list = (await call('/estoque/produtos_app?format=json')).body as unknown as {
        id: number;
        descricao: string;
      }[];
      const coke = list.find((product) => product.descricao === 'Coca-Cola lata 350 ml')!;
      const full = fullProduct.parse(
        (await call(`/estoque/produtos_full_app/${coke.id}?format=json`)).body,
      ) as FullProduct;
      // Four cans: R$ 27,60, above the store's minimum order.
      const line = buildCartLine(full, {}, { channel: 'app', qtd: 4 });
      if (!line.ok) throw new Error(JSON.stringify(line.error));
      return line.line;
    }

    /** Sends an attempt; true when the server answered (whatever it answered). */
    async function send(attempt: Attempt, line: CartLineDraft): Promise<boolean> {
      try {
        const reply = await call('/bar/v2/app/order/upsert/', {
          method: 'POST',
          headers: { authorization: `Bearer ${attempt.customer.token}`, 'idempotency-key': attempt.key },
          body: JSON.stringify(submission(attempt.customer.id, [line])),
        });
        if (reply.status === 201) {
          attempt.acknowledged.add((reply.body.order_info as { order_id: number }).order_id);
        } else if (reply.status >= 500) {
          serverErrors += 1;
        }
        attempt.unanswered = false;
        return true;
      } catch {
        attempt.unanswered = true;
        return false;
      }
    }

    let serverErrors = 0;
    const refusals = new Set<string>();

    beforeAll(async () => {
      const opened = await openTestDatabase();
      database = opened.database;
      drop = opened.drop;
      databaseUrl = opened.url!;
      for (const file of ['pizzaria.json', 'sakura.json']) {
        await importStore(database.db, readDemoStore(file), { paymentSecretsKey: TEST_PAYMENT_SECRETS_KEY });
      }
      port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      await start();
    }, 120_000);

    afterAll(async () => {
      if (server && server.exitCode === null) await killHard();
      await database?.close();
      await drop?.();
    });

    it('every acknowledged order survives, and no retried order is placed twice', async () => {
      const customers = await signUpCustomers();
      const line = await drinkLine();
      const attempts: Attempt[] = [];
      let serverUp = true;

      // Each customer orders again and again; an unanswered order is retried (same key) once the
      // server is back, as the storefront does.
      const customerLoop = async (customer: Customer, until: () => boolean) => {
        while (!until()) {
          const attempt: Attempt = {
            customer,
            key: randomUUID(),
            acknowledged: new Set(),
            unanswered: false,
            retried: false,
          };
          attempts.push(attempt);
          if (!(await send(attempt, line))) {
            while (!serverUp) await new Promise((resolve) => setTimeout(resolve, 50));
            attempt.retried = true;
            await send(attempt, line);
          }
        }
      };

      const beforeKillMs = bySize(1500, 5000);
      const afterRestartMs = bySize(1000, 4000);
      let stopAt = Number.POSITIVE_INFINITY;
      const loops = customers.map((customer) => customerLoop(customer, () => Date.now() > stopAt));

      await new Promise((resolve) => setTimeout(resolve, beforeKillMs));
      serverUp = false;
      await killHard();
      const acknowledgedAtKill = attempts.filter((attempt) => attempt.acknowledged.size > 0).length;
      const restartSeconds = await start();
      serverUp = true;
      stopAt = Date.now() + afterRestartMs;
      await Promise.all(loops);
      // A last retry of whatever is still unanswered (the loop may have stopped between tries).
      await Promise.all(
        attempts.filter((attempt) => attempt.unanswered).map((attempt) => send(attempt, line)),
      );

      const acknowledged = attempts.flatMap((attempt) => [...attempt.acknowledged]);
      const ids = [...new Set(acknowledged)];
      const found = ids.length
        ? await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, ids))
        : [];
      const lost = ids.length - found.length;
      // Two order ids for one checkout attempt, or more orders than keys that placed one.
      const duplicatedAttempts = attempts.filter((attempt) => attempt.acknowledged.size > 1).length;
      const customerIds = customers.map((customer) => customer.id);
      const stored = await database.db
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.customerId, customerIds));
      const keyed = await database.db
        .select({ orderId: idempotencyKeys.orderId })
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.customerId, customerIds));
      const ordersWithAKey = new Set(keyed.map((row) => row.orderId).filter((id) => id !== null));
      const duplicates = duplicatedAttempts + stored.filter((row) => !ordersWithAKey.has(row.id)).length;
      const unansweredAtKill = attempts.filter((attempt) => attempt.acknowledged.size === 0).length;

      recordFigure(SCENARIO, 'concurrent customers', CUSTOMERS, 'customers');
      recordFigure(SCENARIO, 'orders acknowledged before the kill', acknowledgedAtKill, 'orders');
      recordFigure(SCENARIO, 'orders acknowledged in all', ids.length, 'orders');
      recordFigure(SCENARIO, 'acknowledged orders lost', lost, 'orders');
      recordFigure(SCENARIO, 'duplicated orders', duplicates, 'orders');
      recordFigure(
        SCENARIO,
        'orders cut off by the kill, retried with their key',
        attempts.filter((attempt) => attempt.retried).length,
        'orders',
      );
      recordFigure(SCENARIO, 'attempts never acknowledged', unansweredAtKill, 'attempts');
      recordFigure(SCENARIO, '5xx answers', serverErrors, 'answers');
      recordFigure(SCENARIO, 'restart to healthy', Math.round(restartSeconds * 10) / 10, 's');

      expect([...refusals]).toEqual([]);
      expect(acknowledgedAtKill).toBeGreaterThan(0);
      expect(lost).toBe(0);
      expect(duplicates).toBe(0);
      expect(serverErrors).toBe(0);
      // Every retried attempt got its answer once the server was back.
      expect(attempts.filter((attempt) => attempt.unanswered)).toEqual([]);
    });
  },
);
