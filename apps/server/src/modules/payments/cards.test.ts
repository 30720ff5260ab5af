import { randomUUID } from 'node:crypto';
import type { PaymentIntentData, SavedCard } from '@comanda/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companySettings, paymentCustomers, savedCards as savedCardRows } from '../../db/schema.ts';
import { bearer, type SignedUp, signInStaff, signUp } from '../../test/accounts.ts';
import { cartLine, couponUses, storeIdOf, submission, tableOf } from '../../test/orders.ts';
import {
  buildPaymentsTestApp,
  CARD_STORE,
  injectNotification,
  intentCall,
  staffOrderIds as listStaffOrderIds,
  MP_CARD_STORE,
  type PaymentsTestApp,
  paymentState,
} from '../../test/payments.ts';

/*
 * Cards online through Stripe's shape on the stand-in PSP (issue 15, docs/decisions/0029): the
 * customer's browser side (Stripe.js: the card to the provider, the confirmation with the client
 * secret, the 3-D Secure challenge) is played here by HTTP calls to the stand-in with the
 * publishable key, exactly the calls the stand-in's kit makes; our server only ever sees the
 * payment-intent calls, and releases the order on the provider's word alone.
 */

const host = CARD_STORE;
let p: PaymentsTestApp;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
});
afterAll(async () => {
  await p.close();
});

const VISA = '4242424242424242';
const DECLINED = '4000000000000002';
const NO_FUNDS = '4000000000009995';
const THREE_DS = '4000002760003184';

async function order(account: SignedUp, overrides = {}) {
  const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 2, host })];
  return submission(account.userId, lines, { ...overrides, fk_forma_pagamento: 998 });
}

function createCardIntent(account: SignedUp, body: Record<string, unknown>, key = randomUUID()) {
  return p.t.app.inject({
    method: 'POST',
    url: '/bar/v2/payment/create-payment-intent/',
    headers: { host, ...bearer(account.token), 'idempotency-key': key },
    payload: { type: 'card', ...body },
  });
}

async function newCardIntent(account: SignedUp): Promise<PaymentIntentData> {
  const reply = await createCardIntent(account, { order: await order(account) });
  expect(reply.statusCode, reply.body).toBe(201);
  await p.standin.context.notifier.settled();
  return reply.json().data as PaymentIntentData;
}

/** What Stripe.js does in the browser: the card to the provider, then the confirmation. */
async function browserConfirms(
  intent: PaymentIntentData,
  number: string,
  options: { save?: boolean } = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const key = intent.card_kit!.public_key;
  const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const call = async (path: string, values: Record<string, string>) => {
    const reply = await fetch(`${p.standin.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form(values),
    });
    return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
  };
  const method = await call('/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getFullYear() + 3),
    'card[cvc]': '123',
  });
  expect(method.status, JSON.stringify(method.body)).toBe(200);
  const confirmed = await call(`/v1/payment_intents/${intent.transaction_id}/confirm`, {
    client_secret: intent.clientSecret!,
    payment_method: String(method.body.id),
    ...(options.save ? { setup_future_usage: 'off_session' } : {}),
  });
  await p.standin.context.notifier.settled();
  return confirmed;
}

/** The issuer's challenge page, completed or failed by the customer. */
async function challenge(intent: PaymentIntentData, outcome: 'complete' | 'fail', clientSecret?: string) {
  const reply = await fetch(`${p.standin.url}/stripe/3ds/${intent.transaction_id}/${outcome}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret ?? intent.clientSecret! }).toString(),
  });
  expect(reply.status).toBe(200);
  await p.standin.context.notifier.settled();
}

const staffOrderIds = () => listStaffOrderIds(p.t, host);

