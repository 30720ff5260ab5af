import { orderErrorReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsTestApp, signUp } from '../../test/accounts.ts';
import { cartLine, customerState, placeOrder, submission } from '../../test/orders.ts';
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
});
