import { orderErrorReply, orderPlacedReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsTestApp, signUp } from '../../test/accounts.ts';
import { cartLine, customerState, placeOrder, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';

/* Exactly once: the Idempotency-Key header of order placement. */

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const burger = () =>
  cartLine(t, { ref: 'burger-classico', choices: { 'Ponto da carne': { 'Bem passado': 1 } } });

describe('Idempotency-Key', () => {
  it('is required', async () => {
    const account = await signUp(t.app);
    const response = await placeOrder(t, account.token, submission(account.userId, [await burger()]), {
      key: null,
    });
    expect(response.statusCode).toBe(400);
    expect(orderErrorReply.parse(response.json())).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REQUIRED',
      field: 'Idempotency-Key',
    });
    expect((await customerState(t, account.userId)).orders).toBe(0);
  });

  it('is at most 100 visible characters', async () => {
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await burger()]);
    for (const key of ['k'.repeat(101), 'chave com espaço']) {
      const response = await placeOrder(t, account.token, payload, { key });
      expect(response.statusCode).toBe(400);
      expect(orderErrorReply.parse(response.json()).code).toBe('IDEMPOTENCY_KEY_INVALID');
    }
    expect((await placeOrder(t, account.token, payload, { key: 'k'.repeat(100) })).statusCode).toBe(201);
  });

  it('the same key answers the first reply and places no second order', async () => {
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await burger()]);
    const first = await placeOrder(t, account.token, payload, { key: 'checkout-1' });
    const again = await placeOrder(t, account.token, payload, { key: 'checkout-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await customerState(t, account.userId)).toMatchObject({ orders: 1, ledgerEntries: 0, points: 0 });
  });

  it('a new key is a new order', async () => {
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await burger()]);
    const a = orderPlacedReply.parse((await placeOrder(t, account.token, payload, { key: 'a' })).json());
    const b = orderPlacedReply.parse((await placeOrder(t, account.token, payload, { key: 'b' })).json());
    expect(a.order_info.order_id).not.toBe(b.order_info.order_id);
    expect((await customerState(t, account.userId)).orders).toBe(2);
  });

  it('the same key with a different body: 422 IDEMPOTENCY_KEY_REUSED, nothing placed', async () => {
    const account = await signUp(t.app);
    const first = await placeOrder(t, account.token, submission(account.userId, [await burger()]), {
      key: 'x',
    });
    expect(first.statusCode).toBe(201);
    const other = submission(account.userId, [await burger()], { observacoes: 'Outra coisa' });
    const response = await placeOrder(t, account.token, other, { key: 'x' });
    expect(response.statusCode).toBe(422);
    expect(orderErrorReply.parse(response.json()).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await customerState(t, account.userId)).orders).toBe(1);
  });

  it('keys belong to a customer: two customers may use the same key', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    expect(
      (await placeOrder(t, a.token, submission(a.userId, [await burger()]), { key: 'same' })).statusCode,
    ).toBe(201);
    expect(
      (await placeOrder(t, b.token, submission(b.userId, [await burger()]), { key: 'same' })).statusCode,
    ).toBe(201);
    expect((await customerState(t, a.userId)).orders).toBe(1);
    expect((await customerState(t, b.userId)).orders).toBe(1);
  });

  it('a refusal is the key’s reply too: the retry gets the same refusal', async () => {
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await burger()], { fk_forma_pagamento: 999 });
    const first = await placeOrder(t, account.token, payload, { key: 'refused' });
    const again = await placeOrder(t, account.token, payload, { key: 'refused' });
    expect(first.statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());
    expect(await customerState(t, account.userId)).toMatchObject({ orders: 0, ledgerEntries: 0, points: 0 });
  });

  it('ten identical requests at once make one order, and all ten get its reply', async () => {
    const account = await signUp(t.app);
    const payload = submission(account.userId, [await burger()]);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => placeOrder(t, account.token, payload, { key: 'tap-tap-tap' })),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual(Array(10).fill(201));
    const ids = new Set(replies.map((reply) => orderPlacedReply.parse(reply.json()).order_info.order_id));
    expect(ids.size).toBe(1);
    expect(replies.filter((reply) => reply.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await customerState(t, account.userId)).toMatchObject({
      orders: 1,
      lines: 1,
      ledgerEntries: 0,
      points: 0,
      idempotencyKeys: 1,
    });
  });
});
