import { randomUUID } from 'node:crypto';
import { checkBrCode } from '@comanda/domain';
import type { OutgoingNotification } from '@comanda/psp-standin';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema.ts';
import { bearer, type SignedUp, signInStaff, signUp } from '../../test/accounts.ts';
import { cartLine, couponUses, customerState, placeOrder, setPoints, submission } from '../../test/orders.ts';
import {
  buildPaymentsTestApp,
  createdIntent,
  createIntent,
  injectNotification,
  intentCall,
  lastNotificationOf,
  staffOrderIds as listStaffOrderIds,
  type PaymentsTestApp,
  PIX_STORES,
  paymentState,
} from '../../test/payments.ts';
import * as repo from './repository.ts';

/*
 * PIX online through the stand-in PSP, on a real database (docs/decisions/0018): the order is
 * released to the store exactly once, when the provider's state says paid, whoever finds out first
 * (notification, poll, reconciliation); nothing else ever releases it.
 */

const PIZZARIA = 'pizzaria.localhost';
let p: PaymentsTestApp;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
});
afterAll(async () => {
  await p.close();
});

/** Two pizzas grandes: R$ 119,80, 119 points once paid and delivered. */
const bigCart = (host = PIZZARIA) => cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 2, host });

const staffOrderIds = (host = PIZZARIA) => listStaffOrderIds(p.t, host);

async function customerOrderIds(account: SignedUp, host = PIZZARIA): Promise<number[]> {
  const response = await p.t.app.inject({
    method: 'GET',
    url: `/bar/atendimentos_list_app?client_id=${account.userId}`,
    headers: { host, ...bearer(account.token) },
  });
  return (response.json() as { results: { id: number }[] }).results.map((order) => order.id);
}

async function intentFor(account: SignedUp, overrides = {}, host = PIZZARIA) {
  const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 2, host })];
  const intent = await createdIntent(p.t, account.token, submission(account.userId, lines, overrides), host);
  // The provider's notification of the new charge, handled before the test goes on.
  await p.standin.context.notifier.settled();
  return intent;
}

/** Pays a charge at the stand-in with its notifications lost; answers the one that was sent. */
async function payUnheard(providerRef: string) {
  p.deliver.on = false;
  try {
    p.standin.pay(providerRef);
    await p.standin.context.notifier.settled();
  } finally {
    p.deliver.on = true;
  }
  return lastNotificationOf(p.sent, providerRef);
}

const SHAPES = ['mercadopago', 'stripe', 'apipix'] as const;

