import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Standin, startStandin } from '../index.ts';
import { mpBrandOf, mpKitScript, mpOutcomeOf } from './mercadopago-cards.ts';

/*
 * The stand-in's Mercado Pago cards: tokens made with the public key and used once, payments with a
 * token (approved, rejected by the cardholder's test name, or waiting for a 3-D Secure challenge),
 * customers and their saved cards, and the kit's files.
 */

const TOKEN = 'TEST-4916210071386817-050515-0a1b2c3d4e5f60718293a4b5c6d7e8f9-987654321';
const PUBLIC_KEY = 'TEST-pk-cards-0001';

let standin: Standin;
beforeEach(async () => {
  standin = await startStandin({
    accounts: { mercadopago: [{ accessToken: TOKEN, webhookSecret: 'secret', publicKey: PUBLIC_KEY }] },
    notifier: { transport: async () => 200 },
  });
});
afterEach(() => standin.close());

async function call(method: string, path: string, body?: unknown, { auth = true, key = '' } = {}) {
  const headers: Record<string, string> = {};
  if (auth) headers.authorization = `Bearer ${TOKEN}`;
  if (key) headers['x-idempotency-key'] = key;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const reply = await fetch(`${standin.url}/mercadopago${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read Mercado Pago's JSON freely
  return { status: reply.status, body: (await reply.json()) as any };
}

const cardToken = (holder: string, number = '5031433215406351') =>
  call(
    'POST',
    `/v1/card_tokens?public_key=${PUBLIC_KEY}`,
    {
      card_number: number,
      expiration_month: 11,
      expiration_year: new Date().getFullYear() + 2,
      security_code: '123',
      cardholder: { name: holder, identification: { type: 'CPF', number: '19119119100' } },
    },
    { auth: false },
  );

const pay = (token: string, extra: Record<string, unknown> = {}) =>
  call(
    'POST',
    '/v1/payments',
    {
      transaction_amount: 51.8,
      token,
      installments: 1,
      payment_method_id: 'master',
      payer: { email: 'cliente@example.com' },
      three_d_secure_mode: 'optional',
      ...extra,
    },
    { key: `key-${token}` },
  );

describe('card tokens and payments', () => {
  it('names outcomes and brands as Mercado Pago’s test conventions do', () => {
    expect(mpOutcomeOf('APRO').outcome).toBe('approved');
    expect(mpOutcomeOf('fund')).toEqual({ outcome: 'rejected', detail: 'cc_rejected_insufficient_amount' });
    expect(mpBrandOf('4235647728025682')).toBe('visa');
    expect(mpBrandOf('5031433215406351')).toBe('master');
  });

  it('a token pays once: approved with an authorisation code; the same token again is refused', async () => {
    const token = await cardToken('APRO');
    expect(token.status).toBe(201);
    expect(token.body).toMatchObject({
      last_four_digits: '6351',
      first_six_digits: '503143',
      status: 'active',
    });
    expect(JSON.stringify(token.body)).not.toContain('5031433215406351');
    const paid = await pay(token.body.id);
    expect(paid.body).toMatchObject({
      status: 'approved',
      status_detail: 'accredited',
      payment_type_id: 'credit_card',
    });
    expect(paid.body.authorization_code).toMatch(/^\d{6}$/);
    const again = await call(
      'POST',
      '/v1/payments',
      {
        transaction_amount: 51.8,
        token: token.body.id,
        installments: 1,
        payment_method_id: 'master',
        payer: { email: 'a@b.co' },
      },
      { key: 'another-key' },
    );
    expect(again.status).toBe(400);
  });

  it('a FUND card is rejected; a 3DSC card waits for its challenge, which pays it', async () => {
    const rejected = await pay((await cardToken('FUND')).body.id);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      status_detail: 'cc_rejected_insufficient_amount',
    });
    const challenged = await pay((await cardToken('3DSC')).body.id);
    expect(challenged.body).toMatchObject({ status: 'pending', status_detail: 'pending_challenge' });
    const { external_resource_url: url, creq } = challenged.body.three_ds_info;
    const page = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ creq }).toString(),
    });
    expect(await page.text()).toContain('Autenticar');
    await fetch(`${standin.url}/mercadopago/3ds/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ creq, outcome: 'complete' }).toString(),
    });
    const read = await call('GET', `/v1/payments/${challenged.body.id}`);
    expect(read.body).toMatchObject({ status: 'approved', three_ds_info: null });
  });
});

describe('customers and saved cards', () => {
  it('a card kept on a customer pays again with its security code; removed, it is gone', async () => {
    const customer = await call('POST', '/v1/customers', { email: 'cliente@example.com' });
    expect(customer.status).toBe(201);
    const saved = await call('POST', `/v1/customers/${customer.body.id}/cards`, {
      token: (await cardToken('APRO')).body.id,
    });
    expect(saved.body).toMatchObject({ last_four_digits: '6351', payment_method: { id: 'master' } });
    const fromCard = await call(
      'POST',
      `/v1/card_tokens?public_key=${PUBLIC_KEY}`,
      { card_id: saved.body.id, security_code: '123' },
      { auth: false },
    );
    expect(fromCard.body).toMatchObject({ card_id: saved.body.id, last_four_digits: '6351' });
    const paid = await pay(fromCard.body.id, { payer: { type: 'customer', id: customer.body.id } });
    expect(paid.body).toMatchObject({ status: 'approved', card: { id: saved.body.id } });
    const removed = await call('DELETE', `/v1/customers/${customer.body.id}/cards/${saved.body.id}`);
    expect(removed.status).toBe(200);
    expect((await call('GET', `/v1/customers/${customer.body.id}/cards`)).body).toEqual([]);
  });

  it('serves the kit, a script that defines MercadoPago, and its field frames', async () => {
    const kit = await fetch(`${standin.url}/mercadopago/js/v2`);
    expect(kit.headers.get('content-type')).toContain('javascript');
    const window: Record<string, unknown> = {};
    new Function('window', 'document', 'location', mpKitScript())(
      window,
      { currentScript: { src: `${standin.url}/mercadopago/js/v2` } },
      {},
    );
    expect(typeof window.MercadoPago).toBe('function');
    const frame = await (
      await fetch(`${standin.url}/mercadopago/js/v2/fields/cardNumber?locale=pt-BR`)
    ).text();
    expect(frame).toContain('autocomplete="cc-number"');
  });

  it("loads the merchant's customFonts stylesheets in each field's frame, http(s) ones only", async () => {
    const css = 'http://pizzaria.localhost:3000/media/fonts/poppins-latin-400-normal.css';
    const frame = await (
      await fetch(
        `${standin.url}/mercadopago/js/v2/fields/securityCode?locale=pt-BR&font=Poppins` +
          `&customFont=${encodeURIComponent(css)}&customFont=${encodeURIComponent('javascript:alert(1)')}`,
      )
    ).text();
    expect(frame).toContain(`<link rel="stylesheet" href="${css}">`);
    expect(frame).not.toContain('javascript:');
    expect(frame).toContain('font-family:Poppins, system-ui');
  });
});
