import { errorReply, staffOrder, staffOrderHistoryReply, staffOrderListReply } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { cartLine, placeOrder, skipOrderNumbers, submission, tableOf } from '../../test/orders.ts';
import { roundAtTable } from '../../test/tables.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus, placePickupOrder, saveAddress } from '../../test/tracking.ts';

/*
 * The order history (docs/decisions/0049): GET /staff/orders/history searches the store's past
 * orders by every filter, newest first, page by page; an order's detail says who did what; every
 * order the staff see says how many orders its customer placed before.
 */

let t: TestApp;
let owner: StaffSignedIn;
let attendant: StaffSignedIn;
let maria: SignedUp;
let jose: SignedUp;
let sakuraStaff: StaffSignedIn;
const ids: Record<'pickup' | 'cash' | 'delivery' | 'table' | 'cancelled' | 'late', number> = {
  pickup: 0,
  cash: 0,
  delivery: 0,
  table: 0,
  cancelled: 0,
  late: 0,
};
let sakuraOrder = 0;

/** Moves the clock to a São Paulo wall time (the demo stores' zone, UTC−3). */
const at = (wallTime: string) => t.setNow(new Date(`${wallTime}-03:00`));

async function placeWith(account: SignedUp, overrides: Record<string, unknown>): Promise<number> {
  const line = await cartLine(t, {
    ref: 'burger-classico',
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
  });
  const response = await placeOrder(t, account.token, submission(account.userId, [line], overrides));
  if (response.statusCode !== 201) throw new Error(`order: ${response.statusCode} ${response.body}`);
  return (response.json() as { order_info: { order_id: number } }).order_info.order_id;
}

