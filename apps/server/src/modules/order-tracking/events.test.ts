import {
  errorReply,
  HEARTBEAT_EVENT,
  ORDER_EVENT,
  orderEventData,
  RESYNC_EVENT,
  streamTicketReply,
} from '@comanda/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../app.ts';
import type { PostgresOrderEvents } from '../../lib/order-events.ts';
import {
  bearer,
  buildAccountsTestApp,
  lastRecoveryCode,
  PIZZARIA,
  SAKURA,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { buildSecondTestApp, type TestApp } from '../../test/test-app.ts';
import {
  changeStatus,
  eventually,
  listen,
  openSse,
  placePickupOrder,
  type SseConnection,
  type SseEvent,
} from '../../test/tracking.ts';

/*
 * Live order status over Server-Sent Events, on a real socket: the status change reaches the
 * customer's stream (and the store's staff stream) within 2 s, across two server instances on one
 * database; streams close on client disconnect and on server shutdown.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const HEARTBEAT_MS = 200;

let t: TestApp;
let base: string;
const open: SseConnection[] = [];

beforeAll(async () => {
  t = await buildAccountsTestApp({
    env: { ORDER_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS), STAFF_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS) },
  });
  base = await listen(t);
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await t.close();
});

async function stream(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const connection = await openSse(baseUrl, path, headers);
  open.push(connection);
  return connection;
}

async function streamTicket(token: string, options: { host?: string; path?: string } = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: options.path ?? '/bar/v2/orders/events/ticket',
    headers: { host: options.host ?? PIZZARIA, ...bearer(token) },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return streamTicketReply.parse(response.json());
}

const customerStream = (baseUrl: string, token: string, host = PIZZARIA) =>
  stream(baseUrl, '/bar/v2/orders/events', { host, ...bearer(token) });

const orderEvent = (id: number, status?: string) => (event: SseEvent) =>
  event.event === ORDER_EVENT &&
  orderEventData.parse(JSON.parse(event.data)).id === id &&
  (status === undefined || JSON.parse(event.data).status === status);

describe('the customer’s event stream (GET /bar/v2/orders/events)', () => {
  it('is text/event-stream with a retry hint, and delivers a status change within 2 s', async () => {
    const customer = await signUp(t.app);
    const staff = await signInStaff(t);
    const orderId = await placePickupOrder(t, customer);
    const events = await customerStream(base, customer.token);
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(events.headers['cache-control']).toBe('no-store, no-transform');
    expect(events.retry).toBeGreaterThanOrEqual(3000);

    const started = Date.now();
    const changed = await changeStatus(t, staff.token, orderId, { status: 'Preparo' });
    expect(changed.statusCode, changed.body).toBe(200);
    const event = await events.next(orderEvent(orderId, 'Preparo'), 2000);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(orderEventData.parse(JSON.parse(event.data))).toEqual({
      id: orderId,
      status: 'Preparo',
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('announces a new order (status Solicitado) and carries only the customer’s own orders', async () => {
    const customer = await signUp(t.app);
    const other = await signUp(t.app);
    const staff = await signInStaff(t);
    const events = await customerStream(base, customer.token);
    const otherOrder = await placePickupOrder(t, other);
    const mine = await placePickupOrder(t, customer);
    await events.next(orderEvent(mine, 'Solicitado'));
    expect((await changeStatus(t, staff.token, otherOrder, { status: 'Preparo' })).statusCode).toBe(200);
    expect((await changeStatus(t, staff.token, mine, { status: 'Concluido' })).statusCode).toBe(200);
    await events.next(orderEvent(mine, 'Concluido'));
    await events.next(orderEvent(mine, 'Solicitado'));
    const ids = events.events
      .filter((event) => event.event === ORDER_EVENT)
      .map((e) => JSON.parse(e.data).id);
    expect(new Set(ids)).toEqual(new Set([mine]));
  });

  it('opens with a one-minute stream ticket (EventSource cannot send headers), never with the token', async () => {
    const customer = await signUp(t.app);
    const staff = await signInStaff(t);
    const orderId = await placePickupOrder(t, customer);
    const ticket = await streamTicket(customer.token);
    expect(ticket.expires_in).toBe(60);
    expect(ticket.ticket).not.toContain(customer.token.split('.')[1]!);
    expect(ticket.ticket).not.toContain(customer.phone);
    const events = await stream(base, `/bar/v2/orders/events?ticket=${encodeURIComponent(ticket.ticket)}`, {
      host: PIZZARIA,
    });
    expect(events.status).toBe(200);
    await changeStatus(t, staff.token, orderId, { status: 'Preparo' });
    await events.next(orderEvent(orderId, 'Preparo'));
    // The session token in the URL is no longer accepted.
    const withToken = await stream(
      base,
      `/bar/v2/orders/events?token=${encodeURIComponent(customer.token)}`,
      {
        host: PIZZARIA,
      },
    );
    expect(withToken.status).toBe(401);
  });

  it('refuses a ticket as a bearer token, an expired one, a forged one and one from another store', async () => {
    const customer = await signUp(t.app);
    const { ticket } = await streamTicket(customer.token);
    const asBearer = await t.app.inject({
      method: 'GET',
      url: '/bar/atendimentos_list_app',
      headers: { host: PIZZARIA, ...bearer(ticket) },
    });
    expect(asBearer.statusCode).toBe(401);
    const [sessionId, expires, mac] = ticket.split('.');
    const forged = `${sessionId}.${Number(expires) + 3600}.${mac}`;
    for (const [host, value] of [
      [PIZZARIA, forged],
      [SAKURA, ticket],
      [PIZZARIA, 'nope'],
    ] as const) {
      const refused = await stream(base, `/bar/v2/orders/events?ticket=${encodeURIComponent(value)}`, {
        host,
      });
      expect(refused.status).toBe(401);
    }
    t.setNow(new Date(Date.now() + 61_000));
    try {
      const late = await stream(base, `/bar/v2/orders/events?ticket=${encodeURIComponent(ticket)}`, {
        host: PIZZARIA,
      });
      expect(late.status).toBe(401);
    } finally {
      t.setNow(new Date());
    }
  });

  it('ends at once when its session logs out, and its ticket stops working', async () => {
    const customer = await signUp(t.app);
    const { ticket } = await streamTicket(customer.token);
    const events = await stream(base, `/bar/v2/orders/events?ticket=${encodeURIComponent(ticket)}`, {
      host: PIZZARIA,
    });
    expect(events.status).toBe(200);
    const started = Date.now();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/core/v2/auth/session-logout/',
      headers: { host: PIZZARIA, ...bearer(customer.token) },
    });
    expect(logout.statusCode).toBe(200);
    await events.ended;
    expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS);
    const again = await stream(base, `/bar/v2/orders/events?ticket=${encodeURIComponent(ticket)}`, {
      host: PIZZARIA,
    });
    expect(again.status).toBe(401);
  });

  it('ends when the password changes (every session of the account)', async () => {
    const customer = await signUp(t.app);
    const events = await customerStream(base, customer.token);
    await t.app.inject({
      method: 'POST',
      url: '/core/send_sms_recovery_password_app/',
      headers: { host: PIZZARIA },
      payload: { cellphone: customer.phone },
    });
    const code = await lastRecoveryCode(t, 'pizzaria', customer.phone);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/core/recovery_password_app/',
      headers: { host: PIZZARIA },
      payload: { cellphone: customer.phone, code, password: 'nova-senha-boa' },
    });
    expect(reset.statusCode).toBe(200);
    await events.ended;
  });

  it('keeps ?token= and ?ticket= out of the server’s request logs', () => {
    expect(redactUrl('/bar/v2/orders/events?ticket=1.2.abc&format=json')).toBe(
      '/bar/v2/orders/events?ticket=[redacted]&format=json',
    );
    expect(redactUrl('/staff/orders/events?format=json&TOKEN=abc')).toBe(
      '/staff/orders/events?format=json&TOKEN=[redacted]',
    );
    expect(redactUrl('/entregador/abc_DEF-123?x=1')).toBe('/entregador/[redacted]?x=1');
    expect(redactUrl('/bar/atendimentos_list_app?format=json')).toBe(
      '/bar/atendimentos_list_app?format=json',
    );
  });

  it('refuses without a token (401), with a bad one (401), another store’s (401) and staff’s (403)', async () => {
    const customer = await signUp(t.app);
    const staff = await signInStaff(t);
    const cases: [Record<string, string>, string, number, string][] = [
      [{ host: PIZZARIA }, '', 401, 'NOT_AUTHENTICATED'],
      [{ host: PIZZARIA }, '?ticket=nope', 401, 'NOT_AUTHENTICATED'],
      [
        { host: PIZZARIA, authorization: 'Bearer nope' },
        `?ticket=${(await streamTicket(customer.token)).ticket}`,
        401,
        'NOT_AUTHENTICATED',
      ],
      [{ host: SAKURA, ...bearer(customer.token) }, '', 401, 'NOT_AUTHENTICATED'],
      [{ host: PIZZARIA, ...bearer(staff.token) }, '', 403, 'FORBIDDEN'],
    ];
    for (const [headers, query, status, code] of cases) {
      const refused = await stream(base, `/bar/v2/orders/events${query}`, headers);
      expect(refused.status).toBe(status);
      expect(errorReply.parse(refused.body).code).toBe(code);
    }
  });

  it('sends a comment heartbeat on an idle stream', async () => {
    const customer = await signUp(t.app);
    const events = await customerStream(base, customer.token);
    expect(events.comments).toContain('connected');
    await events.nextComment('ping', HEARTBEAT_MS * 5);
  });

  it('stops the subscription when the client goes away', async () => {
    const customer = await signUp(t.app);
    const hub = (t.ctx.orderEvents as unknown as { hub: { size: number } }).hub;
    const before = hub.size;
    const events = await customerStream(base, customer.token);
    expect(hub.size).toBe(before + 1);
    events.close();
    await eventually(() => hub.size === before);
  });

  it('refuses more than 10 open streams of one account (429 TOO_MANY_STREAMS)', async () => {
    const customer = await signUp(t.app);
    const streams = await Promise.all(Array.from({ length: 10 }, () => customerStream(base, customer.token)));
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const refused = await customerStream(base, customer.token);
    expect(refused.status).toBe(429);
    expect(errorReply.parse(refused.body).code).toBe('TOO_MANY_STREAMS');
    for (const s of streams) s.close();
    const hub = (t.ctx.orderEvents as unknown as { hub: { size: number } }).hub;
    await eventually(() => hub.size < 10);
    const again = await customerStream(base, customer.token);
    expect(again.status).toBe(200);
  });
});

describe('the staff event stream (GET /staff/orders/events)', () => {
  it('carries every order of the store and none of another store', async () => {
    const staff = await signInStaff(t);
    const sakuraStaff = await signInStaff(t, { host: SAKURA });
    const events = await stream(base, '/staff/orders/events', { host: PIZZARIA, ...bearer(staff.token) });
    const sakuraTicket = await streamTicket(sakuraStaff.token, {
      host: SAKURA,
      path: '/staff/orders/events/ticket',
    });
    const sakuraEvents = await stream(base, `/staff/orders/events?ticket=${sakuraTicket.ticket}`, {
      host: SAKURA,
    });
    expect([events.status, sakuraEvents.status]).toEqual([200, 200]);
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const orderA = await placePickupOrder(t, a);
    const orderB = await placePickupOrder(t, b);
    await events.next(orderEvent(orderA, 'Solicitado'));
    await events.next(orderEvent(orderB, 'Solicitado'));
    await changeStatus(t, staff.token, orderB, { status: 'Cancelado', reason: 'Sem entregador' });
    await events.next(orderEvent(orderB, 'Cancelado'));
    expect(sakuraEvents.events.filter((event) => event.event !== HEARTBEAT_EVENT)).toEqual([]);
  });

  it('sends `event: heartbeat` when it opens and again every interval (the board’s watchdog counts them)', async () => {
    const staff = await signInStaff(t);
    const events = await stream(base, '/staff/orders/events', { host: PIZZARIA, ...bearer(staff.token) });
    expect(events.status).toBe(200);
    const isHeartbeat = (event: SseEvent) => event.event === HEARTBEAT_EVENT;
    await events.next(isHeartbeat, HEARTBEAT_MS);
    await eventually(() => events.events.filter(isHeartbeat).length >= 3);
    expect(JSON.parse(events.events.find(isHeartbeat)!.data)).toEqual({});
  });

  it('is the only stream with heartbeat events: a customer’s stream keeps its comment pings', async () => {
    const customer = await signUp(t.app);
    const events = await customerStream(base, customer.token);
    await events.nextComment('ping', HEARTBEAT_MS * 5);
    expect(events.events.filter((event) => event.event === HEARTBEAT_EVENT)).toEqual([]);
  });

  it('refuses customer tokens (403) and no token (401)', async () => {
    const customer = await signUp(t.app);
    const asCustomer = await stream(base, '/staff/orders/events', {
      host: PIZZARIA,
      ...bearer(customer.token),
    });
    expect(asCustomer.status).toBe(403);
    const anonymous = await stream(base, '/staff/orders/events', { host: PIZZARIA });
    expect(anonymous.status).toBe(401);
  });
});

describe('two server instances on one database', () => {
  it('a change made through instance A is seen on a stream opened on instance B', async () => {
    // PostgreSQL: B has its own pool and LISTEN connection; PGlite (one process): B shares the handle.
    const b = await buildSecondTestApp(t);
    try {
      const baseB = await listen(b);
      const customer = await signUp(t.app);
      const staff = await signInStaff(t);
      const orderId = await placePickupOrder(t, customer);
      const onB = await customerStream(baseB, customer.token);
      const onA = await customerStream(base, customer.token);
      const staffOnB = await stream(baseB, '/staff/orders/events', {
        host: PIZZARIA,
        ...bearer(staff.token),
      });

      const started = Date.now();
      const changed = await changeStatus(t, staff.token, orderId, { status: 'Preparo' });
      expect(changed.statusCode, changed.body).toBe(200);
      await onB.next(orderEvent(orderId, 'Preparo'), 2000);
      await staffOnB.next(orderEvent(orderId, 'Preparo'), 2000);
      await onA.next(orderEvent(orderId, 'Preparo'), 2000);
      expect(Date.now() - started).toBeLessThan(2000);

      // And the other way round: a change through B reaches A.
      expect((await changeStatus(b, staff.token, orderId, { status: 'Concluido' })).statusCode).toBe(200);
      await onA.next(orderEvent(orderId, 'Concluido'), 2000);
    } finally {
      await b.close();
    }
  });

  it('a logout through instance A ends the session’s stream on instance B within a heartbeat', async () => {
    const b = await buildSecondTestApp(t, { env: { ORDER_EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS) } });
    try {
      const baseB = await listen(b);
      const customer = await signUp(t.app);
      const onB = await customerStream(baseB, customer.token);
      expect(onB.status).toBe(200);
      const started = Date.now();
      await t.app.inject({
        method: 'POST',
        url: '/core/v2/auth/session-logout/',
        headers: { host: PIZZARIA, ...bearer(customer.token) },
      });
      await onB.ended;
      expect(Date.now() - started).toBeLessThan(HEARTBEAT_MS * 5);
    } finally {
      await b.close();
    }
  });

  it('closing one instance ends its streams at once and leaves the other’s running', async () => {
    const b = await buildSecondTestApp(t);
    const baseB = await listen(b);
    const customer = await signUp(t.app);
    const staff = await signInStaff(t);
    const orderId = await placePickupOrder(t, customer);
    const onB = await customerStream(baseB, customer.token);
    const onA = await customerStream(base, customer.token);
    const started = Date.now();
    await b.close();
    await onB.ended;
    expect(Date.now() - started).toBeLessThan(2000);
    await changeStatus(t, staff.token, orderId, { status: 'Preparo' });
    await onA.next(orderEvent(orderId, 'Preparo'));
  });
});

describe('when the listener may have missed events', () => {
  it('the streams get `event: resync`, and events flow again', async () => {
    const customer = await signUp(t.app);
    const staff = await signInStaff(t);
    const orderId = await placePickupOrder(t, customer);
    const connection = await customerStream(base, customer.token);
    if (onPostgres) {
      // The LISTEN connection is killed: it is opened again (with back-off) and the gap reported.
      const events = t.ctx.orderEvents as PostgresOrderEvents;
      const pid = events.listenerPid;
      expect(pid).toBeTypeOf('number');
      const admin = new pg.Client({ connectionString: t.databaseUrl });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      await connection.next((event) => event.event === RESYNC_EVENT, 5000);
      expect(events.listening).toBe(true);
      expect(events.listenerPid).not.toBe(pid);
    } else {
      // PGlite listens in-process and cannot drop; the hub's gap report is what a reconnection does.
      (t.ctx.orderEvents as unknown as { hub: { gap(): void } }).hub.gap();
      const resync = await connection.next((event) => event.event === RESYNC_EVENT);
      expect(JSON.parse(resync.data)).toEqual({});
    }
    await changeStatus(t, staff.token, orderId, { status: 'Preparo' });
    await connection.next(orderEvent(orderId, 'Preparo'));
  });
});
