import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsTestApp, signUp } from '../../apps/server/src/test/accounts.ts';
import {
  cartLine,
  customerState,
  placeOrder,
  submission,
  tableIdOf,
} from '../../apps/server/src/test/orders.ts';
import type { TestApp } from '../../apps/server/src/test/test-app.ts';
import { recordFigure } from './support/figures.ts';
import { bySize } from './support/scale.ts';

/*
 * Finding 7 of issue 18, replayed: one account placed 223 orders in 20 s, and table orders (no
 * payment, public table ids) could be placed by anyone. Now a customer places at most
 * ORDER_RATE_LIMIT_MAX orders per window (default 10 per 10 minutes) and a table order needs the
 * token of the table's QR code.
 */

const SCENARIO = 'order-flood';
const LIMIT = 10;
let t: TestApp;

beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Runs `count` calls, `parallel` at a time; answers their statuses and the slowest call in ms. */
async function flood(count: number, parallel: number, call: () => Promise<{ statusCode: number }>) {
  const statuses: number[] = [];
  const latencies: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        next += 1;
        const started = performance.now();
        statuses.push((await call()).statusCode);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { statuses, p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0 };
}

describe('order flood (issue 18, finding 7)', () => {
  it('one account gets at most the window’s orders; the rest are 429 TOO_MANY_ORDERS, never 5xx', async () => {
    const account = await signUp(t.app);
    const payload = submission(account.userId, [
      await cartLine(t, { ref: 'burger-classico', choices: { 'Ponto da carne': { 'Ao ponto': 1 } } }),
    ]);
    const tried = bySize(40, 250);
    const started = performance.now();
    const { statuses, p95 } = await flood(tried, 10, () => placeOrder(t, account.token, payload));
    const seconds = (performance.now() - started) / 1000;
    const placed = statuses.filter((status) => status === 201).length;
    const limited = statuses.filter((status) => status === 429).length;
    const serverErrors = statuses.filter((status) => status >= 500).length;
    expect(placed).toBe(LIMIT);
    expect(limited).toBe(tried - LIMIT);
    expect(serverErrors).toBe(0);
    expect((await customerState(t, account.userId)).orders).toBe(LIMIT);
    recordFigure(SCENARIO, 'orders tried by one account', tried, 'requests');
    recordFigure(SCENARIO, 'orders placed by one account', placed, 'orders');
    recordFigure(SCENARIO, 'answered 429', limited, 'requests');
    recordFigure(SCENARIO, '5xx answers', serverErrors, 'answers');
    recordFigure(SCENARIO, 'flood duration', Math.round(seconds * 10) / 10, 's');
    recordFigure(SCENARIO, 'order call p95 during the flood', Math.round(p95), 'ms');
  });

  it('table orders without the QR code’s token are refused, whatever table id is tried', async () => {
    const tables = await Promise.all(['mesa-1', 'mesa-2', 'mesa-3'].map((ref) => tableIdOf(t, ref)));
    const water = await cartLine(t, { ref: 'agua', channel: 'local' });
    const tried = bySize(15, 100);
    const accounts = await Promise.all(Array.from({ length: 3 }, () => signUp(t.app)));
    let n = 0;
    const { statuses } = await flood(tried, 5, () => {
      n += 1;
      const account = accounts[n % accounts.length]!;
      const table = tables[n % tables.length]!;
      return placeOrder(
        t,
        account.token,
        submission(account.userId, [water], {
          forma_entrada: 'local',
          identificador_pedido_novo: String(table),
          fk_forma_pagamento: null,
          // A guess: a table id, or a made-up token.
          ...(n % 2 === 0 ? { token_mesa: `${table}`.padEnd(32, '0') } : {}),
        }),
      );
    });
    const placed = statuses.filter((status) => status === 201).length;
    expect(placed).toBe(0);
    expect(statuses.every((status) => status === 400)).toBe(true);
    recordFigure(SCENARIO, 'table orders tried without the QR token', tried, 'requests');
    recordFigure(SCENARIO, 'table orders placed without the QR token', placed, 'orders');
  });
});
