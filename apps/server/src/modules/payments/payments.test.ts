import { randomUUID } from 'node:crypto';
import { checkBrCode } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.ts';
import { bearer, type SignedUp, signInStaff, signUp } from '../../test/accounts.ts';
import { cartLine, couponUses, customerState, placeOrder, setPoints, submission } from '../../test/orders.ts';
import {
  buildPaymentsTestApp,
  createdIntent,
  createIntent,
  injectNotification,
  intentCall,
  type PaymentsTestApp,
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

/** Two pizzas grandes: R$ 119,80, 119 points once paid. */
const bigCart = () => cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 2 });

async function staffOrderIds(host = PIZZARIA): Promise<number[]> {
  const staff = await signInStaff(p.t, { host });
  const response = await p.t.app.inject({
    method: 'GET',
    url: '/staff/orders?limit=100',
    headers: { host, ...bearer(staff.token) },
  });
  return (response.json() as { results: { id: number }[] }).results.map((order) => order.id);
}

async function customerOrderIds(account: SignedUp, host = PIZZARIA): Promise<number[]> {
  const response = await p.t.app.inject({
    method: 'GET',
    url: `/bar/atendimentos_list_app?client_id=${account.userId}`,
    headers: { host, ...bearer(account.token) },
  });
  return (response.json() as { results: { id: number }[] }).results.map((order) => order.id);
}

async function intentFor(account: SignedUp, overrides = {}) {
  const intent = await createdIntent(p.t, account.token, submission(account.userId, [await bigCart()], overrides));
  // The provider's notification of the new charge, handled before the test goes on.
  await p.standin.context.notifier.settled();
  return intent;
}

describe('a PIX order paid online', () => {
  it('is placed awaiting payment: a valid BR Code for its total, unseen by the store, no points yet', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    expect(intent).toMatchObject({
      status: 'pending',
      amount: 11_980,
      payed: false,
      integration: 'mercadopago',
    });
    expect(checkBrCode(intent.qr_content!, { amount: 11_980 })).toMatchObject({ ok: true });
    expect(intent.qrcode).toMatch(/^data:image\/(png|svg\+xml);base64,/);
    expect(intent.expires_in).toBe(300);
    expect(await staffOrderIds()).not.toContain(intent.order_id);
    expect(await customerOrderIds(account)).not.toContain(intent.order_id);
    expect((await customerState(p.t, account.userId)).points).toBe(0);
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id);
    expect(check.json()).toMatchObject({ success: true, data: { polling: true, status: 'pending' } });
  });

  it('is released once the provider notifies the payment: the store sees it, points are earned', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.standin.pay(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    const state = await paymentState(p.t, intent.intent_id);
    expect(state.row.status).toBe('paid');
    expect(state.moves('paid')).toBe(1);
    expect(await staffOrderIds()).toContain(intent.order_id);
    expect(await customerOrderIds(account)).toContain(intent.order_id);
    expect((await customerState(p.t, account.userId)).points).toBe(119);
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id);
    expect(check.json()).toMatchObject({ data: { polling: false, status: 'paid' } });
    const got = await intentCall(p.t, account.token, 'get-payment-intent', intent.intent_id);
    expect(got.json()).toMatchObject({
      data: {
        payed: true,
        order_data: { order_info: { order_id: intent.order_id, total: 11_980, pontos_fidelidade: 119 } },
      },
    });
  });

  it('is found paid by the reconciliation job when the notification is lost', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.deliver.on = false;
    try {
      p.standin.pay(intent.transaction_id!);
      await p.standin.context.notifier.settled();
    } finally {
      p.deliver.on = true;
    }
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
    await forgetLastCheck(intent.intent_id);
    await reconcile();
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
    expect(await staffOrderIds()).toContain(intent.order_id);
  });

  it('is found paid by the customer’s poll, too', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.deliver.on = false;
    try {
      p.standin.pay(intent.transaction_id!);
      await p.standin.context.notifier.settled();
    } finally {
      p.deliver.on = true;
    }
    await forgetLastCheck(intent.intent_id);
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id);
    expect(check.json()).toMatchObject({ data: { polling: false, status: 'paid' } });
  });

  it('expires after its time: dropped, and the coupon use and points it held are given back', async () => {
    const account = await signUp(p.t.app);
    await setPoints(p.t, account.userId, 150);
    const usesBefore = await couponUses(p.t, 'BEMVINDO10');
    const intent = await intentFor(account, { fidelidade_utilizada: true });
    expect((await customerState(p.t, account.userId)).points).toBe(50);
    const later = new Date(Date.now() + 10 * 60_000);
    p.t.setNow(later);
    try {
      await forgetLastCheck(intent.intent_id);
      await reconcile();
    } finally {
      p.t.setNow(new Date());
    }
    const state = await paymentState(p.t, intent.intent_id);
    expect(state.row.status).toBe('expired');
    expect((await customerState(p.t, account.userId)).points).toBe(150);
    expect(await couponUses(p.t, 'BEMVINDO10')).toBe(usesBefore);
    expect(await staffOrderIds()).not.toContain(intent.order_id);
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id);
    expect(check.json()).toMatchObject({ success: false, data: { polling: false, status: 'expired' } });
  });

  it('that fails at the provider is dropped, never released', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.standin.fail(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('failed');
    expect(await staffOrderIds()).not.toContain(intent.order_id);
  });

  it('abandoned by the customer is cancelled at the provider, and its holds given back', async () => {
    const account = await signUp(p.t.app);
    const usesBefore = await couponUses(p.t, 'BEMVINDO10');
    const coupon = await validCoupon(account, 'BEMVINDO10');
    const intent = await intentFor(account, { fk_cupom: coupon });
    expect(await couponUses(p.t, 'BEMVINDO10')).toBe(usesBefore + 1);
    const response = await intentCall(p.t, account.token, 'cancel-pix-order', intent.intent_id);
    expect(response.json()).toMatchObject({ success: true, data: { status: 'canceled' } });
    expect(p.standin.context.book.find('mercadopago', intent.transaction_id!)?.status).toBe('canceled');
    expect(await couponUses(p.t, 'BEMVINDO10')).toBe(usesBefore);
    // A payment made after that finds the charge cancelled at the provider: no money moves.
    expect(() => p.standin.pay(intent.transaction_id!)).toThrow();
  });

  it('paid after the server gave up on it is refunded in full through the provider, once', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
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
    expect(p.standin.context.book.find('mercadopago', intent.transaction_id!)).toMatchObject({
      status: 'refunded',
      refundedAmount: 11_980,
    });
    expect(await staffOrderIds()).not.toContain(intent.order_id);
  });
});

