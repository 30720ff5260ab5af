import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  nextAddress,
  PASSWORD,
  PIZZARIA,
  type SignedUp,
  signInStaff,
  signUp,
} from '../test/accounts.ts';
import type { TestApp } from '../test/test-app.ts';

/*
 * Issue 18, finding 9: personal replies are never cached. Every call that needs a session is found
 * in the OpenAPI document (so a new one is covered without being listed here); the personal calls
 * without one are listed.
 */

interface Operation {
  security?: Record<string, string[]>[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

describe('Cache-Control of personal replies', () => {
  let t: TestApp;
  let maria: SignedUp;
  let staffToken: string;

  beforeAll(async () => {
    t = await buildAccountsTestApp({ demoStores: ['pizzaria.json'] });
    maria = await signUp(t.app);
    staffToken = (await signInStaff(t)).token;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Every signed-in operation of the API (event streams apart: their reply never ends). */
  function signedInOperations(): { method: string; path: string }[] {
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const found: { method: string; path: string }[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.security?.some((scheme) => 'bearerAuth' in scheme)) continue;
        if (path.endsWith('/events')) continue;
        found.push({ method: method.toUpperCase(), path });
      }
    }
    return found;
  }

  it('every signed-in call answers no-store, whatever its status', async () => {
    const operations = signedInOperations();
    expect(operations.length).toBeGreaterThanOrEqual(20);
    for (const { method, path } of operations) {
      const url = path.replace('{id}', String(maria.userId)).replace(/\{[^}]+\}/g, '1');
      const token = path.startsWith('/staff/') ? staffToken : maria.token;
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { host: PIZZARIA, ...bearer(token) },
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.headers['cache-control'], `${method} ${path} (${response.statusCode})`).toBe(
        'no-store',
      );
    }
  });

  it('the customer, addresses, orders and the session calls include what a customer reads', async () => {
    const paths = signedInOperations().map((operation) => `${operation.method} ${operation.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /core/cliente_app/{id}',
        'GET /core/v2/app/customer/addresses/',
        'GET /bar/atendimentos_list_app',
        'GET /bar/atendimentos_app/{id}',
        'POST /bar/v2/payment/get-payment-intent/',
        'POST /bar/v2/app/order/upsert/',
        'GET /staff/orders',
      ]),
    );
  });

  it('the personal calls without a session answer no-store too: sign-up, sign-in, phone look-up, recovery, privacy link', async () => {
    const phone = '11977776666';
    const calls = [
      {
        method: 'POST' as const,
        url: '/core/registration_app/',
        payload: { name: 'Ana Souza', password: PASSWORD, terms: true, cellphone: phone, ddi: '55' },
      },
      {
        method: 'POST' as const,
        url: '/core/v2/auth/api-token-auth-without-email/',
        payload: { username: phone, password: PASSWORD },
      },
      { method: 'GET' as const, url: `/core/telefone_login_app/${phone}` },
      {
        method: 'POST' as const,
        url: '/core/send_sms_recovery_password_app/',
        payload: { cellphone: phone },
      },
      { method: 'GET' as const, url: `/core/v2/customer/get-customer-privacy/?cid=${maria.userId}` },
    ];
    for (const call of calls) {
      const response = await t.app.inject({
        ...call,
        headers: { host: PIZZARIA },
        remoteAddress: nextAddress(),
      });
      expect(response.statusCode, `${call.url}: ${response.body}`).toBeLessThan(500);
      expect(response.headers['cache-control'], call.url).toBe('no-store');
    }
  });

  it("the menu's public replies are a shared cache's for seconds, revalidated by browsers, tagged by store", async () => {
    const response = await t.app.inject({
      url: '/estoque/produtos_app?format=json',
      headers: { host: PIZZARIA },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    expect(response.headers['cdn-cache-control']).toBe('max-age=10, stale-while-revalidate=30');
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['surrogate-key']).toBe('menu-pizzaria');
    const again = await t.app.inject({
      url: '/estoque/produtos_app?format=json',
      headers: { host: PIZZARIA, 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('a menu call asked with a menu version is never kept under a newer one; a menu write moves it', async () => {
    const list = (version: number) =>
      t.app.inject({ url: `/estoque/produtos_app?format=json&v=${version}`, headers: { host: PIZZARIA } });
    const [before] = await t.database.db
      .select({ id: stores.id, version: stores.menuVersion })
      .from(stores)
      .where(eq(stores.slug, 'pizzaria'));
    const current = await list(before!.version);
    expect(current.statusCode).toBe(200);
    expect(current.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
    const products = current.json() as { id: number }[];

    // A version not yet written: served, but nobody may keep the current menu under it.
    const ahead = await list(before!.version + 1);
    expect(ahead.statusCode).toBe(200);
    expect(ahead.headers['cache-control']).toBe('no-store');
    expect(ahead.headers['cdn-cache-control']).toBeUndefined();

    const switched = await t.app.inject({
      method: 'PUT',
      url: `/staff/menu/products/${products[0]!.id}/sold-out`,
      headers: { host: PIZZARIA, ...bearer(staffToken) },
      payload: { sold_out: true },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const written = (switched.json() as { menu_version: number }).menu_version;
    expect(written).toBe(before!.version + 1);
    try {
      // A page opened before the write gets the written menu, which a cache may keep under the old key.
      const older = await list(before!.version);
      expect(older.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
      expect((older.json() as { id: number; esgotado?: boolean }[])[0]).toMatchObject({ esgotado: true });
      const fresh = await list(written);
      expect(fresh.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
      expect((fresh.json() as { id: number; esgotado?: boolean }[])[0]).toMatchObject({ esgotado: true });
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: `/staff/menu/products/${products[0]!.id}/sold-out`,
        headers: { host: PIZZARIA, ...bearer(staffToken) },
        payload: { sold_out: false },
      });
    }
  });

  it('the same menu call made signed in is kept by nobody', async () => {
    const response = await t.app.inject({
      url: '/estoque/produtos_app?format=json',
      headers: { host: PIZZARIA, ...bearer(maria.token) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