describe.each(SHAPES)('a PIX order paid online through %s', (shape) => {
  const host = PIX_STORES[shape];
  const signUpHere = () => signUp(p.t.app, { host });

  it('is placed awaiting payment: a valid BR Code for its total, unseen by the store, no points yet', async () => {
    const account = await signUpHere();
    const intent = await intentFor(account, {}, host);
    expect(intent).toMatchObject({ status: 'pending', amount: 11_980, payed: false, integration: shape });
    expect(checkBrCode(intent.qr_content!, { amount: 11_980 })).toMatchObject({ ok: true });
    expect(intent.qrcode).toMatch(/^data:image\/(png|svg\+xml);base64,/);
    expect(intent.expires_in).toBe(300);
    expect(await staffOrderIds(host)).not.toContain(intent.order_id);
    expect(await customerOrderIds(account, host)).not.toContain(intent.order_id);
    expect((await customerState(p.t, account.userId)).points).toBe(0);
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host);
    expect(check.json()).toMatchObject({ success: true, data: { polling: true, status: 'pending' } });
  });

  it('is released once the provider notifies the payment: the store sees it, its points wait for delivery', async () => {
    const account = await signUpHere();
    const intent = await intentFor(account, {}, host);
    p.standin.pay(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
    expect(await staffOrderIds(host)).toContain(intent.order_id);
    expect(await customerOrderIds(account, host)).toContain(intent.order_id);
    expect((await customerState(p.t, account.userId)).points).toBe(0);
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host);
    expect(check.json()).toMatchObject({ data: { polling: false, status: 'paid' } });
    const got = await intentCall(p.t, account.token, 'get-payment-intent', intent.intent_id, host);
    expect(got.json()).toMatchObject({
      data: {
        payed: true,
        order_data: {
          order_info: { order_id: intent.order_id, total: 11_980, pontos_fidelidade: 0 },
          order: { pontos_fidelidade: 119 },
        },
      },
    });
    const staff = await signInStaff(p.t, { host });
    const delivered = await p.t.app.inject({
      method: 'POST',
      url: `/staff/orders/${intent.order_id}/status`,
      headers: { host, ...bearer(staff.token) },
      payload: { status: 'Entregue' },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await customerState(p.t, account.userId)).points).toBe(119);
  });

  it('is found paid by the reconciliation job when the notification is lost', async () => {
    const account = await signUpHere();
    const intent = await intentFor(account, {}, host);
    await payUnheard(intent.transaction_id!);
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
    await forgetLastCheck(intent.intent_id);
    await reconcile();
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
    expect(await staffOrderIds(host)).toContain(intent.order_id);
  });

  it('is found paid by the customer’s poll, too', async () => {
    const account = await signUpHere();
    const intent = await intentFor(account, {}, host);
    await payUnheard(intent.transaction_id!);
    await forgetLastCheck(intent.intent_id);
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host);
    expect(check.json()).toMatchObject({ data: { polling: false, status: 'paid' } });
  });

  it('expires after its time: dropped, and the loyalty points it held are given back', async () => {
    const account = await signUpHere();
    await setPoints(p.t, account.userId, 150);
    const intent = await intentFor(account, { fidelidade_utilizada: true }, host);
    expect((await customerState(p.t, account.userId)).points).toBe(50);
    p.t.setNow(new Date(Date.now() + 10 * 60_000));
    try {
      await forgetLastCheck(intent.intent_id);
      await reconcile();
    } finally {
      p.t.setNow(new Date());
    }
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('expired');
    // Cancelled at the provider at the store's own deadline (300 s, what the customer was shown),
    // even where the provider's code would have lived longer (Mercado Pago: 30 minutes at least).
    // A cob expires at that same deadline at the PSP (its calendario.expiracao is ours).
    const atProvider = p.standin.context.book.find(shape, intent.transaction_id!)!;
    if (shape !== 'apipix') expect(atProvider.status).toBe('canceled');
    if (shape === 'mercadopago') {
      expect(Date.parse(atProvider.expiresAt) - Date.parse(atProvider.createdAt)).toBeGreaterThanOrEqual(
        30 * 60_000,
      );
    }
    expect((await customerState(p.t, account.userId)).points).toBe(150);
    expect(await staffOrderIds(host)).not.toContain(intent.order_id);
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host);
    expect(check.json()).toMatchObject({ success: false, data: { polling: false, status: 'expired' } });
  });

  it('abandoned by the customer is cancelled at the provider, and its coupon use given back', async () => {
    const account = await signUpHere();
    const usesBefore = await couponUses(p.t, 'BEMVINDO10', host);
    const coupon = await validCoupon(account, 'BEMVINDO10', host);
    const intent = await intentFor(account, { fk_cupom: coupon }, host);
    expect(await couponUses(p.t, 'BEMVINDO10', host)).toBe(usesBefore + 1);
    const response = await intentCall(p.t, account.token, 'cancel-pix-order', intent.intent_id, host);
    expect(response.json()).toMatchObject({ success: true, data: { status: 'canceled' } });
    expect(p.standin.context.book.find(shape, intent.transaction_id!)?.status).toBe('canceled');
    expect(await couponUses(p.t, 'BEMVINDO10', host)).toBe(usesBefore);
    // A payment after that finds the charge cancelled at the provider: no money moves.
    expect(() => p.standin.pay(intent.transaction_id!)).toThrow();
  });

  it('paid after the server gave up on it is refunded in full through the provider, once', async () => {
    const account = await signUpHere();
    const intent = await intentFor(account, {}, host);
    const { row } = await paymentState(p.t, intent.intent_id);
    // The server stopped counting the payment (say its cancel at the provider timed out).
    await p.t.database.db.transaction((tx) =>
      repo.move(tx, { id: row.id, from: ['pending'], to: 'canceled', source: 'test', at: new Date() }),
    );
    p.standin.pay(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    await forgetLastCheck(intent.intent_id);
    await reconcile();
    const state = await paymentState(p.t, intent.intent_id);
    expect(state.row).toMatchObject({ status: 'refunded', refundedAmount: 11_980 });
    expect(state.moves('refunded')).toBe(1);
    expect(p.standin.context.book.find(shape, intent.transaction_id!)).toMatchObject({
      status: 'refunded',
      refundedAmount: 11_980,
    });
    expect(await staffOrderIds(host)).not.toContain(intent.order_id);
  });

  it('cancelled by the store after it was paid is refunded in full through the provider, once', async () => {
    const account = await signUpHere();
    const intent = await intentFor(account, {}, host);
    p.standin.pay(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    const staff = await signInStaff(p.t, { host, role: 'manager' });
    const cancel = () =>
      p.t.app.inject({
        method: 'POST',
        url: `/staff/orders/${intent.order_id}/status`,
        headers: { host, ...bearer(staff.token) },
        payload: { status: 'Cancelado', reason: 'Acabou a massa' },
      });
    // Two attendants cancel at once: one cancel, one refund.
    const paid = await p.t.app.inject({
      method: 'GET',
      url: `/staff/orders/${intent.order_id}`,
      headers: { host, ...bearer(staff.token) },
    });
    expect(paid.json().pagamento_online).toEqual({
      status: 'paid',
      valor: 11_980,
      metodo: 'pix',
      devolver_na_mao: false,
    });
    const replies = await Promise.all([cancel(), cancel()]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const cancelled = replies.find((reply) => reply.statusCode === 200)!.json();
    expect(cancelled).toMatchObject({ status: 'Cancelado', pagamento_online: { status: 'refunded' } });
    await p.standin.context.notifier.settled();
    const state = await paymentState(p.t, intent.intent_id);
    expect(state.row).toMatchObject({ status: 'refunded', refundedAmount: 11_980, needsManualRefund: false });
    expect(state.moves('refunded')).toBe(1);
    expect(p.standin.context.book.find(shape, intent.transaction_id!)).toMatchObject({
      status: 'refunded',
      refundedAmount: 11_980,
    });
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host);
    expect(check.json()).toMatchObject({ data: { polling: false, status: 'refunded' } });
  });

  it('the same notification delivered ten times at once pays once, releases once, holds its points once', async () => {
    const account = await signUpHere();
    const intent = await intentFor(account, {}, host);
    const notification = await payUnheard(intent.transaction_id!);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => injectNotification(p.t, notification)),
    );
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
    expect(await customerState(p.t, account.userId)).toMatchObject({ points: 0, ledgerEntries: 0 });
    expect((await staffOrderIds(host)).filter((id) => id === intent.order_id)).toHaveLength(1);
  });

  it('a notification, the poll and the reconciliation racing move the payment once', async () => {
    const account = await signUpHere();
    const intent = await intentFor(account, {}, host);
    const notification = await payUnheard(intent.transaction_id!);
    await forgetLastCheck(intent.intent_id);
    await Promise.all([
      injectNotification(p.t, notification),
      intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host),
      reconcile(),
      injectNotification(p.t, notification),
    ]);
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
    expect(await customerState(p.t, account.userId)).toMatchObject({ points: 0, ledgerEntries: 0 });
  });

  it('a notification with a forged signature or token moves nothing', async () => {
    const account = await signUpHere();
    const intent = await intentFor(account, {}, host);
    const forged = FORGE[shape](await payUnheard(intent.transaction_id!));
    const response = await injectNotification(p.t, forged);
    expect([response.statusCode, response.json().code]).toEqual([401, 'NOTIFICATION_REFUSED']);
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
    expect(await staffOrderIds(host)).not.toContain(intent.order_id);
  });
});

