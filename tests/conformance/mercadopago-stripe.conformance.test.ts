import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type OutgoingNotification, type Standin, startStandin } from '@comanda/psp-standin';
import { WebhookSignatureValidator } from 'mercadopago';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { MercadoPagoProvider } from '../../apps/server/src/modules/payments/providers/mercadopago.ts';

/*
 * Mercado Pago's notifications as the official `mercadopago` SDK checks them (its own
 * WebhookSignatureValidator, with a tolerance), and its Pix expiry rule; Stripe's Charge as the
 * stripe/openapi fixture (specs/stripe-openapi/fixtures3.subset.json) and the `stripe` SDK's types
 * have it.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = JSON.parse(
  readFileSync(path.join(HERE, 'specs/stripe-openapi/fixtures3.subset.json'), 'utf8'),
) as {
  charge: Record<string, unknown> & { payment_method_details: { card: Record<string, unknown> } };
};

let standin: Standin | undefined;
/** Notifications are taken, not sent anywhere. */
const notifier = { transport: async () => 200 };
afterEach(() => standin?.close());

describe('Mercado Pago: the stand-in against the official SDK', () => {
  const TOKEN = 'TEST-4916210071386817-050515-0a1b2c3d4e5f60718293a4b5c6d7e8f9-987654321';
  const SECRET = 'mp-webhook-secret';

  it('every notification the stand-in signs passes the SDK’s WebhookSignatureValidator (ts in seconds)', async () => {
    const sent: OutgoingNotification[] = [];
    const now = new Date();
    standin = await startStandin({
      now: () => now,
      accounts: { mercadopago: [{ accessToken: TOKEN, webhookSecret: SECRET }] },
      notifier: {
        transport: async (notification) => {
          sent.push(notification);
          return 200;
        },
      },
    });
    const mp = new MercadoPagoProvider({
      baseUrl: `${standin.url}/mercadopago`,
      accessToken: TOKEN,
      webhookSecret: SECRET,
    });
    const charge = await mp.createPixCharge({
      reference: 'CMD01HXY7ZP3Q4R5S6T7V8W9X0Y1Z',
      amount: 1290,
      expiresInSeconds: 900,
      description: 'Pedido 123',
      payerEmail: 'cliente@example.com',
      notificationUrl: 'http://pizzaria.localhost:3000/integracoes/v2/payment/notifications/mercadopago',
    });
    standin.pay(charge.providerRef);
    await standin.context.notifier.settled();
    expect(sent.length).toBeGreaterThanOrEqual(2);
    for (const notification of sent) {
      const url = new URL(notification.url);
      // Throws InvalidWebhookSignatureError (TimestampOutOfTolerance for a ts in milliseconds).
      WebhookSignatureValidator.validate({
        xSignature: notification.headers['x-signature'],
        xRequestId: notification.headers['x-request-id'],
        dataId: url.searchParams.get('data.id'),
        secret: SECRET,
        toleranceSeconds: 300,
        now: () => now.getTime(),
      });
      // Our adapter takes what the SDK takes.
      expect(
        mp.verifyNotification(
          {
            rawBody: Buffer.from(notification.body),
            headers: notification.headers,
            query: Object.fromEntries(url.searchParams),
          },
          now,
        ).providerRefs,
      ).toEqual([charge.providerRef]);
    }
  });

  it('a Pix payment is asked with an expiry of 30 minutes to 30 days, and the stand-in refuses a shorter one', async () => {
    const now = new Date('2031-01-01T12:00:00.000Z');
    standin = await startStandin({
      now: () => now,
      notifier,
      accounts: { mercadopago: [{ accessToken: TOKEN, webhookSecret: SECRET }] },
    });
    const mp = new MercadoPagoProvider({
      baseUrl: `${standin.url}/mercadopago`,
      accessToken: TOKEN,
      webhookSecret: SECRET,
      now: () => now,
    });
    const charge = await mp.createPixCharge({
      reference: 'CMD01HXY7ZP3Q4R5S6T7V8W9X0Y2Z',
      amount: 1290,
      expiresInSeconds: 300,
      description: 'Pedido 124',
      payerEmail: 'cliente@example.com',
      notificationUrl: 'http://pizzaria.localhost:3000/n',
    });
    const ahead = charge.expiresAt.getTime() - now.getTime();
    expect(ahead).toBeGreaterThanOrEqual(30 * 60_000);
    expect(ahead).toBeLessThanOrEqual(30 * 86_400_000);
    const short = await fetch(`${standin.url}/mercadopago/v1/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TOKEN}`,
        'content-type': 'application/json',
        'x-idempotency-key': 'short',
      },
      body: JSON.stringify({
        transaction_amount: 12.9,
        payment_method_id: 'pix',
        payer: { email: 'cliente@example.com' },
        date_of_expiration: new Date(now.getTime() + 60_000).toISOString(),
      }),
    });
    expect(short.status).toBe(400);
  });
});

describe('Stripe: the stand-in’s Charge against stripe/openapi’s fixture and the SDK’s types', () => {
  const SECRET_KEY = 'sk_test_conformance0000000000001';

  it('carries the authorisation code in payment_method_details.card, and no field the fixture lacks', async () => {
    standin = await startStandin({
      notifier,
      accounts: {
        stripe: [
          {
            secretKey: SECRET_KEY,
            webhookSecret: 'whsec_x',
            webhookUrl: 'http://x.localhost/n',
            publishableKey: 'pk_test_conformance1',
          },
        ],
      },
    });
    const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
    const call = async (method: string, path: string, key: string, body?: Record<string, string>) => {
      const reply = await fetch(`${standin!.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body: form(body) } : {}),
      });
      return (await reply.json()) as Record<string, unknown>;
    };
    const intent = await call('POST', '/v1/payment_intents', SECRET_KEY, {
      amount: '4490',
      currency: 'brl',
      'allowed_payment_method_types[0]': 'card',
    });
    const method = await call('POST', '/v1/payment_methods', 'pk_test_conformance1', {
      type: 'card',
      'card[number]': '4242424242424242',
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
      'card[cvc]': '123',
    });
    await call('POST', `/v1/payment_intents/${intent.id}/confirm`, 'pk_test_conformance1', {
      payment_method: String(method.id),
      client_secret: String(intent.client_secret),
    });
    const read = (await call(
      'GET',
      `/v1/payment_intents/${intent.id}?expand[0]=latest_charge`,
      SECRET_KEY,
    )) as unknown as {
      latest_charge: Stripe.Charge;
    };
    const charge = read.latest_charge;
    // Type-level: where the SDK has it (string | null), and what the adapter reads.
    const code: Stripe.Charge.PaymentMethodDetails.Card['authorization_code'] =
      charge.payment_method_details!.card!.authorization_code;
    expect(code).toMatch(/^\d{6}$/);
    const extra = (given: object, fixture: object) => Object.keys(given).filter((key) => !(key in fixture));
    expect(extra(charge, FIXTURES.charge), 'Charge fields stripe/openapi’s fixture lacks').toEqual([]);
    expect(
      extra(charge.payment_method_details!.card!, FIXTURES.charge.payment_method_details.card),
      'payment_method_details.card fields the fixture lacks',
    ).toEqual([]);
  });
});
