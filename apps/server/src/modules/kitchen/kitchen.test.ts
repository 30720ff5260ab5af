import {
  errorReply,
  type KitchenReply,
  kitchenReply,
  orderPlacedReply,
  stationsReply,
} from '@comanda/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitchenBumps, orderStatusChanges, orders } from '../../db/schema.ts';
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
import { cartLine, placeOrder, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus, placePickupOrder } from '../../test/tracking.ts';

/*
 * The kitchen display (docs/decisions/0055): the pizzaria's Cozinha makes the burgers, its Bar the
 * drinks; each screen lists an accepted order with its own lines, bumps them, and the last bump
 * moves the order to ready once, however many screens bump at the same time.
 */

let t: TestApp;
let manager: StaffSignedIn;
let attendant: StaffSignedIn;
let sakuraStaff: StaffSignedIn;
let customer: SignedUp;
let kitchen: number;
let bar: number;

async function call(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  payload?: object,
  host = PIZZARIA,
) {
  const reply = await t.app.inject({
    method,
    url,
    headers: { host, ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: reply.statusCode, body: reply.json() as unknown };
}

const view = async (station?: number, token = attendant.token): Promise<KitchenReply> => {
  const { status, body } = await call('GET', `/staff/kitchen${station ? `?station=${station}` : ''}`, token);
  expect(status, JSON.stringify(body)).toBe(200);
  return kitchenReply.parse(body);
};

const bump = (id: number, payload: object, token = attendant.token) =>
  call('POST', `/staff/kitchen/orders/${id}/bump`, token, payload);
const recall = (id: number, payload: object, token = attendant.token) =>
  call('POST', `/staff/kitchen/orders/${id}/recall`, token, payload);

const codeOf = (body: unknown) => errorReply.parse(body).code;

/** A burger without onion with two bacons and a note, and a water: accepted (Preparo). */
async function acceptedOrder(): Promise<number> {
  const burger = await cartLine(t, {
    ref: 'burger-classico',
    choices: {
      'Ponto da carne': { 'Ao ponto': 1 },
      Ingredientes: { 'Cebola roxa': 0 },
      Adicionais: { Bacon: 2 },
    },
    observacao: 'Bem passado nas bordas',
  });
  const water = await cartLine(t, { ref: 'agua', qtd: 2 });
  const placed = await placeOrder(t, customer.token, submission(customer.userId, [burger, water]));
  expect(placed.statusCode, placed.body).toBe(201);
  const id = orderPlacedReply.parse(placed.json()).order_info.order_id;
  expect((await changeStatus(t, attendant.token, id, { status: 'Preparo' })).statusCode).toBe(200);
  return id;
}

async function statusOf(id: number) {
  const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row!.status;
}

async function movesOf(id: number) {
  const rows = await t.database.db
    .select({ from: orderStatusChanges.fromStatus, to: orderStatusChanges.toStatus })
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, id))
    .orderBy(asc(orderStatusChanges.id));
  return rows.map((row) => `${row.from}→${row.to}`);
}

const bumpCount = async (id: number) =>
  (await t.database.db.select().from(kitchenBumps).where(eq(kitchenBumps.orderId, id))).length;