/** The signature with its first hex digit changed. */
const flipSignature = (header: string) =>
  header.replace(/v1=([0-9a-f])/, (_whole, digit: string) => `v1=${digit === '0' ? '1' : '0'}`);

/** One way per provider to forge its notification's authentication. */
const FORGE: Record<(typeof SHAPES)[number], (n: OutgoingNotification) => OutgoingNotification> = {
  mercadopago: (n) => ({
    ...n,
    headers: { ...n.headers, 'x-signature': flipSignature(n.headers['x-signature']!) },
  }),
  stripe: (n) => ({
    ...n,
    headers: { ...n.headers, 'stripe-signature': flipSignature(n.headers['stripe-signature']!) },
  }),
  apipix: (n) => ({ ...n, url: n.url.replace(/\/apipix\/[^/?]+\/pix$/, '/apipix/forged/pix') }),
};

describe('exactly once', () => {
  it('a notification that fails at the provider is dropped, never released', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.standin.fail(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('failed');
    expect(await staffOrderIds()).not.toContain(intent.order_id);
  });

  it('a notification delivered again later changes nothing', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.standin.pay(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    const replay = await injectNotification(p.t, lastNotificationOf(p.sent, intent.transaction_id!));
    // Within the signature's tolerance it is a duplicate; after it, a stale signature: either way, nothing moves.
    expect([200, 401]).toContain(replay.statusCode);
    expect((await paymentState(p.t, intent.intent_id)).moves('paid')).toBe(1);
  });

  it('an API Pix notification claiming another amount is refused', async () => {
    const host = PIX_STORES.apipix;
    const account = await signUp(p.t.app, { host });
    const intent = await intentFor(account, {}, host);
    const notification = await payUnheard(intent.transaction_id!);
    const cheaper = { ...notification, body: notification.body.replace('"119.80"', '"1.00"') };
    expect(cheaper.body).not.toBe(notification.body);
    const response = await injectNotification(p.t, cheaper);
    expect([response.statusCode, response.json().code]).toEqual([400, 'NOTIFICATION_REFUSED']);
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
  });
});