async function savedCards(account: SignedUp): Promise<SavedCard[]> {
  const reply = await p.t.app.inject({
    method: 'GET',
    url: '/core/cartoes/',
    headers: { host, ...bearer(account.token) },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as SavedCard[];
}

/** A customer with a saved card (paid once with `number` and 'save this card'). */
async function customerWithSavedCard(number = VISA) {
  const account = await signUp(p.t.app, { host });
  const intent = await newCardIntent(account);
  const confirmed = await browserConfirms(intent, number, { save: true });
  if (confirmed.body.status === 'requires_action') await challenge(intent, 'complete');
  const [card] = await savedCards(account);
  expect(card).toBeDefined();
  return { account, card: card! };
}

async function validCoupon(account: SignedUp, code: string): Promise<number> {
  const response = await p.t.app.inject({
    method: 'POST',
    url: '/core/coupon_validate_app',
    headers: { host, ...bearer(account.token) },
    payload: { coupon: code, customer_id: account.userId },
  });
  return (response.json() as { detail: { id: number } }).detail.id;
}

async function providerMethodOf(cardId: number): Promise<string> {
  const [row] = await p.t.database.db.select().from(savedCardRows).where(eq(savedCardRows.id, cardId));
  return row!.providerMethodId;
}

/** The cards kept on the customer's account at the provider (asked with the store's secret key). */
async function providerCards(account: SignedUp): Promise<string[]> {
  const [row] = await p.t.database.db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.customerId, account.userId), eq(paymentCustomers.provider, 'stripe')));
  const reply = await fetch(`${p.standin.url}/v1/customers/${row!.providerCustomerId}/payment_methods`, {
    headers: { Authorization: 'Bearer sk_test_comanda_listra_0001' },
  });
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: { id: string }[] }).data.map((method) => method.id);
}

