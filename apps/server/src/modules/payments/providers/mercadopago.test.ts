import { createHmac } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { checkBrCode, crc16ccitt } from '@comanda/domain';
import { type OutgoingNotification, type Standin, startStandin } from '@comanda/psp-standin';
import { afterEach, describe, expect, it } from 'vitest';
import { MercadoPagoProvider, mercadoPagoDate, SIGNATURE_MAX_AGE_MS } from './mercadopago.ts';
import {
  type NotificationInput,
  NotificationRefused,
  type PixChargeRequest,
  ProviderError,
} from './provider.ts';

const TOKEN = 'TEST-4916210071386817-050515-0a1b2c3d4e5f60718293a4b5c6d7e8f9-987654321';
const SECRET = 'mp-webhook-secret';
const T0 = new Date('2026-05-05T15:00:00.000Z');

let standin: Standin;
let sent: OutgoingNotification[];
let clock: Date;
afterEach(() => standin?.close());

async function start() {
  sent = [];
  clock = T0;
  standin = await startStandin({
    now: () => clock,
    accounts: { mercadopago: [{ accessToken: TOKEN, webhookSecret: SECRET }] },
    notifier: {
      transport: async (notification) => {
        sent.push(notification);
        return 200;
      },
    },
  });
  return provider();
}

function provider(overrides: Partial<ConstructorParameters<typeof MercadoPagoProvider>[0]> = {}) {
  return new MercadoPagoProvider({
    baseUrl: `${standin.url}/mercadopago`,
    accessToken: TOKEN,
    webhookSecret: SECRET,
    now: () => clock,
    ...overrides,
  });
}

const request = (overrides: Partial<PixChargeRequest> = {}): PixChargeRequest => ({
  reference: 'CMD01HXY7ZP3Q4R5S6T7V8W9X0Y1Z',
  amount: 1290,
  expiresInSeconds: 900,
  description: 'Pedido 123 - Forno & Brasa',
  payerEmail: 'cliente@example.com',
  notificationUrl: 'http://pizzaria.localhost:3000/payments/webhooks/mercadopago',
  ...overrides,
});

/** What the stand-in sent, as our webhook route would hand it to the adapter. */
function asInput(notification: OutgoingNotification): NotificationInput {
  return {
    rawBody: Buffer.from(notification.body),
    headers: { ...notification.headers },
    query: Object.fromEntries(new URL(notification.url).searchParams),
  };
}

async function paidNotification(): Promise<NotificationInput> {
  const mp = provider();
  const charge = await mp.createPixCharge(request());
  standin.pay(charge.providerRef);
  await standin.context.notifier.settled();
  const updated = sent.find((notification) => JSON.parse(notification.body).action === 'payment.updated');
  return asInput(updated!);
}

describe('Mercado Pago adapter: money', () => {
  it('reads a paid amount answered with a third decimal as a provider failure, never rounded', async () => {
    const answering = createHttpServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          id: 123,
          status: 'approved',
          transaction_amount: 12.9,
          transaction_details: { total_paid_amount: 12.905 },
          date_approved: T0.toISOString(),
        }),
      );
    });
    await new Promise<void>((resolve) => answering.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = answering.address() as AddressInfo;
      const mp = new MercadoPagoProvider({
        baseUrl: `http://127.0.0.1:${port}`,
        accessToken: TOKEN,
        webhookSecret: SECRET,
        now: () => T0,
      });
      const error = await mp.getCharge('123').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toContain('12.905');
    } finally {
      await new Promise((resolve) => answering.close(resolve));
    }
  });

  it('writes dates as Mercado Pago documents them, with the Brasília offset', () => {
    expect(mercadoPagoDate(new Date('2026-05-05T15:15:00.000Z'))).toBe('2026-05-05T12:15:00.000-03:00');
  });
});

