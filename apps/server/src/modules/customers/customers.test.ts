import { customer, errorReply, privacyReply, privacyUpdateReply } from '@comanda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentChanges, customers } from '../../db/schema.ts';
import { bearer, buildAccountsTestApp, PIZZARIA, SAKURA, signUp } from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const getCustomer = (id: number | string, token?: string, host = PIZZARIA) =>
  t.app.inject({
    method: 'GET',
    url: `/core/cliente_app/${id}`,
    headers: { host, ...(token ? bearer(token) : {}) },
  });

const patchCustomer = (id: number, token: string, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/core/cliente_app/${id}/`,
    headers: { host: PIZZARIA, ...bearer(token) },
    payload,
  });

const privacyLink = (cid: string, host = PIZZARIA) =>
  t.app.inject({
    method: 'GET',
    url: `/core/v2/customer/get-customer-privacy/?cid=${encodeURIComponent(cid)}`,
    headers: { host },
  });

const updatePrivacy = (payload: Record<string, unknown>, token?: string, host = PIZZARIA) =>
  t.app.inject({
    method: 'POST',
    url: '/core/v2/customer/update-customer-privacy?format=json',
    headers: { host, ...(token ? bearer(token) : {}) },
    payload,
  });

async function privacyTokenOf(id: number): Promise<string> {
  const [row] = await t.database.db.select().from(customers).where(eq(customers.id, id));
  return row!.privacyToken;
}

async function consentsOf(id: number) {
  return t.database.db
    .select()
    .from(consentChanges)
    .where(eq(consentChanges.customerId, id))
    .orderBy(consentChanges.id);
}

describe('customer (GET /core/cliente_app/{id})', () => {
  it('answers the spec section 3 shape for the token’s own customer', async () => {
    const { token, userId, phone } = await signUp(t.app, { name: 'Paulo Henrique Dias' });
    const response = await getCustomer(userId, token);
    expect(response.statusCode).toBe(200);
    expect(customer.parse(response.json())).toEqual({
      id: userId,
      username: phone,
      user_id: userId,
      nome: 'Paulo Henrique Dias',
      email: null,
      documento: null,
      telefones: [`celular:${phone}`],
      pontos_fidelidade: 0,
      pontos_pendentes: 0,
      send_promo: 'remove_promo',
      enderecos: [],
      cards: [],
    });
  });

  it('refuses another customer’s id (403) and calls without a token (401)', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const other = await getCustomer(b.userId, a.token);
    expect(other.statusCode).toBe(403);
    expect(errorReply.parse(other.json()).code).toBe('FORBIDDEN');
    const anonymous = await getCustomer(a.userId);
    expect(anonymous.statusCode).toBe(401);
    expect(errorReply.parse(anonymous.json()).code).toBe('NOT_AUTHENTICATED');
  });

  it('refuses a malformed id with 400', async () => {
    const { token } = await signUp(t.app);
    for (const id of ['abc', '-1', '99999999999999'])
      expect((await getCustomer(id, token)).statusCode).toBe(400);
  });
});

describe('customer update (PATCH /core/cliente_app/{id})', () => {
  it('changes name, e-mail and document; null or "" clears them', async () => {
    const { token, userId } = await signUp(t.app);
    const response = await patchCustomer(userId, token, {
      nome: '  Maria   Clara Souza ',
      email: 'maria@example.com',
      documento: '529.982.247-25',
    });
    expect(response.statusCode).toBe(200);
    expect(customer.parse(response.json())).toMatchObject({
      nome: 'Maria Clara Souza',
      email: 'maria@example.com',
      documento: '52998224725',
    });
    const cleared = await patchCustomer(userId, token, { email: '', documento: null });
    expect(customer.parse(cleared.json())).toMatchObject({
      nome: 'Maria Clara Souza',
      email: null,
      documento: null,
    });
  });

  it.each([
    [{ nome: 'Maria' }, 'INVALID_NAME', 'nome'],
    [{ email: 'not-an-email' }, 'INVALID_EMAIL', 'email'],
    [{ documento: '123.456.789-00' }, 'INVALID_DOCUMENT', 'documento'],
    [{ email: `${'a'.repeat(300)}@example.com` }, 'INVALID_INPUT', 'email'],
    [{ nome: 42 }, 'INVALID_INPUT', 'nome'],
  ])('refuses %j with %s and changes nothing', async (payload, code, field) => {
    const { token, userId } = await signUp(t.app, { name: 'Nome Original' });
    const response = await patchCustomer(userId, token, payload);
    expect(response.statusCode).toBe(400);
    expect(errorReply.parse(response.json())).toMatchObject({ code, field });
    expect(customer.parse((await getCustomer(userId, token)).json()).nome).toBe('Nome Original');
  });

  it('cannot change another customer', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app, { name: 'Bia Costa' });
    expect((await patchCustomer(b.userId, a.token, { nome: 'Outro Nome' })).statusCode).toBe(403);
    expect(customer.parse((await getCustomer(b.userId, b.token)).json()).nome).toBe('Bia Costa');
  });
});

describe('privacy link (GET /core/v2/customer/get-customer-privacy/)', () => {
  it('reads the first name and the preference by the random token', async () => {
    const { userId } = await signUp(t.app, { name: 'Lúcia Ferreira Alves', send_promo: true });
    const cid = await privacyTokenOf(userId);
    expect(cid).toMatch(/^[A-Za-z0-9_-]{24}$/);
    // Not the id nor an encoding of it (a random string may contain the id's digits by chance).
    expect(cid).not.toBe(String(userId));
    expect(cid).not.toBe(Buffer.from(String(userId)).toString('base64url'));
    const other = await signUp(t.app);
    expect(await privacyTokenOf(other.userId)).not.toBe(cid);
    const response = await privacyLink(cid);
    expect(response.statusCode).toBe(200);
    expect(privacyReply.parse(response.json())).toEqual({
      success: true,
      nome: 'Lúcia',
      send_promo: 'get_promo',
    });
  });

  it('answers 404 CUSTOMER_NOT_FOUND for an unknown token, a customer id, or another store’s token', async () => {
    const { userId } = await signUp(t.app);
    const cid = await privacyTokenOf(userId);
    for (const [value, host] of [
      ['AAAAAAAAAAAAAAAAAAAAAAAA', PIZZARIA],
      [String(userId), PIZZARIA],
      [Buffer.from(String(userId)).toString('base64url'), PIZZARIA],
      [cid, SAKURA],
    ] as const) {
      const response = await privacyLink(value, host);
      expect(response.statusCode).toBe(404);
      expect(errorReply.parse(response.json()).code).toBe('CUSTOMER_NOT_FOUND');
    }
  });

  it('refuses malformed and huge tokens with 400', async () => {
    for (const cid of ['', 'a b', 'x'.repeat(65)]) expect((await privacyLink(cid)).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/core/v2/customer/get-customer-privacy/',
      headers: { host: PIZZARIA },
    });
    expect(missing.statusCode).toBe(400);
  });
});

describe('privacy update (POST /core/v2/customer/update-customer-privacy)', () => {
  it('by the link token changes only the promotional preference, and records the change', async () => {
    const { userId, token } = await signUp(t.app, { name: 'Rita Lopes' });
    const cid = await privacyTokenOf(userId);
    const response = await updatePrivacy({ cid, is_encoded: true, send_promo: true });
    expect(response.statusCode).toBe(200);
    expect(privacyUpdateReply.parse(response.json())).toEqual({ success: true, send_promo: 'get_promo' });
    const after = customer.parse((await getCustomer(userId, token)).json());
    expect(after).toMatchObject({ send_promo: 'get_promo', nome: 'Rita Lopes' });
    expect(await consentsOf(userId)).toMatchObject([
      { oldValue: null, newValue: false, channel: 'signup' },
      { oldValue: false, newValue: true, channel: 'link' },
    ]);
  });

  it('ignores any other field sent with the link token', async () => {
    const { userId, token } = await signUp(t.app, { name: 'Rita Lopes' });
    const cid = await privacyTokenOf(userId);
    const response = await updatePrivacy({
      cid,
      is_encoded: true,
      send_promo: true,
      nome: 'Hacker',
      email: 'x@y.z',
    });
    expect(response.statusCode).toBe(200);
    expect(customer.parse((await getCustomer(userId, token)).json())).toMatchObject({
      nome: 'Rita Lopes',
      email: null,
    });
  });

  it('by plain id needs that customer’s own token', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const anonymous = await updatePrivacy({ cid: owner.userId, is_encoded: false, send_promo: true });
    expect(anonymous.statusCode).toBe(401);
    const other = await updatePrivacy(
      { cid: String(owner.userId), is_encoded: false, send_promo: true },
      stranger.token,
    );
    expect(other.statusCode).toBe(403);
    expect(await consentsOf(owner.userId)).toHaveLength(1);

    const own = await updatePrivacy({ cid: owner.userId, is_encoded: false, send_promo: true }, owner.token);
    expect(own.statusCode).toBe(200);
    const ownAgain = await updatePrivacy(
      { cid: String(owner.userId), is_encoded: false, send_promo: false },
      owner.token,
    );
    expect(privacyUpdateReply.parse(ownAgain.json()).send_promo).toBe('remove_promo');
    expect(await consentsOf(owner.userId)).toMatchObject([
      { channel: 'signup' },
      { oldValue: false, newValue: true, channel: 'profile' },
      { oldValue: true, newValue: false, channel: 'profile' },
    ]);
  });

  it('a plain id is not accepted as an encoded id', async () => {
    const { userId } = await signUp(t.app);
    const response = await updatePrivacy({ cid: String(userId), is_encoded: true, send_promo: true });
    expect(response.statusCode).toBe(404);
    const numeric = await updatePrivacy({ cid: userId, is_encoded: true, send_promo: true });
    expect(numeric.statusCode).toBe(404);
  });

  it('records nothing when the preference does not change', async () => {
    const { userId } = await signUp(t.app);
    const cid = await privacyTokenOf(userId);
    expect((await updatePrivacy({ cid, is_encoded: true, send_promo: false })).statusCode).toBe(200);
    expect(await consentsOf(userId)).toHaveLength(1);
  });

  it('refuses wrong types with 400', async () => {
    const { userId } = await signUp(t.app);
    const cid = await privacyTokenOf(userId);
    for (const payload of [
      { cid, is_encoded: 'true', send_promo: true },
      { cid, is_encoded: true, send_promo: 'get_promo' },
      { cid: 'x'.repeat(100), is_encoded: true, send_promo: true },
      { is_encoded: true, send_promo: true },
    ]) {
      const response = await updatePrivacy(payload);
      expect(response.statusCode).toBe(400);
      expect(errorReply.parse(response.json()).code).toBe('INVALID_INPUT');
    }
  });
});