describe('bad input: a 4xx with a code, nothing moved, no order released', () => {
  it('a notification of this store’s charge sent to another store', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    const notification = await payUnheard(intent.transaction_id!);
    const elsewhere = {
      ...notification,
      url: notification.url.replace('pizzaria.localhost', 'sakura.localhost'),
    };
    const response = await injectNotification(p.t, elsewhere);
    expect([response.statusCode, response.json().code]).toEqual([404, 'NOTIFICATION_REFUSED']);
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
  });

  it('another customer’s intent is not found', async () => {
    const [a, b] = [await signUp(p.t.app), await signUp(p.t.app)];
    const intent = await intentFor(a);
    for (const call of ['check-confirmation', 'get-payment-intent', 'cancel-pix-order'] as const) {
      const response = await intentCall(p.t, b.token, call, intent.intent_id);
      expect([response.statusCode, response.json().code]).toEqual([404, 'INTENT_NOT_FOUND']);
    }
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
  });

  it('cancelling a paid order is refused: it went to the store', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.standin.pay(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    const response = await intentCall(p.t, account.token, 'cancel-pix-order', intent.intent_id);
    expect([response.statusCode, response.json().code]).toEqual([409, 'PAYMENT_ALREADY_PAID']);
    expect(await staffOrderIds()).toContain(intent.order_id);
  });

  it('an empty or tampered cart is refused as the order call refuses it, with nothing charged', async () => {
    const account = await signUp(p.t.app);
    const empty = await createIntent(p.t, account.token, submission(account.userId, []));
    expect([empty.statusCode, empty.json().code]).toEqual([400, 'EMPTY_CART']);
    const line = await bigCart();
    const tampered = await createIntent(
      p.t,
      account.token,
      submission(account.userId, [{ ...line, produto_valor: 100 }]),
    );
    expect([tampered.statusCode, tampered.json().code]).toEqual([409, 'PRICE_CHANGED']);
    const paymentsOfCustomer = await p.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.customerId, account.userId));
    expect(paymentsOfCustomer).toEqual([]);
  });

  it('a store without PIX online refuses the intent', async () => {
    const account = await signUp(p.t.app, { host: 'sakura.localhost' });
    const line = await cartLine(p.t, { ref: 'combinado-salmao-16', host: 'sakura.localhost' });
    const response = await createIntent(p.t, account.token, submission(account.userId, [line]), {
      host: 'sakura.localhost',
    });
    expect([response.statusCode, response.json().code]).toEqual([409, 'ONLINE_PAYMENT_UNAVAILABLE']);
  });

  it('the order call never takes the online entry as paid', async () => {
    const account = await signUp(p.t.app);
    const response = await placeOrder(
      p.t,
      account.token,
      submission(account.userId, [await bigCart()], { fk_forma_pagamento: 999 }),
    );
    expect([response.statusCode, response.json().code]).toEqual([409, 'PAYMENT_NOT_CONFIRMED']);
  });

  it('the same Idempotency-Key twice answers the same intent, one order', async () => {
    const account = await signUp(p.t.app);
    const order = submission(account.userId, [await bigCart()]);
    const key = randomUUID();
    const [first, second] = await Promise.all([
      createIntent(p.t, account.token, order, { key }),
      createIntent(p.t, account.token, order, { key }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.intent_id).toBe(first.json().data.intent_id);
    expect((await customerState(p.t, account.userId)).orders).toBe(1);
  });
});

