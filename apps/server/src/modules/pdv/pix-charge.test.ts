import { randomUUID } from 'node:crypto';
import { errorReply, staffPixCharge, staffPixChargeOffer } from '@comanda/contract';
import { ONLINE_PIX_ID } from '@comanda/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, payments } from '../../db/schema.ts';
import { bearer, type SignedUp, type StaffSignedIn, signInStaff, signUp } from '../../test/accounts.ts';
import { cartLine, storeIdOf, submission } from '../../test/orders.ts';
import {
  buildPaymentsTestApp,
  createdIntent,
  injectNotification,
  lastNotificationOf,
  type PaymentsTestApp,
  PIX_STORES,
  staffOrderIds,
} from '../../test/payments.ts';

/*
 * A counter (phone, waiter) order paid by a PIX charge through the store's provider
 * (docs/decisions/0063): placed as the customer's online PIX order is, awaiting its payment with
 * its channel and who entered it, released by the stand-in PSP's notification and counted once in
 * the ledger, online; expired or cancelled, dropped and never counted.
 */

const HOST: string = PIX_STORES.mercadopago;
const STATIC_HOST: string = PIX_STORES.static_pix;
let p: PaymentsTestApp;
let attendant: StaffSignedIn;
let storeId: number;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
  attendant = await signInStaff(p.t, { host: HOST, name: 'Ana Balcão', role: 'attendant' });
  storeId = await storeIdOf(p.t, HOST);
});
afterAll(async () => {
  await p.close();
});

function call(
  method: 'GET' | 'POST',
  url: string,
  options: { payload?: object; host?: string; token?: string; key?: string } = {},
) {
  return p.t.app.inject({
    method,
    url,
    headers: {
      host: options.host ?? HOST,
      ...bearer(options.token ?? attendant.token),
      ...(method === 'POST' ? { 'idempotency-key': options.key ?? randomUUID() } : {}),
    },
    ...(options.payload ? { payload: options.payload } : {}),
  });
}

async function counterOrder(account: SignedUp, canal: 'balcao' | 'telefone' = 'balcao', host = HOST) {
  const line = await cartLine(p.t, { ref: 'pizza-calabresa-grande', host });
  return { ...submission(account.userId, [line], { fk_forma_pagamento: ONLINE_PIX_ID }), canal };
}

async function opened(canal: 'balcao' | 'telefone' = 'balcao') {
  const account = await signUp(p.t.app, { host: HOST });
  const response = await call('POST', '/staff/pix-charges', { payload: await counterOrder(account, canal) });
  expect(response.statusCode, response.body).toBe(201);
  return staffPixCharge.parse(response.json());
}

async function paymentRow(intentId: string) {
  const [row] = await p.t.database.db.select().from(payments).where(eq(payments.publicId, intentId));
  return row!;
}

async function orderRow(id: number) {
  const [row] = await p.t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

async function ledgerOf(orderId: number) {
  return p.t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.orderId, orderId)));
}

async function expectRefusal(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  expect(errorReply.parse(response.json()).code).toBe(code);
}

const charge = async (intentId: string) => {
  const response = await call('GET', `/staff/pix-charges/${intentId}`);
  expect(response.statusCode, response.body).toBe(200);
  return staffPixCharge.parse(response.json());
};

