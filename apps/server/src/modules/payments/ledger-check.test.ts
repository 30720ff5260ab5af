import { randomUUID } from 'node:crypto';
import { type LedgerCheckReply, ledgerCheckReply, type PaymentIntentData } from '@comanda/contract';
import { centavosToReaisNumber, storeLocalTime } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, payments } from '../../db/schema.ts';
import { bearer, type SignedUp, signInStaff, signUp } from '../../test/accounts.ts';
import { cartLine, submission } from '../../test/orders.ts';
import {
  buildPaymentsTestApp,
  CARD_STORE,
  createdIntent,
  MP_CARD_STORE,
  type PaymentsTestApp,
  PIX_STORES,
  paymentState,
  strayChargesOf,
} from '../../test/payments.ts';

/*
 * The ledger check (docs/decisions/0037): the day's charges at the store's provider, read through
 * the adapter from the stand-in, each mapped to one released order, one paid share or one recorded
 * refund, and the rest listed for a person.
 */

let p: PaymentsTestApp;
const today = () => storeLocalTime(new Date(), 'America/Sao_Paulo').dateISO;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
});
afterAll(async () => {
  await p.close();
});

async function ledger(host: string, role: 'owner' | 'manager' | 'attendant' = 'manager', date = today()) {
  const staff = await signInStaff(p.t, { host, role });
  return p.t.app.inject({
    method: 'GET',
    url: `/staff/payments/ledger?date=${date}`,
    headers: { host, ...bearer(staff.token) },
  });
}

async function ledgerOf(host: string): Promise<LedgerCheckReply> {
  await p.standin.context.notifier.settled();
  const reply = await ledger(host);
  expect(reply.statusCode, reply.body).toBe(200);
  return ledgerCheckReply.parse(reply.json());
}

async function pixPaid(account: SignedUp, host: string = PIX_STORES.mercadopago) {
  const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 1, host })];
  const intent = await createdIntent(p.t, account.token, submission(account.userId, lines), host);
  p.standin.pay(intent.transaction_id!);
  await p.standin.context.notifier.settled();
  return intent;
}

async function cardIntent(account: SignedUp): Promise<PaymentIntentData> {
  const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 1, host: MP_CARD_STORE })];
  const reply = await p.t.app.inject({
    method: 'POST',
    url: '/bar/v2/payment/create-payment-intent/',
    headers: { host: MP_CARD_STORE, ...bearer(account.token), 'idempotency-key': randomUUID() },
    payload: { type: 'card', order: submission(account.userId, lines, { fk_forma_pagamento: 998 }) },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return (reply.json() as { data: PaymentIntentData }).data;
}

/** A card charge made at the provider with our reference that never reached our database. */
async function chargeBehindOurBack(intent: PaymentIntentData, reference: string) {
  const tokenReply = await fetch(
    `${p.standin.url}/mercadopago/v1/card_tokens?public_key=${intent.card_kit!.public_key}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: '5031433215406351',
        expiration_month: 11,
        expiration_year: new Date().getFullYear() + 2,
        security_code: '123',
        cardholder: { name: 'APRO', identification: { type: 'CPF', number: '19119119100' } },
      }),
    },
  );
  const token = ((await tokenReply.json()) as { id: string }).id;
  const reply = await fetch(`${p.standin.url}/mercadopago/v1/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: 'Bearer TEST-comanda-mercado-cards-0001',
      'x-idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      transaction_amount: centavosToReaisNumber(intent.amount),
      token,
      installments: 1,
      payment_method_id: 'master',
      payer: { email: 'cliente@example.com' },
      external_reference: reference,
    }),
  });
  expect(reply.status).toBe(201);
  return String(((await reply.json()) as { id: number | string }).id);
}