describe('the store’s own PIX key (no provider)', () => {
  const CHAVE = 'chave.localhost';

  it('money confirmed after the payment expired is flagged for the store to give back by hand', async () => {
    const account = await signUp(p.t.app, { host: CHAVE });
    const intent = await intentFor(account, {}, CHAVE);
    p.t.setNow(new Date(Date.now() + 10 * 60_000));
    try {
      await forgetLastCheck(intent.intent_id);
      await reconcile();
    } finally {
      p.t.setNow(new Date());
    }
    const { row } = await paymentState(p.t, intent.intent_id);
    expect(row.status).toBe('expired');
    const staff = await signInStaff(p.t, { host: CHAVE });
    const confirmed = await p.t.app.inject({
      method: 'POST',
      url: `/staff/payments/${row.id}/confirm`,
      headers: { host: CHAVE, ...bearer(staff.token) },
    });
    expect(confirmed.json()).toEqual({ status: 'expired' });
    expect((await paymentState(p.t, intent.intent_id)).row).toMatchObject({
      needsManualRefund: true,
      paidAmount: 11_980,
    });
    expect(await staffOrderIds(CHAVE)).not.toContain(intent.order_id);
  });

  it('gives a static BR Code with the key for the total, and the store confirms the money by hand', async () => {
    const account = await signUp(p.t.app, { host: CHAVE });
    const line = await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 2, host: CHAVE });
    const intent = await createdIntent(p.t, account.token, submission(account.userId, [line]), CHAVE);
    expect(checkBrCode(intent.qr_content!, { amount: 11_980, key: 'pix@fornoebrasa.example' })).toMatchObject(
      {
        ok: true,
      },
    );
    const { row } = await paymentState(p.t, intent.intent_id);
    const staff = await signInStaff(p.t, { host: CHAVE });
    const customer = await p.t.app.inject({
      method: 'POST',
      url: `/staff/payments/${row.id}/confirm`,
      headers: { host: CHAVE, ...bearer(account.token) },
    });
    expect(customer.statusCode).toBe(403);
    const confirmed = await p.t.app.inject({
      method: 'POST',
      url: `/staff/payments/${row.id}/confirm`,
      headers: { host: CHAVE, ...bearer(staff.token) },
    });
    expect(confirmed.json()).toEqual({ status: 'paid' });
    expect(await staffOrderIds(CHAVE)).toContain(intent.order_id);

    // Cancelled by the store afterwards: no provider can give the money back, the store is told to.
    const cancelled = await p.t.app.inject({
      method: 'POST',
      url: `/staff/orders/${intent.order_id}/status`,
      headers: { host: CHAVE, ...bearer(staff.token) },
      payload: { status: 'Cancelado', reason: 'Sem entregador' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().pagamento_online).toEqual({
      status: 'canceled',
      valor: 11_980,
      metodo: 'pix',
      devolver_na_mao: true,
    });
    expect((await paymentState(p.t, intent.intent_id)).row).toMatchObject({
      status: 'canceled',
      needsManualRefund: true,
      paidAmount: 11_980,
    });
  });
});

