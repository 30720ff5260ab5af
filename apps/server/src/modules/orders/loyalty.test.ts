import { orderErrorReply, orderPlacedReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsTestApp, type SignedUp, signInStaff, signUp } from '../../test/accounts.ts';
import { listLoyaltyLedger } from '../../test/loyalty.ts';
import { cartLine, customerState, placeOrder, setPoints, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus } from '../../test/tracking.ts';

/*
 * Loyalty points with orders. Pizzaria: 1 point per real paid for products; 100 points buy R$ 15,00
 * off (a fixed reward, so the order total must be at least R$ 15,00).
 */

let t: TestApp;
let staffToken: string;
beforeAll(async () => {
  t = await buildAccountsTestApp();
  staffToken = (await signInStaff(t)).token;
});
afterAll(async () => {
  await t.close();
});

/** Two pizzas grandes: R$ 119,80, 119 points. */
const bigCart = () => cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 2 });

/** The store moves an order to a status (Entregue delivers it, Cancelado needs a reason). */
async function moveOrder(orderId: number, status: string) {
  const payload = status === 'Cancelado' ? { status, reason: 'Cliente desistiu' } : { status };
  const response = await changeStatus(t, staffToken, orderId, payload);
  if (response.statusCode !== 200)
    throw new Error(`status ${status}: ${response.statusCode} ${response.body}`);
}

async function placeDelivered(account: SignedUp): Promise<number> {
  const response = await placeOrder(t, account.token, submission(account.userId, [await bigCart()]));
  const orderId = orderPlacedReply.parse(response.json()).order_info.order_id;
  await moveOrder(orderId, 'Entregue');
  return orderId;
}

async function ledgerOf(account: SignedUp) {
  const storeId = (await t.database.db.query.customers.findFirst({
    where: (c, { eq }) => eq(c.id, account.userId),
  }))!.storeId;
  return listLoyaltyLedger(t.database.db, storeId, account.userId);
}