describe('Mercado Pago adapter: createPixCharge', () => {
  it('answers a BR Code for the amount, with a valid CRC', async () => {
    const mp = await start();
    const charge = await mp.createPixCharge(request());
    const check = checkBrCode(charge.copyPaste, { amount: 1290 });
    expect(check).toMatchObject({
      ok: true,
      fields: { payloadFormatIndicator: '01', currency: '986', amount: 1290 },
    });
    expect(charge.copyPaste.slice(-4)).toBe(crc16ccitt(charge.copyPaste.slice(0, -4)));
  });

  it("answers the payment id as the provider's reference and the PNG", async () => {
    const mp = await start();
    const charge = await mp.createPixCharge(request());
    expect(charge.providerRef).toMatch(/^\d+$/);
    expect(Buffer.from(charge.qrPngBase64!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it('asks for an expiry of 30 minutes at least (a minute over, for clocks), and answers the provider’s', async () => {
    const mp = await start();
    const charge = await mp.createPixCharge(request({ expiresInSeconds: 900 }));
    expect(charge.expiresAt.toISOString()).toBe('2026-05-05T15:31:00.000Z');
    expect(standin.context.book.find('mercadopago', charge.providerRef)?.expiresAt).toBe(
      '2026-05-05T15:31:00.000Z',
    );
  });

  it('asks for a longer expiry as it is, and 30 days at most', async () => {
    const mp = await start();
    const hours = await mp.createPixCharge(request({ expiresInSeconds: 7200 }));
    expect(hours.expiresAt.toISOString()).toBe('2026-05-05T17:00:00.000Z');
    const months = await mp.createPixCharge(
      request({ reference: 'CMD01HXY7ZP3Q4R5S6T7V8W9X0Y2Z', expiresInSeconds: 90 * 86_400 }),
    );
    expect(months.expiresAt.toISOString()).toBe('2026-06-04T15:00:00.000Z');
  });

  it('sends our reference as external reference, our notification URL and the amount in centavos', async () => {
    const mp = await start();
    const charge = await mp.createPixCharge(request());
    expect(standin.context.book.find('mercadopago', charge.providerRef)).toMatchObject({
      reference: 'CMD01HXY7ZP3Q4R5S6T7V8W9X0Y1Z',
      notificationUrl: 'http://pizzaria.localhost:3000/payments/webhooks/mercadopago',
      amount: 1290,
      description: 'Pedido 123 - Forno & Brasa',
    });
  });

  it('answers the same payment when the creation is retried with the same reference', async () => {
    const mp = await start();
    const first = await mp.createPixCharge(request());
    const again = await mp.createPixCharge(request());
    expect(again.providerRef).toBe(first.providerRef);
    expect(standin.context.book.list()).toHaveLength(1);
  });

  it('refuses an answer for another amount under the same reference', async () => {
    const mp = await start();
    await mp.createPixCharge(request());
    await expect(mp.createPixCharge(request({ amount: 990 }))).rejects.toBeInstanceOf(ProviderError);
  });
});

describe('Mercado Pago adapter: getCharge', () => {
  it('reads a new charge pending', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    expect(await mp.getCharge(providerRef)).toEqual({
      status: 'pending',
      paidAmount: null,
      paidAt: null,
      detail: 'pending/pending_waiting_transfer',
    });
  });

  it('reads a charge the payer paid as paid, with the amount and the moment', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    clock = new Date('2026-05-05T15:03:00.000Z');
    standin.pay(providerRef);
    expect(await mp.getCharge(providerRef)).toEqual({
      status: 'paid',
      paidAmount: 1290,
      paidAt: new Date('2026-05-05T15:03:00.000Z'),
      detail: 'approved/accredited',
    });
  });

  it('reads the amount the payer actually paid', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    standin.pay(providerRef, 1000);
    expect((await mp.getCharge(providerRef)).paidAmount).toBe(1000);
  });

  it('reads a failed charge as failed', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    standin.fail(providerRef);
    expect((await mp.getCharge(providerRef)).status).toBe('failed');
  });

  it('reads an expired charge as expired', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    standin.expire(providerRef);
    expect((await mp.getCharge(providerRef)).status).toBe('expired');
  });

  it('reads a charge past its (provider’s) expiry as expired', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request({ expiresInSeconds: 900 }));
    clock = new Date('2026-05-05T15:16:00.000Z');
    expect((await mp.getCharge(providerRef)).status).toBe('pending');
    clock = new Date('2026-05-05T15:32:00.000Z');
    expect((await mp.getCharge(providerRef)).status).toBe('expired');
  });
});

describe('Mercado Pago adapter: cancelCharge', () => {
  it('cancels a pending charge', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    expect(await mp.cancelCharge(providerRef)).toMatchObject({
      status: 'canceled',
      detail: 'cancelled/by_collector',
    });
  });

  it('answers paid when the payment won the race against the cancel', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    standin.pay(providerRef);
    expect(await mp.cancelCharge(providerRef)).toMatchObject({ status: 'paid', paidAmount: 1290 });
    expect(standin.context.book.find('mercadopago', providerRef)?.status).toBe('paid');
  });

  it('answers expired when the charge had expired', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    standin.expire(providerRef);
    expect((await mp.cancelCharge(providerRef)).status).toBe('expired');
  });
});