describe('the ledger check', () => {
  it('maps the day’s paid PIX to their orders and an expired one to nothing', async () => {
    const first = await pixPaid(await signUp(p.t.app));
    const second = await pixPaid(await signUp(p.t.app));
    const account = await signUp(p.t.app);
    const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 1 })];
    const unpaid = await createdIntent(p.t, account.token, submission(account.userId, lines));
    p.standin.expire(unpaid.transaction_id!);
    const report = await ledgerOf(PIX_STORES.mercadopago);
    expect(report).toMatchObject({ provider: 'mercadopago', available: true, exceptions: [] });
    expect(report.orders).toBeGreaterThanOrEqual(2);
    expect(report.unpaid).toBeGreaterThanOrEqual(1);
    expect(report.charges).toBe(report.orders + report.shares + report.refunds + report.unpaid);
    for (const intent of [first, second]) {
      expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('paid');
    }
  });

  it('a charge with our reference that never reached us is given back by the check, then counts as a refund', async () => {
    const account = await signUp(p.t.app, { host: MP_CARD_STORE });
    const intent = await cardIntent(account);
    const { row } = await paymentState(p.t, intent.intent_id);
    const ref = await chargeBehindOurBack(intent, row.reference);
    expect(p.standin.context.book.find('mercadopago', ref)).toMatchObject({ status: 'paid' });

    const found = await ledgerOf(MP_CARD_STORE);
    expect(found.exceptions).toEqual([
      expect.objectContaining({ kind: 'given_back_now', provider_ref: ref, order_id: intent.order_id }),
    ]);
    expect(p.standin.context.book.find('mercadopago', ref)).toMatchObject({
      status: 'refunded',
      refundedAmount: intent.amount,
    });
    expect(await strayChargesOf(p.t, ref)).toEqual([
      expect.objectContaining({ reason: 'unrecorded', status: 'refunded', paymentId: row.id }),
    ]);
    const after = await ledgerOf(MP_CARD_STORE);
    expect(after.exceptions).toEqual([]);
    expect(after.refunds).toBeGreaterThanOrEqual(1);
  });

  it('money the provider kept while our payment says otherwise is listed for a person', async () => {
    const intent = await pixPaid(await signUp(p.t.app, { host: CARD_STORE }), CARD_STORE);
    // Our record disagrees with the provider (as a bug or a hand edit would leave it).
    await p.t.database.db
      .update(payments)
      .set({ status: 'canceled' })
      .where(eq(payments.publicId, intent.intent_id));
    const report = await ledgerOf(CARD_STORE);
    expect(report.provider).toBe('stripe');
    expect(report.exceptions).toEqual([
      expect.objectContaining({
        kind: 'refund_pending',
        provider_ref: intent.transaction_id,
        order_id: intent.order_id,
        detail: expect.stringContaining('devolução'),
      }),
    ]);
  });

  it('an API Pix store is checked through its own list calls', async () => {
    await pixPaid(await signUp(p.t.app, { host: PIX_STORES.apipix }), PIX_STORES.apipix);
    const report = await ledgerOf(PIX_STORES.apipix);
    expect(report).toMatchObject({ provider: 'apipix', available: true, exceptions: [] });
    expect(report.orders).toBeGreaterThanOrEqual(1);
  });

  it('what the provider kept is what the store’s takings hold online; a difference is listed', async () => {
    const intent = await pixPaid(await signUp(p.t.app, { host: PIX_STORES.apipix }), PIX_STORES.apipix);
    const agreed = await ledgerOf(PIX_STORES.apipix);
    expect(agreed.exceptions).toEqual([]);
    expect(agreed.received).toBeGreaterThanOrEqual(intent.amount);
    expect(agreed.recorded).toBe(agreed.received);

    // The sale missing from the takings (as a bug or a hand edit would leave it).
    await p.t.database.db.delete(ledgerEntries).where(eq(ledgerEntries.orderId, intent.order_id!));
    const differs = await ledgerOf(PIX_STORES.apipix);
    expect(differs.recorded).toBe(agreed.recorded - intent.amount);
    expect(differs.exceptions).toEqual([
      expect.objectContaining({
        kind: 'takings_differ',
        provider_ref: intent.transaction_id,
        order_id: intent.order_id,
        amount: intent.amount,
      }),
    ]);
    // Named by the number people read (ADR 0065).
    const [paid] = await p.t.database.db
      .select({ numero: orders.numero })
      .from(orders)
      .where(eq(orders.id, intent.order_id!));
    expect(paid!.numero).not.toBeNull();
    expect(differs.exceptions[0]!.numero).toBe(paid!.numero);
  });

  it('a store with its own static key has nothing to list', async () => {
    expect(await ledgerOf(PIX_STORES.static_pix)).toMatchObject({ available: false, charges: 0 });
  });

  it('managers and the owner only; a date that is not one is refused', async () => {
    expect((await ledger(PIX_STORES.mercadopago, 'attendant')).statusCode).toBe(403);
    expect((await ledger(PIX_STORES.mercadopago, 'owner')).statusCode).toBe(200);
    const bad = await ledger(PIX_STORES.mercadopago, 'manager', '2026-02-31');
    expect(bad.statusCode).toBe(400);
    const malformed = await ledger(PIX_STORES.mercadopago, 'manager', 'ontem');
    expect(malformed.statusCode).toBe(400);
  });

  it('the hourly job finds and gives back unrecorded money too', async () => {
    const account = await signUp(p.t.app, { host: MP_CARD_STORE });
    const intent = await cardIntent(account);
    const { row } = await paymentState(p.t, intent.intent_id);
    const ref = await chargeBehindOurBack(intent, row.reference);
    const round = await p.t.services.payments.checkLedgers();
    expect(round.stores).toBeGreaterThan(0);
    expect(p.standin.context.book.find('mercadopago', ref)).toMatchObject({ status: 'refunded' });
  });
});
