import { createHmac } from 'node:crypto';
import { crc16ccitt } from '@comanda/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { type OutgoingNotification, type Standin, type StandinOptions, startStandin } from '../index.ts';

const TOKEN = 'TEST-4916210071386817-050515-0a1b2c3d4e5f60718293a4b5c6d7e8f9-987654321';
const OTHER_TOKEN = 'TEST-4916210071386817-050515-ffeeddccbbaa99887766554433221100-123456789';
const SECRET = 'mp-webhook-secret';
const NOTIFY_URL = 'http://pizzaria.localhost:3000/payments/webhooks/mercadopago?store=pizzaria';

let standin: Standin;
let sent: OutgoingNotification[];
afterEach(() => standin?.close());

async function start(options: StandinOptions = {}) {
  sent = [];
  standin = await startStandin({
    accounts: {
      mercadopago: [
        { accessToken: TOKEN, webhookSecret: SECRET },
        { accessToken: OTHER_TOKEN, webhookSecret: 'other-secret' },
      ],
    },
    notifier: {
      transport: async (notification) => {
        sent.push(notification);
        return 200;
      },
    },
    ...options,
  });
}

interface CallOptions {
  token?: string | null;
  key?: string | null;
  body?: unknown;
}

async function call(method: string, path: string, options: CallOptions = {}) {
  const token = options.token === undefined ? TOKEN : options.token;
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.key) headers['x-idempotency-key'] = options.key;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${standin.url}/mercadopago${path}`, {
    method,
    headers,
    body: options.body === undefined ? null : JSON.stringify(options.body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read Mercado Pago's JSON freely
  return { status: response.status, body: (await response.json()) as any };
}

const pix = (overrides: Record<string, unknown> = {}) => ({
  transaction_amount: 12.9,
  description: 'Pedido 123 - Forno & Brasa',
  payment_method_id: 'pix',
  payer: { email: 'cliente@example.com' },
  external_reference: 'REF0000000000000000000000001',
  notification_url: NOTIFY_URL,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}, key = 'REF0000000000000000000000001') {
  const created = await call('POST', '/v1/payments', { key, body: pix(overrides) });
  expect(created.status).toBe(201);
  return created.body as { id: number };
}

describe('Mercado Pago: POST /v1/payments', () => {
  it('creates a pending PIX payment whose QR is a dynamic BR Code for the amount', async () => {
    await start();
    const { status, body } = await call('POST', '/v1/payments', { key: 'key-1', body: pix() });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      payment_method_id: 'pix',
      transaction_amount: 12.9,
      external_reference: 'REF0000000000000000000000001',
    });
    expect(typeof body.id).toBe('number');
    const code: string = body.point_of_interaction.transaction_data.qr_code;
    expect(code).toContain('540512.90');
    expect(code).toContain(`${new URL(standin.url).host}/mercadopago/pix/${body.id}`);
    expect(code.slice(-4)).toBe(crc16ccitt(code.slice(0, -4)));
  });

  it('answers the QR as a base64 PNG and a ticket page', async () => {
    await start();
    const { body } = await call('POST', '/v1/payments', { key: 'key-1', body: pix() });
    const data = body.point_of_interaction.transaction_data;
    expect(Buffer.from(data.qr_code_base64, 'base64').subarray(0, 8).toString('hex')).toBe(
      '89504e470d0a1a0a',
    );
    const ticket = await fetch(data.ticket_url);
    expect(ticket.status).toBe(200);
    expect(await ticket.text()).toContain('R$\u00a012,90');
  });

  it('keeps the charge in the ledger in centavos, by account, id and external reference', async () => {
    await start();
    const { id } = await create();
    expect(standin.context.book.find('mercadopago', String(id))).toMatchObject({
      account: TOKEN,
      amount: 1290,
      reference: 'REF0000000000000000000000001',
      notificationUrl: NOTIFY_URL,
      status: 'pending',
    });
  });

  it('takes the idempotency key as the reference when there is no external reference', async () => {
    await start();
    const { id } = await create({ external_reference: undefined }, 'only-the-key');
    expect(standin.context.book.find('mercadopago', String(id))?.reference).toBe('only-the-key');
  });

  it('answers the same payment to the same idempotency key of the same account', async () => {
    await start();
    const first = await create({}, 'same-key');
    const again = await create({ transaction_amount: 99 }, 'same-key');
    expect(again.id).toBe(first.id);
    expect(standin.context.book.list()).toHaveLength(1);
  });

  it('creates another payment for the same idempotency key of another account', async () => {
    await start();
    const first = await create({}, 'same-key');
    const other = await call('POST', '/v1/payments', { token: OTHER_TOKEN, key: 'same-key', body: pix() });
    expect(other.status).toBe(201);
    expect(other.body.id).not.toBe(first.id);
  });

  it('expires a payment after 24 hours by default', async () => {
    const now = new Date('2026-05-05T15:00:00.000Z');
    await start({ now: () => now });
    const { id } = await create({ date_of_expiration: undefined });
    expect(standin.context.book.find('mercadopago', String(id))?.expiresAt).toBe('2026-05-06T15:00:00.000Z');
  });

  it('takes date_of_expiration with an offset and answers it in its own offset', async () => {
    await start({ now: () => new Date('2030-01-01T12:00:00.000Z') });
    const { body } = await call('POST', '/v1/payments', {
      key: 'k',
      body: pix({ date_of_expiration: '2030-01-02T10:30:00.000-03:00' }),
    });
    expect(body.date_of_expiration).toBe('2030-01-02T09:30:00.000-04:00');
  });

  it('refuses a PIX expiry under 30 minutes or over 30 days ahead (400, cause 1), takes both ends', async () => {
    const now = new Date('2030-01-01T12:00:00.000Z');
    await start({ now: () => now });
    const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
    const minute = 60_000;
    for (const [key, ahead, status] of [
      ['a', 60_000, 400],
      ['b', 29 * minute, 400],
      ['c', 30 * minute, 201],
      ['d', 30 * 24 * 60 * minute, 201],
      ['e', 30 * 24 * 60 * minute + 1000, 400],
    ] as const) {
      const reply = await call('POST', '/v1/payments', { key, body: pix({ date_of_expiration: at(ahead) }) });
      expect(reply.status, `${ahead / minute} minutes ahead`).toBe(status);
      if (status === 400) expect(reply.body).toMatchObject({ error: 'bad_request', cause: [{ code: 1 }] });
    }
  });

  it('refuses a call without an access token (401, cause 5)', async () => {
    await start();
    const { status, body } = await call('POST', '/v1/payments', { token: null, key: 'k', body: pix() });
    expect(status).toBe(401);
    expect(body).toMatchObject({ status: 401, error: 'unauthorized', cause: [{ code: 5 }] });
  });

  it('refuses an unknown access token (401)', async () => {
    await start();
    const { status, body } = await call('POST', '/v1/payments', {
      token: 'APP_USR-nope',
      key: 'k',
      body: pix(),
    });
    expect(status).toBe(401);
    expect(body).toMatchObject({ status: 401, error: 'unauthorized' });
  });

  it('refuses a creation without X-Idempotency-Key (400, cause 4292)', async () => {
    await start();
    const { status, body } = await call('POST', '/v1/payments', { key: null, body: pix() });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'bad_request', cause: [{ code: 4292 }] });
  });

  it('refuses any payment method but pix (400)', async () => {
    await start();
    const { status } = await call('POST', '/v1/payments', {
      key: 'k',
      body: pix({ payment_method_id: 'visa' }),
    });
    expect(status).toBe(400);
  });

  it.each([0, -5, 12.345, '12.90', null])(
    'refuses transaction_amount %s (400, cause 2072)',
    async (amount) => {
      await start();
      const { status, body } = await call('POST', '/v1/payments', {
        key: 'k',
        body: pix({ transaction_amount: amount }),
      });
      expect(status).toBe(400);
      expect(body.cause[0].code).toBe(2072);
    },
  );

  it('refuses a payment without a payer e-mail (400)', async () => {
    await start();
    const { status } = await call('POST', '/v1/payments', { key: 'k', body: pix({ payer: {} }) });
    expect(status).toBe(400);
  });

  it('refuses a date_of_expiration without an offset (400, cause 23)', async () => {
    await start();
    const { status, body } = await call('POST', '/v1/payments', {
      key: 'k',
      body: pix({ date_of_expiration: '2030-01-02 10:30' }),
    });
    expect(status).toBe(400);
    expect(body.cause[0].code).toBe(23);
  });

  it('refuses a notification_url that is not a URL (400, cause 4020)', async () => {
    await start();
    const { status, body } = await call('POST', '/v1/payments', {
      key: 'k',
      body: pix({ notification_url: 'not a url' }),
    });
    expect(status).toBe(400);
    expect(body.cause[0].code).toBe(4020);
  });

  it('answers a body that is not JSON with its own 400', async () => {
    await start();
    const response = await fetch(`${standin.url}/mercadopago/v1/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'x-idempotency-key': 'k',
        'content-type': 'application/json',
      },
      body: '{"transaction_amount": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, error: 'bad_request' });
  });
});

