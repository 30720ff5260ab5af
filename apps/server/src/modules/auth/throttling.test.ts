import { errorReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAccountsTestApp,
  lastRecoveryCode,
  nextAddress,
  nextPhone,
  PASSWORD,
  PIZZARIA,
  SAKURA,
  signInRequest,
  signUp,
} from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

const seconds = (n: number) => n * 1000;

/** Runs a test at a fixed clock, moved by `advance`. */
function clock(startIso: string) {
  let now = new Date(startIso).getTime();
  t.setNow(new Date(now));
  return {
    advance(ms: number) {
      now += ms;
      t.setNow(new Date(now));
    },
  };
}

describe('sign-in throttling per phone and address', () => {
  it('after 5 failures waits 30 s, then 60 s, doubling (429 TOO_MANY_ATTEMPTS, Retry-After)', async () => {
    const from = nextAddress();
    const time = clock('2032-01-01T10:00:00Z');
    const { phone } = await signUp(t.app);
    for (let i = 0; i < 5; i += 1)
      expect((await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from })).statusCode).toBe(400);

    const blocked = await signInRequest(t.app, phone, PASSWORD, { remoteAddress: from });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    const body = errorReply.parse(blocked.json());
    expect(body).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      detail: 'Muitas tentativas de entrar. Tente novamente em 30 segundos.',
    });

    time.advance(seconds(30));
    expect((await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from })).statusCode).toBe(400);
    const longer = await signInRequest(t.app, phone, PASSWORD, { remoteAddress: from });
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');
    expect(errorReply.parse(longer.json()).detail).toBe(
      'Muitas tentativas de entrar. Tente novamente em 1 minuto.',
    );

    time.advance(seconds(60));
    expect((await signInRequest(t.app, phone, PASSWORD, { remoteAddress: from })).statusCode).toBe(200);
    // A success clears the phone's failures.
    for (let i = 0; i < 4; i += 1)
      expect((await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from })).statusCode).toBe(400);
    expect((await signInRequest(t.app, phone, PASSWORD, { remoteAddress: from })).statusCode).toBe(200);
  });

  it('caps the wait at 15 minutes and forgets failures an hour after the last', async () => {
    const from = nextAddress();
    const time = clock('2032-01-02T10:00:00Z');
    const { phone } = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from });
    const waits: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const blocked = await signInRequest(t.app, phone, PASSWORD, { remoteAddress: from });
      expect(blocked.statusCode).toBe(429);
      waits.push(Number(blocked.headers['retry-after']));
      time.advance(seconds(waits.at(-1)!));
      expect((await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from })).statusCode).toBe(400);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    time.advance(seconds(3600));
    for (let i = 0; i < 4; i += 1)
      expect((await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from })).statusCode).toBe(400);
    expect((await signInRequest(t.app, phone, PASSWORD, { remoteAddress: from })).statusCode).toBe(200);
  });

  it('throttles unknown phones the same way (no enumeration)', async () => {
    const from = nextAddress();
    clock('2032-01-03T10:00:00Z');
    const phone = nextPhone();
    for (let i = 0; i < 5; i += 1)
      expect((await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from })).statusCode).toBe(400);
    expect((await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from })).statusCode).toBe(429);
  });

  it('counts each store apart', async () => {
    const from = nextAddress();
    clock('2032-01-04T10:00:00Z');
    const { phone } = await signUp(t.app);
    await signUp(t.app, { host: SAKURA, cellphone: phone });
    for (let i = 0; i < 5; i += 1) await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from });
    expect((await signInRequest(t.app, phone, PASSWORD, { remoteAddress: from })).statusCode).toBe(429);
    expect(
      (await signInRequest(t.app, phone, PASSWORD, { host: SAKURA, remoteAddress: from })).statusCode,
    ).toBe(200);
  });

  it('a password recovery lifts the phone’s back-off', async () => {
    const from = nextAddress();
    clock('2032-01-05T10:00:00Z');
    const { phone } = await signUp(t.app);
    for (let i = 0; i < 5; i += 1) await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from });
    expect((await signInRequest(t.app, phone, PASSWORD, { remoteAddress: from })).statusCode).toBe(429);
    await t.app.inject({
      method: 'POST',
      url: '/core/send_sms_recovery_password_app/',
      headers: { host: PIZZARIA },
      remoteAddress: nextAddress(),
      payload: { cellphone: phone },
    });
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/core/recovery_password_app/',
      headers: { host: PIZZARIA },
      remoteAddress: from,
      payload: { cellphone: phone, code, password: 'nova-senha-boa' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signInRequest(t.app, phone, 'nova-senha-boa', { remoteAddress: from })).statusCode).toBe(
      200,
    );
  });
});

