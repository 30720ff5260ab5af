import { and, count, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders } from '../../db/schema.ts';
import { buildAccountsTestApp, type SignedUp, signUp } from '../../test/accounts.ts';
import { cartLine, placeOrder, submission } from '../../test/orders.ts';
import { buildSecondTestApp, type TestApp } from '../../test/test-app.ts';
import { eventually } from '../../test/tracking.ts';

/* Issue 18, finding 11: old Idempotency-Keys are deleted on a schedule, safely beside placement. */

const HOUR = 3_600_000;
const MAX_AGE_HOURS = 24;

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp({ demoStores: ['pizzaria.json'] });
});
afterAll(async () => {
  await t.close();
});

const burger = () =>
  cartLine(t, { ref: 'burger-classico', choices: { 'Ponto da carne': { 'Ao ponto': 1 } } });

async function keysOf(customerIds: number[]): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.customerId, customerIds));
  return row!.n;
}

async function ordersOf(customerIds: number[]): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(orders)
    .where(inArray(orders.customerId, customerIds));
  return row!.n;
}

/** Places `n` orders for each account at `at`, with keys `${prefix}-${i}`. */
async function placeAt(at: Date, accounts: SignedUp[], n: number, prefix: string) {
  t.setNow(at);
  try {
    const line = await burger();
    for (const account of accounts) {
      for (let i = 0; i < n; i++) {
        const response = await placeOrder(t, account.token, submission(account.userId, [line]), {
          key: `${prefix}-${i}`,
        });
        expect(response.statusCode, response.body).toBe(201);
      }
    }
  } finally {
    t.setNow(new Date());
  }
}

describe('the purge of old Idempotency-Keys', () => {
  it('deletes the keys older than the age, keeps their orders, and a younger key still answers its first reply', async () => {
    const old = await signUp(t.app);
    const young = await signUp(t.app);
    await placeAt(new Date(Date.now() - (MAX_AGE_HOURS + 1) * HOUR), [old], 3, 'old');
    await placeAt(new Date(Date.now() - (MAX_AGE_HOURS - 1) * HOUR), [young], 1, 'young');
    const line = await burger();
    const first = await placeOrder(t, young.token, submission(young.userId, [line]), { key: 'young-now' });

    const purged = await t.services.orders.purgeIdempotencyKeys(MAX_AGE_HOURS);

    expect(purged).toBeGreaterThanOrEqual(3);
    expect(await keysOf([old.userId])).toBe(0);
    expect(await keysOf([young.userId])).toBe(2);
    expect(await ordersOf([old.userId])).toBe(3);
    const again = await placeOrder(t, young.token, submission(young.userId, [line]), { key: 'young-now' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await ordersOf([young.userId])).toBe(2);
  });

  it('runs beside placement: retries of young keys replay, new keys place, old keys go, nothing doubles', async () => {
    // Few orders per customer, so a per-customer order rate limit does not come into it.
    const accounts = await Promise.all(Array.from({ length: 5 }, () => signUp(t.app)));
    const ids = accounts.map((account) => account.userId);
    await placeAt(new Date(Date.now() - (MAX_AGE_HOURS + 2) * HOUR), accounts, 3, 'old');
    const line = await burger();
    const firsts = await Promise.all(
      accounts.map((account) =>
        placeOrder(t, account.token, submission(account.userId, [line]), { key: 'in-use' }),
      ),
    );
    for (const first of firsts) expect(first.statusCode).toBe(201);

    const [purged, ...replies] = await Promise.all([
      t.services.orders.purgeIdempotencyKeys(MAX_AGE_HOURS),
      ...accounts.flatMap((account) => [
        placeOrder(t, account.token, submission(account.userId, [line]), { key: 'in-use' }),
        placeOrder(t, account.token, submission(account.userId, [line]), { key: 'in-use' }),
        placeOrder(t, account.token, submission(account.userId, [line]), { key: 'new-during-purge' }),
      ]),
    ]);

    expect(purged).toBeGreaterThanOrEqual(15);
    for (const [index, account] of accounts.entries()) {
      const [retry1, retry2, fresh] = (replies as Awaited<ReturnType<typeof placeOrder>>[]).slice(
        index * 3,
        index * 3 + 3,
      );
      for (const retry of [retry1!, retry2!]) {
        expect(retry.headers['idempotent-replayed'], `customer ${account.userId}`).toBe('true');
        expect(retry.json()).toEqual(firsts[index]!.json());
      }
      expect(fresh!.statusCode, fresh!.body).toBe(201);
    }
    // 3 old orders, the one placed with 'in-use' and the one placed during the purge, per customer.
    expect(await ordersOf(ids)).toBe(5 * 5);
    expect(await keysOf(ids)).toBe(5 * 2);
    const [left] = await t.database.db
      .select({ n: count() })
      .from(idempotencyKeys)
      .where(
        and(
          inArray(idempotencyKeys.customerId, ids),
          lt(idempotencyKeys.createdAt, new Date(Date.now() - MAX_AGE_HOURS * HOUR)),
        ),
      );
    expect(left!.n).toBe(0);
  });

  it('runs on its own every IDEMPOTENCY_PURGE_EVERY_MS', async () => {
    const account = await signUp(t.app);
    await placeAt(new Date(Date.now() - 30 * HOUR), [account], 2, 'scheduled');
    expect(await keysOf([account.userId])).toBe(2);
    const scheduled = await buildSecondTestApp(t, {
      env: { IDEMPOTENCY_PURGE_EVERY_MS: '50', IDEMPOTENCY_KEY_MAX_AGE_HOURS: String(MAX_AGE_HOURS) },
    });
    try {
      await eventually(async () => (await keysOf([account.userId])) === 0, 5_000);
    } finally {
      await scheduled.close();
    }
    const [row] = await t.database.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.customerId, account.userId));
    expect(row!.n).toBe(2);
  });
});