describe('exactly once', () => {
  it('the same notification delivered ten times at once pays once, releases once, earns once', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.deliver.on = false;
    const before = p.sent.length;
    try {
      p.standin.pay(intent.transaction_id!);
      await p.standin.context.notifier.settled();
    } finally {
      p.deliver.on = true;
    }
    const notification = p.sent.slice(before).find((n) => n.url.includes(intent.transaction_id!))!;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => injectNotification(p.t, notification)),
    );
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
    expect((await customerState(p.t, account.userId)).points).toBe(119);
    expect((await staffOrderIds()).filter((id) => id === intent.order_id)).toHaveLength(1);
  });

  it('a notification, the poll and the reconciliation racing move the payment once', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.deliver.on = false;
    const before = p.sent.length;
    try {
      p.standin.pay(intent.transaction_id!);
      await p.standin.context.notifier.settled();
    } finally {
      p.deliver.on = true;
    }
    const notification = p.sent.slice(before).find((n) => n.url.includes(intent.transaction_id!))!;
    await forgetLastCheck(intent.intent_id);
    await Promise.all([
      injectNotification(p.t, notification),
      intentCall(p.t, account.token, 'check-confirmation', intent.intent_id),
      reconcile(),
      injectNotification(p.t, notification),
    ]);
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
    expect((await customerState(p.t, account.userId)).points).toBe(119);
  });

  it('a notification delivered again days later changes nothing', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    const before = p.sent.length;
    p.standin.pay(intent.transaction_id!);
    await p.standin.context.notifier.settled();
    const notification = p.sent.slice(before).find((n) => n.url.includes(intent.transaction_id!))!;
    const replay = await injectNotification(p.t, notification);
    // Within the signature's tolerance it is a duplicate; after it, a stale signature: either way, nothing moves.
    expect([200, 401]).toContain(replay.statusCode);
    expect((await paymentState(p.t, intent.intent_id)).moves('paid')).toBe(1);
  });
});

describe('bad input: a 4xx with a code, nothing moved, no order released', () => {
  it('a notification with a bad signature', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.deliver.on = false;
    const before = p.sent.length;
    try {
      p.standin.pay(intent.transaction_id!);
      await p.standin.context.notifier.settled();
    } finally {
      p.deliver.on = true;
    }
    const notification = p.sent.slice(before).find((n) => n.url.includes(intent.transaction_id!))!;
    const forged = {
      ...notification,
      headers: {
        ...notification.headers,
        'x-signature': notification.headers['x-signature']!.replace(/v1=./, 'v1=0'),
      },
    };
    const response = await injectNotification(p.t, forged);
    expect([response.statusCode, response.json().code]).toEqual([401, 'NOTIFICATION_REFUSED']);
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
    expect(await staffOrderIds()).not.toContain(intent.order_id);
  });

  it('a notification of this store’s charge sent to another store', async () => {
    const account = await signUp(p.t.app);
    const intent = await intentFor(account);
    p.deliver.on = false;
    const before = p.sent.length;
    try {
      p.standin.pay(intent.transaction_id!);
      await p.standin.context.notifier.settled();
    } finally {
      p.deliver.on = true;
    }
    const notification = p.sent.slice(before).find((n) => n.url.includes(intent.transaction_id!))!;
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
  });
});

// ---------------------------------------------------------------------------------------------

const reconcile = () => p.t.services.payments.reconcile();

/** Lets the next look at the payment ask the provider at once (the poll and the job take turns). */
async function forgetLastCheck(intentId: string) {
  await p.t.database.db.update(payments).set({ checkedAt: null }).where(eq(payments.publicId, intentId));
}

async function validCoupon(account: SignedUp, code: string): Promise<number> {
  const response = await p.t.app.inject({
    method: 'POST',
    url: '/core/coupon_validate_app',
    headers: { host: PIZZARIA, ...bearer(account.token) },
    payload: { coupon: code, customer_id: account.userId },
  });
  return (response.json() as { detail: { id: number } }).detail.id;
}
