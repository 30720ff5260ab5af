import {
  customer,
  errorReply,
  phoneLookupReply,
  readSessionToken,
  registrationReply,
  signInReply,
  successReply,
} from '@comanda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentChanges, customers, sessions } from '../../db/schema.ts';
import { pruneExpiredSessions } from '../../plugins/sessions.ts';
import {
  bearer,
  buildAccountsTestApp,
  nextAddress,
  nextPhone,
  PASSWORD,
  PIZZARIA,
  SAKURA,
  signIn,
  signInRequest,
  signUp,
} from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createStaffAccount } from '../staff/index.ts';

const WRONG_LOGIN = 'Telefone ou senha incorretos! Verifique os dados e tente novamente.';

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (payload: unknown, host = PIZZARIA) =>
  t.app.inject({
    method: 'POST',
    url: '/core/registration_app/',
    headers: { host },
    remoteAddress: nextAddress(),
    payload: payload as Record<string, unknown>,
  });

const customerCall = (id: number, token?: string, host = PIZZARIA) =>
  t.app.inject({
    method: 'GET',
    url: `/core/cliente_app/${id}?format=json`,
    headers: { host, ...(token ? bearer(token) : {}) },
  });

describe('sign-up (POST /core/registration_app/)', () => {
  it('creates a signed-in customer and answers {success, detail: token}', async () => {
    const phone = nextPhone();
    const response = await register({
      name: 'Ana Paula Lima',
      password: PASSWORD,
      terms: true,
      cellphone: phone,
      ddi: '55',
    });
    expect(response.statusCode).toBe(201);
    expect(String(response.headers['set-cookie'])).toMatch(/^comanda_device=.+; HttpOnly; SameSite=Lax$/);
    const reply = registrationReply.parse(response.json());
    const payload = readSessionToken(reply.detail);
    expect(payload).toMatchObject({ store: 'pizzaria' });
    expect(Buffer.from(reply.detail.split('.')[0]!, 'base64url').toString()).not.toContain(phone);
    const me = await customerCall(payload!.user_id, reply.detail);
    expect(me.statusCode).toBe(200);
    expect(customer.parse(me.json())).toMatchObject({
      nome: 'Ana Paula Lima',
      telefones: [`celular:${phone}`],
    });
  });

  it('keeps the phone as login digits: 11 national digits for Brazil, full international elsewhere', async () => {
    const br = await signUp(t.app, { cellphone: '(11) 98888-7777' });
    expect(br.phone).toBe('11988887777');
    const pt = await register({
      name: 'João Silva',
      password: PASSWORD,
      terms: true,
      cellphone: '912 345 678',
      ddi: '351',
    });
    expect(pt.statusCode).toBe(201);
    expect(readSessionToken(registrationReply.parse(pt.json()).detail)).not.toHaveProperty('username');
    expect((await signInRequest(t.app, '351912345678', PASSWORD)).statusCode).toBe(200);
    const us = await register({
      name: 'John Smith',
      password: PASSWORD,
      terms: true,
      cellphone: '+1 212 555 0123',
      ddi: 'US',
    });
    expect(us.statusCode).toBe(201);
    expect(readSessionToken(registrationReply.parse(us.json()).detail)).not.toHaveProperty('username');
    expect((await signInRequest(t.app, '12125550123', PASSWORD)).statusCode).toBe(200);
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/core/telefone_login_app/351912345678',
      headers: { host: PIZZARIA },
    });
    expect(lookup.statusCode).toBe(200);
  });

  it('stores a scrypt hash, never the password, and records the sign-up consent (default: no promotions)', async () => {
    const { userId } = await signUp(t.app);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, userId));
    expect(row!.passwordHash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(row!.sendPromo).toBe(false);
    const consents = await t.database.db
      .select()
      .from(consentChanges)
      .where(eq(consentChanges.customerId, userId));
    expect(consents).toMatchObject([{ oldValue: null, newValue: false, channel: 'signup' }]);
  });

  it('refuses a phone that already has an account at the store, but not at another store', async () => {
    const { phone } = await signUp(t.app);
    const again = await register({ name: 'Outra Pessoa', password: PASSWORD, terms: true, cellphone: phone });
    expect(again.statusCode).toBe(409);
    expect(errorReply.parse(again.json())).toMatchObject({ code: 'PHONE_TAKEN', field: 'cellphone' });
    const elsewhere = await register(
      { name: 'Outra Pessoa', password: PASSWORD, terms: true, cellphone: phone },
      SAKURA,
    );
    expect(elsewhere.statusCode).toBe(201);
  });

  it.each([
    [{ cellphone: '1199999' }, 'INVALID_PHONE', 'cellphone'],
    [{ cellphone: '11 3333-4444' }, 'INVALID_PHONE', 'cellphone'],
    [{ cellphone: '(23) 98765-4321' }, 'INVALID_PHONE', 'cellphone'],
    [{ ddi: '999' }, 'INVALID_PHONE', 'ddi'],
    [{ name: 'Ana' }, 'INVALID_NAME', 'name'],
    [{ name: 'A B' }, 'INVALID_NAME', 'name'],
    [{ name: 'Ana\u0001 Souza' }, 'INVALID_NAME', 'name'],
    [{ name: 'Ana\u0000 Souza' }, 'INVALID_INPUT', 'name'],
    [{ password: 'curta' }, 'INVALID_PASSWORD', 'password'],
    // Four emoji are 8 UTF-16 units but 4 characters (issue 18, finding 13).
    [{ password: '😀😀😀😀' }, 'INVALID_PASSWORD', 'password'],
    [{ password: '        ' }, 'BLANK_PASSWORD', 'password'],
    [{ password: '\t\u00a0\u3000      ' }, 'BLANK_PASSWORD', 'password'],
    [{ password: '12345678' }, 'COMMON_PASSWORD', 'password'],
    [{ password: 'Password1' }, 'COMMON_PASSWORD', 'password'],
    [{ password: 'senha123' }, 'COMMON_PASSWORD', 'password'],
    // Easy to guess though on no list (issue 30, F6): repeats, sequences, the store's own name.
    [{ password: 'aaaaaaaa' }, 'WEAK_PASSWORD', 'password'],
    [{ password: 'abcdefgh' }, 'WEAK_PASSWORD', 'password'],
    [{ password: '12341234' }, 'WEAK_PASSWORD', 'password'],
    [{ password: 'abcabcabc' }, 'WEAK_PASSWORD', 'password'],
    [{ password: 'comanda123' }, 'WEAK_PASSWORD', 'password'],
    [{ password: 'fornoebrasa' }, 'WEAK_PASSWORD', 'password'],
    [{ password: 'mariasouza' }, 'WEAK_PASSWORD', 'password'],
    [{ terms: false }, 'TERMS_REQUIRED', 'terms'],
    [{ terms: 'yes' }, 'INVALID_INPUT', 'terms'],
    [{ name: 'x'.repeat(10_000) }, 'INVALID_INPUT', 'name'],
    [{ password: 'p'.repeat(257) }, 'INVALID_INPUT', 'password'],
    [{ password: 'p'.repeat(129) }, 'INVALID_PASSWORD', 'password'],
    [{ cellphone: 11999990000 }, 'INVALID_INPUT', 'cellphone'],
  ])('refuses %j with %s and creates nothing', async (change, code, field) => {
    const phone = nextPhone();
    const response = await register({
      name: 'Maria Souza',
      password: PASSWORD,
      terms: true,
      cellphone: phone,
      ddi: '55',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(errorReply.parse(response.json())).toMatchObject({ code, field });
    const rows = await t.database.db.select().from(customers).where(eq(customers.phone, phone));
    expect(rows).toHaveLength(0);
  });

  it('a weak password is refused in words, and a phrase of a few words is taken', async () => {
    const weak = await register({
      name: 'Maria Souza',
      password: 'abcabcabc',
      terms: true,
      cellphone: nextPhone(),
      ddi: '55',
    });
    expect(errorReply.parse(weak.json())).toMatchObject({
      code: 'WEAK_PASSWORD',
      field: 'password',
      detail:
        'Esta senha é fácil de adivinhar (repetições, sequências, palavras comuns ou o nome da loja, o seu nome ou telefone). Use uma frase com três ou mais palavras, ou misture letras, números e símbolos.',
    });
    const phone = nextPhone();
    // The customer's own phone is no password either.
    const ownPhone = await register({
      name: 'Maria Souza',
      password: phone,
      terms: true,
      cellphone: phone,
      ddi: '55',
    });
    expect(errorReply.parse(ownPhone.json()).code).toBe('WEAK_PASSWORD');
    const phrase = await register({
      name: 'Maria Souza',
      password: 'pizza de domingo à noite',
      terms: true,
      cellphone: phone,
      ddi: '55',
    });
    expect(phrase.statusCode, phrase.body).toBe(201);
  });

  it('answers malformed bodies with 4xx, never 5xx', async () => {
    const bodies: { payload: string; type: string }[] = [
      { payload: '{"name":', type: 'application/json' },
      { payload: '[]', type: 'application/json' },
      { payload: 'null', type: 'application/json' },
      { payload: 'name=Ana', type: 'application/x-www-form-urlencoded' },
      { payload: '', type: 'application/json' },
    ];
    for (const body of bodies) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/core/registration_app/',
        headers: { host: PIZZARIA, 'content-type': body.type },
        payload: body.payload,
      });
      expect(response.statusCode, body.payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, body.payload).toBeLessThan(500);
    }
  });
});