describe('Mercado Pago: GET /v1/payments/:id', () => {
  it('reports a paid payment approved and accredited, with what was paid and when', async () => {
    const now = new Date('2026-05-05T15:00:00.000Z');
    await start({ now: () => now });
    const { id } = await create();
    standin.pay(String(id));
    const { status, body } = await call('GET', `/v1/payments/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: 'approved',
      status_detail: 'accredited',
      transaction_amount: 12.9,
      transaction_details: { total_paid_amount: 12.9, net_received_amount: 12.9 },
      date_approved: '2026-05-05T11:00:00.000-04:00',
    });
  });

  it('reports the amount the payer paid when it differs from the charge', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id), 1000);
    const { body } = await call('GET', `/v1/payments/${id}`);
    expect(body.transaction_details.total_paid_amount).toBe(10);
  });

  it('reports a failed payment rejected', async () => {
    await start();
    const { id } = await create();
    standin.fail(String(id));
    const { body } = await call('GET', `/v1/payments/${id}`);
    expect(body).toMatchObject({ status: 'rejected' });
  });

  it('reports an expired payment cancelled with status_detail expired', async () => {
    await start();
    const { id } = await create();
    standin.expire(String(id));
    const { body } = await call('GET', `/v1/payments/${id}`);
    expect(body).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
  });

  it('expires a payment read after its date_of_expiration', async () => {
    let now = new Date('2026-05-05T15:00:00.000Z');
    await start({ now: () => now });
    const { id } = await create({ date_of_expiration: '2026-05-05T12:30:00.000-03:00' });
    now = new Date('2026-05-05T15:31:00.000Z');
    const { body } = await call('GET', `/v1/payments/${id}`);
    expect(body).toMatchObject({ status: 'cancelled', status_detail: 'expired' });
  });

  it("answers 404 for another account's payment", async () => {
    await start();
    const { id } = await create();
    const { status, body } = await call('GET', `/v1/payments/${id}`, { token: OTHER_TOKEN });
    expect(status).toBe(404);
    expect(body).toMatchObject({ status: 404, error: 'not_found', cause: [{ code: 2000 }] });
  });

  it('answers 404 for an unknown payment', async () => {
    await start();
    expect((await call('GET', '/v1/payments/12345678901')).status).toBe(404);
  });

  it('refuses a read without a known access token (401)', async () => {
    await start();
    const { id } = await create();
    expect((await call('GET', `/v1/payments/${id}`, { token: 'APP_USR-nope' })).status).toBe(401);
  });
});

describe('Mercado Pago: PUT /v1/payments/:id (cancel)', () => {
  it('cancels a pending payment by the collector', async () => {
    await start();
    const { id } = await create();
    const { status, body } = await call('PUT', `/v1/payments/${id}`, { body: { status: 'cancelled' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, status: 'cancelled', status_detail: 'by_collector' });
    expect(standin.context.book.find('mercadopago', String(id))?.status).toBe('canceled');
  });

  it('refuses to cancel an approved payment (400, cause 2018)', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const { status, body } = await call('PUT', `/v1/payments/${id}`, { body: { status: 'cancelled' } });
    expect(status).toBe(400);
    expect(body.cause[0].code).toBe(2018);
    expect(standin.context.book.find('mercadopago', String(id))?.status).toBe('paid');
  });

  it('refuses any status but cancelled (400, cause 2016)', async () => {
    await start();
    const { id } = await create();
    const { status, body } = await call('PUT', `/v1/payments/${id}`, { body: { status: 'approved' } });
    expect(status).toBe(400);
    expect(body.cause[0].code).toBe(2016);
  });
});

describe('Mercado Pago: POST /v1/payments/:id/refunds', () => {
  it('refunds a paid payment in full', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const refund = await call('POST', `/v1/payments/${id}/refunds`, {
      key: 'refund-1',
      body: { amount: 12.9 },
    });
    expect(refund.status).toBe(201);
    expect(refund.body).toMatchObject({ payment_id: id, amount: 12.9, status: 'approved' });
    const { body } = await call('GET', `/v1/payments/${id}`);
    expect(body).toMatchObject({
      status: 'refunded',
      status_detail: 'refunded',
      transaction_amount_refunded: 12.9,
    });
  });

  it('refunds what was paid when no amount is given', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const refund = await call('POST', `/v1/payments/${id}/refunds`, { key: 'refund-1' });
    expect(refund.body.amount).toBe(12.9);
  });

  it('answers the same refund to the same idempotency key, refunding once', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const first = await call('POST', `/v1/payments/${id}/refunds`, {
      key: 'refund-1',
      body: { amount: 12.9 },
    });
    const again = await call('POST', `/v1/payments/${id}/refunds`, {
      key: 'refund-1',
      body: { amount: 12.9 },
    });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(standin.context.book.find('mercadopago', String(id))?.refundedAmount).toBe(1290);
  });

  it('leaves a partly refunded payment approved, partially_refunded', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    await call('POST', `/v1/payments/${id}/refunds`, { key: 'refund-1', body: { amount: 2.9 } });
    const { body } = await call('GET', `/v1/payments/${id}`);
    expect(body).toMatchObject({ status: 'approved', status_detail: 'partially_refunded' });
  });

  it('refuses to refund a pending payment (400, cause 2063)', async () => {
    await start();
    const { id } = await create();
    const { status, body } = await call('POST', `/v1/payments/${id}/refunds`, {
      key: 'r',
      body: { amount: 1 },
    });
    expect(status).toBe(400);
    expect(body.cause[0].code).toBe(2063);
  });

  it('refuses to refund more than was paid (400)', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const { status } = await call('POST', `/v1/payments/${id}/refunds`, { key: 'r', body: { amount: 13 } });
    expect(status).toBe(400);
  });

  it('refuses a non-positive amount (400, cause 4040)', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const { status, body } = await call('POST', `/v1/payments/${id}/refunds`, {
      key: 'r',
      body: { amount: 0 },
    });
    expect(status).toBe(400);
    expect(body.cause[0].code).toBe(4040);
  });

  it('refuses a refund without X-Idempotency-Key (400, cause 4292)', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const { status, body } = await call('POST', `/v1/payments/${id}/refunds`, { body: { amount: 1 } });
    expect(status).toBe(400);
    expect(body.cause[0].code).toBe(4292);
  });
});

describe('Mercado Pago: notifications', () => {
  function verifies(notification: OutgoingNotification, secret = SECRET): boolean {
    const dataId = new URL(notification.url).searchParams.get('data.id')!;
    const requestId = notification.headers['x-request-id'];
    const [ts, v1] = notification.headers['x-signature']!.split(',').map((part) => part.split('=')[1]);
    const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
    return createHmac('sha256', secret).update(manifest).digest('hex') === v1;
  }

  async function updates() {
    await standin.context.notifier.settled();
    return sent.filter((notification) => JSON.parse(notification.body).action === 'payment.updated');
  }

  it('posts payment.updated to the notification_url with data.id and type in the query', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const [notification] = await updates();
    const url = new URL(notification!.url);
    expect(url.origin + url.pathname).toBe('http://pizzaria.localhost:3000/payments/webhooks/mercadopago');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      store: 'pizzaria',
      'data.id': String(id),
      type: 'payment',
    });
  });

  it('sends the documented body', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const [notification] = await updates();
    expect(JSON.parse(notification!.body)).toMatchObject({
      action: 'payment.updated',
      api_version: 'v1',
      data: { id: String(id) },
      live_mode: false,
      type: 'payment',
      user_id: 987654321,
      id: expect.any(Number),
      date_created: expect.any(String),
    });
  });

  it("signs it with the account's secret over id, request-id and ts", async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    const [notification] = await updates();
    expect(verifies(notification!)).toBe(true);
    expect(verifies(notification!, 'other-secret')).toBe(false);
  });

  it('dates the signature in seconds of the moment it was made (the docs and the SDK validator)', async () => {
    const now = new Date('2026-05-05T15:00:00.700Z');
    await start({ now: () => now });
    const { id } = await create();
    standin.pay(String(id));
    const [notification] = await updates();
    expect(notification!.headers['x-signature']).toMatch(
      new RegExp(`^ts=${Math.floor(now.getTime() / 1000)},v1=[0-9a-f]{64}$`),
    );
  });

  it('gives each notification its own x-request-id', async () => {
    await start();
    const { id } = await create();
    standin.pay(String(id));
    await call('POST', `/v1/payments/${id}/refunds`, { key: 'r' });
    const ids = (await updates()).map((notification) => notification.headers['x-request-id']);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
  });

  it('announces a creation as payment.created', async () => {
    await start();
    await create();
    await standin.context.notifier.settled();
    expect(sent.map((notification) => JSON.parse(notification.body).action)).toEqual(['payment.created']);
  });

  it('sends nothing for a payment without notification_url', async () => {
    await start();
    const { id } = await create({ notification_url: undefined });
    standin.pay(String(id));
    await standin.context.notifier.settled();
    expect(sent).toEqual([]);
  });
});
