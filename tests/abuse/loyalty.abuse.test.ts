import { orderPlacedReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAccountsTestApp,
  type SignedUp,
  signInStaff,
  signUp,
} from '../../apps/server/src/test/accounts.ts';
import { cartLine, customerState, placeOrder, submission } from '../../apps/server/src/test/orders.ts';
import type { TestApp } from '../../apps/server/src/test/test-app.ts';
import { recordFigure } from './support/figures.ts';
import { bySize } from './support/scale.ts';

/*
 * Finding 1 of issue 18, replayed: a large cash order, then orders redeeming the loyalty reward,
 * then the store cancels the large order. Before the fix the rewards were paid with the large
 * order's points and the cancel clamped the balance at 0: money lost. Now points wait for delivery
 * and a cancel gives back exactly what the order took. Pizzaria: 1 point per real of products,
 * 100 points buy R$ 15,00 off.
 */

const SCENARIO = 'loyalty';
let t: TestApp;
let staffToken: string;
let serverErrors = 0;

beforeAll(async () => {
  // The flood limit has its own scenario (order-flood): here every reward attempt must reach the rules.
  t = await buildAccountsTestApp({ env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  staffToken = (await signInStaff(t)).token;
});
afterAll(async () => {
  await t.close();
});

async function place(account: SignedUp, lines: object[], overrides = {}) {
  const response = await placeOrder(t, account.token, submission(account.userId, lines, overrides));
  if (response.statusCode >= 500) serverErrors += 1;
  return response;
}

async function moveOrder(orderId: number, status: 'Entregue' | 'Cancelado') {
  const response = await t.app.inject({
    method: 'POST',
    url: `/staff/orders/${orderId}/status`,
    headers: { host: 'pizzaria.localhost', ...bearer(staffToken) },
    payload: status === 'Cancelado' ? { status, reason: 'Pedido suspeito' } : { status },
  });
  if (response.statusCode !== 200) throw new Error(`${status}: ${response.statusCode} ${response.body}`);
}

/** The attack of the issue, by one customer; answers what it got away with. */
async function attack() {
  const account = await signUp(t.app);
  const ninetyNine = await place(account, [await cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 99 })]);
  // The largest order the store's caps let through: 30 pizzas grandes, R$ 1.797,00, 1797 points.
  const large = await place(account, [await cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 30 })]);
  expect(large.statusCode, large.body).toBe(201);
  const largeId = orderPlacedReply.parse(large.json()).order_info.order_id;
  const pizza = await cartLine(t, { ref: 'pizza-calabresa-grande' });
  const rewards = await Promise.all(
    Array.from({ length: bySize(5, 40) }, () => place(account, [pizza], { fidelidade_utilizada: true })),
  );
  await moveOrder(largeId, 'Cancelado');
  const state = await customerState(t, account.userId);
  return {
    ninetyNine: ninetyNine.statusCode,
    rewardsTried: rewards.length,
    rewardsPaid: rewards.filter((reply) => reply.statusCode === 201).length,
    state,
  };
}

describe('loyalty abuse (issue 18, finding 1)', () => {
  it('rewards are never paid with points of an order that was not delivered, and a cancel leaves no debt', async () => {
    const results = await Promise.all(Array.from({ length: bySize(1, 4) }, () => attack()));
    for (const result of results) {
      expect(result.ninetyNine).toBe(409);
      expect(result.rewardsPaid).toBe(0);
      expect(result.state).toMatchObject({ points: 0, ledgerSum: 0 });
    }
    recordFigure(SCENARIO, 'reward orders tried before delivery', sum(results, 'rewardsTried'), 'orders');
    recordFigure(SCENARIO, 'rewards paid with undelivered points', sum(results, 'rewardsPaid'), 'rewards');
    recordFigure(
      SCENARIO,
      'discount given with undelivered points',
      sum(results, 'rewardsPaid') * 1500,
      'centavos',
    );
  });

  it('points of a delivered order buy exactly the rewards they are worth, even asked for at once', async () => {
    const account = await signUp(t.app);
    // 5 pizzas grandes: R$ 299,50, 299 points once delivered: two rewards.
    const earned = await place(account, [await cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 5 })]);
    await moveOrder(orderPlacedReply.parse(earned.json()).order_info.order_id, 'Entregue');
    expect((await customerState(t, account.userId)).points).toBe(299);
    const pizza = await cartLine(t, { ref: 'pizza-calabresa-grande' });
    const rewards = await Promise.all(
      Array.from({ length: bySize(6, 30) }, () => place(account, [pizza], { fidelidade_utilizada: true })),
    );
    const paid = rewards.filter((reply) => reply.statusCode === 201);
    expect(paid).toHaveLength(2);
    // Cancelling a redeemed order gives its 100 points back, exactly once.
    await moveOrder(orderPlacedReply.parse(paid[0]!.json()).order_info.order_id, 'Cancelado');
    const state = await customerState(t, account.userId);
    expect(state).toMatchObject({ points: 199, ledgerSum: 199 });
    recordFigure(SCENARIO, 'concurrent reward orders with 299 points', rewards.length, 'orders');
    recordFigure(SCENARIO, 'rewards paid with 299 points', paid.length, 'rewards');
    recordFigure(SCENARIO, '5xx answers', serverErrors, 'answers');
    expect(serverErrors).toBe(0);
  });
});

function sum<T>(rows: T[], key: keyof T): number {
  return rows.reduce((total, row) => total + Number(row[key]), 0);
}