/** The known-device cookie a successful sign-in set, as a Cookie header. */
function deviceCookie(response: { headers: Record<string, unknown> }): string {
  const header = String(response.headers['set-cookie'] ?? '');
  const cookie = /^(comanda_device=[^;]+)/.exec(header)?.[1];
  if (!cookie) throw new Error(`no known-device cookie in ${header}`);
  return cookie;
}

describe('no lock-out of a chosen customer (issue 18, finding 5)', () => {
  it('sets an httpOnly known-device cookie on sign-in', async () => {
    clock('2032-01-10T10:00:00Z');
    const { phone } = await signUp(t.app);
    const response = await signInRequest(t.app, phone, PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(
      /^comanda_device=\d+\.[\w-]{22}\.[\w-]{43}; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax$/,
    );
  });

  it('guesses from many addresses hold only those addresses, then new devices; never the known device', async () => {
    clock('2032-01-11T10:00:00Z');
    const owner = nextAddress();
    const { phone } = await signUp(t.app);
    const device = deviceCookie(await signInRequest(t.app, phone, PASSWORD, { remoteAddress: owner }));
    for (let attacker = 0; attacker < 11; attacker += 1) {
      const address = nextAddress();
      for (let i = 0; i < 5; i += 1)
        await signInRequest(t.app, phone, 'errada-123', { remoteAddress: address });
      expect((await signInRequest(t.app, phone, 'errada-123', { remoteAddress: address })).statusCode).toBe(
        429,
      );
    }
    // 55 failures from anywhere: a device that never signed in waits, the owner's own does not.
    expect((await signInRequest(t.app, phone, PASSWORD, { remoteAddress: nextAddress() })).statusCode).toBe(
      429,
    );
    const own = await signInRequest(t.app, phone, PASSWORD, { remoteAddress: owner, cookie: device });
    expect(own.statusCode).toBe(200);
    // Also from another network (the owner's phone on mobile data).
    expect(
      (await signInRequest(t.app, phone, PASSWORD, { remoteAddress: nextAddress(), cookie: device }))
        .statusCode,
    ).toBe(200);
  });

  it('a cookie of another account, or forged, is no known device', async () => {
    clock('2032-01-12T10:00:00Z');
    const { phone } = await signUp(t.app);
    const other = await signUp(t.app);
    const otherDevice = deviceCookie(await signInRequest(t.app, other.phone, PASSWORD));
    const forged = otherDevice.replace(
      /^comanda_device=\d+/,
      `comanda_device=${(await signUp(t.app)).userId}`,
    );
    const from = nextAddress();
    for (let i = 0; i < 5; i += 1) await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from });
    for (const cookie of [otherDevice, forged, 'comanda_device=1.x.y'])
      expect((await signInRequest(t.app, phone, PASSWORD, { remoteAddress: from, cookie })).statusCode).toBe(
        429,
      );
  });

  it('a known device still gets recovery codes after others used up the phone’s SMS', async () => {
    clock('2032-01-13T10:00:00Z');
    const { phone } = await signUp(t.app);
    const device = deviceCookie(await signInRequest(t.app, phone, PASSWORD));
    const ask = (remoteAddress: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/core/send_sms_recovery_password_app/',
        headers: { host: PIZZARIA, ...(cookie ? { cookie } : {}) },
        remoteAddress,
        payload: { cellphone: phone },
      });
    for (let i = 0; i < 10; i += 1) expect((await ask(nextAddress())).statusCode).toBe(200);
    expect((await ask(nextAddress())).statusCode).toBe(429);
    const before = await lastRecoveryCode(t, 'pizzaria', phone);
    const own = nextAddress();
    expect((await ask(own, device)).statusCode).toBe(200);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    expect(code).not.toBe(before);
    // Wrong codes sent from elsewhere do not use up the owner's tries.
    for (let i = 0; i < 6; i += 1) {
      await t.app.inject({
        method: 'POST',
        url: '/core/recovery_password_app/',
        headers: { host: PIZZARIA },
        remoteAddress: nextAddress(),
        payload: {
          cellphone: phone,
          code: code === '000-000' ? '111-111' : '000-000',
          password: 'nova-senha-boa',
        },
      });
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: '/core/recovery_password_app/',
      headers: { host: PIZZARIA, cookie: device },
      remoteAddress: own,
      payload: { cellphone: phone, code, password: 'nova-senha-boa' },
    });
    expect(reset.statusCode).toBe(200);
    expect(deviceCookie(reset)).not.toBe(device);
  });
});

