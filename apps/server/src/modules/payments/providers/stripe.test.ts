import { createHmac } from 'node:crypto';
import { crc16ccitt } from '@comanda/domain';
import { type OutgoingNotification, type Standin, startStandin } from '@comanda/psp-standin';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotificationRefused, type PixChargeRequest, ProviderError } from './provider.ts';
import { StripePixProvider } from './stripe.ts';

const SECRET_KEY = 'sk_test_fornoebrasa000000000001';
const WEBHOOK_SECRET = 'whsec_fornoebrasa0000000000000001';
const REFERENCE = 'PAY01HXYZREFERENCE0000000001';

let standin: Standin;
let now: Date;
let sent: OutgoingNotification[];
let provider: StripePixProvider;

const portOf = (url: string) => Number(new URL(url).port);
const providerFor = (url: string, secretKey = SECRET_KEY) =>
  new StripePixProvider({
    host: '127.0.0.1',
    port: portOf(url),
    protocol: 'http',
    secretKey,
    webhookSecret: WEBHOOK_SECRET,
    now: () => now,
  });

beforeEach(async () => {
  now = new Date('2026-05-05T15:00:00Z');
  sent = [];
  standin = await startStandin({
    now: () => now,
    accounts: {
      stripe: [
        {
          secretKey: SECRET_KEY,
          webhookSecret: WEBHOOK_SECRET,
          webhookUrl: 'http://pizzaria.localhost:3000/payments/webhooks/stripe',
        },
      ],
    },
    notifier: {
      transport: async (notification) => {
        sent.push(notification);
        return 200;
      },
    },
  });
  provider = providerFor(standin.url);
});
afterEach(() => standin.close());

const request = (overrides: Partial<PixChargeRequest> = {}): PixChargeRequest => ({
  reference: REFERENCE,
  amount: 4490,
  expiresInSeconds: 900,
  description: 'Pedido 123 - Forno & Brasa',
  payerEmail: 'cliente@example.com',
  notificationUrl: 'http://pizzaria.localhost:3000/payments/webhooks/stripe',
  ...overrides,
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Stripe PIX charges, against the stand-in', () => {
  it('creates a charge whose BR Code is valid and carries the amount', async () => {
    const charge = await provider.createPixCharge(request());
    expect(charge.providerRef).toMatch(/^pi_/);
    expect(charge.copyPaste.slice(-4)).toBe(crc16ccitt(charge.copyPaste.slice(0, -4)));
    expect(charge.copyPaste).toContain('540544.90');
    expect(charge.qrPngBase64).toBe(null);
  });

  it('expires the charge after the seconds asked for', async () => {
    const charge = await provider.createPixCharge(request());
    expect(charge.expiresAt).toEqual(new Date('2026-05-05T15:15:00Z'));
  });

  it('names the charge by our reference at Stripe', async () => {
    const charge = await provider.createPixCharge(request());
    expect(standin.context.book.find('stripe', charge.providerRef)?.reference).toBe(REFERENCE);
  });

  it('creates one charge for one reference, however often asked', async () => {
    const first = await provider.createPixCharge(request());
    const again = await provider.createPixCharge(request());
    expect(again.providerRef).toBe(first.providerRef);
    expect(standin.context.book.list()).toHaveLength(1);
  });

  it('reads a new charge as pending', async () => {
    const charge = await provider.createPixCharge(request());
    expect(await provider.getCharge(charge.providerRef)).toMatchObject({
      status: 'pending',
      paidAmount: null,
    });
  });

  it('reads a charge as paid, with the amount and time, once the payer paid', async () => {
    const charge = await provider.createPixCharge(request());
    standin.pay(charge.providerRef);
    expect(await provider.getCharge(charge.providerRef)).toEqual({
      status: 'paid',
      paidAmount: 4490,
      paidAt: now,
      detail: null,
    });
  });

  it('reads a failed payment as failed', async () => {
    const charge = await provider.createPixCharge(request());
    standin.fail(charge.providerRef);
    expect((await provider.getCharge(charge.providerRef)).status).toBe('failed');
  });

  it('reads an expired PIX as expired', async () => {
    const charge = await provider.createPixCharge(request());
    standin.expire(charge.providerRef);
    expect((await provider.getCharge(charge.providerRef)).status).toBe('expired');
  });

  it('reads a charge past its expiry as expired, when Stripe says so', async () => {
    const charge = await provider.createPixCharge(request());
    now = new Date('2026-05-05T15:15:01Z');
    expect((await provider.getCharge(charge.providerRef)).status).toBe('expired');
  });

  it('cancels a pending charge', async () => {
    const charge = await provider.createPixCharge(request());
    expect((await provider.cancelCharge(charge.providerRef)).status).toBe('canceled');
    expect(standin.context.book.find('stripe', charge.providerRef)?.status).toBe('canceled');
  });

  it('answers paid when the payment won the race against the cancel', async () => {
    const charge = await provider.createPixCharge(request());
    standin.pay(charge.providerRef);
    expect(await provider.cancelCharge(charge.providerRef)).toMatchObject({
      status: 'paid',
      paidAmount: 4490,
    });
  });

  it('refunds a paid charge, which then reads as refunded', async () => {
    const charge = await provider.createPixCharge(request());
    standin.pay(charge.providerRef);
    await provider.refund(charge.providerRef, 4490, 'REFUND01HXYZ00000000000001');
    expect((await provider.getCharge(charge.providerRef)).status).toBe('refunded');
  });

  it('gives the money back once when the refund is asked again with the same reference', async () => {
    const charge = await provider.createPixCharge(request());
    standin.pay(charge.providerRef);
    await provider.refund(charge.providerRef, 4490, 'REFUND01HXYZ00000000000001');
    await provider.refund(charge.providerRef, 4490, 'REFUND01HXYZ00000000000001');
    expect(standin.context.book.find('stripe', charge.providerRef)?.refundedAmount).toBe(4490);
  });

  it('fails with a ProviderError 400 when refunding a charge that was never paid', async () => {
    const charge = await provider.createPixCharge(request());
    const error = await failure(provider.refund(charge.providerRef, 4490, 'REFUND01HXYZ00000000000001'));
    expect(error.status).toBe(400);
  });

  it('fails with a ProviderError 401 on a wrong key, without showing the key', async () => {
    const wrong = providerFor(standin.url, 'sk_test_wrongwrongwrong00000042');
    const error = await failure(wrong.createPixCharge(request()));
    expect(error.status).toBe(401);
    expect(error.message).not.toContain('wrongwrongwrong');
  });

  it('fails with a ProviderError 404 for a charge Stripe does not know', async () => {
    const error = await failure(provider.getCharge('pi_doesnotexist'));
    expect(error.status).toBe(404);
  });

  it('fails with a ProviderError without status when the provider is down', async () => {
    const down = await startStandin();
    await down.close();
    const error = await failure(providerFor(down.url).getCharge('pi_any'));
    expect(error.status).toBe(null);
  });
});

