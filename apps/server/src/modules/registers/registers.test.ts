import { errorReply, registerSessionReply, registerSessionsReply, registersReply } from '@comanda/contract';
import { CASH_KEY } from '@comanda/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, registerMovements, registerSessions } from '../../db/schema.ts';
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
import { cartLine, placeOrder, skipOrderNumbers, storeIdOf, submission, tableOf } from '../../test/orders.ts';
import { roundAtTable, staffCall } from '../../test/tables.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus } from '../../test/tracking.ts';
import { orderInClosedRegister } from './index.ts';

/*
 * The cash register (docs/decisions/0060) on the demo pizzaria: Dinheiro (1) is its cash, the
 * card machine (2), PIX to the store's key (4) and the meal voucher (5) are counted on their own.
 * In-person takings reach the open session through the ledger (docs/decisions/0057).
 */

let t: TestApp;
let attendant: StaffSignedIn;
let manager: StaffSignedIn;
let customer: SignedUp;
let storeId: number;
beforeAll(async () => {
  t = await buildAccountsTestApp({ env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  attendant = await signInStaff(t, { name: 'Ana Caixa', role: 'attendant' });
  manager = await signInStaff(t, { name: 'Marcos Gerente', role: 'manager' });
  customer = await signUp(t.app, { name: 'Maria Souza' });
  storeId = await storeIdOf(t, PIZZARIA);
  await skipOrderNumbers(t, 300);
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'POST' | 'PATCH',
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

async function ok<T>(
  response: { statusCode: number; body: string; json(): unknown },
  parse: { parse(v: unknown): T },
) {
  expect(response.statusCode, response.body).toBe(200);
  return parse.parse(response.json());
}

function refused(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorReply.parse(response.json()).code).toBe(code);
}

async function registers(token = attendant.token) {
  return ok(await call('GET', '/staff/registers', token), registersReply);
}

async function openRegister(registerId: number, float: number, token = attendant.token) {
  return ok(
    await call('POST', `/staff/registers/${registerId}/open`, token, { opening_float: float }),
    registerSessionReply,
  );
}

const session = async (id: number) =>
  ok(await call('GET', `/staff/register-sessions/${id}`, attendant.token), registerSessionReply);
const move = (id: number, kind: 'sangria' | 'suprimento', amount: number, reason = 'Troco') =>
  call('POST', `/staff/register-sessions/${id}/movements`, attendant.token, { kind, amount, reason });
const closeCall = (id: number, counted: Record<string, number>, token = attendant.token) =>
  call('POST', `/staff/register-sessions/${id}/close`, token, { counted });

/** A pickup order paid in person with the store's method `method`; its id and total. */
async function inPersonOrder(method: number): Promise<{ id: number; numero: number; total: number }> {
  const line = await cartLine(t, {
    ref: 'burger-classico',
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
  });
  const response = await placeOrder(
    t,
    customer.token,
    submission(customer.userId, [line], { fk_forma_pagamento: method }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = (response.json() as { order_info: { order_id: number } }).order_info.order_id;
  const [row] = await t.database.db
    .select({ total: orders.total, numero: orders.numero })
    .from(orders)
    .where(eq(orders.id, id));
  return { id, numero: row!.numero!, total: row!.total };
}

/** A table's tab with one round, closed in one share, paid at the counter with `method`. */
async function sharePaid(method: string): Promise<number> {
  const table = await tableOf(t, 'mesa-2');
  const orderId = await roundAtTable(t, customer, table, {
    lines: [await cartLine(t, { ref: 'cerveja-long-neck', channel: 'local' })],
  });
  const [order] = await t.database.db
    .select({ tabId: orders.tabId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const tabId = order!.tabId!;
  const closed = await staffCall(t, manager.token, 'POST', `/staff/tabs/${tabId}/close`, {
    service_fee: true,
    split: { mode: 'even', people: 1 },
  });
  expect(closed.statusCode, closed.body).toBe(200);
  const shareId = (closed.json() as { partes: { id: number }[] }).partes[0]!.id;
  const paid = await staffCall(t, attendant.token, 'POST', `/staff/tabs/${tabId}/shares/${shareId}/paid`, {
    forma_pagamento: method,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [entry] = await t.database.db
    .select({ amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.shareId, shareId)));
  return entry!.amount;
}

const line = (reply: { lines: { key: string; expected: number }[] }, key: string) =>
  reply.lines.find((entry) => entry.key === key);

describe('the registers of a store', () => {
  it("start with one 'Caixa', made once however often they are read", async () => {
    const [first, second] = await Promise.all([registers(), registers()]);
    expect(first.registers).toEqual([
      { id: expect.any(Number), name: 'Caixa', ativo: true, open_session: null },
    ]);
    expect(second.registers.map((row) => row.id)).toEqual(first.registers.map((row) => row.id));
  });

  it('are added, renamed and deactivated by a manager; an attendant may not', async () => {
    refused(await call('POST', '/staff/registers', attendant.token, { name: 'Balcão 2' }), 403, 'FORBIDDEN');
    const added = await ok(
      await call('POST', '/staff/registers', manager.token, { name: ' Balcão 2 ' }),
      registersReply,
    );
    const balcao = added.registers.find((row) => row.name === 'Balcão 2')!;
    refused(
      await call('POST', '/staff/registers', manager.token, { name: 'Caixa' }),
      409,
      'REGISTER_NAME_TAKEN',
    );
    refused(await call('POST', '/staff/registers', manager.token, { name: '   ' }), 400, 'INVALID_INPUT');
    const renamed = await ok(
      await call('PATCH', `/staff/registers/${balcao.id}`, manager.token, { name: 'Terraço', ativo: false }),
      registersReply,
    );
    expect(renamed.registers.find((row) => row.id === balcao.id)).toMatchObject({
      name: 'Terraço',
      ativo: false,
    });
    refused(
      await call('POST', `/staff/registers/${balcao.id}/open`, attendant.token, { opening_float: 0 }),
      409,
      'REGISTER_INACTIVE',
    );
    refused(
      await call('PATCH', '/staff/registers/999999', manager.token, { ativo: true }),
      404,
      'REGISTER_NOT_FOUND',
    );
  });

  it("answers 401 to another store's staff and 403 to a customer", async () => {
    const sakura = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato' });
    refused(await call('GET', '/staff/registers', sakura.token), 401, 'NOT_AUTHENTICATED');
    refused(await call('GET', '/staff/registers', customer.token), 403, 'FORBIDDEN');
    const ownRegisters = await ok(
      await call('GET', '/staff/registers', sakura.token, undefined, SAKURA),
      registersReply,
    );
    refused(
      await call('POST', `/staff/registers/${ownRegisters.registers[0]!.id}/open`, sakura.token, {
        opening_float: 1,
      }),
      401,
      'NOT_AUTHENTICATED',
    );
    const own = await ok(
      await call(
        'POST',
        `/staff/registers/${ownRegisters.registers[0]!.id}/open`,
        sakura.token,
        { opening_float: 1000 },
        SAKURA,
      ),
      registerSessionReply,
    );
    refused(
      await call('GET', `/staff/register-sessions/${own.id}`, attendant.token),
      404,
      'REGISTER_SESSION_NOT_FOUND',
    );
    refused(await move(own.id, 'suprimento', 100), 404, 'REGISTER_SESSION_NOT_FOUND');
  });
});

describe('a session from its float to its closing', () => {
  let caixa: number;
  let sessionId: number;
  let cashOrder: { id: number; total: number };
  let expectedCash: number;
  let expectedCard: number;

  it('opens with a float, once: an open register answers 409 REGISTER_ALREADY_OPEN', async () => {
    caixa = (await registers()).registers.find((row) => row.name === 'Caixa')!.id;
    const opened = await openRegister(caixa, 15_000);
    sessionId = opened.id;
    expect(opened).toMatchObject({
      register_name: 'Caixa',
      opened_by: 'Ana Caixa',
      opening_float: 15_000,
      closed_at: null,
      cash_in_drawer: 15_000,
      movements: [],
      takings: [],
    });
    expect(opened.lines.map((entry) => entry.key)).toEqual([CASH_KEY, 'm2', 'm3', 'm4', 'm5']);
    refused(
      await call('POST', `/staff/registers/${caixa}/open`, manager.token, { opening_float: 0 }),
      409,
      'REGISTER_ALREADY_OPEN',
    );
    expect((await registers()).registers.find((row) => row.id === caixa)!.open_session?.id).toBe(sessionId);
  });

  it('expects float + suprimentos − sangrias + cash takings in cash, and each method its own takings', async () => {
    cashOrder = await inPersonOrder(1);
    const cancelled = await inPersonOrder(1);
    const card = await inPersonOrder(2);
    const cashShare = await sharePaid('Dinheiro');
    const voucherShare = await sharePaid('Vale-refeição');
    const cancel = await changeStatus(t, attendant.token, cancelled.id, {
      status: 'Cancelado',
      reason: 'Desistiu',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await ok(await move(sessionId, 'suprimento', 5_000, 'Troco do banco'), registerSessionReply);
    const afterSangria = await ok(await move(sessionId, 'sangria', 2_000, 'Depósito'), registerSessionReply);

    expectedCash = 15_000 + 5_000 - 2_000 + cashOrder.total + cashShare;
    expectedCard = card.total;
    expect(afterSangria.cash_in_drawer).toBe(expectedCash);
    expect(line(afterSangria, CASH_KEY)).toMatchObject({
      takings: cashOrder.total + cashShare,
      expected: expectedCash,
    });
    expect(line(afterSangria, 'm2')).toMatchObject({ takings: card.total, expected: card.total });
    expect(line(afterSangria, 'm5')).toMatchObject({ expected: voucherShare });
    expect(afterSangria.expected_total).toBe(expectedCash + expectedCard + voucherShare);
    expect(afterSangria.movements.map((m) => [m.kind, m.amount, m.reason, m.by])).toEqual([
      ['suprimento', 5_000, 'Troco do banco', 'Ana Caixa'],
      ['sangria', 2_000, 'Depósito', 'Ana Caixa'],
    ]);
    // The cancelled order's sale and its reversal are both in the session.
    expect(
      afterSangria.takings
        .filter((entry) => entry.order_id === cancelled.id)
        .map((entry) => [entry.kind, entry.amount]),
    ).toEqual([
      ['venda', cancelled.total],
      ['estorno', -cancelled.total],
    ]);
    // Each taking names its order by the number people read (ADR 0065), beside its id.
    expect(cancelled.numero).not.toBe(cancelled.id);
    expect(afterSangria.takings.find((entry) => entry.order_id === cancelled.id)?.numero).toBe(
      cancelled.numero,
    );
  });

  it('refuses a sangria above the cash in the drawer with 409 SANGRIA_ABOVE_CASH, changing nothing', async () => {
    const before = await t.database.db
      .select()
      .from(registerMovements)
      .where(eq(registerMovements.sessionId, sessionId));
    refused(await move(sessionId, 'sangria', expectedCash + 1), 409, 'SANGRIA_ABOVE_CASH');
    refused(await move(sessionId, 'sangria', 100, '  '), 400, 'INVALID_INPUT');
    const after = await t.database.db
      .select()
      .from(registerMovements)
      .where(eq(registerMovements.sessionId, sessionId));
    expect(after).toEqual(before);
    expect((await session(sessionId)).cash_in_drawer).toBe(expectedCash);
  });

  it('closes with the count per method, keeping expected, counted and difference; twice is 409', async () => {
    refused(await closeCall(sessionId, { m99: 1 }), 400, 'UNKNOWN_COUNT_LINE');
    const closed = await ok(
      await closeCall(sessionId, { [CASH_KEY]: expectedCash - 350, m2: expectedCard }),
      registerSessionReply,
    );
    expect(closed.closed_by).toBe('Ana Caixa');
    expect(closed.closed_at).not.toBeNull();
    expect(line(closed, CASH_KEY)).toMatchObject({
      expected: expectedCash,
      counted: expectedCash - 350,
      difference: -350,
    });
    expect(line(closed, 'm2')).toMatchObject({ counted: expectedCard, difference: 0 });
    expect(line(closed, 'm5')).toMatchObject({ counted: 0 });
    expect(closed.difference_total).toBe(closed.counted_total! - closed.expected_total);
    refused(await closeCall(sessionId, {}), 409, 'REGISTER_CLOSED');
    refused(await move(sessionId, 'suprimento', 100), 409, 'REGISTER_CLOSED');
    // What was kept is read back as it was closed.
    expect(await session(sessionId)).toEqual(closed);
    expect((await registers()).registers.find((row) => row.id === caixa)!.open_session).toBeNull();
  });

  it('puts a later cancel of an in-person order in the session open now, not the closed one', async () => {
    expect(await orderInClosedRegister(t.database.db, storeId, cashOrder.id)).toBe(true);
    const next = await openRegister(caixa, 10_000, manager.token);
    const fresh = await inPersonOrder(2);
    expect(await orderInClosedRegister(t.database.db, storeId, fresh.id)).toBe(false);
    const cancel = await changeStatus(t, manager.token, cashOrder.id, {
      status: 'Cancelado',
      reason: 'Voltou',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const now = await session(next.id);
    expect(
      now.takings
        .filter((entry) => entry.order_id === cashOrder.id)
        .map((entry) => [entry.kind, entry.amount]),
    ).toEqual([['estorno', -cashOrder.total]]);
    expect(line(now, CASH_KEY)?.expected).toBe(10_000 - cashOrder.total);
    // The closed session kept what it counted.
    expect(line(await session(sessionId), CASH_KEY)?.expected).toBe(expectedCash);
    // Another store's id never answers for this one.
    expect(await orderInClosedRegister(t.database.db, storeId + 1_000, cashOrder.id)).toBe(false);
  });

  it('of two closings at once, one closes and the other gets 409 REGISTER_CLOSED', async () => {
    const open = (await registers()).registers.find((row) => row.id === caixa)!.open_session!;
    const [first, second] = await Promise.all([
      closeCall(open.id, { [CASH_KEY]: 100 }, attendant.token),
      closeCall(open.id, { [CASH_KEY]: 200 }, manager.token),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    refused([first, second].find((response) => response.statusCode === 409)!, 409, 'REGISTER_CLOSED');
    const kept = await session(open.id);
    const winner = registerSessionReply.parse(
      [first, second].find((response) => response.statusCode === 200)!.json(),
    );
    expect(line(kept, CASH_KEY)).toEqual(line(winner, CASH_KEY));
    const rows = await t.database.db.select().from(registerSessions).where(eq(registerSessions.id, open.id));
    expect(rows[0]!.closedAt).not.toBeNull();
  });

  it('lists the sessions newest first, by page', async () => {
    const page = await ok(
      await call('GET', '/staff/register-sessions?limit=1', attendant.token),
      registerSessionsReply,
    );
    expect(page.sessions).toHaveLength(1);
    expect(page.next_before).toBe(page.sessions[0]!.id);
    const rest = await ok(
      await call('GET', `/staff/register-sessions?before=${page.next_before}`, attendant.token),
      registerSessionsReply,
    );
    expect(rest.sessions.map((s) => s.id)).toContain(sessionId);
    expect(rest.sessions.every((s) => s.register_name === 'Caixa')).toBe(true);
  });
});