describe('phone lookup (GET /core/telefone_login_app/{digits})', () => {
  it('answers {cliente_id, nome_cliente (first name), user_id} for a known phone', async () => {
    const { phone, userId } = await signUp(t.app, { name: 'Carla Mendes Rocha' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/core/telefone_login_app/${phone}`,
      headers: { host: PIZZARIA },
    });
    expect(response.statusCode).toBe(200);
    expect(phoneLookupReply.parse(response.json())).toEqual({
      cliente_id: userId,
      nome_cliente: 'Carla',
      user_id: userId,
    });
  });

  it('answers 404 PHONE_NOT_FOUND for an unknown phone, and for a phone of another store', async () => {
    const { phone } = await signUp(t.app, { host: SAKURA });
    for (const digits of [nextPhone(), phone]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/core/telefone_login_app/${digits}/`,
        headers: { host: PIZZARIA },
      });
      expect(response.statusCode).toBe(404);
      expect(errorReply.parse(response.json()).code).toBe('PHONE_NOT_FOUND');
    }
  });

  it('refuses non-digits with 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/core/telefone_login_app/abc',
      headers: { host: PIZZARIA },
    });
    expect(response.statusCode).toBe(400);
    expect(errorReply.parse(response.json()).code).toBe('INVALID_INPUT');
  });
});

