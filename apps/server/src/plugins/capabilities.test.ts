import { errorReply } from '@comanda/contract';
import { type Capability, isCapability, roleNeededFor, STAFF_ROLES, type StaffRole } from '@comanda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../test/accounts.ts';
import type { TestApp } from '../test/test-app.ts';
import type { RouteCapability } from './auth.ts';

/*
 * Who may do what (docs/decisions/0042): every staff route of the built app names a capability of
 * the domain's table, and the one hook refuses each role below it, a customer, another store's
 * member and a caller without a token, before the route reads anything.
 */

/**
 * The routes under /staff that a signed-out caller reaches: the staff app's page (served when the
 * storefront is built) and its sign-in.
 */
const SIGNED_OUT_STAFF_ROUTES = ['GET /staff', 'GET /staff/app/*', 'POST /staff/auth/sign-in'];

/**
 * One call per capability that the lowest allowed role makes, with the status it then gets: the hook
 * lets it through, and the route answers (nothing here changes the demo store for the other calls).
 */
/**
 * Capabilities no route names: the handler that needs one checks it (a cancel's approval;
 * docs/decisions/0059). `payments.pix_key` is both: the editor's payments section checks it for a PIX
 * key change, and the payment provider's routes name it (docs/decisions/0063).
 */
const CHECKED_IN_HANDLERS = ['orders.cancel'] as const;

const ALLOWED_CALLS: Record<
  Exclude<Capability, (typeof CHECKED_IN_HANDLERS)[number]>,
  { method: string; url: string; payload?: object; status: number }
> = {
  'staff.me': { method: 'GET', url: '/staff/me', status: 200 },
  'orders.handle': { method: 'GET', url: '/staff/orders', status: 200 },
  'orders.edit': {
    method: 'POST',
    url: '/staff/orders/999999/edit',
    payload: { remover: [0] },
    status: 404,
  },
  'orders.enter': { method: 'GET', url: '/staff/customers?phone=11900000000', status: 200 },
  'payments.confirm': { method: 'POST', url: '/staff/payments/999999/confirm', status: 404 },
  'store.read': { method: 'GET', url: '/staff/store', status: 200 },
  'menu.sold_out': { method: 'GET', url: '/staff/menu/availability', status: 200 },
  'tables.serve': { method: 'GET', url: '/staff/tables', status: 200 },
  'settings.read': { method: 'GET', url: '/staff/editor/document', status: 200 },
  'stations.read': { method: 'GET', url: '/staff/stations', status: 200 },
  'register.operate': { method: 'GET', url: '/staff/register-sessions/999999', status: 404 },
  'register.manage': {
    method: 'PATCH',
    url: '/staff/registers/999999',
    payload: { ativo: true },
    status: 404,
  },
  'stations.manage': { method: 'DELETE', url: '/staff/stations/999999', status: 404 },
  'printers.manage': { method: 'GET', url: '/staff/printers', status: 200 },
  'kitchen.bump': { method: 'GET', url: '/staff/kitchen', status: 200 },
  'store.open_close': { method: 'DELETE', url: '/staff/store/pause', status: 200 },
  'orders.settings': {
    method: 'PATCH',
    url: '/staff/store/settings',
    payload: { auto_print: true },
    status: 200,
  },
  'settings.edit': { method: 'PUT', url: '/staff/editor/sections/contact', payload: {}, status: 428 },
  'settings.audit': { method: 'GET', url: '/staff/editor/audit', status: 200 },
  'reports.read': { method: 'GET', url: '/staff/reports/today', status: 200 },
  'ratings.read': { method: 'GET', url: '/staff/ratings', status: 200 },
  'dispatch.manage': { method: 'GET', url: '/staff/dispatch', status: 200 },
  'couriers.manage': { method: 'DELETE', url: '/staff/couriers/999999/link', status: 404 },
  'payments.ledger': { method: 'GET', url: '/staff/payments/ledger?date=ontem', status: 400 },
  'tables.manage': { method: 'POST', url: '/staff/tables/999999/rotate-token', status: 404 },
  'team.manage': { method: 'GET', url: '/staff/team', status: 200 },
  'stores.create': { method: 'POST', url: '/staff/stores', payload: {}, status: 400 },
  'roles.manage': { method: 'GET', url: '/staff/roles', status: 200 },
  'notices.owner': { method: 'GET', url: '/staff/notices', status: 200 },
  'payments.pix_key': { method: 'GET', url: '/staff/payments/provider', status: 200 },
  'orders.cancel_paid': { method: 'POST', url: '/staff/cancel-requests/999999/deny', status: 404 },
  'whatsapp.inbox': { method: 'GET', url: '/staff/whatsapp/conversations', status: 200 },
  'whatsapp.settings': { method: 'GET', url: '/staff/whatsapp/settings', status: 200 },
};