describe('Stripe notifications', () => {
  const input = (body: string, signature?: string) => ({
    rawBody: Buffer.from(body),
    headers: signature === undefined ? {} : { 'stripe-signature': signature },
    query: {},
  });
  const sign = (body: string, timestamp: number, secret = WEBHOOK_SECRET) =>
    `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  const nowSeconds = () => Math.floor(now.getTime() / 1000);

  async function paymentEvent() {
    const charge = await provider.createPixCharge(request());
    standin.pay(charge.providerRef);
    await standin.context.notifier.settled();
    const notification = sent.find(
      (candidate) => JSON.parse(candidate.body).type === 'payment_intent.succeeded',
    )!;
    return { charge, notification };
  }

  it('verifies the stand-in’s signed event and names the PaymentIntent to read again', async () => {
    const { charge, notification } = await paymentEvent();
    const verified = provider.verifyNotification(
      input(notification.body, notification.headers['stripe-signature']),
      now,
    );
    expect(verified.eventId).toBe(JSON.parse(notification.body).id);
    expect(verified.eventId).toMatch(/^evt_/);
    expect(verified.providerRefs).toEqual([charge.providerRef]);
    expect(verified.claimedAmounts.size).toBe(0);
  });

  it('verifies a replayed identical event to the same event id', async () => {
    const { notification } = await paymentEvent();
    const once = provider.verifyNotification(
      input(notification.body, notification.headers['stripe-signature']),
      now,
    );
    const twice = provider.verifyNotification(
      input(notification.body, notification.headers['stripe-signature']),
      now,
    );
    expect(twice.eventId).toBe(once.eventId);
  });

  it('names the PaymentIntent of a charge.refunded event', async () => {
    const charge = await provider.createPixCharge(request());
    standin.pay(charge.providerRef);
    await provider.refund(charge.providerRef, 4490, 'REFUND01HXYZ00000000000001');
    await standin.context.notifier.settled();
    const refunded = sent.find((candidate) => JSON.parse(candidate.body).type === 'charge.refunded')!;
    const verified = provider.verifyNotification(
      input(refunded.body, refunded.headers['stripe-signature']),
      now,
    );
    expect(verified.providerRefs).toEqual([charge.providerRef]);
  });

  it('refuses a signature made with another secret', async () => {
    const { notification } = await paymentEvent();
    const forged = sign(notification.body, nowSeconds(), 'whsec_somebodyelse');
    expect(() => provider.verifyNotification(input(notification.body, forged), now)).toThrow(
      NotificationRefused,
    );
  });

  it('refuses a body changed after signing', async () => {
    const { notification } = await paymentEvent();
    const changed = notification.body.replace('"amount_received": 4490', '"amount_received": 1');
    expect(changed).not.toBe(notification.body);
    expect(() =>
      provider.verifyNotification(input(changed, notification.headers['stripe-signature']), now),
    ).toThrow(NotificationRefused);
  });

  it('refuses a signature older than 300 seconds', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      data: { object: { object: 'payment_intent' } },
    });
    const stale = sign(body, nowSeconds() - 301);
    expect(() => provider.verifyNotification(input(body, stale), now)).toThrow(NotificationRefused);
  });

  it('accepts a signature 300 seconds old', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      data: { object: { object: 'payment_intent', id: 'pi_1' } },
    });
    expect(provider.verifyNotification(input(body, sign(body, nowSeconds() - 300)), now).eventId).toBe(
      'evt_1',
    );
  });

  it('refuses a signature dated more than 300 seconds ahead', () => {
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      data: { object: { object: 'payment_intent' } },
    });
    expect(() => provider.verifyNotification(input(body, sign(body, nowSeconds() + 301)), now)).toThrow(
      NotificationRefused,
    );
  });

  it('refuses a notification without Stripe-Signature', async () => {
    const { notification } = await paymentEvent();
    expect(() => provider.verifyNotification(input(notification.body), now)).toThrow(NotificationRefused);
  });

  it('refuses a malformed Stripe-Signature', async () => {
    const { notification } = await paymentEvent();
    expect(() => provider.verifyNotification(input(notification.body, 'v1=abc'), now)).toThrow(
      NotificationRefused,
    );
  });

  it('refuses a signed body that is not JSON', () => {
    const body = 'not json';
    expect(() => provider.verifyNotification(input(body, sign(body, nowSeconds())), now)).toThrow(
      NotificationRefused,
    );
  });
});

describe('StripePixProvider: listCharges (reconciliation)', () => {
  it('lists the period’s PaymentIntents, paid, pending and refunded, following starting_after past a page', async () => {
    const start = now.getTime();
    const refs: string[] = [];
    for (let n = 0; n < 103; n++) {
      now = new Date(start + n * 1000);
      const reference = `CMD01HXY7ZP3Q4R5S6T7V8W${String(n).padStart(4, '0')}`;
      refs.push((await provider.createPixCharge(request({ reference, amount: 1000 + n }))).providerRef);
    }
    standin.pay(refs[1]!);
    standin.pay(refs[2]!);
    await provider.refund(refs[2]!, 1002, 'CMD01HXY7ZP3Q4R5S6T7V8W0002R');
    now = new Date(start + 600_000);
    const listed = await provider.listCharges({
      from: new Date(start + 1000),
      to: new Date(start + 102_000),
    });
    expect(listed).toHaveLength(101);
    // Stripe lists newest first.
    expect(listed.map((charge) => charge.providerRef)).toEqual(refs.slice(1, 102).reverse());
    const byRef = new Map(listed.map((charge) => [charge.providerRef, charge]));
    expect(byRef.get(refs[1]!)).toEqual({
      providerRef: refs[1],
      reference: 'CMD01HXY7ZP3Q4R5S6T7V8W0001',
      status: 'paid',
      amount: 1001,
      paidAmount: 1001,
      refundedAmount: 0,
      createdAt: new Date(start + 1000),
    });
    expect(byRef.get(refs[2]!)).toMatchObject({ status: 'refunded', paidAmount: 1002, refundedAmount: 1002 });
    expect(byRef.get(refs[3]!)).toMatchObject({ status: 'pending', paidAmount: null, refundedAmount: 0 });
  });
});
