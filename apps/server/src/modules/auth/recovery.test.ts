import { errorReply, successReply } from '@comanda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, recoveryCodes, smsMessages } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  lastRecoveryCode,
  nextAddress,
  nextPhone,
  PASSWORD,
  PIZZARIA,
  SAKURA,
  signIn,
  signInRequest,
  signUp,
  smsSentTo,
} from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';

const NEW_PASSWORD = 'outra-senha-boa-2';

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const askCode = (cellphone: string, options: { host?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/core/send_sms_recovery_password_app/',
    headers: { host: options.host ?? PIZZARIA },
    remoteAddress: options.remoteAddress ?? nextAddress(),
    payload: { cellphone },
  });

const reset = (cellphone: string, code: string, password = NEW_PASSWORD, remoteAddress = nextAddress()) =>
  t.app.inject({
    method: 'POST',
    url: '/core/recovery_password_app/',
    headers: { host: PIZZARIA },
    remoteAddress,
    payload: { cellphone, code, password },
  });

/** A code that is not the right one. */
const otherThan = (code: string) => (code === '000-000' ? '111-111' : '000-000');

describe('recovery code by SMS (POST /core/send_sms_recovery_password_app/)', () => {
  it('sends a 6-digit code shown as 123-456 through the local stand-in, stored hashed', async () => {
    const { phone, userId } = await signUp(t.app);
    const response = await askCode(phone);
    expect(response.statusCode).toBe(200);
    expect(successReply.parse(response.json()).success).toBe(true);
    const texts = await smsSentTo(t, 'pizzaria', `+55${phone}`);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/\d{3}-\d{3}/);
    const code = (await lastRecoveryCode(t, 'pizzaria', phone)).replace('-', '');
    const rows = await t.database.db.select().from(recoveryCodes).where(eq(recoveryCodes.customerId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('answers an unknown phone exactly as a known one, and sends nothing', async () => {
    const known = await signUp(t.app);
    const unknown = nextPhone();
    const a = await askCode(known.phone);
    const b = await askCode(unknown);
    expect(b.statusCode).toBe(a.statusCode);
    expect(b.json()).toEqual(a.json());
    expect(await smsSentTo(t, 'pizzaria', `+55${unknown}`)).toEqual([]);
  });

  it('refuses what cannot be a phone with 400', async () => {
    for (const payload of [
      { cellphone: '12' },
      { cellphone: 11999990000 },
      { cellphone: 'x'.repeat(500) },
      {},
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/core/send_sms_recovery_password_app/',
        headers: { host: PIZZARIA },
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('a new code replaces the earlier one', async () => {
    const { phone } = await signUp(t.app);
    await askCode(phone);
    const first = await lastRecoveryCode(t, 'pizzaria', phone);
    await askCode(phone);
    const second = await lastRecoveryCode(t, 'pizzaria', phone);
    if (first !== second) {
      expect((await reset(phone, first)).statusCode).toBe(400);
    }
    expect((await reset(phone, second)).statusCode).toBe(200);
  });
});

describe('new password with the code (POST /core/recovery_password_app/)', () => {
  it('sets the new password, revokes every session and lets the customer sign in again', async () => {
    const { phone, token, userId } = await signUp(t.app);
    const other = await signIn(t.app, phone, PASSWORD);
    await askCode(phone);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    const response = await reset(phone, code);
    expect(response.statusCode).toBe(200);
    expect(successReply.parse(response.json())).toMatchObject({ success: true });

    for (const old of [token, other]) {
      const call = await t.app.inject({
        method: 'GET',
        url: `/core/cliente_app/${userId}`,
        headers: { host: PIZZARIA, ...bearer(old) },
      });
      expect(call.statusCode).toBe(401);
    }
    expect((await signInRequest(t.app, phone, PASSWORD)).statusCode).toBe(400);
    expect((await signInRequest(t.app, phone, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('accepts the code with or without the dash', async () => {
    const { phone } = await signUp(t.app);
    await askCode(phone);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    expect((await reset(phone, code.replace('-', ''))).statusCode).toBe(200);
  });

  it('a code works once', async () => {
    const { phone } = await signUp(t.app);
    await askCode(phone);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    expect((await reset(phone, code)).statusCode).toBe(200);
    const again = await reset(phone, code, 'terceira-senha-3');
    expect(again.statusCode).toBe(400);
    expect(errorReply.parse(again.json()).code).toBe('INVALID_CODE');
    expect((await signInRequest(t.app, phone, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a code expires after 10 minutes', async () => {
    const start = new Date('2031-05-10T10:00:00Z');
    t.setNow(start);
    try {
      const { phone } = await signUp(t.app);
      await askCode(phone);
      const code = await lastRecoveryCode(t, 'pizzaria', phone);
      t.setNow(new Date(start.getTime() + 10 * 60_000));
      const late = await reset(phone, code);
      expect(late.statusCode).toBe(400);
      expect(errorReply.parse(late.json()).code).toBe('INVALID_CODE');
      expect((await signInRequest(t.app, phone, PASSWORD)).statusCode).toBe(200);
    } finally {
      t.setNow(new Date());
    }
  });

  it('a code dies after 5 wrong tries, even if the 6th is right', async () => {
    const { phone } = await signUp(t.app);
    await askCode(phone);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await reset(phone, otherThan(code));
      expect(wrong.statusCode).toBe(400);
      expect(errorReply.parse(wrong.json()).code).toBe('INVALID_CODE');
    }
    expect((await reset(phone, code)).statusCode).toBe(400);
    expect((await signInRequest(t.app, phone, PASSWORD)).statusCode).toBe(200);
  });

  it('4 wrong tries still leave the 5th', async () => {
    const { phone } = await signUp(t.app);
    await askCode(phone);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    for (let i = 0; i < 4; i += 1) expect((await reset(phone, otherThan(code))).statusCode).toBe(400);
    expect((await reset(phone, code)).statusCode).toBe(200);
  });

  it('refuses a short password without spending the code', async () => {
    const { phone } = await signUp(t.app);
    await askCode(phone);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    const short = await reset(phone, code, 'curta');
    expect(short.statusCode).toBe(400);
    expect(errorReply.parse(short.json())).toMatchObject({ code: 'INVALID_PASSWORD', field: 'password' });
    expect((await reset(phone, code)).statusCode).toBe(200);
  });

  it('refuses a weak password (the store’s name, the phone, a repeat) without spending the code', async () => {
    const { phone } = await signUp(t.app);
    await askCode(phone);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    for (const weak of ['fornoebrasa', phone, '12341234']) {
      const refused = await reset(phone, code, weak);
      expect(refused.statusCode).toBe(400);
      expect(errorReply.parse(refused.json())).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password' });
    }
    expect((await signInRequest(t.app, phone, PASSWORD)).statusCode).toBe(200);
    expect((await reset(phone, code)).statusCode).toBe(200);
  });

  it('answers an unknown phone, a phone without a code and malformed codes with INVALID_CODE', async () => {
    const { phone } = await signUp(t.app);
    for (const [cellphone, code] of [
      [nextPhone(), '123-456'],
      [phone, '123-456'],
      [phone, '12345'],
      [phone, 'abcdef'],
    ] as const) {
      const response = await reset(cellphone, code);
      expect(response.statusCode).toBe(400);
      expect(errorReply.parse(response.json()).code).toBe('INVALID_CODE');
    }
  });

  it('a code of one store does not work at another', async () => {
    const { phone } = await signUp(t.app);
    await signUp(t.app, { host: SAKURA, cellphone: phone });
    await askCode(phone);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    const response = await t.app.inject({
      method: 'POST',
      url: '/core/recovery_password_app/',
      headers: { host: SAKURA },
      remoteAddress: nextAddress(),
      payload: { cellphone: phone, code, password: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(400);
  });

  it('changes nothing on a wrong code', async () => {
    const { phone, userId } = await signUp(t.app);
    const [before] = await t.database.db.select().from(customers).where(eq(customers.id, userId));
    await askCode(phone);
    expect((await reset(phone, otherThan(await lastRecoveryCode(t, 'pizzaria', phone)))).statusCode).toBe(
      400,
    );
    const [after] = await t.database.db.select().from(customers).where(eq(customers.id, userId));
    expect(after!.passwordHash).toBe(before!.passwordHash);
  });
});

describe('SMS limits', () => {
  it('at most 3 codes per phone from one address per hour, counted for unknown phones too (429 with Retry-After)', async () => {
    const start = new Date('2031-06-01T08:00:00Z');
    t.setNow(start);
    try {
      const known = (await signUp(t.app)).phone;
      const from = nextAddress();
      for (const phone of [known, nextPhone()]) {
        for (let i = 0; i < 3; i += 1)
          expect((await askCode(phone, { remoteAddress: from })).statusCode).toBe(200);
        const fourth = await askCode(phone, { remoteAddress: from });
        expect(fourth.statusCode).toBe(429);
        expect(errorReply.parse(fourth.json()).code).toBe('TOO_MANY_ATTEMPTS');
        expect(Number(fourth.headers['retry-after'])).toBe(3600);
      }
      t.setNow(new Date(start.getTime() + 3600_000));
      expect((await askCode(known, { remoteAddress: from })).statusCode).toBe(200);
    } finally {
      t.setNow(new Date());
    }
  });

  it('at most 10 codes per client address per hour', async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i += 1)
      expect((await askCode(nextPhone(), { remoteAddress: address })).statusCode).toBe(200);
    const response = await askCode(nextPhone(), { remoteAddress: address });
    expect(response.statusCode).toBe(429);
    expect(errorReply.parse(response.json()).detail).toMatch(
      /^Muitos códigos pedidos a partir desta rede\. Tente novamente em \d+ minutos?\.$/,
    );
  });

  it('keeps the stand-in messages per store, never with their codes', async () => {
    const rows = await t.database.db.select().from(smsMessages);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.storeId > 0 && row.phone.startsWith('+'))).toBe(true);
    expect(rows.every((row) => row.text.includes('•••-•••') && !/\d{3}-\d{3}/.test(row.text))).toBe(true);
    const codes = await t.database.db.select().from(recoveryCodes);
    expect(codes.every((row) => !/^\d{6}$|\d{3}-\d{3}/.test(row.codeHash))).toBe(true);
  });

  it('shows the developer outbox (with codes) only to a caller on this machine', async () => {
    const { phone } = await signUp(t.app);
    await askCode(phone);
    const local = await t.app.inject({
      method: 'GET',
      url: `/_dev/sms?phone=%2B55${phone}`,
      headers: { host: PIZZARIA },
    });
    expect(local.statusCode).toBe(200);
    expect(local.headers['cache-control']).toBe('no-store');
    const { messages } = local.json() as { messages: { phone: string; text: string }[] };
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text).toMatch(/é \d{3}-\d{3}\. Vale 10 minutos\.$/);
    const remote = await t.app.inject({
      method: 'GET',
      url: '/_dev/sms',
      headers: { host: PIZZARIA },
      remoteAddress: '203.0.113.9',
    });
    expect(remote.statusCode).toBe(404);
  });
});