describe('Mercado Pago adapter: refund', () => {
  it('gives back a paid charge', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    standin.pay(providerRef);
    await mp.refund(providerRef, 1290, 'RFD01HXY7ZP3Q4R5S6T7V8W9X0Y1Z');
    expect(await mp.getCharge(providerRef)).toMatchObject({
      status: 'refunded',
      detail: 'refunded/refunded',
    });
    expect(standin.context.book.find('mercadopago', providerRef)?.refundedAmount).toBe(1290);
  });

  it('gives back once when retried with the same reference', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    standin.pay(providerRef);
    await mp.refund(providerRef, 1290, 'RFD01HXY7ZP3Q4R5S6T7V8W9X0Y1Z');
    await mp.refund(providerRef, 1290, 'RFD01HXY7ZP3Q4R5S6T7V8W9X0Y1Z');
    expect(standin.context.book.find('mercadopago', providerRef)?.refundedAmount).toBe(1290);
  });

  it('fails with the status when the charge was never paid', async () => {
    const mp = await start();
    const { providerRef } = await mp.createPixCharge(request());
    await expect(mp.refund(providerRef, 1290, 'RFD01')).rejects.toMatchObject({ status: 400 });
  });
});

describe('Mercado Pago adapter: failures', () => {
  it('fails with ProviderError 401 for an unknown access token', async () => {
    await start();
    const mp = provider({ accessToken: 'APP_USR-unknown-000' });
    const error = await mp.createPixCharge(request()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(401);
  });

  it('fails with ProviderError 404 for a payment it does not know', async () => {
    const mp = await start();
    await expect(mp.getCharge('12345678901')).rejects.toMatchObject({ status: 404 });
  });

  it('never puts the access token in its errors', async () => {
    await start();
    const mp = provider({ accessToken: 'APP_USR-unknown-000' });
    const error = (await mp.getCharge('12345678901').catch((caught: unknown) => caught)) as Error;
    expect(error.message).not.toContain('APP_USR-unknown-000');
  });

  it('fails with ProviderError without status when the provider is down', async () => {
    const mp = await start();
    await standin.close();
    const error = await mp.getCharge('12345678901').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(null);
  });

  it('gives up after its timeout', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const mp = new MercadoPagoProvider({
        baseUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        accessToken: TOKEN,
        webhookSecret: SECRET,
        timeoutMs: 150,
      });
      await expect(mp.getCharge('12345678901')).rejects.toThrow(/timed out/);
    } finally {
      silent.close();
    }
  });
});

