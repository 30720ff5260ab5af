import { orderErrorReply, orderPlacedReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccountsTestApp, type SignedUp, signUp } from '../../test/accounts.ts';
import { listLoyaltyLedger } from '../../test/loyalty.ts';
import { cartLine, customerState, placeOrder, setPoints, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';

/*
 * Loyalty points with orders. Pizzaria: 1 point per real paid for products; 100 points buy R$ 15,00
 * off (a fixed reward, so the order total must be at least R$ 15,00).
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Two pizzas grandes: R$ 119,80, 119 points. */
const bigCart = () => cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 2 });

async function ledgerOf(account: SignedUp) {
  const storeId = (await t.database.db.query.customers.findFirst({
    where: (c, { eq }) => eq(c.id, account.userId),
  }))!.storeId;
  return listLoyaltyLedger(t.database.db, storeId, account.userId);
}

describe('loyalty points', () => {
  it('are earned with the order, in its transaction, and recorded in the ledger', async () => {
    const account = await signUp(t.app);
    const response = await placeOrder(t, account.token, submission(account.userId, [await bigCart()]));
    const body = orderPlacedReply.parse(response.json());
    expect(body.order.pontos_fidelidade).toBe(119);
    expect(body.order_info.pontos_fidelidade).toBe(119);
    const ledger = await ledgerOf(account);
    expect(ledger).toEqual([
      expect.objectContaining({
        orderId: body.order_info.order_id,
        delta: 119,
        reason: 'order_earned',
        balanceAfter: 119,
      }),
    ]);
  });

  it('the reward is spent and the rest of the order still earns: balance = Σ ledger', async () => {
    const account = await signUp(t.app);
    await placeOrder(t, account.token, submission(account.userId, [await bigCart()]));
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [await bigCart()], { fidelidade_utilizada: true }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = orderPlacedReply.parse(response.json());
    // 11980 − 1500 = 10480 paid: 104 points; 119 − 100 + 104 = 123.
    expect(body.order).toMatchObject({
      fidelidade_utilizada: true,
      desconto_fidelidade: 1500,
      desconto: 1500,
      total: 10_480,
      pontos_utilizados: 100,
      pontos_fidelidade: 104,
    });
    expect(body.order_info.pontos_fidelidade).toBe(123);
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
    const table = (await t.database.db.query.diningTables.findFirst())!.id;
    const water = await cartLine(t, { ref: 'agua', channel: 'local' });
    const response = await placeOrder(
      t,
      account.token,
      submission(account.userId, [water], {
        forma_entrada: 'local',
        identificador_pedido_novo: String(table),
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
    // 100 − 100 + (5990 − 1500) / 100 earned: not enough for a second reward.
    expect(await customerState(t, account.userId)).toMatchObject({ orders: 1, points: 44 });
  });
});