describe('loyalty points', () => {
  it('are pending while the order is not delivered, and credited (with a ledger entry) when it is', async () => {
    const account = await signUp(t.app);
    const response = await placeOrder(t, account.token, submission(account.userId, [await bigCart()]));
    const body = orderPlacedReply.parse(response.json());
    expect(body.order.pontos_fidelidade).toBe(119);
    expect(body.order_info.pontos_fidelidade).toBe(0);
    expect(await customerState(t, account.userId)).toMatchObject({ points: 0, ledgerEntries: 0 });
    await moveOrder(body.order_info.order_id, 'Preparo');
    await moveOrder(body.order_info.order_id, 'Concluido');
    expect((await customerState(t, account.userId)).points).toBe(0);
    await moveOrder(body.order_info.order_id, 'Entregue');
    expect(await ledgerOf(account)).toEqual([
      expect.objectContaining({
        orderId: body.order_info.order_id,
        delta: 119,
        reason: 'order_earned',
        balanceAfter: 119,
      }),
    ]);
    expect(await customerState(t, account.userId)).toMatchObject({ points: 119, ledgerSum: 119 });
  });

  it('pending points cannot be spent: the reward needs points of delivered orders', async () => {
    const account = await signUp(t.app);
    await placeOrder(t, account.token, submission(account.userId, [await bigCart()]));
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fidelidade_utilizada: true }),
    );
    expect(response.statusCode).toBe(409);
    expect(orderErrorReply.parse(response.json()).code).toBe('LOYALTY_UNAVAILABLE');
  });

  it('cancelling an undelivered order takes back nothing it never gave and returns the points it spent', async () => {
    const account = await signUp(t.app);
    await setPoints(t, account.userId, 130);
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fidelidade_utilizada: true }),
    );
    const orderId = orderPlacedReply.parse(response.json()).order_info.order_id;
    expect((await customerState(t, account.userId)).points).toBe(30);
    await moveOrder(orderId, 'Cancelado');
    expect((await ledgerOf(account)).map((entry) => [entry.delta, entry.reason, entry.balanceAfter])).toEqual(
      [
        [-100, 'reward_redeemed', 30],
        [100, 'order_cancelled_refund', 130],
      ],
    );
    expect((await customerState(t, account.userId)).points).toBe(130);
  });

  it('the reward is spent and the rest of the order earns on delivery: balance = Σ ledger', async () => {
    const account = await signUp(t.app);
    await placeDelivered(account);
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fidelidade_utilizada: true }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = orderPlacedReply.parse(response.json());
    // 11980 − 1500 = 10480 paid: 104 points, once delivered; 119 − 100 = 19 meanwhile.
    expect(body.order).toMatchObject({
      fidelidade_utilizada: true,
      desconto_fidelidade: 1500,
      desconto: 1500,
      total: 10_480,
      pontos_utilizados: 100,
      pontos_fidelidade: 104,
    });
    expect(body.order_info.pontos_fidelidade).toBe(19);
    await moveOrder(body.order_info.order_id, 'Entregue');
    const state = await customerState(t, account.userId);
    expect(state).toMatchObject({ orders: 2, points: 123, ledgerEntries: 3, ledgerSum: 123 });
    expect((await ledgerOf(account)).map((entry) => [entry.delta, entry.reason, entry.balanceAfter])).toEqual(
      [
        [119, 'order_earned', 119],
        [-100, 'reward_redeemed', 19],
        [104, 'order_earned', 123],
      ],
    );
  });

  it('without enough points: 409 LOYALTY_UNAVAILABLE and nothing changes', async () => {
    const account = await signUp(t.app);
    await setPoints(t, account.userId, 99);
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fidelidade_utilizada: true }),
    );
    expect(response.statusCode).toBe(409);
    expect(orderErrorReply.parse(response.json())).toMatchObject({
      code: 'LOYALTY_UNAVAILABLE',
      detail: 'Você ainda não tem pontos suficientes para a recompensa.',
    });
    expect(await customerState(t, account.userId)).toMatchObject({ orders: 0, points: 99, ledgerEntries: 0 });
  });

  it('a refusal after the loyalty check consumes no points', async () => {
    const account = await signUp(t.app);
    await setPoints(t, account.userId, 150);
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], {
        fidelidade_utilizada: true,
        fk_forma_pagamento: 1,
        troco_para: 100,
      }),
    );
    expect(orderErrorReply.parse(response.json()).code).toBe('CHANGE_BELOW_TOTAL');
    expect(await customerState(t, account.userId)).toMatchObject({
      orders: 0,
      points: 150,
      ledgerEntries: 0,
    });
  });

  it('the order total cannot be lower than a fixed reward', async () => {
    const account = await signUp(t.app);
    await setPoints(t, account.userId, 100);
    const table = (await t.database.db.query.diningTables.findFirst())!;
    const water = await cartLine(t, { ref: 'agua', channel: 'local' });
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [water], {
        forma_entrada: 'local',
        identificador_pedido_novo: String(table.id),
        token_mesa: table.token,
        fk_forma_pagamento: null,
        fidelidade_utilizada: true,
      }),
    );
    expect(orderErrorReply.parse(response.json())).toMatchObject({
      code: 'LOYALTY_UNAVAILABLE',
      detail: 'O total do pedido é menor que a recompensa da fidelidade.',
    });
    expect((await customerState(t, account.userId)).points).toBe(100);
  });

  it('two orders racing for the same 100 points: only one redeems them', async () => {
    const account = await signUp(t.app);
    await setPoints(t, account.userId, 100);
    const pizza = await cartLine(t, { ref: 'pizza-calabresa-grande' });
    const payload = submission(account.userId, [pizza], { fidelidade_utilizada: true });
    const replies = await Promise.all([
      placeOrder(t, account.token, payload),
      placeOrder(t, account.token, payload),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    // 100 − 100; the 44 points of (5990 − 1500) / 100 wait for the delivery.
    expect(await customerState(t, account.userId)).toMatchObject({ orders: 1, points: 0 });
  });
});
