import { errorReply, storeControlsReply } from '@comanda/contract';
import { DEFAULT_CANCEL_REASONS, DEFAULT_REFUSAL_REASONS } from '@comanda/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';

/*
 * The board's preset refusal and cancel reasons (stored per store, defaults in the domain) and a
 * pause of any length the API allows (5–240 minutes), docs/decisions/0048.
 */

const TUESDAY_NOON = new Date('2026-05-05T12:00:00-03:00');
const MINUTE = 60_000;

let t: TestApp;
let owner: StaffSignedIn;
let manager: StaffSignedIn;
let attendant: StaffSignedIn;
let sakuraOwner: StaffSignedIn;
let customer: SignedUp;
beforeAll(async () => {
  t = await buildAccountsTestApp({ now: TUESDAY_NOON });
  owner = await signInStaff(t);
  manager = await signInStaff(t, { role: 'manager' });
  attendant = await signInStaff(t, { role: 'attendant' });
  sakuraOwner = await signInStaff(t, { host: SAKURA });
  customer = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await call('PATCH', '/staff/store/settings', owner.token, { refusal_reasons: [], cancel_reasons: [] });
  await call('DELETE', '/staff/store/pause', owner.token);
});

function call(
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  token: string | null,
  payload?: object,
  host = PIZZARIA,
) {
  return t.app.inject({
    method,
    url,
    headers: { host, ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function controls(token = owner.token, host = PIZZARIA) {
  const response = await call('GET', '/staff/store', token, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return storeControlsReply.parse(response.json());
}

function expectRefusal(
  response: { statusCode: number; json(): unknown; body: string },
  status: number,
  code: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorReply.parse(response.json()).code).toBe(code);
}

describe('preset refusal and cancel reasons', () => {
  it('start as the defaults, read by every role (attendants refuse orders too)', async () => {
    for (const who of [owner, manager, attendant]) {
      expect(await controls(who.token)).toMatchObject({
        refusal_reasons: [...DEFAULT_REFUSAL_REASONS],
        cancel_reasons: [...DEFAULT_CANCEL_REASONS],
      });
    }
  });

  it('a manager saves the store’s own (trimmed), one list at a time; an empty list brings the defaults back', async () => {
    const saved = await call('PATCH', '/staff/store/settings', manager.token, {
      refusal_reasons: [' Sem motoboy agora ', 'Endereço fora do mapa'],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(storeControlsReply.parse(saved.json())).toMatchObject({
      refusal_reasons: ['Sem motoboy agora', 'Endereço fora do mapa'],
      cancel_reasons: [...DEFAULT_CANCEL_REASONS],
    });
    await call('PATCH', '/staff/store/settings', owner.token, { cancel_reasons: ['Cliente desistiu'] });
    expect(await controls(attendant.token)).toMatchObject({
      refusal_reasons: ['Sem motoboy agora', 'Endereço fora do mapa'],
      cancel_reasons: ['Cliente desistiu'],
    });
    // Another store keeps its defaults.
    expect((await controls(sakuraOwner.token, SAKURA)).refusal_reasons).toEqual([...DEFAULT_REFUSAL_REASONS]);
    await call('PATCH', '/staff/store/settings', owner.token, { refusal_reasons: [] });
    expect((await controls()).refusal_reasons).toEqual([...DEFAULT_REFUSAL_REASONS]);
  });

  it('refuses blank, too long, too many and repeated reasons with 400, and changes nothing', async () => {
    await call('PATCH', '/staff/store/settings', owner.token, { refusal_reasons: ['Item em falta'] });
    const before = await controls();
    for (const refusal_reasons of [
      ['Item em falta', '   '],
      ['x'.repeat(81)],
      Array.from({ length: 9 }, (_, index) => `Motivo ${index + 1}`),
      ['Item em falta', ' item em FALTA '],
      'Item em falta',
      [42],
    ]) {
      const response = await call('PATCH', '/staff/store/settings', owner.token, { refusal_reasons });
      expectRefusal(response, 400, 'INVALID_INPUT');
    }
    expectRefusal(
      await call('PATCH', '/staff/store/settings', owner.token, { cancel_reasons: [''] }),
      400,
      'INVALID_INPUT',
    );
    expect(await controls()).toEqual(before);
  });

  it('exactly 8 reasons of 80 characters are taken', async () => {
    const reasons = Array.from({ length: 8 }, (_, index) => `${index + 1}`.padEnd(80, '.'));
    const response = await call('PATCH', '/staff/store/settings', owner.token, { cancel_reasons: reasons });
    expect(response.statusCode, response.body).toBe(200);
    expect(storeControlsReply.parse(response.json()).cancel_reasons).toEqual(reasons);
  });

  it('an attendant, a customer, no token and another store’s staff cannot change them', async () => {
    const before = await controls();
    const change = { refusal_reasons: ['Fechamos mais cedo'] };
    expectRefusal(await call('PATCH', '/staff/store/settings', attendant.token, change), 403, 'FORBIDDEN');
    expectRefusal(await call('PATCH', '/staff/store/settings', customer.token, change), 403, 'FORBIDDEN');
    expectRefusal(await call('PATCH', '/staff/store/settings', null, change), 401, 'NOT_AUTHENTICATED');
    expectRefusal(
      await call('PATCH', '/staff/store/settings', sakuraOwner.token, change),
      401,
      'NOT_AUTHENTICATED',
    );
    expect(await controls()).toEqual(before);
  });
});

describe('a pause of any length from 5 to 240 minutes', () => {
  it('takes 5, 17, 95 and 240 minutes, ending that many minutes from now', async () => {
    for (const minutes of [5, 17, 95, 240]) {
      const response = await call('POST', '/staff/store/pause', manager.token, { minutes, reason: 'Teste' });
      expect(response.statusCode, response.body).toBe(200);
      expect(storeControlsReply.parse(response.json())).toMatchObject({
        paused_until: new Date(TUESDAY_NOON.getTime() + minutes * MINUTE).toISOString(),
        pause_reason: 'Teste',
        closed_by: 'pause',
      });
    }
  });

  it('refuses 4, 241, fractions, text and a missing number with 400, and changes nothing', async () => {
    await call('DELETE', '/staff/store/pause', owner.token);
    for (const body of [
      { minutes: 4 },
      { minutes: 241 },
      { minutes: 12.5 },
      { minutes: '30' },
      {},
      { minutes: 0 },
    ]) {
      expectRefusal(await call('POST', '/staff/store/pause', owner.token, body), 400, 'INVALID_INPUT');
    }
    expect(await controls()).toMatchObject({ paused_until: null, open_now: true });
  });

  it('an attendant may not pause (403)', async () => {
    expectRefusal(
      await call('POST', '/staff/store/pause', attendant.token, { minutes: 20 }),
      403,
      'FORBIDDEN',
    );
    expect((await controls()).paused_until).toBeNull();
  });
});

describe('a call without any token', () => {
  it('says to sign in (nothing expired); a token that no longer works says the session expired', async () => {
    const anonymous = await call('GET', '/staff/store', null);
    expect(anonymous.statusCode).toBe(401);
    expect(errorReply.parse(anonymous.json())).toMatchObject({
      code: 'NOT_AUTHENTICATED',
      detail: 'Entre na sua conta para continuar.',
    });
    const stale = await call('GET', '/staff/store', 'not-a-live-token');
    expect(stale.statusCode).toBe(401);
    expect(errorReply.parse(stale.json())).toMatchObject({
      code: 'NOT_AUTHENTICATED',
      detail: 'Sua sessão expirou. Entre novamente.',
    });
  });
});