describe('sign-in throttling per client address', () => {
  it('after 20 failures from one address, whatever the phones, that address waits', async () => {
    clock('2032-02-01T10:00:00Z');
    const address = nextAddress();
    const { phone } = await signUp(t.app);
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await signInRequest(t.app, nextPhone(), 'errada-123', { remoteAddress: address })).statusCode,
      ).toBe(400);
    }
    const blocked = await signInRequest(t.app, phone, PASSWORD, { remoteAddress: address });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBe(30);
    // Another address is not affected.
    expect((await signInRequest(t.app, phone, PASSWORD, { remoteAddress: nextAddress() })).statusCode).toBe(
      200,
    );
  });

  it('successful sign-ins do not use up an address (many customers behind one NAT)', async () => {
    clock('2032-02-02T10:00:00Z');
    const address = nextAddress();
    const { phone } = await signUp(t.app);
    for (let i = 0; i < 30; i += 1) {
      expect((await signInRequest(t.app, phone, PASSWORD, { remoteAddress: address })).statusCode).toBe(200);
    }
  });

  it('groups an IPv6 /64 as one address', async () => {
    clock('2032-02-03T10:00:00Z');
    for (let i = 0; i < 20; i += 1) {
      await signInRequest(t.app, nextPhone(), 'errada-123', {
        remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}`,
      });
    }
    const blocked = await signInRequest(t.app, nextPhone(), 'errada-123', {
      remoteAddress: '2001:db8:1:2:ffff::1',
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('sign-up and lookup limits per client address', () => {
  it('at most 10 sign-ups per address per hour', async () => {
    const time = clock('2032-03-01T10:00:00Z');
    const address = nextAddress();
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/core/registration_app/',
        headers: { host: PIZZARIA },
        remoteAddress: address,
        payload: { name: 'Maria Souza', password: PASSWORD, terms: true, cellphone: nextPhone() },
      });
    for (let i = 0; i < 10; i += 1) expect((await register()).statusCode).toBe(201);
    const refused = await register();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3600');
    expect(errorReply.parse(refused.json()).detail).toBe(
      'Muitos cadastros feitos a partir desta rede. Tente novamente em 60 minutos.',
    );
    time.advance(seconds(3600));
    expect((await register()).statusCode).toBe(201);
  });

  it('at most 60 phone lookups per address per hour', async () => {
    clock('2032-03-02T10:00:00Z');
    const address = nextAddress();
    const lookup = () =>
      t.app.inject({
        method: 'GET',
        url: `/core/telefone_login_app/${nextPhone()}`,
        headers: { host: PIZZARIA },
        remoteAddress: address,
      });
    for (let i = 0; i < 60; i += 1) expect((await lookup()).statusCode).toBe(404);
    expect((await lookup()).statusCode).toBe(429);
  });
});

afterAll(() => {
  t.setNow(new Date());
});

describe('parallel attempts', () => {
  it('parallel password guesses on one phone get no more than the free tries', async () => {
    clock('2032-04-01T10:00:00Z');
    const { phone } = await signUp(t.app);
    const from = nextAddress();
    const responses = await Promise.all(
      Array.from({ length: 12 }, () => signInRequest(t.app, phone, 'errada-123', { remoteAddress: from })),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    // 503 SIGN_IN_BUSY: beyond the sign-ins one instance takes at a time (docs/decisions/0020).
    expect(statuses.every((status) => [400, 429, 503].includes(status))).toBe(true);
    let checked = statuses.filter((status) => status === 400).length;
    expect(checked).toBeLessThanOrEqual(5);
    for (let i = 0; i < 6; i += 1) {
      const status = (await signInRequest(t.app, phone, 'errada-123', { remoteAddress: from })).statusCode;
      if (status === 400) checked += 1;
    }
    expect(checked).toBe(5);
  });

  it('parallel code guesses get no more than 5 tries of one code', async () => {
    clock('2032-04-02T10:00:00Z');
    const { phone } = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/core/send_sms_recovery_password_app/',
      headers: { host: PIZZARIA },
      remoteAddress: nextAddress(),
      payload: { cellphone: phone },
    });
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    const wrong = code === '000-000' ? '111-111' : '000-000';
    const guess = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/core/recovery_password_app/',
        headers: { host: PIZZARIA },
        remoteAddress: nextAddress(),
        payload: { cellphone: phone, code: value, password: 'nova-senha-boa' },
      });
    const responses = await Promise.all(Array.from({ length: 10 }, () => guess(wrong)));
    expect(responses.every((response) => response.statusCode === 400)).toBe(true);
    expect((await guess(code)).statusCode).toBe(400);
  });
});
