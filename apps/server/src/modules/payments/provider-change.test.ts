import { randomUUID } from 'node:crypto';
import {
  editorAuditReply,
  errorReply,
  staffNoticesReply,
  staffPaymentProviderReply,
  staffPixCharge,
} from '@comanda/contract';
import { ONLINE_PIX_ID } from '@comanda/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, staffNotices, storeAuditLog, storePaymentProviders } from '../../db/schema.ts';
import { bearer, PASSWORD, type StaffSignedIn, signInStaff, signUp } from '../../test/accounts.ts';
import { cartLine, storeIdOf, submission } from '../../test/orders.ts';
import { buildPaymentsTestApp, type PaymentsTestApp, PIX_STORES } from '../../test/payments.ts';

/*
 * The store's payment provider changed by an owner in the staff app (issue 33 part 5,
 * docs/decisions/0063): owners only, confirmed with their own password, checked as the store
 * import checks it, secrets sealed and never sent back, written to the change history and
 * announced to every owner; the new provider takes the next charge.
 */

const HOST: string = PIX_STORES.mercadopago;
const DEMO_TOKEN = 'TEST-comanda-demo-pizzaria-0001';
const STRIPE_SECRET = 'sk_test_comanda_counter_0063';
const STRIPE_WEBHOOK = 'whsec_comanda_counter_0063';
let p: PaymentsTestApp;
let owner: StaffSignedIn;
let otherOwner: StaffSignedIn;
let manager: StaffSignedIn;
let storeId: number;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
  owner = await signInStaff(p.t, { host: HOST, name: 'Olga Dona', role: 'owner' });
  otherOwner = await signInStaff(p.t, { host: HOST, name: 'Otávio Sócio', role: 'owner' });
  manager = await signInStaff(p.t, { host: HOST, name: 'Marcos Gerente', role: 'manager' });
  storeId = await storeIdOf(p.t, HOST);
});
afterAll(async () => {
  await p.close();
});

const call = (method: 'GET' | 'PUT', token: string, payload?: object) =>
  p.t.app.inject({
    method,
    url: '/staff/payments/provider',
    headers: { host: HOST, ...bearer(token) },
    ...(payload ? { payload } : {}),
  });

async function expectRefusal(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  const body = errorReply.parse(response.json());
  expect(body.code).toBe(code);
  return body;
}

/** What the store holds now: its provider row, history entries and notices. */
async function held() {
  const db = p.t.database.db;
  const [row] = await db
    .select()
    .from(storePaymentProviders)
    .where(eq(storePaymentProviders.storeId, storeId));
  const [audits] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(storeAuditLog)
    .where(eq(storeAuditLog.storeId, storeId));
  const [notices] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffNotices)
    .where(eq(staffNotices.storeId, storeId));
  return { row: row!, audits: audits!.n, notices: notices!.n };
}

const toStripe = (password?: string) => ({
  provider: 'stripe',
  settings: { api_url: 'standin', secret_key: STRIPE_SECRET, webhook_secret: STRIPE_WEBHOOK },
  ...(password === undefined ? {} : { owner_password: password }),
});

