import { crc16ccitt } from '@comanda/domain';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type OutgoingNotification, type Standin, startStandin } from '../index.ts';

const SECRET_KEY = 'sk_test_forno0000000000000001';
const OTHER_KEY = 'sk_test_sakura000000000000002';
const WEBHOOK_SECRET = 'whsec_forno000000000000000001';
const WEBHOOK_URL = 'http://pizzaria.localhost:3000/payments/webhooks/stripe';

let standin: Standin;
let now: Date;
let sent: OutgoingNotification[];

beforeEach(async () => {
  now = new Date('2026-05-05T15:00:00Z');
  sent = [];
  standin = await startStandin({
    now: () => now,
    accounts: {
      stripe: [
        { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: WEBHOOK_URL },
        { secretKey: OTHER_KEY, webhookSecret: 'whsec_other', webhookUrl: 'http://sakura.localhost:3000/wh' },
      ],
    },
    notifier: {
      transport: async (notification) => {
        sent.push(notification);
        return 200;
      },
    },
  });
});
afterEach(() => standin.close());

type Form = { [key: string]: string | number | boolean | Form | (string | number)[] };

/** Stripe's form encoding: nested keys in brackets, arrays with indexes (as the stripe package sends). */
function encode(form: Form, prefix = '', out = new URLSearchParams()): URLSearchParams {
  for (const [key, value] of Object.entries(form)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) out.append(`${name}[${index}]`, String(item));
    } else if (typeof value === 'object') encode(value, name, out);
    else out.append(name, String(value));
  }
  return out;
}

