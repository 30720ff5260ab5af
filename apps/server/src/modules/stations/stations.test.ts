import { errorReply, type StationsReply, stationsReply } from '@comanda/contract';
import { linesByStation } from '@comanda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { productIdOf, storeIdOf } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { stationRoutingOf } from './index.ts';

/*
 * The stations of issue 32 (docs/decisions/0052): a manager names Cozinha and Bar, routes the
 * drinks to the bar and one pizza too; every member reads where each product is prepared.
 */

let t: TestApp;
let manager: StaffSignedIn;
let attendant: StaffSignedIn;
let sakuraManager: StaffSignedIn;
let customerToken: string;
beforeAll(async () => {
  t = await buildAccountsTestApp();
  manager = await signInStaff(t, { name: 'Marcos Gerente', role: 'manager' });
  attendant = await signInStaff(t, { name: 'Ana Balcão', role: 'attendant' });
  sakuraManager = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato', role: 'manager' });
  customerToken = (await signUp(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

async function call(method: string, url: string, token: string, payload?: object, host = PIZZARIA) {
  const reply = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { host, ...bearer(token) },
    ...(payload ? { payload } : {}),
  });
  return { status: reply.statusCode, body: reply.json() };
}

const stationsNow = async (token = attendant.token, host = PIZZARIA) =>
  stationsReply.parse((await call('GET', '/staff/stations', token, undefined, host)).body);

const categoryNamed = (reply: StationsReply, name: string) => reply.categories.find((c) => c.name === name)!;

describe('stations', () => {
  let kitchen: number;
  let bar: number;

  it('start empty: a store without stations prepares everything in one place', async () => {
    const reply = await stationsNow();
    expect(reply.stations).toEqual([]);
    expect(reply.default_station_id).toBeNull();
    expect(reply.product_stations).toEqual({});
    expect(reply.categories.length).toBeGreaterThan(0);
  });

  it('are added by a manager, in order, the first taking every product', async () => {
    expect((await call('POST', '/staff/stations', manager.token, { name: ' Cozinha ' })).status).toBe(200);
    const { status, body } = await call('POST', '/staff/stations', manager.token, { name: 'Bar' });
    expect(status).toBe(200);
    const reply = stationsReply.parse(body);
    expect(reply.stations.map((s) => [s.name, s.position])).toEqual([
      ['Cozinha', 0],
      ['Bar', 1],
    ]);
    [kitchen, bar] = reply.stations.map((s) => s.id) as [number, number];
    expect(reply.default_station_id).toBe(kitchen);
    const calabresa = await productIdOf(t, 'pizza-calabresa');
    expect(reply.product_stations[String(calabresa)]).toBe(kitchen);
  });

  it('route a category and a product; the product’s own route wins', async () => {
    const before = await stationsNow();
    const drinks = before.categories.find((c) => /bebida/i.test(c.name))!;
    const calabresa = await productIdOf(t, 'pizza-calabresa');
    const { status, body } = await call('PUT', '/staff/stations/routes', manager.token, {
      categories: [{ id: drinks.id, station_id: bar }],
      products: [{ id: calabresa, station_id: bar }],
    });
    expect(status).toBe(200);
    const reply = stationsReply.parse(body);
    expect(categoryNamed(reply, drinks.name).station_id).toBe(bar);
    for (const product of categoryNamed(reply, drinks.name).products) {
      expect(reply.product_stations[String(product.id)]).toBe(bar);
    }
    expect(reply.product_stations[String(calabresa)]).toBe(bar);
    const mussarela = await productIdOf(t, 'pizza-mussarela');
    expect(reply.product_stations[String(mussarela)]).toBe(kitchen);

    const routing = await stationRoutingOf(t.database.db, await storeIdOf(t, PIZZARIA));
    const groups = linesByStation(routing, [{ produto: mussarela }, { produto: calabresa }]);
    expect([...groups.keys()]).toEqual([kitchen, bar]);
  });

  it('move and rename: position 0 becomes the default', async () => {
    const { body } = await call('PATCH', `/staff/stations/${bar}`, manager.token, {
      position: 0,
      name: 'Bar e copa',
    });
    const reply = stationsReply.parse(body);
    expect(reply.stations.map((s) => [s.name, s.position])).toEqual([
      ['Bar e copa', 0],
      ['Cozinha', 1],
    ]);
    expect(reply.default_station_id).toBe(bar);
  });

  it('refuse a taken name, an unknown station, another store’s category, and change nothing', async () => {
    const before = await stationsNow();
    const taken = await call('POST', '/staff/stations', manager.token, { name: 'Cozinha' });
    expect(taken.status).toBe(409);
    expect(errorReply.parse(taken.body).code).toBe('STATION_NAME_TAKEN');
    const renamed = await call('PATCH', `/staff/stations/${kitchen}`, manager.token, { name: 'Bar e copa' });
    expect(renamed.status).toBe(409);

    const pizza = before.categories[0]!;
    const unknownStation = await call('PUT', '/staff/stations/routes', manager.token, {
      categories: [{ id: pizza.id, station_id: 999_999 }],
    });
    expect(unknownStation.status).toBe(400);
    expect(errorReply.parse(unknownStation.body).code).toBe('UNKNOWN_STATION');

    const sakuraCategory = (await stationsNow(sakuraManager.token, SAKURA)).categories[0]!;
    const foreign = await call('PUT', '/staff/stations/routes', manager.token, {
      categories: [
        { id: pizza.id, station_id: kitchen },
        { id: sakuraCategory.id, station_id: kitchen },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(errorReply.parse(foreign.body).code).toBe('UNKNOWN_CATEGORY');

    for (const bad of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(41) }, { nome: 'Bar' }, {}]) {
      expect((await call('POST', '/staff/stations', manager.token, bad)).status).toBe(400);
    }
    expect(await stationsNow()).toEqual(before);
  });

  it('belong to their store: another store’s manager, an attendant and a customer change nothing', async () => {
    const before = await stationsNow();
    expect(
      (await call('DELETE', `/staff/stations/${kitchen}`, sakuraManager.token, undefined, SAKURA)).status,
    ).toBe(404);
    expect((await call('DELETE', `/staff/stations/${kitchen}`, sakuraManager.token)).status).toBe(401);
    expect((await call('DELETE', `/staff/stations/${kitchen}`, attendant.token)).status).toBe(403);
    expect((await call('GET', '/staff/stations', customerToken)).status).toBe(403);
    expect((await stationsNow(sakuraManager.token, SAKURA)).stations).toEqual([]);
    expect(await stationsNow()).toEqual(before);
  });

  it('removed: what it prepared goes back to the category’s station or the first', async () => {
    const { body } = await call('DELETE', `/staff/stations/${bar}`, manager.token);
    const reply = stationsReply.parse(body);
    expect(reply.stations.map((s) => [s.name, s.position])).toEqual([['Cozinha', 0]]);
    const calabresa = await productIdOf(t, 'pizza-calabresa');
    expect(reply.product_stations[String(calabresa)]).toBe(kitchen);
    expect(reply.categories.every((c) => c.station_id === null || c.station_id === kitchen)).toBe(true);
  });

  it('are at most twenty per store, even when added at once', async () => {
    await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        call('POST', '/staff/stations', manager.token, { name: `Estação ${i}` }),
      ),
    );
    const reply = await stationsNow();
    expect(reply.stations).toHaveLength(20);
    expect(reply.stations.map((s) => s.position)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    const over = await call('POST', '/staff/stations', manager.token, { name: 'Mais uma' });
    expect(errorReply.parse(over.body).code).toBe('STATIONS_LIMIT');
  });
});
