import {
  errorReply,
  ORDER_EVENT,
  staffTablesReply,
  TABLE_CALL_EVENT,
  type TableCall,
  tableCall,
} from '@comanda/contract';
import { TABLE_CALL_LIMIT } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableCalls } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  nextAddress,
  PIZZARIA,
  SAKURA,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine } from '../../test/orders.ts';
import { callFromTable, type QrTable, roundAtTable, staffCall } from '../../test/tables.ts';
import { buildSecondTestApp, type TestApp } from '../../test/test-app.ts';
import { listen, openSse, placePickupOrder, type SseConnection, type SseEvent } from '../../test/tracking.ts';

/*
 * Guests' calls from a table (issue 19): call the waiter, ask for the bill, one waiting call per
 * table and kind, limited per table and per address; the store's staff hear them live on their
 * event stream (never a customer's), across server instances, and acknowledge them.
 */

let t: TestApp;
let base: string;
let owner: StaffSignedIn;
const open: SseConnection[] = [];

beforeAll(async () => {
  t = await buildAccountsTestApp({ env: { ORDER_EVENTS_HEARTBEAT_MS: '200' } });
  base = await listen(t);
  owner = await signInStaff(t);
});
afterAll(async () => {
  for (const connection of open) connection.close();
  await t.close();
});

async function stream(path: string, headers: Record<string, string>) {
  const connection = await openSse(base, path, headers);
  open.push(connection);
  expect(connection.status).toBe(200);
  return connection;
}

const staffStream = (token: string, host = PIZZARIA) =>
  stream('/staff/orders/events', { host, ...bearer(token) });

async function refused(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  const body = errorReply.parse(response.json());
  expect(body.code).toBe(code);
  return body;
}

const callEvent = (id: number, acknowledged: boolean) => (event: SseEvent) => {
  if (event.event !== TABLE_CALL_EVENT) return false;
  const call = tableCall.parse(JSON.parse(event.data));
  return call.id === id && (call.acknowledged_at !== null) === acknowledged;
};

/** A fresh table of the store (a call's limits are per table). */
async function newTable(name: string): Promise<QrTable> {
  const created = await staffCall(t, owner.token, 'POST', '/staff/tables', { description: name });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id, token: new URL(created.json().links.local).searchParams.get('token')! };
}

function ack(callId: number, token = owner.token, host = PIZZARIA) {
  return staffCall(t, token, 'POST', `/staff/tables/calls/${callId}/ack`, undefined, host);
}

async function waterRound(table: QrTable) {
  await roundAtTable(t, await signUp(t.app), table, {
    lines: [await cartLine(t, { ref: 'agua', channel: 'local' })],
  });
}