describe('the store’s payment provider', () => {
  it('is shown to an owner without its secrets, and to nobody else', async () => {
    const response = await call('GET', owner.token);
    expect(response.statusCode).toBe(200);
    expect(staffPaymentProviderReply.parse(response.json())).toMatchObject({
      provider: 'mercadopago',
      settings: { base_url: 'standin', public_key: null },
      secrets_set: ['access_token', 'webhook_secret'],
    });
    expect(response.body).not.toContain(DEMO_TOKEN);
    await expectRefusal(await call('GET', manager.token), 403, 'FORBIDDEN');
    await expectRefusal(await call('PUT', manager.token, toStripe(PASSWORD)), 403, 'FORBIDDEN');
  });

  it('refuses a change without the owner’s password, or with a wrong one, changing nothing', async () => {
    const before = await held();
    await expectRefusal(await call('PUT', owner.token, toStripe()), 403, 'OWNER_PASSWORD_REQUIRED');
    await expectRefusal(
      await call('PUT', owner.token, toStripe('not-my-password')),
      403,
      'OWNER_PASSWORD_WRONG',
    );
    expect(await held()).toEqual(before);
  });

  it('refuses settings the store import would refuse, naming the field, changing nothing', async () => {
    const before = await held();
    const missing = await expectRefusal(
      await call('PUT', owner.token, {
        provider: 'stripe',
        settings: { api_url: 'standin', webhook_secret: STRIPE_WEBHOOK },
        owner_password: PASSWORD,
      }),
      400,
      'INVALID_PROVIDER_SETTINGS',
    );
    expect(missing.field).toBe('settings.secret_key');
    const unknown = await expectRefusal(
      await call('PUT', owner.token, {
        ...toStripe(PASSWORD),
        settings: { ...toStripe().settings, access_token: 'x' },
      }),
      400,
      'INVALID_PROVIDER_SETTINGS',
    );
    expect(unknown.field).toBe('settings.access_token');
    await expectRefusal(
      await call('PUT', owner.token, {
        ...toStripe(PASSWORD),
        settings: { ...toStripe().settings, api_url: 'ftp://psp.example' },
      }),
      400,
      'INVALID_PROVIDER_SETTINGS',
    );
    await expectRefusal(
      await call('PUT', owner.token, { provider: 'paypal', settings: {} }),
      400,
      'INVALID_INPUT',
    );
    expect(await held()).toEqual(before);
  });

  it('changes with the owner’s password: sealed, in the history, told to every owner, and used next', async () => {
    const before = await held();
    const response = await call('PUT', owner.token, toStripe(PASSWORD));
    expect(response.statusCode, response.body).toBe(200);
    expect(staffPaymentProviderReply.parse(response.json())).toMatchObject({
      provider: 'stripe',
      settings: { api_url: 'standin', publishable_key: null },
      secrets_set: ['secret_key', 'webhook_secret'],
    });
    expect(response.body).not.toContain(STRIPE_SECRET);
    expect(response.body).not.toContain(STRIPE_WEBHOOK);

    const after = await held();
    expect(after.row.provider).toBe('stripe');
    expect(after.row.secrets).not.toContain(STRIPE_SECRET);
    expect(JSON.stringify(after.row.settings)).not.toContain(STRIPE_SECRET);
    expect(after.row.notificationToken).toBe(before.row.notificationToken);
    expect(after.audits).toBe(before.audits + 1);
    expect(after.notices).toBe(before.notices + 1);

    // Every owner hears of it (the one who made it too).
    for (const member of [owner, otherOwner]) {
      const notices = staffNoticesReply.parse(
        (
          await p.t.app.inject({
            method: 'GET',
            url: '/staff/notices',
            headers: { host: HOST, ...bearer(member.token) },
          })
        ).json(),
      ).notices;
      expect(notices[0]).toMatchObject({
        kind: 'payment_provider',
        staff_nome: 'Olga Dona',
        before: 'Mercado Pago',
        after: 'Stripe',
      });
    }
    const audit = await p.t.app.inject({
      method: 'GET',
      url: '/staff/editor/audit?limit=5',
      headers: { host: HOST, ...bearer(owner.token) },
    });
    const entry = editorAuditReply.parse(audit.json()).entries[0]!;
    expect(entry).toMatchObject({
      section: 'payment_provider',
      staff: { nome: 'Olga Dona' },
      before: { provider: 'mercadopago', secrets_set: ['access_token', 'webhook_secret'] },
      after: { provider: 'stripe', secrets_set: ['secret_key', 'webhook_secret'] },
    });
    expect(audit.body).not.toContain(STRIPE_SECRET);
    expect(audit.body).not.toContain(DEMO_TOKEN);

    // The next counter charge goes through the new provider.
    const attendant = await signInStaff(p.t, { host: HOST, role: 'attendant' });
    const account = await signUp(p.t.app, { host: HOST });
    const line = await cartLine(p.t, { ref: 'pizza-calabresa-grande', host: HOST });
    const charge = await p.t.app.inject({
      method: 'POST',
      url: '/staff/pix-charges',
      headers: { host: HOST, ...bearer(attendant.token), 'idempotency-key': randomUUID() },
      payload: {
        ...submission(account.userId, [line], { fk_forma_pagamento: ONLINE_PIX_ID }),
        canal: 'balcao',
      },
    });
    expect(charge.statusCode, charge.body).toBe(201);
    const opened = staffPixCharge.parse(charge.json());
    const [payment] = await p.t.database.db
      .select()
      .from(payments)
      .where(eq(payments.publicId, opened.intent_id));
    expect(payment!.provider).toBe('stripe');
  });

  it('keeps the secrets left out when the provider stays, and writes nothing when nothing changes', async () => {
    const kept = await call('PUT', owner.token, {
      provider: 'stripe',
      settings: { publishable_key: 'pk_test_comanda0063', secret_key: '' },
      owner_password: PASSWORD,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(staffPaymentProviderReply.parse(kept.json())).toMatchObject({
      settings: { api_url: 'standin', publishable_key: 'pk_test_comanda0063' },
      secrets_set: ['secret_key', 'webhook_secret'],
    });
    const before = await held();
    const same = await call('PUT', owner.token, {
      provider: 'stripe',
      settings: {},
      owner_password: PASSWORD,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await held()).toEqual(before);
  });
});
