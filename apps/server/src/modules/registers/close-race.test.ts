import { registerSessionReply, registersReply } from '@comanda/contract';
import { CASH_KEY } from '@comanda/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, orders, registerCounts } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, placeOrder, storeIdOf, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { syncOrderLedger } from '../ledger/index.ts';
import * as repo from './repository.ts';

/*
 * The race a register's closing guards (docs/decisions/0057, 0060): the ledger's writer reads the
 * open session FOR SHARE and the closing locks it to count. Two transactions at once on
 * PostgreSQL (PGlite has one connection: nothing runs at once there): in-person money written
 * while a closing runs lands in the counted session's expected amounts when it was written first,
 * or, written second, waits and goes to the register still open (or to none), never to the counted
 * session and never lost.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let manager: StaffSignedIn;
let customer: SignedUp;
let storeId: number;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await buildAccountsTestApp({ env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  manager = await signInStaff(t, { name: 'Marcos Gerente', role: 'manager' });
  customer = await signUp(t.app, { name: 'Maria Souza' });
  storeId = await storeIdOf(t, PIZZARIA);
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { host: PIZZARIA, ...bearer(manager.token) },
    ...(payload ? { payload } : {}),
  });

async function openRegister(name: string | null, float: number) {
  let list = registersReply.parse((await call('GET', '/staff/registers')).json());
  if (name && !list.registers.some((r) => r.name === name)) {
    list = registersReply.parse((await call('POST', '/staff/registers', { name })).json());
  }
  const register = list.registers.find((r) => (name ? r.name === name : r.name === 'Caixa'))!;
  const opened = await call('POST', `/staff/registers/${register.id}/open`, { opening_float: float });
  expect(opened.statusCode, opened.body).toBe(200);
  return registerSessionReply.parse(opened.json()).id;
}

/** A pickup paid in cash at the counter (its sale lands in the open session). */
async function cashOrder(): Promise<{ id: number; total: number }> {
  const line = await cartLine(t, {
    ref: 'burger-classico',
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
  });
  const response = await placeOrder(
    t,
    customer.token,
    submission(customer.userId, [line], { fk_forma_pagamento: 1 }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = (response.json() as { order_info: { order_id: number } }).order_info.order_id;
  const [row] = await t.database.db.select({ total: orders.total }).from(orders).where(eq(orders.id, id));
  return { id, total: row!.total };
}

/** A transaction held open at a gate: the caller lets it commit. */
function held(
  work: (tx: Parameters<Parameters<TestApp['database']['db']['transaction']>[0]>[0]) => Promise<void>,
) {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const wrote = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const done = t.database.db.transaction(async (tx) => {
    await work(tx);
    reached();
    await gate;
  });
  return { wrote, release, done };
}

/** The cancel of an order as the store's cancel writes it: the status, then the ledger's reversal. */
async function cancelIn(
  tx: Parameters<Parameters<TestApp['database']['db']['transaction']>[0]>[0],
  orderId: number,
) {
  await tx.update(orders).set({ status: 'Cancelado' }).where(eq(orders.id, orderId));
  await syncOrderLedger(tx, { storeId, orderId, at: new Date(), staffId: null });
}

/** Whether a promise is still pending after a while (it waits for a lock). */
async function stillWaiting(promise: Promise<unknown>, ms = 400): Promise<boolean> {
  const waiting = Symbol('waiting');
  return (await Promise.race([promise, new Promise((r) => setTimeout(() => r(waiting), ms))])) === waiting;
}

const reversalOf = async (orderId: number) => {
  const [entry] = await t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'estorno')));
  return entry;
};

describe.skipIf(!onPostgres)('a register closing while money is written', () => {
  it('waits for a cancel being written, and counts it in the closed session', async () => {
    const sessionId = await openRegister(null, 10_000);
    const sale = await cashOrder();
    const writing = held((tx) => cancelIn(tx, sale.id));
    await writing.wrote;
    // The cancel holds the session FOR SHARE: the closing cannot lock it to count.
    const closing = call('POST', `/staff/register-sessions/${sessionId}/close`, {
      counted: { [CASH_KEY]: 10_000 },
    });
    expect(await stillWaiting(closing)).toBe(true);
    writing.release();
    await writing.done;
    const closed = await closing;
    expect(closed.statusCode, closed.body).toBe(200);
    const reversal = await reversalOf(sale.id);
    expect(reversal).toMatchObject({ registerSessionId: sessionId, amount: -sale.total });
    // The sale and its reversal are both in the count: expected cash is the float.
    const [cash] = await t.database.db
      .select()
      .from(registerCounts)
      .where(and(eq(registerCounts.sessionId, sessionId), eq(registerCounts.methodKey, CASH_KEY)));
    expect(cash).toMatchObject({ takings: 0, expected: 10_000, counted: 10_000, difference: 0 });
  });

  it('makes a cancel written during a closing wait, then go to the register still open, not the counted one', async () => {
    const first = await openRegister(null, 5_000);
    const sale = await cashOrder();
    const second = await openRegister('Balcão 2', 0);
    // The closing, as the service does it: the session locked, its counts taken, then closed.
    const closing = held(async (tx) => {
      const session = await repo.sessionOf(tx, storeId, first, true);
      expect(session?.closedAt).toBeNull();
      expect(await repo.closeSession(tx, storeId, first, new Date(), manager.userId)).toBe(true);
    });
    await closing.wrote;
    const writing = t.database.db.transaction((tx) => cancelIn(tx, sale.id));
    expect(await stillWaiting(writing)).toBe(true);
    closing.release();
    await closing.done;
    await writing;
    // Not lost, not in the counted session: in the register still open.
    const reversal = await reversalOf(sale.id);
    expect(reversal).toMatchObject({ amount: -sale.total, registerSessionId: second });
    const reply = registerSessionReply.parse(
      (await call('GET', `/staff/register-sessions/${second}`)).json(),
    );
    expect(reply.lines.find((l) => l.key === CASH_KEY)).toMatchObject({ takings: -sale.total });
  });

  it('makes a cancel written during a closing wait, then go to no register when none is open', async () => {
    const sessions = registersReply.parse((await call('GET', '/staff/registers')).json());
    const balcao = sessions.registers.find((r) => r.name === 'Balcão 2')!;
    const open = balcao.open_session!.id;
    const sale = await cashOrder();
    expect(
      (await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, sale.id)))[0],
    ).toMatchObject({ registerSessionId: open });
    const closing = held(async (tx) => {
      await repo.sessionOf(tx, storeId, open, true);
      expect(await repo.closeSession(tx, storeId, open, new Date(), manager.userId)).toBe(true);
    });
    await closing.wrote;
    const writing = t.database.db.transaction((tx) => cancelIn(tx, sale.id));
    expect(await stillWaiting(writing)).toBe(true);
    closing.release();
    await closing.done;
    await writing;
    expect(await reversalOf(sale.id)).toMatchObject({ amount: -sale.total, registerSessionId: null });
  });
});