describe('calling the waiter and asking for the bill (POST /bar/v2/tables/{table}/calls/)', () => {
  it('a call waits for the staff; calling again answers the same call', async () => {
    const table = await newTable('Chamados 1');
    const first = await callFromTable(t, table, 'waiter');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toContain('no-store');
    const call = tableCall.parse(first.json());
    expect(call).toEqual({
      id: expect.any(Number),
      kind: 'waiter',
      table_id: table.id,
      table_description: 'Chamados 1',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      acknowledged_at: null,
    });
    const again = await callFromTable(t, table, 'waiter');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(call);
    const rows = await t.database.db.select().from(tableCalls).where(eq(tableCalls.tableId, table.id));
    expect(rows).toHaveLength(1);

    // The staff list the waiting calls, oldest first.
    await waterRound(table);
    const bill = tableCall.parse((await callFromTable(t, table, 'bill')).json());
    const list = staffTablesReply.parse((await staffCall(t, owner.token, 'GET', '/staff/tables')).json());
    const mine = list.calls.filter((waiting) => waiting.table_id === table.id);
    expect(mine.map((waiting) => [waiting.id, waiting.kind])).toEqual([
      [call.id, 'waiter'],
      [bill.id, 'bill'],
    ]);
    expect(list.tables.find((row) => row.id === table.id)?.tab?.conta_pedida_em).toBe(bill.created_at);
  });

  it('two guests calling at once make one call', async () => {
    const table = await newTable('Chamados 2');
    const replies = await Promise.all([callFromTable(t, table, 'waiter'), callFromTable(t, table, 'waiter')]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 201]);
    expect(replies[0]!.json().id).toBe(replies[1]!.json().id);
  });

  it('asking for the bill of a table that ordered nothing is 409 NO_OPEN_TAB', async () => {
    const table = await newTable('Chamados 3');
    await refused(await callFromTable(t, table, 'bill'), 409, 'NO_OPEN_TAB');
    const rows = await t.database.db.select().from(tableCalls).where(eq(tableCalls.tableId, table.id));
    expect(rows).toEqual([]);
  });

  it('refuses an unknown kind or anything else in the body (400 INVALID_INPUT)', async () => {
    const table = await newTable('Chamados 4');
    await refused(await callFromTable(t, table, 'dessert'), 400, 'INVALID_INPUT');
    const extra = await t.app.inject({
      method: 'POST',
      url: `/bar/v2/tables/${table.id}/calls/?token=${table.token}`,
      headers: { host: PIZZARIA },
      payload: { kind: 'waiter', table_id: 3 },
    });
    await refused(extra, 400, 'INVALID_INPUT');
  });

  it(`at most ${TABLE_CALL_LIMIT} new calls per table every 10 minutes: then 429 TOO_MANY_TABLE_CALLS with Retry-After`, async () => {
    const table = await newTable('Chamados 5');
    const phone = nextAddress();
    for (let n = 0; n < TABLE_CALL_LIMIT; n += 1) {
      const call = await callFromTable(t, table, 'waiter', { remoteAddress: phone });
      expect(call.statusCode, call.body).toBe(201);
      if (n < TABLE_CALL_LIMIT - 1) expect((await ack(call.json().id)).statusCode).toBe(200);
    }
    // The call still waiting is answered as it is: no new call, nothing counted.
    const waiting = await callFromTable(t, table, 'waiter', { remoteAddress: phone });
    expect(waiting.statusCode).toBe(200);
    expect((await ack(waiting.json().id)).statusCode).toBe(200);
    // Another phone at the same table is the same table.
    const beyond = await callFromTable(t, table, 'waiter', { remoteAddress: nextAddress() });
    const body = await refused(beyond, 429, 'TOO_MANY_TABLE_CALLS');
    expect(body.detail).toMatch(
      /^Vocês já chamaram a equipe várias vezes\. .* tente novamente em \d+ minutos?\.$/,
    );
    expect(Number(beyond.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(tableCalls).where(eq(tableCalls.tableId, table.id));
    expect(rows).toHaveLength(TABLE_CALL_LIMIT);

    // The window passes: the table may call again.
    const now = new Date();
    t.setNow(new Date(now.getTime() + 601_000));
    try {
      expect((await callFromTable(t, table, 'waiter', { remoteAddress: phone })).statusCode).toBe(201);
    } finally {
      t.setNow(now);
    }
  });

  it('one address calling over and over is stopped too (429)', async () => {
    const table = await newTable('Chamados 6');
    const phone = nextAddress();
    const replies = [];
    for (let n = 0; n < 31; n += 1)
      replies.push((await callFromTable(t, table, 'waiter', { remoteAddress: phone })).statusCode);
    expect(replies.slice(0, 30).every((status) => status === 200 || status === 201)).toBe(true);
    expect(replies[30]).toBe(429);
  });
});

describe('acknowledging a call (POST /staff/tables/calls/{id}/ack)', () => {
  it('sets acknowledged_at once; again answers it unchanged; another store’s or an unknown call is 404', async () => {
    const table = await newTable('Chamados 7');
    const call = tableCall.parse((await callFromTable(t, table, 'waiter')).json());
    const attendant = await signInStaff(t, { role: 'attendant' });
    const first = await ack(call.id, attendant.token);
    expect(first.statusCode, first.body).toBe(200);
    const acknowledged = tableCall.parse(first.json());
    expect(acknowledged).toEqual({ ...call, acknowledged_at: expect.any(String) });
    expect((await ack(call.id)).json()).toEqual(acknowledged);
    const sakuraStaff = await signInStaff(t, { host: SAKURA });
    await refused(await ack(call.id, sakuraStaff.token, SAKURA), 404, 'TABLE_CALL_NOT_FOUND');
    await refused(await ack(999_999), 404, 'TABLE_CALL_NOT_FOUND');
    await refused(await ack(call.id, null as unknown as string), 401, 'NOT_AUTHENTICATED');
    const customer = await signUp(t.app);
    await refused(await ack(call.id, customer.token), 403, 'FORBIDDEN');
    // A new call of the kind may be made once the last was acknowledged.
    expect((await callFromTable(t, table, 'waiter')).statusCode).toBe(201);
  });
});

describe('the staff hear the calls live (GET /staff/orders/events)', () => {
  it('a call and its acknowledgement reach the store’s staff streams, never a customer’s nor another store’s', async () => {
    const table = await newTable('Chamados 8');
    const customer = await signUp(t.app);
    const sakuraStaff = await signInStaff(t, { host: SAKURA });
    const staffEvents = await staffStream(owner.token);
    const customerEvents = await stream('/bar/v2/orders/events', {
      host: PIZZARIA,
      ...bearer(customer.token),
    });
    const sakuraEvents = await staffStream(sakuraStaff.token, SAKURA);

    const call = tableCall.parse((await callFromTable(t, table, 'waiter')).json());
    const heard = await staffEvents.next(callEvent(call.id, false));
    expect(tableCall.parse(JSON.parse(heard.data))).toEqual(call);
    const acknowledged = tableCall.parse((await ack(call.id)).json());
    const heardAck = await staffEvents.next(callEvent(call.id, true));
    expect(JSON.parse(heardAck.data)).toEqual(acknowledged);
    // Acknowledging again tells no one.
    await ack(call.id);

    // The customer's own order comes after the call on their stream; the call never does.
    const orderId = await placePickupOrder(t, customer);
    await customerEvents.next(
      (event) => event.event === ORDER_EVENT && JSON.parse(event.data).id === orderId,
    );
    await staffEvents.next((event) => event.event === ORDER_EVENT && JSON.parse(event.data).id === orderId);
    expect(customerEvents.events.filter((event) => event.event === TABLE_CALL_EVENT)).toEqual([]);
    expect(sakuraEvents.events.filter((event) => event.event === TABLE_CALL_EVENT)).toEqual([]);
    expect(staffEvents.events.filter(callEvent(call.id, true))).toHaveLength(1);
  });

  it('a call made through another server instance reaches this one’s staff stream', async () => {
    const second = await buildSecondTestApp(t);
    try {
      const table = await newTable('Chamados 9');
      const staffEvents = await staffStream(owner.token);
      const made = await second.app.inject({
        method: 'POST',
        url: `/bar/v2/tables/${table.id}/calls/?token=${table.token}`,
        headers: { host: PIZZARIA },
        remoteAddress: nextAddress(),
        payload: { kind: 'waiter' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const call = made.json() as TableCall;
      await staffEvents.next(callEvent(call.id, false), 3000);
    } finally {
      await second.close();
    }
  });
});
