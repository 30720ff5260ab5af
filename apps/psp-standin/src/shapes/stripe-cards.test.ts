import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Standin, startStandin } from '../index.ts';
import { brandOf, customFontFaces, kitScript, luhnValid } from './stripe-cards.ts';

/*
 * The stand-in's Stripe cards as a browser and a merchant server meet them: the publishable key
 * reaches only the browser's calls (a PaymentIntent's with its client secret), card numbers are
 * checked and never kept, the kit and its frames are served, and CORS lets the merchant's page call.
 */

const SECRET_KEY = 'sk_test_cards0000000000000001';
const PUBLISHABLE_KEY = 'pk_test_cards0000000000000001';

let standin: Standin;

beforeEach(async () => {
  standin = await startStandin({
    accounts: {
      stripe: [
        {
          secretKey: SECRET_KEY,
          webhookSecret: 'whsec_cards',
          webhookUrl: 'http://127.0.0.1:9/none',
          publishableKey: PUBLISHABLE_KEY,
        },
      ],
    },
    notifier: { transport: async () => 200 },
  });
});
afterEach(() => standin.close());

interface StripeReply {
  [key: string]: unknown;
  id: string;
  client_secret: string;
  latest_charge: { payment_method_details: { card: { authorization_code: string } } };
}

async function call(method: string, path: string, key: string, form?: Record<string, string>) {
  const reply = await fetch(`${standin.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  return { status: reply.status, headers: reply.headers, body: (await reply.json()) as StripeReply };
}

const cardForm = (number: string) => ({
  type: 'card',
  'card[number]': number,
  'card[exp_month]': '12',
  'card[exp_year]': String(new Date().getFullYear() + 2),
  'card[cvc]': '123',
});

describe('test card numbers', () => {
  it('follow the Luhn check and the brands of their prefixes', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(brandOf('5555555555554444')).toBe('mastercard');
    expect(brandOf('2223003122003222')).toBe('mastercard');
    expect(brandOf('4000000000000002')).toBe('visa');
    expect(brandOf('6062826786276634')).toBe('unknown');
  });
});

describe('the browser side', () => {
  it('a card becomes a payment method with brand and last 4 only; a bad number is a card error', async () => {
    const made = await call('POST', '/v1/payment_methods', PUBLISHABLE_KEY, cardForm('5555555555554444'));
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({
      object: 'payment_method',
      type: 'card',
      card: { brand: 'mastercard', last4: '4444' },
    });
    expect(JSON.stringify(made.body)).not.toContain('5555555555554444');
    const bad = await call('POST', '/v1/payment_methods', PUBLISHABLE_KEY, cardForm('4242424242424241'));
    expect(bad.status).toBe(402);
    expect(bad.body.error).toMatchObject({ type: 'card_error', code: 'incorrect_number' });
  });

  it('the publishable key confirms only with the client secret, and cannot create or refund', async () => {
    const intent = await call('POST', '/v1/payment_intents', SECRET_KEY, {
      amount: '2590',
      currency: 'brl',
      'payment_method_types[0]': 'card',
    });
    expect(intent.body).toMatchObject({ status: 'requires_payment_method', payment_method_types: ['card'] });
    const method = await call('POST', '/v1/payment_methods', PUBLISHABLE_KEY, cardForm('4242424242424242'));
    const wrongSecret = await call('POST', `/v1/payment_intents/${intent.body.id}/confirm`, PUBLISHABLE_KEY, {
      client_secret: `${intent.body.id}_secret_wrong`,
      payment_method: method.body.id,
    });
    expect(wrongSecret.status).toBe(400);
    const created = await call('POST', '/v1/payment_intents', PUBLISHABLE_KEY, {
      amount: '2590',
      currency: 'brl',
      'payment_method_types[0]': 'card',
    });
    expect(created.status).toBe(401);
    const confirmed = await call('POST', `/v1/payment_intents/${intent.body.id}/confirm`, PUBLISHABLE_KEY, {
      client_secret: intent.body.client_secret,
      payment_method: method.body.id,
    });
    expect(confirmed.body).toMatchObject({ status: 'succeeded', amount_received: 2590 });
    expect(confirmed.headers.get('access-control-allow-origin')).toBe('*');
    const refund = await call('POST', '/v1/refunds', PUBLISHABLE_KEY, { payment_intent: intent.body.id });
    expect(refund.status).toBe(401);
    const read = await call(
      'GET',
      `/v1/payment_intents/${intent.body.id}?expand[0]=latest_charge`,
      SECRET_KEY,
    );
    expect(read.body.latest_charge).toMatchObject({
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    });
    // Stripe.Charge.PaymentMethodDetails.Card.authorization_code; the Charge has none of its own.
    expect(read.body.latest_charge.payment_method_details.card.authorization_code).toMatch(/^\d{6}$/);
    expect(read.body.latest_charge).not.toHaveProperty('authorization_code');
  });

  it('answers the CORS preflight of a merchant page, serves the kit and the card frame', async () => {
    const preflight = await fetch(`${standin.url}/v1/payment_intents/pi_x/confirm`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://pizzaria.localhost:3000', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    const kit = await fetch(`${standin.url}/v3/`);
    expect(kit.headers.get('content-type')).toContain('javascript');
    // The script is valid JavaScript that defines window.Stripe.
    const window: Record<string, unknown> = {};
    new Function('window', 'document', 'location', kitScript())(
      window,
      { currentScript: { src: `${standin.url}/v3/` } },
      {},
    );
    expect(typeof window.Stripe).toBe('function');
    const frame = await (await fetch(`${standin.url}/v3/elements/card?locale=pt-BR`)).text();
    expect(frame).toContain('autocomplete="cc-number"');
    expect(frame).toContain('Número do cartão');
  });

  it("loads the merchant's custom fonts in the card frame (elements({ fonts })), and only plain ones", async () => {
    const fonts = JSON.stringify([
      { family: 'Lora', src: 'url("http://sakura.localhost:3000/media/fonts/lora-latin-400-normal.woff2")' },
      { family: 'Evil"}</style>', src: 'url("http://x.test/a.woff2")' },
      { family: 'Sneaky', src: 'url(javascript:alert(1))' },
    ]);
    const frame = await (
      await fetch(`${standin.url}/v3/elements/card?locale=pt-BR&font=Lora&fonts=${encodeURIComponent(fonts)}`)
    ).text();
    expect(frame).toContain(
      '@font-face{font-family:"Lora";src:url("http://sakura.localhost:3000/media/fonts/lora-latin-400-normal.woff2")',
    );
    expect(frame).toContain('font-family:Lora, system-ui');
    expect(frame).not.toContain('Evil');
    expect(frame).not.toContain('javascript:');
    expect(customFontFaces('not json')).toBe('');
  });
});