describe('sign-in (POST /core/v2/auth/api-token-auth-without-email/)', () => {
  it('answers {token, user{is_superuser: false}} with a token carrying user_id and no phone', async () => {
    const { phone, userId } = await signUp(t.app);
    const response = await signInRequest(t.app, phone, PASSWORD);
    expect(response.statusCode).toBe(200);
    const reply = signInReply.parse(response.json());
    expect(reply.user).toEqual({ id: userId, username: phone, is_superuser: false });
    const payload = readSessionToken(reply.token)!;
    expect(payload).toMatchObject({ user_id: userId, store: 'pizzaria' });
    expect(Buffer.from(reply.token.split('.')[0]!, 'base64url').toString()).not.toContain(phone);
    expect(payload.exp * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect((await customerCall(userId, reply.token)).statusCode).toBe(200);
  });

  it('keeps only the SHA-256 of the token secret', async () => {
    const { userId, token } = await signUp(t.app);
    const secret = token.split('.')[1]!;
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.customerId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secretHash).not.toContain(secret);
    expect(rows[0]!.secretHash).toHaveLength(43);
  });

  it('gives the same answer for an unknown phone and a wrong password', async () => {
    const { phone } = await signUp(t.app);
    const wrongPassword = await signInRequest(t.app, phone, 'senha-errada-123');
    const unknownPhone = await signInRequest(t.app, nextPhone(), PASSWORD);
    for (const response of [wrongPassword, unknownPhone]) {
      expect(response.statusCode).toBe(400);
      expect(errorReply.parse(response.json())).toEqual({ detail: WRONG_LOGIN, code: 'INVALID_CREDENTIALS' });
    }
  });

  it('a staff-only phone has no customer account (400 INVALID_CREDENTIALS); the staff sign-in answers it with is_superuser true', async () => {
    const store = await t.database.db.query.stores.findFirst({
      where: (s, { eq: is }) => is(s.slug, 'pizzaria'),
    });
    const phone = nextPhone();
    await createStaffAccount(
      t.database.db,
      { storeId: store!.id, country: 'BR', phone, name: 'Ana', password: PASSWORD, role: 'attendant' },
      { cost: { ln: 10, r: 8, p: 1 }, now: new Date() },
    );
    const customerSignIn = await signInRequest(t.app, phone, PASSWORD);
    expect(customerSignIn.statusCode).toBe(400);
    expect(errorReply.parse(customerSignIn.json())).toEqual({
      detail: WRONG_LOGIN,
      code: 'INVALID_CREDENTIALS',
    });
    expect(customerSignIn.headers['set-cookie']).toBeUndefined();
    const response = await signInRequest(t.app, phone, PASSWORD, { staff: true });
    expect(response.statusCode).toBe(200);
    expect(signInReply.parse(response.json()).user.is_superuser).toBe(true);
    // The staff device cookie is its own, sent to the staff calls only.
    expect(String(response.headers['set-cookie'])).toMatch(/^comanda_staff_device=.*Path=\/staff/);
  });

  it('the staff sign-in does not know a customer-only phone (400 INVALID_CREDENTIALS)', async () => {
    const { phone } = await signUp(t.app);
    const response = await signInRequest(t.app, phone, PASSWORD, { staff: true });
    expect(response.statusCode).toBe(400);
    expect(errorReply.parse(response.json()).code).toBe('INVALID_CREDENTIALS');
  });

  it('one phone may be a customer and a staff member of one store, each with its own password and session', async () => {
    const { phone, userId } = await signUp(t.app);
    const store = await t.database.db.query.stores.findFirst({
      where: (s, { eq: is }) => is(s.slug, 'pizzaria'),
    });
    const staff = await createStaffAccount(
      t.database.db,
      { storeId: store!.id, country: 'BR', phone, name: 'Ana', password: 'senha-da-equipe', role: 'manager' },
      { cost: { ln: 10, r: 8, p: 1 }, now: new Date() },
    );
    // Each password opens its own account only.
    expect((await signInRequest(t.app, phone, 'senha-da-equipe')).statusCode).toBe(400);
    expect((await signInRequest(t.app, phone, PASSWORD, { staff: true })).statusCode).toBe(400);
    const customerToken = await signIn(t.app, phone, PASSWORD);
    const staffToken = await signIn(t.app, phone, 'senha-da-equipe', { staff: true });
    const me = await t.app.inject({
      method: 'GET',
      url: '/staff/me',
      headers: { host: PIZZARIA, ...bearer(staffToken) },
    });
    expect(me.json()).toMatchObject({ user_id: staff.id, role: 'manager' });
    expect((await customerCall(userId, customerToken)).statusCode).toBe(200);
    const staffAsCustomer = await t.app.inject({
      method: 'GET',
      url: '/staff/me',
      headers: { host: PIZZARIA, ...bearer(customerToken) },
    });
    expect(staffAsCustomer.statusCode).toBe(403);
  });

  it('refuses wrong types and huge strings with 400 INVALID_INPUT', async () => {
    for (const payload of [
      { username: 11999990000, password: PASSWORD },
      { username: '1'.repeat(5000), password: PASSWORD },
      {},
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/core/v2/auth/api-token-auth-without-email/',
        headers: { host: PIZZARIA },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(errorReply.parse(response.json()).code).toBe('INVALID_INPUT');
    }
  });
});

describe('sessions', () => {
  it('logout revokes the token at once', async () => {
    const { token, userId } = await signUp(t.app);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/core/v2/auth/session-logout/',
      headers: { host: PIZZARIA, ...bearer(token) },
    });
    expect(logout.statusCode).toBe(200);
    expect(successReply.parse(logout.json()).success).toBe(true);
    const after = await customerCall(userId, token);
    expect(after.statusCode).toBe(401);
    expect(errorReply.parse(after.json()).code).toBe('NOT_AUTHENTICATED');
    const again = await t.app.inject({
      method: 'POST',
      url: '/core/v2/auth/session-logout/',
      headers: { host: PIZZARIA, ...bearer(token) },
    });
    expect(again.statusCode).toBe(401);
  });

  it('logout ends only that session', async () => {
    const { token, userId, phone } = await signUp(t.app);
    const second = await signIn(t.app, phone, PASSWORD);
    await t.app.inject({
      method: 'POST',
      url: '/core/v2/auth/session-logout/',
      headers: { host: PIZZARIA, ...bearer(second) },
    });
    expect((await customerCall(userId, token)).statusCode).toBe(200);
    expect((await customerCall(userId, second)).statusCode).toBe(401);
  });

  it('expires after SESSION_TTL_DAYS (30)', async () => {
    const start = new Date('2031-03-01T12:00:00Z');
    t.setNow(start);
    try {
      const { token, userId } = await signUp(t.app);
      t.setNow(new Date(start.getTime() + 29 * 24 * 3600 * 1000));
      expect((await customerCall(userId, token)).statusCode).toBe(200);
      t.setNow(new Date(start.getTime() + 30 * 24 * 3600 * 1000));
      expect((await customerCall(userId, token)).statusCode).toBe(401);
    } finally {
      t.setNow(new Date());
    }
  });

  it('housekeeping deletes expired sessions only', async () => {
    const start = new Date('2031-04-01T12:00:00Z');
    t.setNow(start);
    try {
      const old = await signUp(t.app);
      t.setNow(new Date(start.getTime() + 20 * 24 * 3600 * 1000));
      const recent = await signUp(t.app);
      await pruneExpiredSessions(t.database.db, new Date(start.getTime() + 31 * 24 * 3600 * 1000));
      expect(await t.database.db.$count(sessions, eq(sessions.customerId, old.userId))).toBe(0);
      expect(await t.database.db.$count(sessions, eq(sessions.customerId, recent.userId))).toBe(1);
    } finally {
      t.setNow(new Date());
    }
  });

  it('a token is worthless at another store', async () => {
    const { token, userId } = await signUp(t.app);
    const response = await customerCall(userId, token, SAKURA);
    expect(response.statusCode).toBe(401);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/core/v2/auth/session-logout/',
      headers: { host: SAKURA, ...bearer(token) },
    });
    expect(logout.statusCode).toBe(401);
    expect((await customerCall(userId, token)).statusCode).toBe(200);
  });

  it('refuses an edited payload, a forged secret, another scheme and garbage', async () => {
    const { token, userId } = await signUp(t.app);
    const other = await signUp(t.app);
    const [payload, secret] = token.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = `${Buffer.from(JSON.stringify({ ...decoded, user_id: other.userId })).toString('base64url')}.${secret}`;
    const forged = `${payload}.${'A'.repeat(43)}`;
    for (const [bad, id] of [
      [edited, other.userId],
      [forged, userId],
      [`${token}.x`, userId],
      ['', userId],
      ['x'.repeat(5000), userId],
    ] as const) {
      const response = await customerCall(id, bad);
      expect(response.statusCode, bad.slice(0, 40)).toBe(401);
    }
    const basic = await t.app.inject({
      method: 'GET',
      url: `/core/cliente_app/${userId}`,
      headers: { host: PIZZARIA, authorization: `Basic ${token}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('staff tokens are refused by customer calls (403) and customer tokens by staff calls (403)', async () => {
    const store = await t.database.db.query.stores.findFirst({
      where: (s, { eq: is }) => is(s.slug, 'pizzaria'),
    });
    const phone = nextPhone();
    const staff = await createStaffAccount(
      t.database.db,
      { storeId: store!.id, country: 'BR', phone, name: 'Bruno', password: PASSWORD, role: 'attendant' },
      { cost: { ln: 10, r: 8, p: 1 }, now: new Date() },
    );
    const staffToken = await signIn(t.app, phone, PASSWORD, { staff: true });
    expect((await customerCall(staff.id, staffToken)).statusCode).toBe(403);
    const me = await t.app.inject({
      method: 'GET',
      url: '/staff/me',
      headers: { host: PIZZARIA, ...bearer(staffToken) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user_id: staff.id,
      username: phone,
      nome: 'Bruno',
      role: 'attendant',
      capability_overrides: {},
      has_approval_code: false,
    });

    const { token } = await signUp(t.app);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/staff/me',
      headers: { host: PIZZARIA, ...bearer(token) },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorReply.parse(refused.json()).code).toBe('FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'GET', url: '/staff/me', headers: { host: PIZZARIA } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('OpenAPI page', () => {
  it('documents every account call, with the bearer scheme', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = response.json() as {
      paths: Record<string, Record<string, unknown>>;
      components: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/core/telefone_login_app/{digits}',
        '/core/v2/auth/api-token-auth-without-email/',
        '/core/registration_app/',
        '/core/v2/auth/session-logout/',
        '/core/send_sms_recovery_password_app/',
        '/core/recovery_password_app/',
        '/core/cliente_app/{id}',
        '/core/v2/customer/get-customer-privacy/',
        '/core/v2/customer/update-customer-privacy',
        '/staff/me',
      ]),
    );
    expect(Object.keys(doc.paths['/core/cliente_app/{id}']!)).toEqual(
      expect.arrayContaining(['get', 'patch']),
    );
    expect(doc.components.securitySchemes).toMatchObject({ bearerAuth: { type: 'http', scheme: 'bearer' } });
  });
});
