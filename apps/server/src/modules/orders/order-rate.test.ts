import { orderErrorReply, orderPlacedReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsTestApp, signUp } from '../../test/accounts.ts';
import { addCoupon, cartLine, customerState, placeOrder, setPoints, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';

/*
 * Finding 7 of issue 18: one account placed 223 orders in 20 s. Each customer may place
 * ORDER_RATE_LIMIT_MAX orders per ORDER_RATE_LIMIT_WINDOW_SECONDS (here 3 per 10 minutes).
 */

let t: TestApp;
const start = new Date('2026-05-04T18:00:00.000Z');
beforeAll(async () => {
  t = await buildAccountsTestApp({
    now: start,
    env: { ORDER_RATE_LIMIT_MAX: '3', ORDER_RATE_LIMIT_WINDOW_SECONDS: '600' },
  });
});
afterAll(async () => {
  await t.close();
});

const burger = () =>
  cartLine(t, { ref: 'burger-classico', choices: { 'Ponto da carne': { 'Ao ponto': 1 } } });

describe('orders per customer (TOO_MANY_ORDERS)', () => {
  it('the fourth order in the window is 429 with Retry-After; another customer still orders', async () => {
    t.setNow(start);
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await burger()]);
    for (let n = 0; n < 3; n += 1) {
      expect((await placeOrder(t, account.token, payload)).statusCode).toBe(201);
    }
    const refused = await placeOrder(t, account.token, payload, { key: 'fourth' });
    expect(refused.statusCode).toBe(429);
    expect(orderErrorReply.parse(refused.json())).toMatchObject({
      code: 'TOO_MANY_ORDERS',
      detail: 'Você fez muitos pedidos em pouco tempo. Tente novamente em 10 minutos.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(600);
    expect((await customerState(t, account.userId)).orders).toBe(3);

    const other = await signUp(t.app);
    expect((await placeOrder(t, other.token, submission(other.userId, [await burger()]))).statusCode).toBe(
      201,
    );

    // The refusal is not the key's reply: the same order, after the window, is placed.
    t.setNow(new Date(start.getTime() + 601_000));
    expect((await placeOrder(t, account.token, payload, { key: 'fourth' })).statusCode).toBe(201);
    t.setNow(start);
  });

  it('replays of a placed key and refused drafts do not count', async () => {
    t.setNow(new Date(start.getTime() + 3_600_000));
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await burger()]);
    for (let n = 0; n < 5; n += 1) {
      expect((await placeOrder(t, account.token, payload, { key: 'same' })).statusCode).toBe(201);
    }
    const refused = submission(account.userId, [await burger()], { fk_forma_pagamento: 999 });
    for (let n = 0; n < 5; n += 1) expect((await placeOrder(t, account.token, refused)).statusCode).toBe(409);
    expect((await placeOrder(t, account.token, payload)).statusCode).toBe(201);
    expect((await placeOrder(t, account.token, payload)).statusCode).toBe(201);
    expect((await placeOrder(t, account.token, payload)).statusCode).toBe(429);
    t.setNow(start);
  });

  it('twenty identical calls at once with one Idempotency-Key: one order, every call its reply, one use of the limit', async () => {
    t.setNow(new Date(start.getTime() + 2 * 3_600_000));
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await burger()]);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(t, account.token, payload, { key: 'tap-x20' })),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(replies.map((reply) => orderPlacedReply.parse(reply.json()).order_info.order_id));
    expect(ids.size).toBe(1);
    expect(replies.filter((reply) => reply.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect((await customerState(t, account.userId)).orders).toBe(1);
    // The limit (3) lost one use only: two more orders with new keys, then 429.
    expect((await placeOrder(t, account.token, payload)).statusCode).toBe(201);
    expect((await placeOrder(t, account.token, payload)).statusCode).toBe(201);
    expect((await placeOrder(t, account.token, payload)).statusCode).toBe(429);
    t.setNow(start);
  });

  it("a new customer's twenty orders at once, each with its own key: exactly the limit is placed", async () => {
    t.setNow(new Date(start.getTime() + 4 * 3_600_000));
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await burger()]);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => placeOrder(t, account.token, payload)),
    );
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(17);
    expect((await customerState(t, account.userId)).orders).toBe(3);
    t.setNow(start);
  });

  it('drafts refused because they lost a race (the coupon once per customer, the same points) give their use back', async () => {
    t.setNow(new Date(start.getTime() + 3 * 3_600_000));
    const account = await signUp(t.app);
    const coupon = await addCoupon(t, { code: 'CORRIDA', perc: false, valor: 500, maxUsesPerCustomer: 1 });
    const pizza = await cartLine(t, { ref: 'pizza-calabresa-grande' });
    const withCoupon = submission(account.userId, [pizza], { fk_cupom: coupon });
    const coupons = await Promise.all([1, 2].map(() => placeOrder(t, account.token, withCoupon)));
    expect(coupons.map((reply) => reply.statusCode).sort()).toEqual([201, 400]);
    expect(orderErrorReply.parse(coupons.find((reply) => reply.statusCode === 400)!.json()).code).toBe(
      'COUPON_CUSTOMER_LIMIT',
    );

    const other = await signUp(t.app);
    await setPoints(t, other.userId, 100);
    const reward = submission(other.userId, [pizza], { fidelidade_utilizada: true });
    const rewards = await Promise.all([1, 2].map(() => placeOrder(t, other.token, reward)));
    expect(rewards.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);

    // Each customer used one of their 3 orders: two more pass, the next is 429.
    for (const [who, payload] of [
      [account, submission(account.userId, [pizza])],
      [other, submission(other.userId, [pizza])],
    ] as const) {
      expect((await placeOrder(t, who.token, payload)).statusCode).toBe(201);
      expect((await placeOrder(t, who.token, payload)).statusCode).toBe(201);
      expect((await placeOrder(t, who.token, payload)).statusCode).toBe(429);
    }
    t.setNow(start);
  });
});