describe('Mercado Pago adapter: verifyNotification', () => {
  const soon = () => new Date(T0.getTime() + 2_000);

  it("accepts the stand-in's signed notification and names the payment to read again", async () => {
    await start();
    const input = await paidNotification();
    const verified = provider().verifyNotification(input, soon());
    expect(verified.providerRefs).toEqual([input.query['data.id']]);
    expect(verified.eventId).toBe(String(JSON.parse(input.rawBody.toString()).id));
    expect(verified.claimedAmounts.size).toBe(0);
  });

  it('verifies a replayed identical notification to the same event id', async () => {
    await start();
    const input = await paidNotification();
    const mp = provider();
    expect(mp.verifyNotification(input, soon()).eventId).toBe(mp.verifyNotification(input, soon()).eventId);
  });

  it('takes the x-request-id as the event id when the body has none', async () => {
    await start();
    const input = await paidNotification();
    const body = JSON.parse(input.rawBody.toString());
    delete body.id;
    const verified = provider().verifyNotification(
      { ...input, rawBody: Buffer.from(JSON.stringify(body)) },
      soon(),
    );
    expect(verified.eventId).toBe(input.headers['x-request-id']);
  });

  it('refuses a signature with one hex digit changed', async () => {
    await start();
    const input = await paidNotification();
    const signature = input.headers['x-signature'] as string;
    const last = signature.at(-1) === '0' ? '1' : '0';
    const forged = { ...input, headers: { ...input.headers, 'x-signature': signature.slice(0, -1) + last } };
    expect(() => provider().verifyNotification(forged, soon())).toThrow(NotificationRefused);
    expect(() => provider().verifyNotification(forged, soon())).toThrow(/does not match/);
  });

  it('refuses a notification signed with another secret', async () => {
    await start();
    const input = await paidNotification();
    expect(() => provider({ webhookSecret: 'another' }).verifyNotification(input, soon())).toThrow(
      /does not match/,
    );
  });

  it('refuses a notification older than the tolerance', async () => {
    await start();
    const input = await paidNotification();
    const late = new Date(T0.getTime() + SIGNATURE_MAX_AGE_MS + 1_000);
    expect(() => provider().verifyNotification(input, late)).toThrow(/too old/);
  });

  it('refuses a notification dated in the future', async () => {
    await start();
    const input = await paidNotification();
    const early = new Date(T0.getTime() - 5 * 60_000);
    expect(() => provider().verifyNotification(input, early)).toThrow(/future/);
  });

  it('refuses a notification without x-signature', async () => {
    await start();
    const input = await paidNotification();
    const { 'x-signature': _dropped, ...headers } = input.headers;
    expect(() => provider().verifyNotification({ ...input, headers }, soon())).toThrow(/no x-signature/);
  });

  it('refuses a malformed x-signature', async () => {
    await start();
    const input = await paidNotification();
    const malformed = { ...input, headers: { ...input.headers, 'x-signature': 'v1=abc' } };
    expect(() => provider().verifyNotification(malformed, soon())).toThrow(/malformed/);
  });

  it('refuses a notification whose query names another payment than the signed one', async () => {
    await start();
    const input = await paidNotification();
    const moved = { ...input, query: { ...input.query, 'data.id': '99999999999' } };
    expect(() => provider().verifyNotification(moved, soon())).toThrow(/does not match/);
  });

  it('refuses a notification whose body names another payment than the signed one', async () => {
    await start();
    const input = await paidNotification();
    const body = JSON.parse(input.rawBody.toString());
    body.data.id = '99999999999';
    const moved = { ...input, rawBody: Buffer.from(JSON.stringify(body)) };
    expect(() => provider().verifyNotification(moved, soon())).toThrow(/another payment/);
  });

  it('reads a ts of ten digits as seconds, as in the documentation', async () => {
    await start();
    const ts = String(Math.floor(soon().getTime() / 1000));
    const manifest = `id:12345678901;request-id:req-1;ts:${ts};`;
    const v1 = createHmac('sha256', SECRET).update(manifest).digest('hex');
    const input: NotificationInput = {
      rawBody: Buffer.from(JSON.stringify({ id: 42, type: 'payment', data: { id: '12345678901' } })),
      headers: { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': 'req-1' },
      query: { 'data.id': '12345678901', type: 'payment' },
    };
    expect(provider().verifyNotification(input, soon())).toMatchObject({ eventId: '42' });
  });
});

describe('Mercado Pago adapter: listCharges (reconciliation)', () => {
  it('lists the period’s payments, paid, pending and refunded, over more than one page of the search', async () => {
    const mp = await start();
    const refs: string[] = [];
    for (let n = 0; n < 103; n++) {
      clock = new Date(T0.getTime() + n * 1000);
      const reference = `CMD01HXY7ZP3Q4R5S6T7V8W${String(n).padStart(4, '0')}`;
      refs.push((await mp.createPixCharge(request({ reference, amount: 1000 + n }))).providerRef);
    }
    standin.pay(refs[1]!);
    standin.pay(refs[2]!);
    await mp.refund(refs[2]!, 1002, 'CMD01HXY7ZP3Q4R5S6T7V8W0002R');
    clock = new Date(T0.getTime() + 600_000);
    // From the second payment on, up to (not including) the last one's second.
    const listed = await mp.listCharges({
      from: new Date(T0.getTime() + 1000),
      to: new Date(T0.getTime() + 102_000),
    });
    expect(listed).toHaveLength(101);
    expect(listed.map((charge) => charge.providerRef)).toEqual(refs.slice(1, 102));
    expect(listed[0]).toEqual({
      providerRef: refs[1],
      reference: 'CMD01HXY7ZP3Q4R5S6T7V8W0001',
      status: 'paid',
      amount: 1001,
      paidAmount: 1001,
      refundedAmount: 0,
      createdAt: new Date(T0.getTime() + 1000),
    });
    expect(listed[1]).toMatchObject({ status: 'refunded', amount: 1002, refundedAmount: 1002 });
    expect(listed[2]).toMatchObject({ status: 'pending', amount: 1003, paidAmount: null, refundedAmount: 0 });
  });
});
