import {
  courier,
  courierLinkReply,
  courierRouteReply,
  couriersReply,
  DISPATCH_EVENT,
  dispatchBoardReply,
  dispatchConflictReply,
  dispatchRoute,
  dispatchStop,
  errorReply,
  orderPlacedReply,
  outsideDelivery,
  outsideProviderReply,
  periodReport,
  settlementReply,
  todayReport,
  trackedOrder,
} from '@comanda/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cities,
  courierSettlements,
  loyaltyPointsLedger,
  neighbourhoods,
  outsideDeliveries,
  registerMovements,
  storeAuditLog,
  storeCourierProviders,
} from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PASSWORD,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, placeOrder, storeIdOf, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus, eventually } from '../../test/tracking.ts';
import { ifoodSignature } from './courier-provider.ts';
import { seedDemoCouriers } from './demo-couriers.ts';
import { IfoodTokenSource } from './ifood-token.ts';

/*
 * Delivery dispatch (issue 35, docs/decisions/0070): couriers and their links, routes grouped and
 * sent, stops marked by the courier's link, races on the moves, the customer's tracking and the
 * day's settlement.
 */

let t: TestApp;
let owner: StaffSignedIn;
let attendant: StaffSignedIn;
let sakuraOwner: StaffSignedIn;
let maria: SignedUp;
let jose: SignedUp;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(method: Method, url: string, token: string | null, payload?: unknown, host = PIZZARIA) {
  return t.app.inject({
    method,
    url,
    headers: { host, ...(token ? bearer(token) : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

function courierCall(method: Method, url: string, token: string | null, payload?: unknown, host = PIZZARIA) {
  return t.app.inject({
    method,
    url,
    headers: { host, ...(token ? { authorization: `Courier ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const codeOf = (response: { body: string }) => errorReply.parse(JSON.parse(response.body)).code;

async function place(ref: string, table: 'cities' | 'neighbourhoods') {
  const storeId = await storeIdOf(t, PIZZARIA);
  const source = table === 'cities' ? cities : neighbourhoods;
  const [row] = await t.database.db
    .select({ id: source.id })
    .from(source)
    .where(and(eq(source.storeId, storeId), eq(source.ref, ref)));
  return row!.id;
}

/** An address of the account in a pizzaria neighbourhood, at these coordinates. */
async function address(
  account: SignedUp,
  district: { ref: string; name: string },
  lat: number | null,
  lng: number | null,
) {
  const response = await call('POST', '/core/v2/app/customer/upsert-addresses/', account.token, {
    addresses: [
      {
        id: null,
        name: 'Casa',
        street: 'Rua Teste',
        street_number: String(Math.round(Math.abs((lat ?? 0) * 1000)) % 2000 || 10),
        complement: 'Apto 12',
        city_id: await place('sao-paulo', 'cities'),
        city_name: 'São Paulo',
        district_id: await place(district.ref, 'neighbourhoods'),
        district_name: district.name,
        latitude: lat,
        longitude: lng,
        search: 'teste',
        location: false,
      },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { inserted_ids: number[] }).inserted_ids[0]!;
}

const CONSOLACAO = { ref: 'consolacao', name: 'Consolação' };
const PINHEIROS = { ref: 'pinheiros', name: 'Pinheiros' };

/** A delivery order (cash, change for R$ 100 when asked), moved to Concluido by the owner. */
async function readyDelivery(
  account: SignedUp,
  addressId: number,
  options: { cash?: boolean; ready?: boolean } = {},
): Promise<number> {
  const line = await cartLine(t, {
    ref: 'burger-classico',
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
  });
  const response = await placeOrder(
    t,
    account.token,
    submission(account.userId, [line], {
      tipo_entrega: 'Entregar',
      fk_endereco: addressId,
      fk_forma_pagamento: options.cash ? 1 : 2,
      troco_para: options.cash ? 10_000 : null,
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = orderPlacedReply.parse(response.json()).order_info.order_id;
  if (options.ready !== false) {
    for (const status of ['Preparo', 'Finalização', 'Concluido']) {
      const moved = await changeStatus(t, owner.token, id, { status });
      if (moved.statusCode !== 200 && status === 'Preparo') continue; // auto-accepted already
      expect(moved.statusCode, moved.body).toBe(200);
    }
  }
  return id;
}

const PAY = { modelo: 'por_entrega', valor_entrega: 700 };

async function newCourier(nome: string, pagamento: object = PAY, token = owner.token, host = PIZZARIA) {
  const response = await call(
    'POST',
    '/staff/couriers',
    token,
    { nome, telefone: '(11) 98888-7777', veiculo: 'moto', ativo_hoje: true, pagamento },
    host,
  );
  expect(response.statusCode, response.body).toBe(201);
  return courier.parse(response.json());
}

async function linkOf(courierId: number) {
  const response = await call('POST', `/staff/couriers/${courierId}/link`, owner.token);
  expect(response.statusCode, response.body).toBe(200);
  return courierLinkReply.parse(response.json()).token;
}

async function newRoute(courierId: number, pedidos: number[], ordenar = false) {
  const response = await call('POST', '/staff/routes', attendant.token, {
    entregador_id: courierId,
    pedidos,
    ordenar,
  });
  expect(response.statusCode, response.body).toBe(201);
  return dispatchRoute.parse(response.json());
}

const board = async () =>
  dispatchBoardReply.parse((await call('GET', '/staff/dispatch', attendant.token)).json());

const tracked = async (account: SignedUp, id: number) =>
  trackedOrder.parse((await call('GET', `/bar/atendimentos_app/${id}`, account.token)).json());

let mariaNear: number;
let mariaFar: number;
let joseNear: number;

beforeAll(async () => {
  t = await buildAccountsTestApp({ env: { ORDER_RATE_LIMIT_MAX: '10000', COURIER_STANDIN_STEP_MS: '0' } });
  // The courier stand-in notifies over real HTTP: the app listens on loopback.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await signInStaff(t, { name: 'Ana Lima' });
  attendant = await signInStaff(t, { name: 'Bruno Costa', role: 'attendant' });
  sakuraOwner = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato' });
  maria = await signUp(t.app, { name: 'Maria Souza' });
  jose = await signUp(t.app, { name: 'José da Conceição' });
  // The store is at -23.5558, -46.6623 (Rua Augusta): Consolação ~600 m, Pinheiros ~3 km.
  mariaNear = await address(maria, CONSOLACAO, -23.5535, -46.6585);
  joseNear = await address(jose, CONSOLACAO, -23.5562, -46.661);
  mariaFar = await address(maria, PINHEIROS, -23.5665, -46.691);
});
afterAll(async () => {
  await t.close();
});

describe('couriers', () => {
  it('are added and changed by a manager, listed for attendants, and refused to attendants and other stores', async () => {
    const made = await newCourier('Carlos Motoboy', {
      modelo: 'faixa_km',
      faixas: [
        { ate_km: 2, valor: 600 },
        { ate_km: 5, valor: 900 },
      ],
    });
    expect(made).toMatchObject({ telefone: '11988887777', link_ativo: false });
    const listed = await call('GET', '/staff/couriers', attendant.token);
    expect(listed.statusCode).toBe(200);
    const forAttendant = couriersReply.parse(listed.json()).entregadores.find((c) => c.id === made.id);
    // An attendant dispatches but does not see pay rules: the field is there, null.
    expect(forAttendant).toMatchObject({ nome: 'Carlos Motoboy', pagamento: null });
    expect(Object.keys(forAttendant!)).toContain('pagamento');
    const forOwner = couriersReply
      .parse((await call('GET', '/staff/couriers', owner.token)).json())
      .entregadores.find((c) => c.id === made.id);
    expect(forOwner?.pagamento).toMatchObject({ modelo: 'faixa_km' });

    const byAttendant = await call('POST', '/staff/couriers', attendant.token, {
      nome: 'X',
      telefone: '11988887777',
      veiculo: 'moto',
      ativo_hoje: true,
      pagamento: PAY,
    });
    expect(byAttendant.statusCode).toBe(403);

    const badBands = await call('PUT', `/staff/couriers/${made.id}`, owner.token, {
      nome: 'Carlos',
      telefone: '11988887777',
      veiculo: 'moto',
      ativo_hoje: true,
      pagamento: {
        modelo: 'faixa_km',
        faixas: [
          { ate_km: 5, valor: 600 },
          { ate_km: 2, valor: 900 },
        ],
      },
    });
    expect(badBands.statusCode).toBe(400);
    expect(codeOf(badBands)).toBe('INVALID_PAY_BANDS');
    const badPhone = await call('PUT', `/staff/couriers/${made.id}`, owner.token, {
      nome: 'Carlos',
      telefone: '123',
      veiculo: 'moto',
      ativo_hoje: true,
      pagamento: PAY,
    });
    expect(badPhone.statusCode).toBe(400);

    const otherStore = await call(
      'PUT',
      `/staff/couriers/${made.id}`,
      sakuraOwner.token,
      { nome: 'Carlos', telefone: '11988887777', veiculo: 'moto', ativo_hoje: true, pagamento: PAY },
      SAKURA,
    );
    expect(otherStore.statusCode).toBe(404);
    expect(codeOf(otherStore)).toBe('COURIER_NOT_FOUND');
    const customer = await call('GET', '/staff/couriers', maria.token);
    expect(customer.statusCode).toBe(403);
  });

  it('get a personal link that a new one or a revoke ends, valid at their store only', async () => {
    const made = await newCourier('Dora Bike');
    const first = await linkOf(made.id);
    expect((await courierCall('GET', '/courier/v1/route', first)).statusCode).toBe(200);
    const second = await linkOf(made.id);
    const old = await courierCall('GET', '/courier/v1/route', first);
    expect(old.statusCode).toBe(401);
    expect(codeOf(old)).toBe('COURIER_LINK_INVALID');
    const reply = courierRouteReply.parse((await courierCall('GET', '/courier/v1/route', second)).json());
    expect(reply).toMatchObject({
      entregador: { nome: 'Dora Bike' },
      loja: { nome: 'Forno & Brasa' },
      rota: null,
    });
    expect((await courierCall('GET', '/courier/v1/route', second, undefined, SAKURA)).statusCode).toBe(401);
    expect((await call('GET', '/courier/v1/route', maria.token)).statusCode).toBe(401);
    expect((await call('GET', '/courier/v1/route', owner.token)).statusCode).toBe(401);
    // Who is calling is checked before the input: a bad link learns nothing of the stop ids.
    expect(codeOf(await courierCall('POST', '/courier/v1/stops/abc/delivered', first))).toBe(
      'COURIER_LINK_INVALID',
    );
    expect((await call('DELETE', `/staff/couriers/${made.id}/link`, owner.token)).statusCode).toBe(204);
    expect((await courierCall('GET', '/courier/v1/route', second)).statusCode).toBe(401);
    const listed = await call('GET', '/staff/couriers', owner.token);
    expect(
      (listed.json() as { entregadores: { id: number; link_ativo: boolean }[] }).entregadores.find(
        (c) => c.id === made.id,
      )?.link_ativo,
    ).toBe(false);
  });
});

describe('a route', () => {
  it('groups the ready orders by neighbourhood, goes nearest-next, leaves, and is marked by the courier', async () => {
    const far = await readyDelivery(maria, mariaFar, { cash: true });
    const near = await readyDelivery(maria, mariaNear);
    const nearer = await readyDelivery(jose, joseNear, { cash: true });
    const before = await board();
    const ready = before.prontos.filter((order) => [far, near, nearer].includes(order.id));
    expect(ready).toHaveLength(3);
    const farRow = ready.find((order) => order.id === far)!;
    expect(farRow).toMatchObject({ bairro: 'Pinheiros', cobrar: { forma: 'Dinheiro', dinheiro: true } });
    expect(farRow.cobrar!.troco).toBe(10_000 - farRow.total);
    expect(farRow.distancia_m).toBeGreaterThan(2000);
    expect(ready.find((order) => order.id === near)!.cobrar).toMatchObject({ dinheiro: false, troco: null });
    const consolacao = before.sugestao.find((group) => group.bairro === 'Consolação')!;
    expect(consolacao.pedidos).toEqual(expect.arrayContaining([near, nearer]));
    expect(before.sugestao.find((group) => group.bairro === 'Pinheiros')!.pedidos).toContain(far);

    const rider = await newCourier('Edu Rápido');
    const route = await newRoute(rider.id, [far, near, nearer], true);
    expect(route.estado).toBe('montando');
    // Nearest-next from the store: the two in Consolação (the closer first), then Pinheiros.
    expect(route.paradas.map((stop) => stop.pedido.id)).toEqual([nearer, near, far]);
    expect(route.paradas[0]!.links.waze).toMatch(/^https:\/\/waze\.com\/ul\?ll=/);
    expect(route.paradas[0]!.links.maps).toMatch(
      /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
    );
    expect(route.paradas[0]!.links.whatsapp).toMatch(/^https:\/\/wa\.me\/55\d{10,11}$/);
    expect((await board()).prontos.map((order) => order.id)).not.toContain(far);

    // Reordered while montando.
    const reordered = await call('PUT', `/staff/routes/${route.id}`, attendant.token, {
      pedidos: [near, nearer, far],
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(dispatchRoute.parse(reordered.json()).paradas.map((stop) => stop.pedido.id)).toEqual([
      near,
      nearer,
      far,
    ]);

    const token = await linkOf(rider.id);
    const early = courierRouteReply.parse((await courierCall('GET', '/courier/v1/route', token)).json());
    expect(early.rota?.estado).toBe('montando');
    const notYet = await courierCall('POST', `/courier/v1/stops/${route.paradas[0]!.id}/delivered`, token);
    expect(notYet.statusCode).toBe(409);
    expect(codeOf(notYet)).toBe('ROUTE_NOT_LEFT');

    const left = await call('POST', `/staff/routes/${route.id}/depart`, attendant.token);
    expect(left.statusCode, left.body).toBe(200);
    expect(dispatchRoute.parse(left.json()).estado).toBe('em_rota');
    expect((await tracked(jose, nearer)).entrega).toMatchObject({
      estado: 'saiu_para_entrega',
      entregador: 'Edu',
      paradas_antes: 1,
    });

    const again = await call('PUT', `/staff/routes/${route.id}`, attendant.token, {
      entregador_id: rider.id,
    });
    expect(again.statusCode).toBe(409);
    const conflict = dispatchConflictReply.parse(again.json());
    expect(conflict.code).toBe('ROUTE_ALREADY_LEFT');
    expect(conflict.rota?.estado).toBe('em_rota');

    const stops = courierRouteReply.parse((await courierCall('GET', '/courier/v1/route', token)).json()).rota!
      .paradas;
    const [first, second, third] = stops;
    const delivered = await courierCall('POST', `/courier/v1/stops/${first!.id}/delivered`, token);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(dispatchStop.parse(delivered.json())).toMatchObject({ estado: 'entregue' });
    expect((await tracked(maria, near)).status).toBe('Entregue');
    expect((await tracked(maria, near)).entrega?.estado).toBe('entregue');
    expect((await tracked(jose, nearer)).entrega?.paradas_antes).toBe(0);

    const twice = await courierCall('POST', `/courier/v1/stops/${first!.id}/delivered`, token);
    expect(twice.statusCode).toBe(409);
    expect(dispatchConflictReply.parse(twice.json())).toMatchObject({
      code: 'STOP_ALREADY_MARKED',
      parada: { estado: 'entregue' },
    });

    const noReason = await courierCall('POST', `/courier/v1/stops/${second!.id}/not-delivered`, token, {
      motivo: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    const failed = await courierCall('POST', `/courier/v1/stops/${second!.id}/not-delivered`, token, {
      motivo: 'Ninguém atendeu',
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await tracked(jose, nearer)).entrega?.estado).toBe('nao_entregue');
    const flagged = (await board()).prontos.find((order) => order.id === nearer);
    expect(flagged?.nao_entregue?.motivo).toBe('Ninguém atendeu');

    const early2 = await courierCall('POST', '/courier/v1/route/back', token);
    expect(early2.statusCode).toBe(409);
    expect(codeOf(early2)).toBe('ROUTE_STOPS_PENDING');
    expect((await courierCall('POST', `/courier/v1/stops/${third!.id}/delivered`, token)).statusCode).toBe(
      200,
    );
    const back = await courierCall('POST', '/courier/v1/route/back', token);
    expect(back.statusCode, back.body).toBe(200);
    expect(dispatchRoute.parse(back.json())).toMatchObject({ estado: 'encerrada' });
  });

  it('refuses orders not ready, not delivery, of another store, or in another route', async () => {
    const rider = await newCourier('Fábio Carro');
    const notReady = await readyDelivery(maria, mariaNear, { ready: false });
    const refused = await call('POST', '/staff/routes', attendant.token, {
      entregador_id: rider.id,
      pedidos: [notReady],
    });
    expect(refused.statusCode).toBe(409);
    expect(codeOf(refused)).toBe('ORDER_NOT_READY');

    const ready = await readyDelivery(maria, mariaNear);
    const otherStore = await call(
      'POST',
      '/staff/routes',
      sakuraOwner.token,
      { entregador_id: rider.id, pedidos: [ready] },
      SAKURA,
    );
    expect(otherStore.statusCode).toBe(404);
    const sakuraRider = await newCourier('Kaito', PAY, sakuraOwner.token, SAKURA);
    const foreignOrder = await call(
      'POST',
      '/staff/routes',
      sakuraOwner.token,
      { entregador_id: sakuraRider.id, pedidos: [ready] },
      SAKURA,
    );
    expect(foreignOrder.statusCode).toBe(404);
    expect(codeOf(foreignOrder)).toBe('ORDER_NOT_FOUND');

    const resting = await call('POST', '/staff/couriers', owner.token, {
      nome: 'Quim Folga',
      telefone: '11977776666',
      veiculo: 'carro',
      ativo_hoje: false,
      pagamento: PAY,
    });
    const inactive = await call('POST', '/staff/routes', attendant.token, {
      entregador_id: courier.parse(resting.json()).id,
      pedidos: [ready],
    });
    expect(inactive.statusCode).toBe(409);
    expect(codeOf(inactive)).toBe('COURIER_INACTIVE');

    const route = await newRoute(rider.id, [ready]);
    const twice = await call('POST', '/staff/routes', attendant.token, {
      entregador_id: rider.id,
      pedidos: [ready],
    });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('ORDER_ALREADY_DISPATCHED');
    const repeated = await call('PUT', `/staff/routes/${route.id}`, attendant.token, {
      pedidos: [ready, ready],
    });
    expect(repeated.statusCode).toBe(400);
    expect((await call('DELETE', `/staff/routes/${route.id}`, attendant.token)).statusCode).toBe(204);
    expect((await board()).prontos.map((order) => order.id)).toContain(ready);
  });
});

describe('events', () => {
  it('a departure reaches the customer’s order stream and the board’s staff stream', async () => {
    const storeId = await storeIdOf(t, PIZZARIA);
    const rider = await newCourier('Olga Eventos');
    const order = await readyDelivery(maria, mariaNear);
    const route = await newRoute(rider.id, [order]);
    const customerEvents: { id: number; status: string }[] = [];
    const staffEvents: { name: string; data: unknown }[] = [];
    const stopCustomer = t.ctx.orderEvents.subscribe(storeId, maria.userId, (event) =>
      customerEvents.push(event),
    );
    const stopStaff = t.ctx.orderEvents.subscribe(
      storeId,
      null,
      () => undefined,
      undefined,
      (event) => staffEvents.push(event),
    );
    try {
      expect((await call('POST', `/staff/routes/${route.id}/depart`, attendant.token)).statusCode).toBe(200);
      await eventually(
        () =>
          customerEvents.some((event) => event.id === order) &&
          staffEvents.some(
            (event) =>
              event.name === DISPATCH_EVENT &&
              (event.data as { rota_id: number; estado: string }).rota_id === route.id &&
              (event.data as { estado: string }).estado === 'em_rota',
          ),
      );
    } finally {
      stopCustomer();
      stopStaff();
    }
  });
});

describe('a cancelled order', () => {
  it('leaves a route being put together, and is marked not delivered on a route that left', async () => {
    const rider = await newCourier('Pia Cancela');
    const early = await readyDelivery(maria, mariaNear);
    const kept = await readyDelivery(jose, joseNear);
    const montando = await newRoute(rider.id, [early, kept]);
    const cancelled = await changeStatus(t, owner.token, early, {
      status: 'Cancelado',
      reason: 'Cliente desistiu',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const left = await call('POST', `/staff/routes/${montando.id}/depart`, attendant.token);
    expect(left.statusCode, left.body).toBe(200);
    expect(dispatchRoute.parse(left.json()).paradas.map((stop) => stop.pedido.id)).toEqual([kept]);

    const late = await readyDelivery(maria, mariaFar);
    const other = await newCourier('Rui Cancela');
    const route = await newRoute(other.id, [late]);
    expect((await call('POST', `/staff/routes/${route.id}/depart`, attendant.token)).statusCode).toBe(200);
    expect(
      (await changeStatus(t, owner.token, late, { status: 'Cancelado', reason: 'Endereço inexistente' }))
        .statusCode,
    ).toBe(200);
    const token = await linkOf(other.id);
    const seen = courierRouteReply.parse((await courierCall('GET', '/courier/v1/route', token)).json());
    expect(seen.rota!.paradas[0]).toMatchObject({ estado: 'nao_entregue', motivo: 'Pedido cancelado' });
    expect((await courierCall('POST', '/courier/v1/route/back', token)).statusCode).toBe(200);
  });
});

describe('races', () => {
  it('two departs at once: one leaves, the other is a 409 with the route', async () => {
    const rider = await newCourier('Gabi Corrida');
    const route = await newRoute(rider.id, [await readyDelivery(jose, joseNear)]);
    const replies = await Promise.all([
      call('POST', `/staff/routes/${route.id}/depart`, attendant.token),
      call('POST', `/staff/routes/${route.id}/depart`, owner.token),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409]);
    const loser = replies.find((reply) => reply.statusCode === 409)!;
    expect(dispatchConflictReply.parse(loser.json())).toMatchObject({
      code: 'ROUTE_ALREADY_LEFT',
      rota: { estado: 'em_rota' },
    });
  });

  it('a reassign racing a depart: either it lands before the route leaves or it is a 409', async () => {
    const first = await newCourier('Sara Corrida');
    const second = await newCourier('Tito Corrida');
    const route = await newRoute(first.id, [await readyDelivery(jose, joseNear)]);
    const [moved, left] = await Promise.all([
      call('PUT', `/staff/routes/${route.id}`, owner.token, { entregador_id: second.id }),
      call('POST', `/staff/routes/${route.id}/depart`, attendant.token),
    ]);
    expect(left.statusCode).toBe(200);
    const final = dispatchRoute.parse(left.json());
    if (moved.statusCode === 200) {
      expect(final.entregador.id).toBe(second.id);
    } else {
      expect(moved.statusCode).toBe(409);
      expect(codeOf(moved)).toBe('ROUTE_ALREADY_LEFT');
      expect(final.entregador.id).toBe(first.id);
    }
    // Another store's staff cannot see or move it.
    const foreign = await call(
      'POST',
      `/staff/routes/${route.id}/depart`,
      sakuraOwner.token,
      undefined,
      SAKURA,
    );
    expect(foreign.statusCode).toBe(404);
    expect(codeOf(foreign)).toBe('ROUTE_NOT_FOUND');
  });

  it('two routes taking the same order at once: one gets it', async () => {
    const rider = await newCourier('Hugo Corrida');
    const order = await readyDelivery(jose, joseNear);
    const replies = await Promise.all([
      call('POST', '/staff/routes', attendant.token, { entregador_id: rider.id, pedidos: [order] }),
      call('POST', '/staff/routes', owner.token, { entregador_id: rider.id, pedidos: [order] }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
  });

  it('a stop marked twice at once (courier and board): one mark, one Entregue, the points once', async () => {
    const rider = await newCourier('Íris Corrida');
    const order = await readyDelivery(maria, mariaNear);
    const route = await newRoute(rider.id, [order]);
    expect((await call('POST', `/staff/routes/${route.id}/depart`, attendant.token)).statusCode).toBe(200);
    const token = await linkOf(rider.id);
    const stopId = route.paradas[0]!.id;
    const replies = await Promise.all([
      courierCall('POST', `/courier/v1/stops/${stopId}/delivered`, token),
      call('POST', `/staff/routes/${route.id}/stops/${stopId}/delivered`, attendant.token),
      courierCall('POST', `/courier/v1/stops/${stopId}/not-delivered`, token, { motivo: 'Endereço errado' }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409]);
    const changes = (await tracked(maria, order)).status_changes.filter(
      (change) => change.status === 'Entregue',
    );
    expect(changes.length).toBeLessThanOrEqual(1);
    const earned = await t.database.db
      .select()
      .from(loyaltyPointsLedger)
      .where(and(eq(loyaltyPointsLedger.orderId, order), eq(loyaltyPointsLedger.reason, 'order_earned')));
    expect(earned.length).toBeLessThanOrEqual(1);
  });

  it('a courier marks only their own route’s stops', async () => {
    const mine = await newCourier('Júlio Dono');
    const other = await newCourier('Kátia Outra');
    const route = await newRoute(mine.id, [await readyDelivery(jose, joseNear)]);
    expect((await call('POST', `/staff/routes/${route.id}/depart`, attendant.token)).statusCode).toBe(200);
    const otherToken = await linkOf(other.id);
    const refused = await courierCall(
      'POST',
      `/courier/v1/stops/${route.paradas[0]!.id}/delivered`,
      otherToken,
    );
    expect(refused.statusCode).toBe(404);
    expect(codeOf(refused)).toBe('STOP_NOT_FOUND');
  });
});

describe('the day’s settlement', () => {
  it('adds up each courier’s pay, the cash collected and the net, once, with the register’s sangria', async () => {
    const rider = await newCourier('Lia Acerto', {
      modelo: 'faixa_km',
      faixas: [
        { ate_km: 2, valor: 500 },
        { ate_km: 10, valor: 1100 },
      ],
    });
    const near = await readyDelivery(maria, mariaNear, { cash: true });
    const far = await readyDelivery(maria, mariaFar);
    const failed = await readyDelivery(jose, joseNear, { cash: true });
    const route = await newRoute(rider.id, [near, far, failed]);
    expect((await call('POST', `/staff/routes/${route.id}/depart`, attendant.token)).statusCode).toBe(200);
    const token = await linkOf(rider.id);
    const [a, b, c] = route.paradas;
    expect((await courierCall('POST', `/courier/v1/stops/${a!.id}/delivered`, token)).statusCode).toBe(200);
    expect((await courierCall('POST', `/courier/v1/stops/${b!.id}/delivered`, token)).statusCode).toBe(200);
    expect(
      (await courierCall('POST', `/courier/v1/stops/${c!.id}/not-delivered`, token, { motivo: 'Fechado' }))
        .statusCode,
    ).toBe(200);

    const nearTotal = (await tracked(maria, near)).total;
    const day = await call('GET', '/staff/couriers/settlement', owner.token);
    expect(day.statusCode, day.body).toBe(200);
    const reply = settlementReply.parse(day.json());
    const line = reply.entregadores.find((entry) => entry.entregador.id === rider.id)!;
    expect(line).toMatchObject({
      entregas: 2,
      nao_entregues: 1,
      por_faixa: [
        { ate_km: 2, entregas: 1, valor: 500 },
        { ate_km: 10, entregas: 1, valor: 1100 },
      ],
      devido: 1600,
      dinheiro_coletado: nearTotal,
      liquido: 1600 - nearTotal,
      acertado: null,
    });
    expect((await call('GET', '/staff/couriers/settlement', attendant.token)).statusCode).toBe(403);
    expect((await call('GET', '/staff/couriers/settlement?dia=2999-01-01', owner.token)).statusCode).toBe(
      400,
    );

    const csv = await call('GET', `/staff/couriers/settlement.csv?dia=${reply.dia}`, owner.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFDia;Entregador;')).toBe(true);
    expect(csv.body).toContain('Lia Acerto;2;1;');
    expect(csv.body).toContain(';16,00;');

    const recorded = await call('POST', `/staff/couriers/${rider.id}/settlement`, owner.token, {
      dia: reply.dia,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(
      settlementReply.parse(recorded.json()).entregadores.find((entry) => entry.entregador.id === rider.id)!
        .acertado,
    ).toMatchObject({ por: 'Ana Lima', caixa: false });
    const twice = await call('POST', `/staff/couriers/${rider.id}/settlement`, owner.token, {
      dia: reply.dia,
    });
    expect(twice.statusCode).toBe(409);
    expect(codeOf(twice)).toBe('SETTLEMENT_ALREADY_RECORDED');
    const movements = await t.database.db.select().from(registerMovements);
    expect(movements.filter((movement) => movement.reason.includes('Lia'))).toEqual([]);
  });
});

describe('the day’s settlement with a register open', () => {
  it('takes the courier’s pay out of the drawer as a sangria', async () => {
    const rider = await newCourier('Nina Caixa', { modelo: 'por_entrega', valor_entrega: 900 });
    const order = await readyDelivery(jose, joseNear, { cash: true });
    const route = await newRoute(rider.id, [order]);
    expect((await call('POST', `/staff/routes/${route.id}/depart`, attendant.token)).statusCode).toBe(200);
    const stop = route.paradas[0]!;
    expect(
      (await call('POST', `/staff/routes/${route.id}/stops/${stop.id}/delivered`, attendant.token))
        .statusCode,
    ).toBe(200);
    const registers = (await call('GET', '/staff/registers', owner.token)).json() as {
      registers: { id: number }[];
    };
    const opened = await call('POST', `/staff/registers/${registers.registers[0]!.id}/open`, owner.token, {
      opening_float: 10_000,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const sessionId = (opened.json() as { id: number }).id;
    const day = settlementReply.parse((await call('GET', '/staff/couriers/settlement', owner.token)).json());
    const recorded = await call('POST', `/staff/couriers/${rider.id}/settlement`, owner.token, {
      dia: day.dia,
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const line = settlementReply
      .parse(recorded.json())
      .entregadores.find((entry) => entry.entregador.id === rider.id)!;
    expect(line).toMatchObject({ entregas: 1, devido: 900, acertado: { caixa: true } });
    const session = (await call('GET', `/staff/register-sessions/${sessionId}`, owner.token)).json() as {
      movements: { kind: string; amount: number; reason: string }[];
    };
    expect(session.movements).toEqual([
      expect.objectContaining({ kind: 'sangria', amount: 900, reason: expect.stringContaining('Nina') }),
    ]);

    // A pay above the drawer's cash is recorded without a movement (the register refuses such a sangria).
    const dear = await newCourier('Otto Caro', { modelo: 'por_entrega', valor_entrega: 100_000 });
    const dearOrder = await readyDelivery(jose, joseNear);
    const dearRoute = await newRoute(dear.id, [dearOrder]);
    expect((await call('POST', `/staff/routes/${dearRoute.id}/depart`, attendant.token)).statusCode).toBe(
      200,
    );
    const dearStop = dearRoute.paradas[0]!.id;
    expect(
      (await call('POST', `/staff/routes/${dearRoute.id}/stops/${dearStop}/delivered`, attendant.token))
        .statusCode,
    ).toBe(200);
    const unpaid = await call('POST', `/staff/couriers/${dear.id}/settlement`, owner.token, { dia: day.dia });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    expect(
      settlementReply.parse(unpaid.json()).entregadores.find((entry) => entry.entregador.id === dear.id)!
        .acertado,
    ).toMatchObject({ caixa: false });
    const after = (await call('GET', `/staff/register-sessions/${sessionId}`, owner.token)).json() as {
      movements: unknown[];
    };
    expect(after.movements).toHaveLength(1);
  });
});

describe('the API document', () => {
  it('lists the dispatch and courier calls', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/staff/dispatch', '/staff/routes/{id}/depart', '/courier/v1/route']),
    );
  });
});

describe('the reports', () => {
  it('show the couriers’ pay settled as its own line, not revenue, and list the settlements in their own CSV', async () => {
    const storeId = await storeIdOf(t, PIZZARIA);
    const today = todayReport.parse((await call('GET', '/staff/reports/today', owner.token)).json());
    const settled = await t.database.db
      .select()
      .from(courierSettlements)
      .where(and(eq(courierSettlements.storeId, storeId), eq(courierSettlements.day, today.date)));
    expect(settled.length).toBeGreaterThan(0); // recorded by the settlement tests above
    const owed = settled.reduce((sum, row) => sum + row.owed, 0);
    expect(owed).toBeGreaterThan(0);
    expect(today.courier_pay).toBe(owed);
    // Not revenue: the day's revenue is the ledger's entries alone.
    const period = periodReport.parse(
      (await call('GET', `/staff/reports/period?from=${today.date}&to=${today.date}`, owner.token)).json(),
    );
    expect(period.current).toMatchObject({ courier_pay: owed, revenue: today.revenue });
    expect(period.previous.courier_pay).toBe(0);
    // Another store's day has none of it.
    const sakuraToday = todayReport.parse(
      (await call('GET', '/staff/reports/today', sakuraOwner.token, undefined, SAKURA)).json(),
    );
    expect(sakuraToday.courier_pay).toBe(0);

    const csv = await call(
      'GET',
      `/staff/reports/settlements.csv?from=${today.date}&to=${today.date}`,
      owner.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe(
      'Dia;Entregador;Entregas;Devido;Dinheiro coletado;Líquido;Acertado em;Por;Pago do caixa',
    );
    expect(lines).toHaveLength(settled.length + 1);
    const [y, m, d] = today.date.split('-');
    expect(lines.slice(1).every((line) => line.startsWith(`${d}/${m}/${y};`))).toBe(true);
    const owedColumn = lines
      .slice(1)
      .map((line) => Math.round(Number(line.split(';')[3]!.replace('.', '').replace(',', '.')) * 100));
    expect(owedColumn.reduce((sum, value) => sum + value, 0)).toBe(owed);
    expect(
      (
        await call(
          'GET',
          `/staff/reports/settlements.csv?from=${today.date}&to=${today.date}`,
          attendant.token,
        )
      ).statusCode,
    ).toBe(403);
    const bad = await call(
      'GET',
      '/staff/reports/settlements.csv?from=2026-02-10&to=2026-01-01',
      owner.token,
    );
    expect(bad.statusCode).toBe(400);
  });
});

describe('the demo', () => {
  it('has two couriers for Forno & Brasa, with pay rules the contract reads', async () => {
    await seedDemoCouriers(t.database.db, await storeIdOf(t, PIZZARIA), 'pizzaria', new Date());
    const listed = couriersReply.parse((await call('GET', '/staff/couriers', attendant.token)).json());
    expect(listed.entregadores.map((entry) => entry.nome)).toEqual(
      expect.arrayContaining(['Carlos Almeida', 'Bruna Ferreira']),
    );
  });
});

describe('an outside courier', () => {
  it('is asked through the iFood Shipping adapter, and its signed notifications move the delivery and the order', async () => {
    const standin = t.services.courierStandin!;
    const order = await readyDelivery(maria, mariaFar, { cash: true });
    const asked = await call('POST', '/staff/routes/outside', attendant.token, { pedido_id: order });
    expect(asked.statusCode, asked.body).toBe(201);
    const delivery = outsideDelivery.parse(asked.json());
    expect(delivery).toMatchObject({
      pedido_id: order,
      provedor: 'ifood',
      estado: 'solicitado',
      entregador_nome: null,
    });
    const externalId = (
      await t.database.db.select().from(outsideDeliveries).where(eq(outsideDeliveries.id, delivery.id))
    )[0]!.externalId;
    // The stand-in received what the adapter sends: the customer, the place and the cash to collect.
    expect(standin.delivery(externalId)?.body).toMatchObject({
      customer: { name: 'Maria Souza' },
      delivery: { deliveryAddress: { coordinates: { latitude: -23.5665, longitude: -46.691 } } },
      payments: { methods: [{ method: 'CASH', type: 'OFFLINE', cash: { changeFor: 100 } }] },
    });
    expect((await board()).prontos.map((ready) => ready.id)).not.toContain(order);
    const inRoute = await call('POST', '/staff/routes', attendant.token, {
      entregador_id: (await newCourier('Mário Fila')).id,
      pedidos: [order],
    });
    expect(codeOf(inRoute)).toBe('ORDER_ALREADY_DISPATCHED');

    expect(await standin.advance(externalId)).toBe(true);
    const assigned = (await board()).externos.find((entry) => entry.id === delivery.id)!;
    expect(assigned).toMatchObject({ estado: 'atribuido', entregador_nome: 'Rafael Entregas' });
    expect((await tracked(maria, order)).entrega).toBeNull();

    expect(await standin.advance(externalId)).toBe(true);
    expect((await tracked(maria, order)).entrega).toMatchObject({
      estado: 'saiu_para_entrega',
      entregador: 'Rafael',
    });

    expect(await standin.advance(externalId)).toBe(true);
    const done = await tracked(maria, order);
    expect(done.status).toBe('Entregue');
    expect(done.entrega?.estado).toBe('entregue');
    expect(
      (await board()).externos.find((entry) => entry.id === delivery.id)?.eventos.map((e) => e.estado),
    ).toEqual(['solicitado', 'atribuido', 'coletado', 'entregue']);
  });

  it('is not asked for an address without coordinates: 503, and the order is ready again', async () => {
    const nowhere = await address(jose, PINHEIROS, null, null);
    const order = await readyDelivery(jose, nowhere);
    const asked = await call('POST', '/staff/routes/outside', attendant.token, { pedido_id: order });
    expect(asked.statusCode).toBe(503);
    expect(codeOf(asked)).toBe('COURIER_PROVIDER_FAILED');
    const ready = (await board()).prontos.find((entry) => entry.id === order);
    expect(ready).toMatchObject({ distancia_m: null, bairro: 'Pinheiros' });
    expect((await board()).externos.map((entry) => entry.pedido_id)).not.toContain(order);
  });

  it('is cancelled from the board until picked up, and with its order; then 409 with its state', async () => {
    const standin = t.services.courierStandin!;
    const externalOf = async (id: number) =>
      (await t.database.db.select().from(outsideDeliveries).where(eq(outsideDeliveries.id, id)))[0]!
        .externalId;
    const ask = async (order: number) => {
      const asked = await call('POST', '/staff/routes/outside', attendant.token, { pedido_id: order });
      expect(asked.statusCode, asked.body).toBe(201);
      return outsideDelivery.parse(asked.json());
    };

    const first = await readyDelivery(jose, joseNear, { cash: true });
    const one = await ask(first);
    expect(await standin.advance(await externalOf(one.id))).toBe(true); // assigned: still cancellable
    expect(
      (await call('POST', `/staff/routes/outside/${one.id}/cancel`, sakuraOwner.token, undefined, SAKURA))
        .statusCode,
    ).toBe(404);
    const cancelled = await call('POST', `/staff/routes/outside/${one.id}/cancel`, attendant.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(outsideDelivery.parse(cancelled.json())).toMatchObject({ estado: 'cancelado' });
    expect(standin.delivery(await externalOf(one.id))?.steps).toEqual(['ASSIGN_DRIVER', 'CANCELLED']);
    expect((await board()).prontos.map((ready) => ready.id)).toContain(first);
    const again = await call('POST', `/staff/routes/outside/${one.id}/cancel`, attendant.token);
    expect(again.statusCode).toBe(409);
    expect(dispatchConflictReply.parse(again.json())).toMatchObject({
      code: 'OUTSIDE_NOT_CANCELLABLE',
      externo: { id: one.id, estado: 'cancelado' },
    });

    // Picked up: too late.
    const two = await ask(first);
    const twoExternal = await externalOf(two.id);
    await standin.advance(twoExternal);
    await standin.advance(twoExternal);
    const late = await call('POST', `/staff/routes/outside/${two.id}/cancel`, attendant.token);
    expect(late.statusCode).toBe(409);
    expect(dispatchConflictReply.parse(late.json()).externo).toMatchObject({ estado: 'coletado' });
    expect(standin.delivery(twoExternal)?.steps).not.toContain('CANCELLED');

    // Cancelling the order cancels its outside delivery at the company.
    const second = await readyDelivery(jose, joseNear);
    const three = await ask(second);
    const moved = await changeStatus(t, owner.token, second, {
      status: 'Cancelado',
      reason: 'Cliente desistiu',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // The cancel's after-commit steps ran before its reply.
    expect(
      (await t.database.db.select().from(outsideDeliveries).where(eq(outsideDeliveries.id, three.id)))[0]!
        .estado,
    ).toBe('cancelado');
    expect(standin.delivery(await externalOf(three.id))?.steps).toEqual(['CANCELLED']);
  });

  it('refuses a notification not signed by the company', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/integracoes/v1/entregas/ifood',
      headers: { host: PIZZARIA, 'content-type': 'application/json', 'x-ifood-signature': 'f'.repeat(64) },
      payload: JSON.stringify({ fullCode: 'CONCLUDED', orderId: 'x', createdAt: new Date().toISOString() }),
    });
    expect(forged.statusCode).toBe(401);
    expect(codeOf(forged)).toBe('NOTIFICATION_REFUSED');
  });
});

describe('a store’s own outside courier company', () => {
  const settings = {
    provedor: 'standin',
    merchant_id: 'forno-merchant-42',
    client_id: 'forno-client',
    client_secret: 'forno-secret-xyz',
  };

  it('is set by a manager with their password, never shows its secrets, and is written to the history', async () => {
    const storeId = await storeIdOf(t, PIZZARIA);
    expect(
      outsideProviderReply.parse((await call('GET', '/staff/dispatch/outside-provider', owner.token)).json()),
    ).toEqual({ provedor: null, merchant_id: null, segredos_definidos: [] });
    expect((await call('GET', '/staff/dispatch/outside-provider', attendant.token)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/staff/dispatch/outside-provider', attendant.token, settings)).statusCode,
    ).toBe(403);
    const noPassword = await call('PUT', '/staff/dispatch/outside-provider', owner.token, settings);
    expect(codeOf(noPassword)).toBe('OWNER_PASSWORD_REQUIRED');
    const wrong = await call('PUT', '/staff/dispatch/outside-provider', owner.token, {
      ...settings,
      owner_password: 'not-the-password',
    });
    expect(codeOf(wrong)).toBe('OWNER_PASSWORD_WRONG');
    const noSecret = await call('PUT', '/staff/dispatch/outside-provider', owner.token, {
      ...settings,
      client_secret: '',
      owner_password: PASSWORD,
    });
    expect(noSecret.statusCode).toBe(400);
    expect(errorReply.parse(noSecret.json())).toMatchObject({ code: 'INVALID_PROVIDER_SETTINGS' });
    expect(await t.database.db.select().from(storeCourierProviders)).toEqual([]);

    const saved = await call('PUT', '/staff/dispatch/outside-provider', owner.token, {
      ...settings,
      owner_password: PASSWORD,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      provedor: 'standin',
      merchant_id: 'forno-merchant-42',
      segredos_definidos: ['client_id', 'client_secret'],
    });
    expect(saved.body).not.toContain('forno-secret');
    expect(saved.body).not.toContain('forno-client');
    const [row] = await t.database.db
      .select()
      .from(storeCourierProviders)
      .where(eq(storeCourierProviders.storeId, storeId));
    expect(row!.secrets).not.toContain('forno');
    const history = await t.database.db
      .select()
      .from(storeAuditLog)
      .where(and(eq(storeAuditLog.storeId, storeId), eq(storeAuditLog.section, 'courier_provider')));
    expect(history).toHaveLength(1);
    expect(JSON.stringify(history[0])).not.toContain('forno-secret');
    // Another store sees none of it.
    expect(
      outsideProviderReply.parse(
        (await call('GET', '/staff/dispatch/outside-provider', sakuraOwner.token, undefined, SAKURA)).json(),
      ).provedor,
    ).toBeNull();
  });

  it('asks its token once with the store’s credentials, and its notifications are signed with the store’s secret', async () => {
    const standin = t.services.courierStandin!;
    const before = standin.tokenRequests.length;
    const first = await readyDelivery(maria, mariaFar, { cash: true });
    const second = await readyDelivery(maria, mariaFar, { cash: true });
    for (const order of [first, second]) {
      const asked = await call('POST', '/staff/routes/outside', attendant.token, { pedido_id: order });
      expect(asked.statusCode, asked.body).toBe(201);
    }
    // One token for both requests: cached until near its end.
    expect(standin.tokenRequests.slice(before)).toEqual(['forno-client']);
    const [row] = await t.database.db
      .select()
      .from(outsideDeliveries)
      .where(eq(outsideDeliveries.orderId, first));
    const delivery = standin.delivery(row!.externalId)!;
    expect(delivery).toMatchObject({ merchantId: 'forno-merchant-42', secret: 'forno-secret-xyz' });
    // The store's secret signs what the server accepts: the delivery moves.
    expect(await standin.advance(row!.externalId)).toBe(true);
    expect((await board()).externos.find((entry) => entry.pedido_id === first)?.estado).toBe('atribuido');
    // It came over HTTP and the server took it.
    expect(standin.sent.filter((sent) => sent.orderId === row!.externalId)).toEqual([
      { orderId: row!.externalId, step: 'ASSIGN_DRIVER', status: 200 },
    ]);
    // Signed with any other secret: refused.
    const [other] = await t.database.db
      .select()
      .from(outsideDeliveries)
      .where(eq(outsideDeliveries.orderId, second));
    const body = JSON.stringify({
      fullCode: 'ASSIGN_DRIVER',
      orderId: other!.externalId,
      createdAt: new Date().toISOString(),
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/integracoes/v1/entregas/ifood',
      headers: {
        host: PIZZARIA,
        'content-type': 'application/json',
        'x-ifood-signature': ifoodSignature('another', body),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    await t.database.db.delete(storeCourierProviders);
  });

  it('renews the token before it ends (client credentials; iFood gives no refresh token)', async () => {
    const standin = t.services.courierStandin!;
    let clock = Date.parse('2026-11-28T12:00:00Z');
    const source = new IfoodTokenSource({
      baseUrl: standin.url,
      clientId: 'renew-client',
      clientSecret: 'renew-secret',
      now: () => new Date(clock),
    });
    const before = standin.tokenRequests.length;
    const token = await source.get();
    expect(await source.get()).toBe(token);
    clock += 6 * 3_600_000 - 6 * 60_000; // six minutes before a six-hour token ends: still good
    expect(await source.get()).toBe(token);
    clock += 2 * 60_000; // four minutes before: renewed
    const renewed = await source.get();
    expect(renewed).not.toBe(token);
    expect(standin.tokenRequests.slice(before)).toEqual(['renew-client', 'renew-client']);
    const refused = new IfoodTokenSource({
      baseUrl: standin.url,
      clientId: '',
      clientSecret: 'x',
      now: () => new Date(),
    });
    await expect(refused.get()).rejects.toMatchObject({ code: 'TOKEN_HTTP_400' });
  });
});