async function call(
  method: 'GET' | 'POST',
  path: string,
  options: { key?: string | null; form?: Form; idempotencyKey?: string; apiVersion?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.apiVersion) headers['stripe-version'] = options.apiVersion;
  const key = options.key === undefined ? SECRET_KEY : options.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  const response = await fetch(`${standin.url}${path}`, {
    method,
    headers,
    ...(method === 'POST' ? { body: encode(options.form ?? {}).toString() } : {}),
  });
  // biome-ignore lint/suspicious/noExplicitAny: Stripe's JSON objects, read field by field in the tests.
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

const pixIntent = (overrides: Form = {}): Form => ({
  amount: 4490,
  currency: 'brl',
  payment_method_types: ['pix'],
  payment_method_data: { type: 'pix' },
  confirm: true,
  payment_method_options: { pix: { expires_after_seconds: 900 } },
  description: 'Pedido 123 - Forno & Brasa',
  metadata: { reference: 'PAY01HXYZREFERENCE0000000001' },
  ...overrides,
});

async function createIntent(overrides: Form = {}, idempotencyKey = 'PAY01HXYZREFERENCE0000000001') {
  const created = await call('POST', '/v1/payment_intents', { form: pixIntent(overrides), idempotencyKey });
  expect(created.status).toBe(200);
  return created.body;
}

const eventTypes = () => sent.map((notification) => JSON.parse(notification.body).type as string);

describe('the Stripe shape: creating a PIX PaymentIntent', () => {
  it('answers a PaymentIntent that requires action, with the PIX QR code to display', async () => {
    const intent = await createIntent();
    expect(intent).toMatchObject({
      object: 'payment_intent',
      amount: 4490,
      amount_received: 0,
      currency: 'brl',
      status: 'requires_action',
      payment_method_types: ['pix'],
      metadata: { reference: 'PAY01HXYZREFERENCE0000000001' },
      description: 'Pedido 123 - Forno & Brasa',
      livemode: false,
      latest_charge: null,
      next_action: { type: 'pix_display_qr_code' },
    });
    expect(intent.id).toMatch(/^pi_\w{24}$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_\\w+$`));
    expect(intent.next_action.pix_display_qr_code).toEqual({
      data: expect.any(String),
      expires_at: now.getTime() / 1000 + 900,
      hosted_instructions_url: `${standin.url}/stripe/pix/${intent.id}`,
      image_url_png: `${standin.url}/stripe/pix/${intent.id}/qr.png`,
      image_url_svg: `${standin.url}/stripe/pix/${intent.id}/qr.svg`,
    });
  });

  it('gives a dynamic BR Code for the amount, pointing at the stand-in, with a valid CRC', async () => {
    const intent = await createIntent();
    const code: string = intent.next_action.pix_display_qr_code.data;
    expect(code.slice(-4)).toBe(crc16ccitt(code.slice(0, -4)));
    expect(code).toContain('540544.90');
    expect(code).toContain(`${standin.url.replace('http://', '')}/stripe/pix/${intent.id}`);
  });

  it('keeps the charge in the ledger under the secret key, with the metadata reference', async () => {
    const intent = await createIntent();
    expect(standin.context.book.find('stripe', intent.id)).toMatchObject({
      shape: 'stripe',
      account: SECRET_KEY,
      reference: 'PAY01HXYZREFERENCE0000000001',
      amount: 4490,
      status: 'pending',
      expiresAt: '2026-05-05T15:15:00.000Z',
    });
  });

  it('takes an absolute expires_at instead of a duration', async () => {
    const expiresAt = now.getTime() / 1000 + 3600;
    const intent = await createIntent({ payment_method_options: { pix: { expires_at: expiresAt } } });
    expect(intent.next_action.pix_display_qr_code.expires_at).toBe(expiresAt);
  });

  it('expires a PIX four hours after confirmation when no expiry is given', async () => {
    const intent = await createIntent({ payment_method_options: {} });
    expect(intent.next_action.pix_display_qr_code.expires_at).toBe(now.getTime() / 1000 + 14_400);
  });

  it('draws the QR code at its PNG and SVG addresses', async () => {
    const intent = await createIntent();
    const png = await fetch(intent.next_action.pix_display_qr_code.image_url_png);
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const svg = await fetch(intent.next_action.pix_display_qr_code.image_url_svg);
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
  });

  it('serves the hosted instructions page with the copy-and-paste code', async () => {
    const intent = await createIntent();
    const page = await fetch(intent.next_action.pix_display_qr_code.hosted_instructions_url);
    expect(await page.text()).toContain(intent.next_action.pix_display_qr_code.data.slice(0, 30));
  });

  it('announces the creation with payment_intent.created and payment_intent.requires_action', async () => {
    await createIntent();
    await standin.context.notifier.settled();
    expect(eventTypes()).toEqual(['payment_intent.created', 'payment_intent.requires_action']);
  });
});

describe('the Stripe shape: authentication and idempotency', () => {
  it('refuses a call without an API key with a 401 error object', async () => {
    const answer = await call('POST', '/v1/payment_intents', { key: null, form: pixIntent() });
    expect(answer.status).toBe(401);
    expect(answer.body.error.type).toBe('invalid_request_error');
  });

  it('refuses an unknown key without echoing it whole', async () => {
    const answer = await call('GET', '/v1/payment_intents/pi_x', { key: 'sk_test_unknown00000000009999' });
    expect(answer.status).toBe(401);
    expect(answer.body.error.message).toContain('sk_test_****9999');
    expect(answer.body.error.message).not.toContain('unknown0000');
  });

  it('takes the key as HTTP Basic user name too', async () => {
    const intent = await createIntent();
    const response = await fetch(`${standin.url}/v1/payment_intents/${intent.id}`, {
      headers: { authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
  });

  it('answers the same PaymentIntent again for the same idempotency key, creating one charge', async () => {
    const first = await call('POST', '/v1/payment_intents', { form: pixIntent(), idempotencyKey: 'key-1' });
    const again = await call('POST', '/v1/payment_intents', { form: pixIntent(), idempotencyKey: 'key-1' });
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(standin.context.book.list()).toHaveLength(1);
  });

  it('refuses an idempotency key reused with other parameters', async () => {
    await call('POST', '/v1/payment_intents', { form: pixIntent(), idempotencyKey: 'key-1' });
    const other = await call('POST', '/v1/payment_intents', {
      form: pixIntent({ amount: 5000 }),
      idempotencyKey: 'key-1',
    });
    expect(other.status).toBe(400);
    expect(other.body.error.type).toBe('idempotency_error');
  });

  it('keeps idempotency keys apart per account', async () => {
    const mine = await call('POST', '/v1/payment_intents', { form: pixIntent(), idempotencyKey: 'key-1' });
    const theirs = await call('POST', '/v1/payment_intents', {
      key: OTHER_KEY,
      form: pixIntent(),
      idempotencyKey: 'key-1',
    });
    expect(theirs.body.id).not.toBe(mine.body.id);
  });

  it('saves nothing for a request refused by validation, so the key can be used again', async () => {
    const refused = await call('POST', '/v1/payment_intents', {
      form: pixIntent({ currency: 'usd' }),
      idempotencyKey: 'key-1',
    });
    expect(refused.status).toBe(400);
    const created = await call('POST', '/v1/payment_intents', { form: pixIntent(), idempotencyKey: 'key-1' });
    expect(created.status).toBe(200);
  });

  it('falls back to the idempotency key as the ledger reference when there is no metadata reference', async () => {
    const created = await call('POST', '/v1/payment_intents', {
      form: pixIntent({ metadata: { order: '123' } }),
      idempotencyKey: 'key-9',
    });
    expect(standin.context.book.find('stripe', created.body.id)?.reference).toBe('key-9');
  });
});

describe('the Stripe shape: validation', () => {
  it('refuses a missing amount with parameter_missing', async () => {
    const form = pixIntent();
    delete form.amount;
    const answer = await call('POST', '/v1/payment_intents', { form });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'parameter_missing',
      param: 'amount',
    });
  });

  it('refuses an unknown parameter with parameter_unknown', async () => {
    const answer = await call('POST', '/v1/payment_intents', { form: pixIntent({ customer: 'cus_1' }) });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'parameter_unknown', param: 'customer' });
  });

  it('refuses an amount that is not an integer', async () => {
    const answer = await call('POST', '/v1/payment_intents', { form: pixIntent({ amount: '44.90' }) });
    expect(answer.body.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });
  });

  it('refuses less than R$ 0,50', async () => {
    const answer = await call('POST', '/v1/payment_intents', { form: pixIntent({ amount: 49 }) });
    expect(answer.body.error).toMatchObject({ code: 'amount_too_small', param: 'amount' });
  });

  it('refuses a currency other than brl for PIX', async () => {
    const answer = await call('POST', '/v1/payment_intents', { form: pixIntent({ currency: 'usd' }) });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe('currency');
  });

  it('refuses an expiry under 60 seconds', async () => {
    const answer = await call('POST', '/v1/payment_intents', {
      form: pixIntent({ payment_method_options: { pix: { expires_after_seconds: 30 } } }),
    });
    expect(answer.body.error.param).toBe('payment_method_options[pix][expires_after_seconds]');
  });

  it('refuses expires_after_seconds and expires_at together', async () => {
    const answer = await call('POST', '/v1/payment_intents', {
      form: pixIntent({
        payment_method_options: {
          pix: { expires_after_seconds: 900, expires_at: now.getTime() / 1000 + 900 },
        },
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.param).toBe('payment_method_options[pix][expires_at]');
  });

  it('takes allowed_payment_method_types, the name from API version 2026-09-30 on', async () => {
    const form = pixIntent({ allowed_payment_method_types: ['pix'] });
    delete form.payment_method_types;
    const answer = await call('POST', '/v1/payment_intents', { form, apiVersion: '2026-10-28.endive' });
    expect(answer.status).toBe(200);
    expect(answer.body.allowed_payment_method_types).toEqual(['pix']);
  });

  it('refuses payment_method_types from an API version that removed it', async () => {
    const answer = await call('POST', '/v1/payment_intents', {
      form: pixIntent(),
      apiVersion: '2026-10-28.endive',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'parameter_unknown', param: 'payment_method_types' });
  });

  it('refuses a confirmation without payment_method_data', async () => {
    const form = pixIntent();
    delete form.payment_method_data;
    const answer = await call('POST', '/v1/payment_intents', { form });
    expect(answer.body.error).toMatchObject({ code: 'parameter_missing', param: 'payment_method_data' });
  });
});

describe('the Stripe shape: reading a PaymentIntent as its charge moves', () => {
  it('answers no such payment_intent for an unknown id', async () => {
    const answer = await call('GET', '/v1/payment_intents/pi_nothing');
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ code: 'resource_missing', param: 'intent' });
  });

  it("answers no such payment_intent for another account's", async () => {
    const intent = await createIntent();
    const answer = await call('GET', `/v1/payment_intents/${intent.id}`, { key: OTHER_KEY });
    expect(answer.status).toBe(404);
  });

  it('shows a paid charge as succeeded, with the amount received and its Charge', async () => {
    const intent = await createIntent();
    standin.pay(intent.id);
    const answer = await call('GET', `/v1/payment_intents/${intent.id}?expand[]=latest_charge`);
    expect(answer.body).toMatchObject({ status: 'succeeded', amount_received: 4490, next_action: null });
    expect(answer.body.latest_charge).toMatchObject({
      object: 'charge',
      id: intent.id.replace('pi_', 'ch_'),
      amount_captured: 4490,
      amount_refunded: 0,
      refunded: false,
      payment_intent: intent.id,
      created: now.getTime() / 1000,
    });
  });

  it('gives the Charge id when latest_charge is not expanded', async () => {
    const intent = await createIntent();
    standin.pay(intent.id);
    const answer = await call('GET', `/v1/payment_intents/${intent.id}`);
    expect(answer.body.latest_charge).toBe(intent.id.replace('pi_', 'ch_'));
  });

  it('shows a failed payment as requires_payment_method with the attempt failed', async () => {
    const intent = await createIntent();
    standin.fail(intent.id);
    const answer = await call('GET', `/v1/payment_intents/${intent.id}`);
    expect(answer.body.status).toBe('requires_payment_method');
    expect(answer.body.last_payment_error.code).toBe('payment_intent_payment_attempt_failed');
  });

  it('shows a PIX past its expiry as requires_payment_method with the attempt expired', async () => {
    const intent = await createIntent();
    now = new Date(now.getTime() + 901_000);
    const answer = await call('GET', `/v1/payment_intents/${intent.id}`);
    expect(answer.body.status).toBe('requires_payment_method');
    expect(answer.body.next_action).toBe(null);
    expect(answer.body.last_payment_error.code).toBe('payment_intent_payment_attempt_expired');
  });
});

describe('the Stripe shape: cancel', () => {
  it('cancels a PaymentIntent awaiting payment, with the reason given', async () => {
    const intent = await createIntent();
    const answer = await call('POST', `/v1/payment_intents/${intent.id}/cancel`, {
      form: { cancellation_reason: 'abandoned' },
    });
    expect(answer.body).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
      canceled_at: now.getTime() / 1000,
    });
    expect(standin.context.book.find('stripe', intent.id)?.status).toBe('canceled');
  });

  it('refuses to cancel a succeeded PaymentIntent with payment_intent_unexpected_state', async () => {
    const intent = await createIntent();
    standin.pay(intent.id);
    const answer = await call('POST', `/v1/payment_intents/${intent.id}/cancel`);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('payment_intent_unexpected_state');
    expect(answer.body.error.payment_intent.status).toBe('succeeded');
  });

  it('refuses to cancel twice', async () => {
    const intent = await createIntent();
    await call('POST', `/v1/payment_intents/${intent.id}/cancel`);
    const again = await call('POST', `/v1/payment_intents/${intent.id}/cancel`);
    expect(again.body.error.code).toBe('payment_intent_unexpected_state');
  });

  it('cancels a PaymentIntent whose attempt expired (requires_payment_method is cancelable)', async () => {
    const intent = await createIntent();
    standin.expire(intent.id);
    const answer = await call('POST', `/v1/payment_intents/${intent.id}/cancel`);
    expect(answer.body.status).toBe('canceled');
  });
});

describe('the Stripe shape: refunds', () => {
  async function paidIntent() {
    const intent = await createIntent();
    standin.pay(intent.id);
    return intent;
  }

  it('refunds a paid PaymentIntent in full: a Refund object, the PaymentIntent still succeeded', async () => {
    const intent = await paidIntent();
    const refund = await call('POST', '/v1/refunds', {
      form: { payment_intent: intent.id },
      idempotencyKey: 'r-1',
    });
    expect(refund.body).toMatchObject({
      object: 'refund',
      amount: 4490,
      status: 'succeeded',
      payment_intent: intent.id,
      charge: intent.id.replace('pi_', 'ch_'),
    });
    expect(refund.body.id).toMatch(/^re_/);
    const after = await call('GET', `/v1/payment_intents/${intent.id}?expand[]=latest_charge`);
    expect(after.body.status).toBe('succeeded');
    expect(after.body.latest_charge).toMatchObject({ amount_refunded: 4490, refunded: true });
  });

  it('refunds part of a payment when given an amount', async () => {
    const intent = await paidIntent();
    await call('POST', '/v1/refunds', { form: { payment_intent: intent.id, amount: 1000 } });
    const charge = await call('GET', `/v1/charges/${intent.id.replace('pi_', 'ch_')}`);
    expect(charge.body).toMatchObject({ amount_refunded: 1000, refunded: false });
  });

  it('answers the same Refund for the same idempotency key', async () => {
    const intent = await paidIntent();
    const first = await call('POST', '/v1/refunds', {
      form: { payment_intent: intent.id },
      idempotencyKey: 'r-1',
    });
    const again = await call('POST', '/v1/refunds', {
      form: { payment_intent: intent.id },
      idempotencyKey: 'r-1',
    });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
  });

  it('refuses a second full refund with charge_already_refunded', async () => {
    const intent = await paidIntent();
    await call('POST', '/v1/refunds', { form: { payment_intent: intent.id } });
    const again = await call('POST', '/v1/refunds', { form: { payment_intent: intent.id } });
    expect(again.body.error.code).toBe('charge_already_refunded');
  });

  it('refuses to refund a PaymentIntent that was not paid', async () => {
    const intent = await createIntent();
    const answer = await call('POST', '/v1/refunds', { form: { payment_intent: intent.id } });
    expect(answer.status).toBe(400);
    expect(answer.body.error.type).toBe('invalid_request_error');
  });

  it('refuses to refund more than was paid with amount_too_large', async () => {
    const intent = await paidIntent();
    const answer = await call('POST', '/v1/refunds', { form: { payment_intent: intent.id, amount: 4491 } });
    expect(answer.body.error).toMatchObject({ code: 'amount_too_large', param: 'amount' });
  });

  it('reads a Refund back by its id', async () => {
    const intent = await paidIntent();
    const refund = await call('POST', '/v1/refunds', { form: { payment_intent: intent.id } });
    const read = await call('GET', `/v1/refunds/${refund.body.id}`);
    expect(read.body).toEqual(refund.body);
  });
});

describe('the Stripe shape: webhooks', () => {
  const stripe = new Stripe('sk_test_unused');
  const verify = (notification: OutgoingNotification) =>
    stripe.webhooks.constructEvent(
      notification.body,
      notification.headers['stripe-signature']!,
      WEBHOOK_SECRET,
      300,
      undefined,
      now.getTime(),
    );

  async function lastEvent() {
    await standin.context.notifier.settled();
    return sent.at(-1)!;
  }

  it('sends payment_intent.succeeded to the account webhook, signed so that the stripe package accepts it', async () => {
    const intent = await createIntent();
    standin.pay(intent.id);
    const notification = await lastEvent();
    expect(notification.url).toBe(WEBHOOK_URL);
    const event = verify(notification);
    expect(event).toMatchObject({ object: 'event', type: 'payment_intent.succeeded', livemode: false });
    expect(event.id).toMatch(/^evt_/);
    expect(event.created).toBe(now.getTime() / 1000);
    expect(event.data.object).toMatchObject({ id: intent.id, object: 'payment_intent', status: 'succeeded' });
  });

  it('signs with t and v1 over "t.body", which another secret does not verify', async () => {
    const intent = await createIntent();
    standin.pay(intent.id);
    const notification = await lastEvent();
    expect(notification.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() =>
      stripe.webhooks.constructEvent(
        notification.body,
        notification.headers['stripe-signature']!,
        'whsec_other',
      ),
    ).toThrow();
  });

  it('sends charge.succeeded with the Charge before payment_intent.succeeded', async () => {
    const intent = await createIntent();
    sent.length = 0;
    standin.pay(intent.id);
    await standin.context.notifier.settled();
    expect(eventTypes()).toEqual(['charge.succeeded', 'payment_intent.succeeded']);
  });

  it('sends payment_intent.payment_failed when the PIX expires', async () => {
    const intent = await createIntent();
    standin.expire(intent.id);
    const event = verify(await lastEvent());
    expect(event.type).toBe('payment_intent.payment_failed');
  });

  it('sends payment_intent.canceled on cancel', async () => {
    const intent = await createIntent();
    await call('POST', `/v1/payment_intents/${intent.id}/cancel`);
    expect(verify(await lastEvent()).type).toBe('payment_intent.canceled');
  });

  it('sends charge.refunded with the Charge and refund.created on a refund', async () => {
    const intent = await createIntent();
    standin.pay(intent.id);
    sent.length = 0;
    await call('POST', '/v1/refunds', { form: { payment_intent: intent.id } });
    await standin.context.notifier.settled();
    expect(eventTypes()).toEqual(['charge.refunded', 'refund.created']);
    const refunded = verify(sent[0]!);
    expect(refunded.data.object).toMatchObject({
      object: 'charge',
      payment_intent: intent.id,
      amount_refunded: 4490,
    });
  });
});