describe('a PIX charge at the counter', () => {
  it('is offered only where the store takes PIX through a provider that confirms it', async () => {
    const offer = staffPixChargeOffer.parse((await call('GET', '/staff/pix-charges/offer')).json());
    expect(offer).toEqual({ available: true, expires_in: 300 });
    const staticStaff = await signInStaff(p.t, { host: STATIC_HOST, role: 'attendant' });
    const atStatic = await call('GET', '/staff/pix-charges/offer', {
      host: STATIC_HOST,
      token: staticStaff.token,
    });
    expect(staffPixChargeOffer.parse(atStatic.json())).toEqual({ available: false, expires_in: null });

    // Placing one there is refused, and nothing is written.
    const [before] = await p.t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    const account = await signUp(p.t.app, { host: STATIC_HOST });
    await expectRefusal(
      await call('POST', '/staff/pix-charges', {
        host: STATIC_HOST,
        token: staticStaff.token,
        payload: await counterOrder(account, 'balcao', STATIC_HOST),
      }),
      409,
      'ONLINE_PAYMENT_UNAVAILABLE',
    );
    const [after] = await p.t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders);
    expect(after!.n).toBe(before!.n);
  });

  it('waits for its payment off the board; the provider’s notification releases it, counted once online', async () => {
    const opening = await opened('telefone');
    expect(opening.status).toBe('pending');
    expect(opening.qr_code).toMatch(/^data:image\/(svg\+xml|png)/);
    expect(opening.copia_e_cola).toMatch(/^000201/);
    expect(Date.parse(opening.expires_at) - Date.now()).toBeGreaterThan(250_000);

    const order = await orderRow(opening.order_id);
    expect(order).toMatchObject({
      channel: 'telefone',
      enteredBy: attendant.userId,
      paymentMethodId: ONLINE_PIX_ID,
      awaitingPayment: true,
    });
    expect(opening.amount).toBe(order.total);
    expect(await staffOrderIds(p.t, HOST)).not.toContain(opening.order_id);
    expect(await ledgerOf(opening.order_id)).toEqual([]);

    const payment = await paymentRow(opening.intent_id);
    p.standin.pay(payment.providerRef!);
    await p.standin.context.notifier.settled();

    const paid = await charge(opening.intent_id);
    expect(paid).toMatchObject({ status: 'paid', detail: 'Pagamento recebido.', qr_code: null });
    expect(await orderRow(opening.order_id)).toMatchObject({ awaitingPayment: false, status: 'Solicitado' });
    expect(await staffOrderIds(p.t, HOST)).toContain(opening.order_id);

    const entries = await ledgerOf(opening.order_id);
    expect(entries.reduce((sum, entry) => sum + entry.amount, 0)).toBe(order.total);
    expect(entries.every((entry) => entry.online && entry.channel === 'telefone')).toBe(true);
    expect(entries.every((entry) => entry.registerSessionId === null)).toBe(true);

    // The same notification again, or a cancel after the payment: nothing moves twice.
    const resent = await injectNotification(p.t, lastNotificationOf(p.sent, payment.providerRef!));
    expect(resent.statusCode).toBe(200);
    await expectRefusal(
      await call('POST', `/staff/pix-charges/${opening.intent_id}/cancel`),
      409,
      'PAYMENT_ALREADY_PAID',
    );
    const again = await ledgerOf(opening.order_id);
    expect(again.reduce((sum, entry) => sum + entry.amount, 0)).toBe(order.total);
    expect(again).toHaveLength(entries.length);
  });

  it('expires after its time: the order is dropped and never counted', async () => {
    const opening = await opened();
    p.t.setNow(new Date(Date.now() + 10 * 60_000));
    try {
      await p.t.database.db
        .update(payments)
        .set({ checkedAt: null })
        .where(eq(payments.publicId, opening.intent_id));
      await p.t.services.payments.reconcile();
    } finally {
      p.t.setNow(new Date());
    }
    const expired = await charge(opening.intent_id);
    expect(expired).toMatchObject({ status: 'expired', copia_e_cola: null, qr_code: null });
    expect((await orderRow(opening.order_id)).status).toBe('Cancelado');
    expect(await staffOrderIds(p.t, HOST)).not.toContain(opening.order_id);
    expect(await ledgerOf(opening.order_id)).toEqual([]);
  });

  it('is cancelled at the provider when the customer gives up, and the order dropped', async () => {
    const opening = await opened();
    const response = await call('POST', `/staff/pix-charges/${opening.intent_id}/cancel`);
    expect(response.statusCode, response.body).toBe(200);
    expect(staffPixCharge.parse(response.json()).status).toBe('canceled');
    const payment = await paymentRow(opening.intent_id);
    expect(p.standin.context.book.find('mercadopago', payment.providerRef!)!.status).toBe('canceled');
    expect((await orderRow(opening.order_id)).status).toBe('Cancelado');
    expect(await ledgerOf(opening.order_id)).toEqual([]);
  });

  it('answers a retry with the same key with the same charge, and keeps the counter’s rules', async () => {
    const account = await signUp(p.t.app, { host: HOST });
    const payload = await counterOrder(account);
    const key = randomUUID();
    const first = await call('POST', '/staff/pix-charges', { payload, key });
    const second = await call('POST', '/staff/pix-charges', { payload, key });
    expect(first.statusCode, first.body).toBe(201);
    expect(staffPixCharge.parse(second.json()).intent_id).toBe(staffPixCharge.parse(first.json()).intent_id);

    await expectRefusal(
      await call('POST', '/staff/pix-charges', { payload: { ...payload, canal: 'garcom' } }),
      400,
      'TABLE_REQUIRED',
    );
    await expectRefusal(
      await call('POST', '/staff/pix-charges', { payload: { ...payload, fk_cliente: 999_999 } }),
      404,
      'CUSTOMER_NOT_FOUND',
    );
  });

  it('never shows or cancels a customer’s own PIX from the app', async () => {
    const account = await signUp(p.t.app, { host: HOST });
    const line = await cartLine(p.t, { ref: 'pizza-calabresa-grande', host: HOST });
    const intent = await createdIntent(p.t, account.token, submission(account.userId, [line]), HOST);
    await expectRefusal(await call('GET', `/staff/pix-charges/${intent.intent_id}`), 404, 'INTENT_NOT_FOUND');
    await expectRefusal(
      await call('POST', `/staff/pix-charges/${intent.intent_id}/cancel`),
      404,
      'INTENT_NOT_FOUND',
    );
    expect((await paymentRow(intent.intent_id!)).status).toBe('pending');
  });
});