describe('order numbers a customer sees (issue 34, docs/decisions/0065)', () => {
  const numeroOf = async (orderId: number) => {
    const [row] = await p.t.database.db
      .select({ numero: orders.numero })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row!.numero;
  };
  const placeInPerson = async (account: SignedUp, host = PIZZARIA) => {
    const response = await placeOrder(p.t, account.token, submission(account.userId, [await bigCart(host)]), {
      host,
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { order_info: { order_id: number; numero: number }; order: { numero: number } };
  };

  it('a failed or abandoned PIX takes no number; the paid one takes the next; each store counts its own', async () => {
    const account = await signUp(p.t.app);
    const first = await placeInPerson(account);
    const n = first.order_info.numero;
    expect(first.order.numero).toBe(n);
    expect(n).toBeGreaterThan(0);
    // A declined PIX and one left unpaid: awaiting, never numbered.
    const declined = await intentFor(account);
    p.standin.fail(declined.transaction_id!);
    await p.standin.context.notifier.settled();
    const abandoned = await intentFor(account);
    expect([await numeroOf(declined.order_id), await numeroOf(abandoned.order_id)]).toEqual([null, null]);
    // No gap: the next order placed is the next number.
    expect((await placeInPerson(account)).order_info.numero).toBe(n + 1);
    // The PIX paid reaches the store now, with the number after that.
    const paid = await intentFor(account);
    p.standin.pay(paid.transaction_id!);
    await p.standin.context.notifier.settled();
    const got = await intentCall(p.t, account.token, 'get-payment-intent', paid.intent_id, PIZZARIA);
    expect(got.json()).toMatchObject({
      data: {
        order_data: { order_info: { order_id: paid.order_id, numero: n + 2 }, order: { numero: n + 2 } },
      },
    });
    // Another store's numbers are its own: its orders that reached it, counted from 1.
    const sakura = PIX_STORES.stripe;
    const other = await signUp(p.t.app, { host: sakura });
    const there = await placeInPerson(other, sakura);
    const [{ released }] = (await p.t.database.db
      .select({ released: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.storeId, (await storeOf(there.order_info.order_id))!),
          eq(orders.awaitingPayment, false),
        ),
      )) as [{ released: number }];
    expect(there.order_info.numero).toBe(released);
  });
});

// ---------------------------------------------------------------------------------------------

const reconcile = () => p.t.services.payments.reconcile();

async function storeOf(orderId: number): Promise<number | undefined> {
  const [row] = await p.t.database.db
    .select({ storeId: orders.storeId })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.storeId;
}

/** Lets the next look at the payment ask the provider at once (the poll and the job take turns). */
async function forgetLastCheck(intentId: string) {
  await p.t.database.db.update(payments).set({ checkedAt: null }).where(eq(payments.publicId, intentId));
}

async function validCoupon(account: SignedUp, code: string, host = PIZZARIA): Promise<number> {
  const response = await p.t.app.inject({
    method: 'POST',
    url: '/core/coupon_validate_app',
    headers: { host, ...bearer(account.token) },
    payload: { coupon: code, customer_id: account.userId },
  });
  return (response.json() as { detail: { id: number } }).detail.id;
}