let t: TestApp;
let members: Record<StaffRole, StaffSignedIn>;
let sakuraOwner: StaffSignedIn;
let customerToken: string;
let staffRoutes: RouteCapability[];
beforeAll(async () => {
  t = await buildAccountsTestApp();
  members = {
    attendant: await signInStaff(t, { name: 'Ana Balcão', role: 'attendant' }),
    manager: await signInStaff(t, { name: 'Marcos Gerente', role: 'manager' }),
    owner: await signInStaff(t, { name: 'Olga Dona', role: 'owner' }),
  };
  sakuraOwner = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato', role: 'owner' });
  customerToken = (await signUp(t.app)).token;
  staffRoutes = t.app.routeCapabilities.filter(
    (route) =>
      (route.url === '/staff' || route.url.startsWith('/staff/')) &&
      route.method !== 'HEAD' &&
      !SIGNED_OUT_STAFF_ROUTES.includes(`${route.method} ${route.url}`),
  );
});
afterAll(async () => {
  await t.close();
});

/** A route's path with its parameters filled: ids that no store has. */
const concrete = (url: string) => url.replace(/:\w+/g, '999999');

function call(method: string, url: string, token: string | null, payload?: object, host = PIZZARIA) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { host, ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
}

describe('every staff route', () => {
  it('is found by the walk', () => {
    // The walk covers the team, the board, the editor, the tables and the payments at least.
    expect(staffRoutes.length).toBeGreaterThan(30);
    const all = t.app.routeCapabilities.map((route) => `${route.method} ${route.url}`);
    expect(all).toContain('POST /staff/auth/sign-in');
  });

  it('names a capability of the table', () => {
    const without = staffRoutes.filter((route) => !isCapability(route.capability));
    expect(without.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it('refuses each role below its capability with 403 FORBIDDEN, before reading the request', async () => {
    for (const route of staffRoutes) {
      const needed = roleNeededFor(route.capability as Capability);
      for (const role of STAFF_ROLES.slice(0, STAFF_ROLES.indexOf(needed))) {
        const response = await call(route.method, concrete(route.url), members[role].token);
        const name = `${role} ${route.method} ${route.url}`;
        expect(response.statusCode, name).toBe(403);
        expect(errorReply.parse(response.json()), name).toMatchObject({
          code: 'FORBIDDEN',
          detail: 'Você não tem acesso a isto.',
        });
      }
    }
  });

  it('refuses a customer with 403, and no token or another store’s member with 401', async () => {
    for (const route of staffRoutes) {
      const url = concrete(route.url);
      const name = `${route.method} ${route.url}`;
      const customer = await call(route.method, url, customerToken);
      expect(customer.statusCode, name).toBe(403);
      expect(errorReply.parse(customer.json()).code, name).toBe('FORBIDDEN');
      for (const token of [null, sakuraOwner.token]) {
        const response = await call(route.method, url, token);
        expect(response.statusCode, name).toBe(401);
        expect(errorReply.parse(response.json()).code, name).toBe('NOT_AUTHENTICATED');
      }
    }
  });
});

describe('each capability', () => {
  it('has a call below that reaches a route of it', () => {
    const named = new Set(staffRoutes.map((route) => route.capability));
    expect([...named].sort()).toEqual(Object.keys(ALLOWED_CALLS).sort());
    for (const capability of CHECKED_IN_HANDLERS) expect(named.has(capability)).toBe(false);
  });

  it.each(Object.entries(ALLOWED_CALLS))('%s: its lowest role is let through', async (capability, sample) => {
    const path = sample.url.split('?')[0]!;
    const pattern = (url: string) => new RegExp(`^${url.replace(/:\w+/g, '[^/]+').replace('*', '.*')}$`);
    const route = staffRoutes.find(
      (route) => route.method === sample.method && pattern(route.url).test(path),
    );
    expect(route?.capability, `${sample.method} ${path}`).toBe(capability);
    const needed = roleNeededFor(capability as Capability);
    const response = await call(sample.method, sample.url, members[needed].token, sample.payload);
    expect(response.statusCode, response.body).toBe(sample.status);
  });
});