beforeAll(async () => {
  t = await buildAccountsTestApp({ env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  owner = await signInStaff(t, { name: 'Ana Lima' });
  attendant = await signInStaff(t, { name: 'Bruno Costa', role: 'attendant' });
  sakuraStaff = await signInStaff(t, { host: SAKURA, name: 'Kenji' });
  // The store's numbers (what people read and search by, ADR 0065) apart from the orders' ids.
  await skipOrderNumbers(t, 400);
  maria = await signUp(t.app, { name: 'Maria Souza', cellphone: '(11) 98765-4321' });
  jose = await signUp(t.app, { name: 'José da Conceição' });
  at('2026-05-04T12:00:00');
  ids.pickup = await placePickupOrder(t, maria);
  at('2026-05-04T23:50:00');
  ids.cash = await placeWith(jose, { fk_forma_pagamento: 1, troco_para: 10000 });
  at('2026-05-05T00:10:00');
  ids.delivery = await placeWith(maria, {
    tipo_entrega: 'Entregar',
    fk_endereco: await saveAddress(t, maria.token),
    fone_para_mensagens: '(21) 99999-0001',
  });
  at('2026-05-05T19:00:00');
  ids.table = await roundAtTable(t, jose, await tableOf(t, 'mesa-1'));
  at('2026-05-06T12:00:00');
  ids.cancelled = await placePickupOrder(t, jose);
  at('2026-05-06T12:05:00');
  await changeStatus(t, attendant.token, ids.cancelled, { status: 'Cancelado', reason: 'Sem entregador' });
  at('2026-05-07T13:00:00');
  ids.late = await placePickupOrder(t, maria);
  const sakuraCustomer = await signUp(t.app, { host: SAKURA, name: 'Maria Souza' });
  sakuraOrder = await placePickupOrder(t, sakuraCustomer, SAKURA);
  t.setNow(new Date());
});
afterAll(async () => {
  await t.close();
});

function search(query: string, token: string | null = owner.token, host = PIZZARIA) {
  return t.app.inject({
    method: 'GET',
    url: `/staff/orders/history${query}`,
    headers: { host, ...(token ? bearer(token) : {}) },
  });
}

async function found(query: string, token = owner.token, host = PIZZARIA): Promise<number[]> {
  const response = await search(query, token, host);
  expect(response.statusCode, response.body).toBe(200);
  return staffOrderHistoryReply.parse(response.json()).results.map((order) => order.id);
}

/** An order's number in its store, as the history gives it. */
async function numberOf(id: number, token = owner.token, host = PIZZARIA): Promise<number> {
  const reply = staffOrderHistoryReply.parse((await search('?limit=50', token, host)).json());
  return reply.results.find((order) => order.id === id)!.numero!;
}

describe('searching the history (GET /staff/orders/history)', () => {
  it('lists every order of the store, newest first, and none of another store', async () => {
    const all = await found('');
    expect(all).toEqual([ids.late, ids.cancelled, ids.table, ids.delivery, ids.cash, ids.pickup]);
    expect(all).not.toContain(sakuraOrder);
    expect(await found('', attendant.token)).toEqual(all);
  });

  it('finds an order by its number in the store (not its id), only in its own store', async () => {
    const delivery = await numberOf(ids.delivery);
    expect(delivery).toBeGreaterThan(400);
    expect(await found(`?number=${delivery}`)).toEqual([ids.delivery]);
    expect(await found(`?number=${ids.delivery}`)).toEqual([]);
    const sakura = await numberOf(sakuraOrder, sakuraStaff.token, SAKURA);
    expect(await found(`?number=${sakura}`, sakuraStaff.token, SAKURA)).toEqual([sakuraOrder]);
    expect(await found(`?number=${sakura}`)).toEqual([]);
  });

  it('finds by part of the name, whatever the accents, case and spaces', async () => {
    expect(await found(`?name=${encodeURIComponent('conceicao')}`)).toEqual([
      ids.cancelled,
      ids.table,
      ids.cash,
    ]);
    expect(await found(`?name=${encodeURIComponent('  JOSÉ   DA ')}`)).toHaveLength(3);
    expect(await found(`?name=${encodeURIComponent('souza')}`)).toEqual([ids.late, ids.delivery, ids.pickup]);
    // LIKE's own characters are taken as they are.
    expect(await found(`?name=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('finds by the phone’s digits, typed any way, and by the order’s contact number', async () => {
    expect(await found(`?phone=${encodeURIComponent('98765-4321')}`)).toEqual([
      ids.late,
      ids.delivery,
      ids.pickup,
    ]);
    expect(await found(`?phone=${encodeURIComponent('+55 (11) 98765-4321')}`)).toHaveLength(3);
    expect(await found('?phone=219999')).toEqual([ids.delivery]);
  });

  it('takes days in the store’s time zone, both ends included', async () => {
    // 23:50 on the 4th in São Paulo is the 5th in UTC: it is the 4th's.
    expect(await found('?from=2026-05-04&to=2026-05-04')).toEqual([ids.cash, ids.pickup]);
    expect(await found('?from=2026-05-05&to=2026-05-06')).toEqual([ids.cancelled, ids.table, ids.delivery]);
    expect(await found('?from=2026-05-07')).toEqual([ids.late]);
    expect(await found('?to=2026-05-04')).toEqual([ids.cash, ids.pickup]);
  });

  it('filters by status, channel and payment method', async () => {
    expect(await found('?status=Cancelado')).toEqual([ids.cancelled]);
    expect(await found('?channel=delivery')).toEqual([ids.delivery]);
    expect(await found('?channel=table')).toEqual([ids.table]);
    expect(await found('?channel=pickup')).toEqual([ids.late, ids.cancelled, ids.cash, ids.pickup]);
    expect(await found('?payment=1')).toEqual([ids.cash]);
    expect(await found('?payment=2&name=maria&channel=pickup')).toEqual([ids.late, ids.pickup]);
    const reply = staffOrderHistoryReply.parse((await search(`?number=${await numberOf(ids.table)}`)).json());
    expect(reply.results[0]).toMatchObject({ channel: 'table', mesa: 'Mesa 1', cliente: { nome: 'José' } });
  });

  it('pages newest first with a stable order and no repeats', async () => {
    const seen: number[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const reply = staffOrderHistoryReply.parse(
        (await search(`?limit=4${before === null ? '' : `&before=${before}`}`)).json(),
      );
      seen.push(...reply.results.map((order) => order.id));
      before = reply.next_before;
      pages += 1;
    } while (before !== null);
    expect(pages).toBe(2);
    expect(seen).toEqual(await found(''));
    // A full last page says there is nothing after it.
    const exact = staffOrderHistoryReply.parse((await search('?limit=6')).json());
    expect(exact.next_before).toBeNull();
  });

  it.each([
    ['?from=2026-02-30', 'INVALID_INPUT', 'from'],
    ['?from=04/05/2026', 'INVALID_INPUT', 'from'],
    ['?from=2026-05-07&to=2026-05-04', 'INVALID_DATE_RANGE', 'from'],
    ['?from=2025-01-01&to=2026-05-04', 'INVALID_DATE_RANGE', 'to'],
    ['?limit=0', 'INVALID_INPUT', 'limit'],
    ['?limit=51', 'INVALID_INPUT', 'limit'],
    ['?status=Perdido', 'INVALID_INPUT', 'status.0'],
    ['?channel=drone', 'INVALID_INPUT', 'channel'],
    ['?phone=12', 'INVALID_INPUT', 'phone'],
    ['?number=abc', 'INVALID_INPUT', 'number'],
  ])('%s is refused with %s', async (query, code, field) => {
    const response = await search(query);
    expect(response.statusCode, response.body).toBe(400);
    expect(errorReply.parse(response.json())).toMatchObject({ code, field });
  });

  it('refuses a customer’s token, no token, and another store’s staff', async () => {
    expect((await search('', null)).statusCode).toBe(401);
    const customer = await search('', maria.token);
    expect(customer.statusCode).toBe(403);
    expect(errorReply.parse(customer.json()).code).toBe('FORBIDDEN');
    // Sakura's staff token on the pizzaria's address is not a pizzaria session.
    expect((await search('', sakuraStaff.token)).statusCode).toBe(401);
    // At its own store it sees its own orders only.
    expect(await found('', sakuraStaff.token, SAKURA)).toEqual([sakuraOrder]);
  });
});

describe('who did what, and the previous orders', () => {
  it('the detail names the customer, the staff member and the store’s own changes', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/staff/orders/${ids.cancelled}`,
      headers: { host: PIZZARIA, ...bearer(owner.token) },
    });
    const order = staffOrder.parse(response.json());
    expect(order.status_changes).toEqual([
      {
        status: 'Solicitado',
        from: null,
        at: '2026-05-06T15:00:00.000Z',
        by: jose.userId,
        actor: 'customer',
        by_name: null,
        reason: null,
      },
      {
        status: 'Cancelado',
        from: 'Solicitado',
        at: '2026-05-06T15:05:00.000Z',
        by: attendant.userId,
        actor: 'staff',
        by_name: 'Bruno Costa',
        reason: 'Sem entregador',
      },
    ]);
  });

  it('the store’s auto-accept is the system’s', async () => {
    const local = await buildAccountsTestApp({ env: { ORDER_RATE_LIMIT_MAX: '10000' } });
    try {
      const ana = await signInStaff(local);
      const settings = await local.app.inject({
        method: 'PATCH',
        url: '/staff/store/settings',
        headers: { host: PIZZARIA, ...bearer(ana.token) },
        payload: { auto_accept: true },
      });
      expect(settings.statusCode, settings.body).toBe(200);
      const customer = await signUp(local.app);
      const id = await placePickupOrder(local, customer);
      const read = async () =>
        staffOrder.parse(
          (
            await local.app.inject({
              method: 'GET',
              url: `/staff/orders/${id}`,
              headers: { host: PIZZARIA, ...bearer(ana.token) },
            })
          ).json(),
        );
      let order = await read();
      for (let tries = 0; order.status_changes.length < 2 && tries < 50; tries += 1) {
        await new Promise((resolve) => setImmediate(resolve));
        order = await read();
      }
      expect(order.status_changes.map((change) => [change.status, change.actor, change.by_name])).toEqual([
        ['Solicitado', 'customer', null],
        ['Preparo', 'system', null],
      ]);
    } finally {
      await local.close();
    }
  });

  it('counts the customer’s earlier orders at the store, cancelled ones left out, on the board in one reply', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/staff/orders?limit=100',
      headers: { host: PIZZARIA, ...bearer(owner.token) },
    });
    const board = new Map(
      staffOrderListReply.parse(response.json()).results.map((order) => [order.id, order.pedidos_anteriores]),
    );
    expect(Object.fromEntries(Object.entries(ids).map(([key, id]) => [key, board.get(id)]))).toEqual({
      pickup: 0,
      cash: 0,
      delivery: 1,
      table: 1,
      cancelled: 2,
      late: 2,
    });
    // A status change's reply carries it too (the board replaces its card with the reply).
    const moved = await changeStatus(t, owner.token, ids.late, { status: 'Preparo' });
    expect(staffOrder.parse(moved.json()).pedidos_anteriores).toBe(2);
    // Another store's orders count there only.
    const sakura = await t.app.inject({
      method: 'GET',
      url: `/staff/orders/${sakuraOrder}`,
      headers: { host: SAKURA, ...bearer(sakuraStaff.token) },
    });
    expect(staffOrder.parse(sakura.json()).pedidos_anteriores).toBe(0);
  });
});