beforeAll(async () => {
  t = await buildAccountsTestApp({
    // A Tuesday at noon in São Paulo: both demo stores open (sakura keeps lunch hours), whatever the real clock.
    now: new Date('2026-05-05T12:00:00-03:00'),
    env: { ORDER_RATE_LIMIT_MAX: '10000' },
  });
  manager = await signInStaff(t, { name: 'Marcos Gerente', role: 'manager' });
  attendant = await signInStaff(t, { name: 'Ana Chapa', role: 'attendant' });
  sakuraStaff = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato', role: 'owner' });
  customer = await signUp(t.app, { name: 'Maria Souza' });
  expect((await call('POST', '/staff/stations', manager.token, { name: 'Cozinha' })).status).toBe(200);
  const created = stationsReply.parse(
    (await call('POST', '/staff/stations', manager.token, { name: 'Bar' })).body,
  );
  [kitchen, bar] = created.stations.map((station) => station.id) as [number, number];
  const drinks = created.categories.find((category) => /bebida/i.test(category.name))!;
  const routed = await call('PUT', '/staff/stations/routes', manager.token, {
    categories: [{ id: drinks.id, station_id: bar }],
  });
  expect(routed.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('the kitchen display', () => {
  it('an edit after the kitchen got the order: new lines tagged, the ones taken out listed at their station', async () => {
    const id = await acceptedOrder();
    const juice = await cartLine(t, { ref: 'coca-lata' });
    const edited = await call('POST', `/staff/orders/${id}/edit`, attendant.token, {
      remover: [1],
      adicionar: [juice],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const atBar = (await view(bar)).orders.find((order) => order.id === id)!;
    expect(atBar.alterado_em).not.toBeNull();
    expect(atBar.lines.map((line) => [line.seq, line.nova])).toEqual([[2, true]]);
    expect(atBar.removidas).toEqual([{ qtd: 2, descricao: 'Água mineral 500 ml', station_id: bar }]);
    // The kitchen's part did not change: it hears nothing of it.
    const atKitchen = (await view(kitchen)).orders.find((order) => order.id === id)!;
    expect(atKitchen.alterado_em).toBeNull();
    expect(atKitchen.lines.map((line) => [line.seq, line.nova])).toEqual([[0, false]]);
    expect(atKitchen.removidas).toEqual([]);
  });

  it('shows each station an accepted order with its own lines, options read for the cook', async () => {
    const id = await acceptedOrder();
    const atKitchen = (await view(kitchen)).orders.find((order) => order.id === id)!;
    expect(atKitchen.lines).toHaveLength(1);
    expect(atKitchen.lines[0]).toMatchObject({
      seq: 0,
      qtd: 1,
      descricao: 'Burger Clássico',
      station_id: kitchen,
      bumped: false,
      sem: ['Cebola roxa'],
      extras: ['2x Bacon'],
      opcoes: ['Ao ponto'],
      observacao: 'Bem passado nas bordas',
    });
    expect(atKitchen).toMatchObject({ status: 'Preparo', tipo_entrega: 'Retirada', cliente_nome: 'Maria' });
    const atBar = (await view(bar)).orders.find((order) => order.id === id)!;
    expect(atBar.lines.map((line) => [line.descricao, line.qtd, line.station_id])).toEqual([
      ['Água mineral 500 ml', 2, bar],
    ]);
    const everywhere = (await view()).orders.find((order) => order.id === id)!;
    expect(everywhere.lines.map((line) => line.seq)).toEqual([0, 1]);
  });

  it('leaves out an order not accepted yet', async () => {
    const id = await placePickupOrder(t, customer);
    expect((await view()).orders.some((order) => order.id === id)).toBe(false);
  });

  it('bumps one line, then the station’s part; the last station’s bump moves the order to ready', async () => {
    const id = await acceptedOrder();
    const afterLine = await bump(id, { station_id: bar, line: 1 });
    expect(afterLine.status).toBe(200);
    expect(kitchenReply.parse(afterLine.body).orders.some((order) => order.id === id)).toBe(false);
    expect((await view(kitchen)).orders.find((order) => order.id === id)?.lines[0]?.bumped).toBe(false);
    expect((await view()).orders.find((order) => order.id === id)?.lines.map((l) => l.bumped)).toEqual([
      false,
      true,
    ]);
    expect(await statusOf(id)).toBe('Preparo');

    const last = kitchenReply.parse((await bump(id, { station_id: kitchen })).body);
    expect(last.orders.some((order) => order.id === id)).toBe(false);
    expect(last.last_bump).toMatchObject({ order_id: id, station_id: kitchen, line_seq: null });
    expect(await statusOf(id)).toBe('Concluido');
    expect(await movesOf(id)).toEqual(['null→Solicitado', 'Solicitado→Preparo', 'Preparo→Concluido']);
  });

  it('moves the order to ready once when both stations and a second screen bump at the same time', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await acceptedOrder();
      const replies = await Promise.all([
        bump(id, { station_id: kitchen }),
        bump(id, { station_id: bar }),
        bump(id, { station_id: kitchen }, manager.token),
        bump(id, { station_id: bar }, manager.token),
      ]);
      expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200]);
      expect(await statusOf(id)).toBe('Concluido');
      expect((await movesOf(id)).filter((move) => move.endsWith('→Concluido'))).toHaveLength(1);
      expect(await bumpCount(id)).toBe(2);
    }
  });

  it('recalls the last bump; a ready order goes back to preparation, a delivered one is refused', async () => {
    const id = await acceptedOrder();
    await bump(id, { station_id: bar });
    const recalled = await recall(id, { station_id: bar });
    expect(recalled.status).toBe(200);
    expect(kitchenReply.parse(recalled.body).orders.find((order) => order.id === id)?.lines[0]?.bumped).toBe(
      false,
    );
    expect(await statusOf(id)).toBe('Preparo');
    const nothing = await recall(id, { station_id: bar });
    expect([nothing.status, codeOf(nothing.body)]).toEqual([409, 'NOTHING_TO_RECALL']);

    await bump(id, { station_id: bar });
    await bump(id, { station_id: kitchen });
    expect(await statusOf(id)).toBe('Concluido');
    expect((await view(kitchen)).last_bump?.order_id).toBe(id);
    const back = await recall(id, { station_id: kitchen });
    expect(back.status).toBe(200);
    expect(await statusOf(id)).toBe('Preparo');
    expect((await movesOf(id)).slice(-2)).toEqual(['Preparo→Concluido', 'Concluido→Preparo']);
    expect(kitchenReply.parse(back.body).orders.find((order) => order.id === id)?.lines[0]?.bumped).toBe(
      false,
    );
    // The bar's bump stands: the kitchen's alone finishes the order again.
    await bump(id, { station_id: kitchen });
    expect(await statusOf(id)).toBe('Concluido');

    expect((await changeStatus(t, attendant.token, id, { status: 'Entregue' })).statusCode).toBe(200);
    const late = await recall(id, { station_id: kitchen });
    expect([late.status, codeOf(late.body)]).toEqual([409, 'ORDER_MOVED_ON']);
    expect(await statusOf(id)).toBe('Entregue');
    expect(await bumpCount(id)).toBe(2);
  });

  it('refuses to bump an order that is not in preparation, and changes nothing', async () => {
    const waiting = await placePickupOrder(t, customer);
    const refused = await bump(waiting, { station_id: kitchen });
    expect([refused.status, codeOf(refused.body)]).toEqual([409, 'ORDER_NOT_IN_PREPARATION']);
    expect(await bumpCount(waiting)).toBe(0);
    expect(await statusOf(waiting)).toBe('Solicitado');
  });

  it('refuses bad input with a 400, changing nothing', async () => {
    const id = await acceptedOrder();
    const cases: [object, string][] = [
      [{ station_id: 999_999 }, 'UNKNOWN_STATION'],
      [{ station_id: kitchen, line: 7 }, 'UNKNOWN_LINE'],
      [{ station_id: kitchen, line: 1 }, 'LINE_NOT_AT_STATION'],
      [{ station_id: 'Cozinha' }, 'INVALID_INPUT'],
      [{ station_id: kitchen, line: -1 }, 'INVALID_INPUT'],
      [{ station_id: kitchen, extra: true }, 'INVALID_INPUT'],
    ];
    for (const [payload, code] of cases) {
      const reply = await bump(id, payload);
      expect([reply.status, codeOf(reply.body)], JSON.stringify(payload)).toEqual([400, code]);
    }
    expect((await recall(id, { station_id: 0 })).status).toBe(400);
    expect((await call('GET', '/staff/kitchen?station=abc', attendant.token)).status).toBe(400);
    const unknown = await call('GET', '/staff/kitchen?station=999999', attendant.token);
    expect([unknown.status, codeOf(unknown.body)]).toEqual([400, 'UNKNOWN_STATION']);
    expect((await call('POST', '/staff/kitchen/orders/abc/bump', attendant.token, {})).status).toBe(400);
    expect(await bumpCount(id)).toBe(0);
  });

  it('belongs to its store: another store’s staff, a customer and no token change nothing', async () => {
    const id = await acceptedOrder();
    const foreign = await call('POST', `/staff/kitchen/orders/${id}/bump`, sakuraStaff.token, {}, SAKURA);
    expect([foreign.status, codeOf(foreign.body)]).toEqual([404, 'ORDER_NOT_FOUND']);
    const foreignRecall = await call(
      'POST',
      `/staff/kitchen/orders/${id}/recall`,
      sakuraStaff.token,
      {},
      SAKURA,
    );
    expect(foreignRecall.status).toBe(404);
    // A station of the pizzaria is unknown to the sakura.
    const foreignStation = await call(
      'GET',
      `/staff/kitchen?station=${kitchen}`,
      sakuraStaff.token,
      undefined,
      SAKURA,
    );
    expect(foreignStation.status).toBe(400);
    const sakuraView = kitchenReply.parse(
      (await call('GET', '/staff/kitchen', sakuraStaff.token, undefined, SAKURA)).body,
    );
    expect(sakuraView.orders.some((order) => order.id === id)).toBe(false);
    expect(sakuraView.stations).toEqual([]);
    // The sakura's token on the pizzaria's host is no session there.
    expect((await bump(id, {}, sakuraStaff.token)).status).toBe(401);
    expect((await bump(id, {}, customer.token)).status).toBe(403);
    expect((await call('GET', '/staff/kitchen', customer.token)).status).toBe(403);
    expect((await call('POST', `/staff/kitchen/orders/${id}/bump`, null, {})).status).toBe(401);
    expect(await bumpCount(id)).toBe(0);
    expect(await statusOf(id)).toBe('Preparo');
  });

  it('in a store without stations, one place prepares everything', async () => {
    const sakuraCustomer = await signUp(t.app, { host: SAKURA });
    const id = await placePickupOrder(t, sakuraCustomer, SAKURA);
    expect((await changeStatus(t, sakuraStaff.token, id, { status: 'Preparo' }, SAKURA)).statusCode).toBe(
      200,
    );
    const shown = kitchenReply.parse(
      (await call('GET', '/staff/kitchen', sakuraStaff.token, undefined, SAKURA)).body,
    );
    expect(shown.station_id).toBeNull();
    expect(shown.orders.find((order) => order.id === id)?.lines.map((line) => line.station_id)).toEqual([
      null,
    ]);
    const done = await call('POST', `/staff/kitchen/orders/${id}/bump`, sakuraStaff.token, {}, SAKURA);
    expect(done.status).toBe(200);
    const [row] = await t.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, id), eq(orders.status, 'Concluido')));
    expect(row?.status).toBe('Concluido');
  });
});