describe('a new card', () => {
  it('opens a card PaymentIntent for the order, unseen by the store until the provider says paid', async () => {
    const account = await signUp(p.t.app, { host });
    const intent = await newCardIntent(account);
    expect(intent).toMatchObject({
      integration: 'stripe',
      status: 'pending',
      amount: 11_980,
      payed: false,
      qr_content: null,
      authorization_code: null,
      card_kit: { provider: 'stripe', script_url: `${p.standin.url}/v3/` },
    });
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.transaction_id}_secret_`));
    expect(intent.card_kit!.public_key).toMatch(/^pk_test_/);
    expect(await staffOrderIds()).not.toContain(intent.order_id);

    const confirmed = await browserConfirms(intent, VISA);
    expect(confirmed.body).toMatchObject({ status: 'succeeded' });
    const got = await intentCall(p.t, account.token, 'get-payment-intent', intent.intent_id, host);
    expect(got.json()).toMatchObject({
      detail: 'Pagamento aprovado!',
      data: {
        status: 'paid',
        payed: true,
        clientSecret: null,
        card_kit: null,
        order_data: { order_info: { order_id: intent.order_id, total: 11_980 } },
      },
    });
    expect(got.json().data.authorization_code).toMatch(/^\d{6}$/);
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.row.method, state.moves('paid')]).toEqual(['paid', 'card', 1]);
    expect(await staffOrderIds()).toContain(intent.order_id);
    // Not kept: the customer did not ask.
    expect(await savedCards(account)).toEqual([]);
  });

  it('declined stays payable: the customer tries another card in the same attempt', async () => {
    const account = await signUp(p.t.app, { host });
    const intent = await newCardIntent(account);
    const declined = await browserConfirms(intent, DECLINED);
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
    const noFunds = await browserConfirms(intent, NO_FUNDS);
    expect(noFunds.body.error).toMatchObject({ decline_code: 'insufficient_funds' });
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host);
    expect(check.json()).toMatchObject({ data: { polling: true, status: 'pending' } });
    expect(await staffOrderIds()).not.toContain(intent.order_id);
    await browserConfirms(intent, VISA);
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('paid');
  });

  it('with 3-D Secure is paid once the challenge is completed', async () => {
    const account = await signUp(p.t.app, { host });
    const intent = await newCardIntent(account);
    const confirmed = await browserConfirms(intent, THREE_DS);
    expect(confirmed.body).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url' },
    });
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
    await challenge(intent, 'complete');
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('paid');
    expect(await staffOrderIds()).toContain(intent.order_id);
  });

  it('with 3-D Secure failed is not paid; abandoned, the order is dropped and its coupon use given back', async () => {
    const account = await signUp(p.t.app, { host });
    const usesBefore = await couponUses(p.t, 'BEMVINDO10', host);
    const coupon = await validCoupon(account, 'BEMVINDO10');
    const reply = await createCardIntent(account, { order: await order(account, { fk_cupom: coupon }) });
    expect(reply.statusCode, reply.body).toBe(201);
    const intent = reply.json().data as PaymentIntentData;
    expect(await couponUses(p.t, 'BEMVINDO10', host)).toBe(usesBefore + 1);
    await browserConfirms(intent, THREE_DS);
    await challenge(intent, 'fail');
    const check = await intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host);
    expect(check.json()).toMatchObject({ data: { polling: true, status: 'pending' } });
    const abandoned = await intentCall(p.t, account.token, 'cancel-pix-order', intent.intent_id, host);
    expect(abandoned.json()).toMatchObject({ data: { status: 'canceled' } });
    expect(await couponUses(p.t, 'BEMVINDO10', host)).toBe(usesBefore);
    expect(p.standin.context.book.find('stripe', intent.transaction_id!)).toMatchObject({
      status: 'canceled',
    });
    expect(await staffOrderIds()).not.toContain(intent.order_id);
  });

  it('kept when the customer asks: brand and last 4 digits in the saved cards, on the customer record too', async () => {
    const { account, card } = await customerWithSavedCard();
    expect(card).toEqual({ id: card.id, brand: 'visa', ultimos4: '4242', excluido: false });
    const detailed = await p.t.app.inject({
      method: 'GET',
      url: '/bar/payment_methods/',
      headers: { host, ...bearer(account.token) },
    });
    expect(detailed.json()).toEqual({ success: true, detail: '1 cartão salvo.', data: [card] });
    const record = await p.t.app.inject({
      method: 'GET',
      url: `/core/cliente_app/${account.userId}`,
      headers: { host, ...bearer(account.token) },
    });
    expect(record.json().cards).toEqual([card]);
  });
});

describe('a saved card', () => {
  it('is charged by the server at once: payed, with the authorisation code and the placed order', async () => {
    const { account, card } = await customerWithSavedCard();
    const reply = await createCardIntent(account, { order: await order(account), card: card.id });
    expect(reply.statusCode, reply.body).toBe(201);
    const data = reply.json().data as PaymentIntentData;
    expect(data).toMatchObject({
      status: 'paid',
      payed: true,
      order_data: { order_info: { order_id: data.order_id } },
    });
    expect(data.authorization_code).toMatch(/^\d{6}$/);
    expect(await staffOrderIds()).toContain(data.order_id);
    const state = await paymentState(p.t, data.intent_id);
    expect([state.row.savedCardId, state.moves('paid')]).toEqual([card.id, 1]);
  });

  it('that asks for 3-D Secure goes back to the browser with the client secret, then is paid', async () => {
    const { account, card } = await customerWithSavedCard(THREE_DS);
    const reply = await createCardIntent(account, { order: await order(account), card: card.id });
    expect(reply.statusCode, reply.body).toBe(201);
    const data = reply.json().data as PaymentIntentData;
    expect(data).toMatchObject({ status: 'pending', payed: false, order_data: null });
    expect(data.clientSecret).toBeTruthy();
    await challenge(data, 'complete');
    expect((await paymentState(p.t, data.intent_id)).row.status).toBe('paid');
  });

  it('of another customer, or removed, is refused and nothing is placed or charged', async () => {
    const { account, card } = await customerWithSavedCard();
    const other = await signUp(p.t.app, { host });
    const before = p.standin.context.book.list().length;
    const foreign = await createCardIntent(other, { order: await order(other), card: card.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'CARD_NOT_FOUND' });
    const foreignDelete = await p.t.app.inject({
      method: 'PATCH',
      url: `/core/cartoes/${card.id}/`,
      headers: { host, ...bearer(other.token) },
      payload: { excluido: true },
    });
    expect(foreignDelete.statusCode).toBe(404);

    const removed = await p.t.app.inject({
      method: 'PATCH',
      url: `/core/cartoes/${card.id}/`,
      headers: { host, ...bearer(account.token) },
      payload: { excluido: true },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ id: card.id, excluido: true });
    expect(await savedCards(account)).toEqual([]);
    // Gone at the provider too: no longer on the customer there.
    expect(await providerCards(account)).toEqual([]);
    const again = await createCardIntent(account, { order: await order(account), card: card.id });
    expect(again.statusCode).toBe(404);
    const twice = await p.t.app.inject({
      method: 'PATCH',
      url: `/core/cartoes/${card.id}/`,
      headers: { host, ...bearer(account.token) },
      payload: { excluido: true },
    });
    expect(twice.statusCode).toBe(404);
    expect(p.standin.context.book.list().length).toBe(before);
  });

  it('declined ends the attempt with the decline in the customer’s words; a retry with the same key starts afresh', async () => {
    const { account, card } = await customerWithSavedCard();
    const usesBefore = await couponUses(p.t, 'BEMVINDO10', host);
    const coupon = await validCoupon(account, 'BEMVINDO10');
    // The bank now says the card has no funds (the stand-in's simulator, as a customer's bank would).
    p.standin.cardBehaviour(await providerMethodOf(card.id), 'insufficient_funds');
    const key = randomUUID();
    const body = { order: await order(account, { fk_cupom: coupon }), card: card.id };
    const declined = await createCardIntent(account, body, key);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'CARD_DECLINED',
      detail: 'Cartão recusado: saldo ou limite insuficiente.',
      non_field_errors: ['Cartão recusado: saldo ou limite insuficiente.'],
    });
    expect(await couponUses(p.t, 'BEMVINDO10', host)).toBe(usesBefore);
    p.standin.cardBehaviour(await providerMethodOf(card.id), 'succeeds');
    const retried = await createCardIntent(account, body, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().data).toMatchObject({ status: 'paid', payed: true });
  });
});

describe('refused and guarded', () => {
  it('a store that takes no card online refuses the card intent', async () => {
    // The API Pix variant takes PIX online and no card.
    const bank = 'banco.localhost';
    const account = await signUp(p.t.app, { host: bank });
    const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 2, host: bank })];
    const reply = await p.t.app.inject({
      method: 'POST',
      url: '/bar/v2/payment/create-payment-intent/',
      headers: { host: bank, ...bearer(account.token), 'idempotency-key': randomUUID() },
      payload: { type: 'card', order: submission(account.userId, lines, { fk_forma_pagamento: 998 }) },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 'ONLINE_PAYMENT_UNAVAILABLE' });
    // And its order call refuses the card entry as a method it does not take.
    const direct = await p.t.app.inject({
      method: 'POST',
      url: '/bar/v2/app/order/upsert/',
      headers: { host: bank, ...bearer(account.token), 'idempotency-key': randomUUID() },
      payload: submission(account.userId, lines, { fk_forma_pagamento: 998 }),
    });
    expect(direct.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
  });

  it('the order call will not take the online card entry, whatever authorisation code it claims', async () => {
    const account = await signUp(p.t.app, { host });
    const before = await staffOrderIds();
    const reply = await p.t.app.inject({
      method: 'POST',
      url: '/bar/v2/app/order/upsert/',
      headers: { host, ...bearer(account.token), 'idempotency-key': randomUUID() },
      payload: {
        ...(await order(account)),
        codigo_autorizacao: '123456',
        stripe_payment_intent_id: 'pi_forged',
      },
    });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 'PAYMENT_NOT_CONFIRMED' });
    expect(await staffOrderIds()).toEqual(before);
  });

  it('a table whose store requires paying in the app takes cards online, never an in-person method', async () => {
    const storeId = await storeIdOf(p.t, host);
    const requireInApp = (on: boolean) =>
      p.t.database.db
        .update(companySettings)
        .set({ selfCheckoutRequireImplyPay: on })
        .where(eq(companySettings.storeId, storeId));
    await requireInApp(true);
    try {
      const account = await signUp(p.t.app, { host });
      const table = await tableOf(p.t, 'mesa-2', host);
      const water = await cartLine(p.t, { ref: 'agua', channel: 'local', host });
      const atTable = (payment: number) =>
        submission(account.userId, [water], {
          forma_entrada: 'local',
          identificador_pedido_novo: String(table.id),
          token_mesa: table.token,
          fk_forma_pagamento: payment,
        });
      const cash = await p.t.app.inject({
        method: 'POST',
        url: '/bar/v2/app/order/upsert/',
        headers: { host, ...bearer(account.token), 'idempotency-key': randomUUID() },
        payload: atTable(1),
      });
      expect(cash.json()).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
      expect(cash.statusCode).toBe(409);
      const card = await createCardIntent(account, { order: atTable(998) });
      expect(card.statusCode, card.body).toBe(201);
      expect(card.json().data).toMatchObject({ status: 'pending', payed: false });
    } finally {
      await requireInApp(false);
    }
  });

  it('racing confirmations (notification, poll, page) pay once', async () => {
    const account = await signUp(p.t.app, { host });
    const intent = await newCardIntent(account);
    p.deliver.on = false;
    try {
      await browserConfirms(intent, VISA);
    } finally {
      p.deliver.on = true;
    }
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
    // The poll may ask the provider now; the lost notification comes again at the same time.
    await p.t.database.db.execute(
      sql`update payments set checked_at = null where public_id = ${intent.intent_id}`,
    );
    const again = p.sent.filter(
      (n) => n.body.includes(intent.transaction_id!) && n.body.includes('payment_intent.succeeded'),
    );
    expect(again.length).toBeGreaterThan(0);
    await Promise.all([
      intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host),
      intentCall(p.t, account.token, 'get-payment-intent', intent.intent_id, host),
      intentCall(p.t, account.token, 'check-confirmation', intent.intent_id, host),
      injectNotification(p.t, again.at(-1)!),
      injectNotification(p.t, again.at(-1)!),
    ]);
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
  });

  it('cancelled by the store after it was paid, the card is refunded in full once', async () => {
    const account = await signUp(p.t.app, { host });
    const intent = await newCardIntent(account);
    await browserConfirms(intent, VISA);
    const staff = await signInStaff(p.t, { host, role: 'manager' });
    const cancel = () =>
      p.t.app.inject({
        method: 'POST',
        url: `/staff/orders/${intent.order_id}/status`,
        headers: { host, ...bearer(staff.token) },
        payload: { status: 'Cancelado', reason: 'Acabou a massa' },
      });
    const replies = await Promise.all([cancel(), cancel()]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    // The board names it a card payment given back, not a PIX.
    expect(replies.find((reply) => reply.statusCode === 200)!.json().pagamento_online).toMatchObject({
      status: 'refunded',
      metodo: 'card',
    });
    await p.standin.context.notifier.settled();
    const state = await paymentState(p.t, intent.intent_id);
    expect(state.row).toMatchObject({ status: 'refunded', refundedAmount: 11_980 });
    expect(state.moves('refunded')).toBe(1);
    expect(p.standin.context.book.find('stripe', intent.transaction_id!)).toMatchObject({
      status: 'refunded',
      refundedAmount: 11_980,
    });
  });
});

/*
 * Mercado Pago's shape, the token flow: the browser's kit (played here by the calls the stand-in's
 * SDK makes with the public key) turns the card into a single-use token, and the server pays with it.
 */
describe("cards through Mercado Pago's shape (a card token from the browser)", () => {
  const mpHost = MP_CARD_STORE;
  const NUMBER = '5031433215406351';

  async function mpOrder(account: SignedUp) {
    const lines = [await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 2, host: mpHost })];
    return submission(account.userId, lines, { fk_forma_pagamento: 998 });
  }

  async function mpIntent(account: SignedUp, card?: number) {
    const reply = await p.t.app.inject({
      method: 'POST',
      url: '/bar/v2/payment/create-payment-intent/',
      headers: { host: mpHost, ...bearer(account.token), 'idempotency-key': randomUUID() },
      payload: { type: 'card', order: await mpOrder(account), ...(card ? { card } : {}) },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    return reply.json().data as PaymentIntentData;
  }

  /** What the SDK's fields do: the card to the stand-in with the public key; the token comes back. */
  async function tokenOf(intent: PaymentIntentData, source: { holder: string } | { cardId: string }) {
    const body =
      'cardId' in source
        ? { card_id: source.cardId, security_code: '123' }
        : {
            card_number: NUMBER,
            expiration_month: 11,
            expiration_year: new Date().getFullYear() + 2,
            security_code: '123',
            cardholder: { name: source.holder, identification: { type: 'CPF', number: '19119119100' } },
          };
    const reply = await fetch(
      `${p.standin.url}/mercadopago/v1/card_tokens?public_key=${intent.card_kit!.public_key}`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    );
    expect(reply.status).toBe(201);
    return ((await reply.json()) as { id: string }).id;
  }

  async function payWith(account: SignedUp, intent: PaymentIntentData, token: string, saveToken?: string) {
    const reply = await p.t.app.inject({
      method: 'POST',
      url: '/bar/v2/payment/card-token/',
      headers: { host: mpHost, ...bearer(account.token) },
      payload: {
        intent_id: intent.intent_id,
        token,
        payment_method_id: 'master',
        ...(saveToken ? { save_token: saveToken } : {}),
      },
    });
    await p.standin.context.notifier.settled();
    return reply;
  }

  it('a new card: the kit is the SDK; the token pays, the order goes to the store', async () => {
    const account = await signUp(p.t.app, { host: mpHost });
    const intent = await mpIntent(account);
    expect(intent).toMatchObject({
      integration: 'mercadopago',
      status: 'pending',
      clientSecret: null,
      card_kit: { provider: 'mercadopago', script_url: `${p.standin.url}/mercadopago/js/v2` },
    });
    expect(intent.card_kit!.public_key).toMatch(/^TEST-/);
    expect(await listStaffOrderIds(p.t, mpHost)).not.toContain(intent.order_id);
    const paid = await payWith(account, intent, await tokenOf(intent, { holder: 'APRO' }));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: 'paid', payed: true, three_ds: null });
    expect(paid.json().data.authorization_code).toMatch(/^\d{6}$/);
    expect(await listStaffOrderIds(p.t, mpHost)).toContain(intent.order_id);
    // A second token for the same payment finds it paid.
    const again = await payWith(account, intent, await tokenOf(intent, { holder: 'APRO' }));
    expect(again.statusCode).toBe(409);
  });

  it('declined, in the customer’s words; the attempt stays open and another card pays', async () => {
    const account = await signUp(p.t.app, { host: mpHost });
    const intent = await mpIntent(account);
    const declined = await payWith(account, intent, await tokenOf(intent, { holder: 'FUND' }));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({
      code: 'CARD_DECLINED',
      detail: 'Cartão recusado: saldo ou limite insuficiente.',
    });
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
    const paid = await payWith(account, intent, await tokenOf(intent, { holder: 'APRO' }));
    expect(paid.json().data).toMatchObject({ status: 'paid' });
  });

  it('a 3-D Secure challenge goes to the browser; completed, the payment is settled once', async () => {
    const account = await signUp(p.t.app, { host: mpHost });
    const intent = await mpIntent(account);
    const asked = await payWith(account, intent, await tokenOf(intent, { holder: '3DSC' }));
    expect(asked.statusCode, asked.body).toBe(200);
    const challenge = asked.json().data.three_ds as { url: string; creq: string };
    expect(challenge.url).toBe(`${p.standin.url}/mercadopago/3ds/challenge`);
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
    await fetch(`${p.standin.url}/mercadopago/3ds/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ creq: challenge.creq, outcome: 'complete' }).toString(),
    });
    await p.standin.context.notifier.settled();
    const state = await paymentState(p.t, intent.intent_id);
    expect([state.row.status, state.moves('paid')]).toEqual(['paid', 1]);
  });

  it('kept with a token of its own; the saved card pays with its security code; removed at the provider', async () => {
    const account = await signUp(p.t.app, { host: mpHost });
    const first = await mpIntent(account);
    const paid = await payWith(
      account,
      first,
      await tokenOf(first, { holder: 'APRO' }),
      await tokenOf(first, { holder: 'APRO' }),
    );
    expect(paid.json().data).toMatchObject({ status: 'paid' });
    const listed = await p.t.app.inject({
      method: 'GET',
      url: '/core/cartoes/',
      headers: { host: mpHost, ...bearer(account.token) },
    });
    const [card] = listed.json() as SavedCard[];
    expect(card).toMatchObject({ brand: 'mastercard', ultimos4: '6351', excluido: false });

    const second = await mpIntent(account, card!.id);
    expect(second).toMatchObject({ status: 'pending', payed: false });
    expect(second.method_id).toBeTruthy();
    const again = await payWith(account, second, await tokenOf(second, { cardId: second.method_id! }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'paid' });
    expect((await paymentState(p.t, second.intent_id)).row.savedCardId).toBe(card!.id);

    const removed = await p.t.app.inject({
      method: 'PATCH',
      url: `/core/cartoes/${card!.id}/`,
      headers: { host: mpHost, ...bearer(account.token) },
      payload: { excluido: true },
    });
    expect(removed.statusCode).toBe(200);
    const [customer] = await p.t.database.db
      .select()
      .from(paymentCustomers)
      .where(
        and(eq(paymentCustomers.customerId, account.userId), eq(paymentCustomers.provider, 'mercadopago')),
      );
    const atProvider = await fetch(
      `${p.standin.url}/mercadopago/v1/customers/${customer!.providerCustomerId}/cards`,
      { headers: { authorization: 'Bearer TEST-comanda-mercado-cards-0001' } },
    );
    expect(await atProvider.json()).toEqual([]);
  });

  it('a token for another customer’s payment, or for a PIX payment, moves nothing', async () => {
    const account = await signUp(p.t.app, { host: mpHost });
    const intent = await mpIntent(account);
    const stranger = await signUp(p.t.app, { host: mpHost });
    const foreign = await payWith(stranger, intent, await tokenOf(intent, { holder: 'APRO' }));
    expect(foreign.statusCode).toBe(404);
    expect((await paymentState(p.t, intent.intent_id)).row.status).toBe('pending');
    const bad = await p.t.app.inject({
      method: 'POST',
      url: '/bar/v2/payment/card-token/',
      headers: { host: mpHost, ...bearer(account.token) },
      payload: { intent_id: intent.intent_id, token: 'x', payment_method_id: 'Master Card' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('cancelled by the store after it was paid, the card is refunded in full once', async () => {
    const account = await signUp(p.t.app, { host: mpHost });
    const intent = await mpIntent(account);
    await payWith(account, intent, await tokenOf(intent, { holder: 'APRO' }));
    const staff = await signInStaff(p.t, { host: mpHost, role: 'manager' });
    const cancel = () =>
      p.t.app.inject({
        method: 'POST',
        url: `/staff/orders/${intent.order_id}/status`,
        headers: { host: mpHost, ...bearer(staff.token) },
        payload: { status: 'Cancelado', reason: 'Sem entregador' },
      });
    const replies = await Promise.all([cancel(), cancel()]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    await p.standin.context.notifier.settled();
    const state = await paymentState(p.t, intent.intent_id);
    expect(state.row).toMatchObject({ status: 'refunded', refundedAmount: 11_980 });
    expect(state.moves('refunded')).toBe(1);
  });
});
