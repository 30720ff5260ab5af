import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastRecoveryCode, nextPhone } from '../../apps/server/src/test/accounts.ts';
import { buildTestApp, type TestApp } from '../../apps/server/src/test/test-app.ts';
import { recordFigure } from './support/figures.ts';
import { deviceCookieOf, listenOnLoopback, postJson } from './support/http.ts';
import { bySize } from './support/scale.ts';

/*
 * Issue 18, finding 5: an attacker from many addresses hammers one customer's phone with wrong
 * passwords and recovery SMS requests. The owner's own device (known-device cookie) still signs
 * in, still gets a recovery code, and still sets a new password with it.
 */

const SCENARIO = 'lock-out';
const HOST = 'pizzaria.localhost';
const ADDRESSES = bySize(11, 60);
const GUESSES_PER_ADDRESS = bySize(6, 10);
const PASSWORD = 'senha-do-dono-1';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp({ env: { PASSWORD_HASH_COST: '10', TRUST_PROXY: '127.0.0.1' } });
  base = await listenOnLoopback(t);
});
afterAll(async () => {
  await t?.close();
});

const post = (path: string, body: unknown, from: string, cookie?: string) =>
  postJson(base, path, body, { host: HOST, from, ...(cookie ? { cookie } : {}) });

describe('no lock-out of a chosen customer', () => {
  it('the owner’s device signs in and recovers while many addresses hammer the phone', async () => {
    const phone = nextPhone();
    const home = '198.51.100.20';
    const signUp = await post(
      '/core/registration_app/',
      { name: 'Davi Rocha', password: PASSWORD, terms: true, cellphone: phone, ddi: '55' },
      home,
    );
    expect(signUp.status).toBe(201);
    const device = deviceCookieOf(signUp);

    const statuses: number[] = [];
    for (let a = 0; a < ADDRESSES; a += 1) {
      const from = `203.0.${Math.floor(a / 200)}.${(a % 200) + 20}`;
      // Guesses go at most 4 at a time per address, within the sign-ins an instance takes at once:
      // this scenario is about lock-out, so every guess must reach the password check (the
      // hashing queue's 503 for floods is the hash-flood scenario's).
      for (let first = 0; first < GUESSES_PER_ADDRESS; first += 4) {
        const guesses = Array.from({ length: Math.min(4, GUESSES_PER_ADDRESS - first) }, (_, i) =>
          post(
            '/core/v2/auth/api-token-auth-without-email/',
            { username: phone, password: `errada-${a}-${first + i}` },
            from,
          ),
        );
        statuses.push(...(await Promise.all(guesses)).map((reply) => reply.status));
      }
      const sms = Array.from({ length: bySize(1, 4) }, () =>
        post('/core/send_sms_recovery_password_app/', { cellphone: phone }, from),
      );
      const codes = post(
        '/core/recovery_password_app/',
        { cellphone: phone, code: '000-000', password: 'senha-do-ladrao-1' },
        from,
      );
      statuses.push(...(await Promise.all([...sms, codes])).map((reply) => reply.status));
    }
    const tried = statuses.length;
    recordFigure(SCENARIO, `attacker requests from ${ADDRESSES} addresses`, tried, 'requests');
    recordFigure(
      SCENARIO,
      'attacker requests refused 429',
      statuses.filter((s) => s === 429).length,
      'requests',
    );
    // 503 is the bounded hashing queue refusing the flood (SIGN_IN_BUSY, with Retry-After), by
    // design; any other 5xx is a failure.
    recordFigure(
      SCENARIO,
      'attacker requests refused 503 (hashing queue full)',
      statuses.filter((s) => s === 503).length,
      'requests',
    );
    const errors = statuses.filter((s) => s >= 500 && s !== 503);
    recordFigure(SCENARIO, '5xx other than the busy queue', errors.length, 'requests');
    expect(errors).toEqual([]);

    // A device that never signed in is now held (the attacker's cost stays high) ...
    const stranger = await post(
      '/core/v2/auth/api-token-auth-without-email/',
      { username: phone, password: PASSWORD },
      '192.0.2.99',
    );
    expect(stranger.status).toBe(429);
    // ... the owner's device is not, from home or from anywhere.
    for (const from of [home, '192.0.2.100']) {
      const own = await post(
        '/core/v2/auth/api-token-auth-without-email/',
        { username: phone, password: PASSWORD },
        from,
        device,
      );
      expect(own.status).toBe(200);
    }

    // The owner asks for a code, and sets a new password with it.
    const ask = await post('/core/send_sms_recovery_password_app/', { cellphone: phone }, home, device);
    expect(ask.status).toBe(200);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    // The attacker keeps sending wrong codes; the owner's tries are not used up.
    for (let i = 0; i < 6; i += 1)
      await post(
        '/core/recovery_password_app/',
        { cellphone: phone, code: code === '000-000' ? '111-111' : '000-000', password: 'senha-do-ladrao-1' },
        `192.0.2.${150 + i}`,
      );
    const reset = await post(
      '/core/recovery_password_app/',
      { cellphone: phone, code, password: 'senha-nova-do-dono-2' },
      home,
      device,
    );
    expect(reset.status).toBe(200);
    const after = await post(
      '/core/v2/auth/api-token-auth-without-email/',
      { username: phone, password: 'senha-nova-do-dono-2' },
      home,
      deviceCookieOf(reset),
    );
    expect(after.status).toBe(200);
    recordFigure(SCENARIO, 'owner sign-ins and recoveries refused', 0, 'requests');
  });
});
