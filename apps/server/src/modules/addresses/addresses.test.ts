import {
  addressDeleteReply,
  addressListReply,
  addressQuote,
  customer,
  deliveryCheckReply,
  errorReply,
  mapsPlace,
  notDeliverableReason,
  olderAddressReply,
  type SavedAddress,
  savedAddress,
  upsertAddressesReply,
} from '@comanda/contract';
import { EARTH_RADIUS_METRES, NOT_DELIVERABLE_REASONS } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, customerAddresses, neighbourhoods } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { findStoreBySlug } from '../../plugins/tenant.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  signUp,
} from '../../test/accounts.ts';
import { storeDocumentFactory, type TestApp } from '../../test/test-app.ts';
import { quoteDelivery } from './service.ts';

/*
 * The address calls of spec section 7 on the demo stores: 'pizzaria' charges by neighbourhood
 * (São Paulo and Osasco), 'sakura' by radius (2 km R$5, 4 km R$8, 6 km R$12, at most 6000 m, free
 * from R$150; the store at -23.5587,-46.6345). Two extra stores: 'entrega' (by neighbourhood, whose
 * table the tests change) and 'area' (by polygon).
 */

const ENTREGA = 'entrega.localhost';
const AREA = 'area.localhost';
const SAKURA_POSITION = { lat: -23.5587, lng: -46.6345 };
const METRES_PER_DEGREE = (EARTH_RADIUS_METRES * Math.PI) / 180;
/** A point `metres` due north of the sakura store (haversine distance exactly `metres`). */
const northOfSakura = (metres: number) => ({
  latitude: SAKURA_POSITION.lat + metres / METRES_PER_DEGREE,
  longitude: SAKURA_POSITION.lng,
});

const AREA_POLYGON: [number, number][] = [
  [-23.55, -46.64],
  [-23.55, -46.63],
  [-23.57, -46.63],
  [-23.57, -46.64],
  [-23.55, -46.64],
];

let t: TestApp;
const ids = {} as Record<string, number>;

beforeAll(async () => {
  t = await buildAccountsTestApp({
    stores: [
      storeDocumentFactory({
        slug: 'entrega',
        cities: [
          {
            ref: 'sp',
            nome: 'São Paulo',
            estado: 'SP',
            neighbourhoods: [
              { ref: 'consolacao', descricao: 'Consolação', valor_entrega: 500 },
              { ref: 'bela-vista', descricao: 'Bela Vista', valor_entrega: 600 },
              {
                ref: 'liberdade',
                descricao: 'Liberdade',
                valor_entrega: 800,
                valor_entrega_desconto: 300,
                discount_minimum_order: 5000,
              },
            ],
          },
          {
            ref: 'guarulhos',
            nome: 'Guarulhos',
            estado: 'SP',
            ativo: false,
            neighbourhoods: [{ ref: 'gru-centro', descricao: 'Centro', valor_entrega: 1500 }],
          },
        ],
      }),
      storeDocumentFactory({
        slug: 'area',
        settings: {
          nome: 'Loja Área',
          valor_minimo: 0,
          delivery_fee_type: 'area',
          delivery_areas: [{ name: 'Liberdade', fee: 700, polygon: AREA_POLYGON }],
          delivery_discounted_fee: 200,
          delivery_discount_minimum_order: 6000,
          latitude: -23.56,
          longitude: -46.635,
        },
      }),
    ],
  });
  const db = t.database.db;
  for (const slug of ['pizzaria', 'sakura', 'entrega', 'area']) {
    ids[slug] = (await findStoreBySlug(db, slug))!.id;
  }
  // Pizzaria's neighbourhoods by ref ('consolacao'), entrega's with a prefix ('entrega:liberdade').
  for (const slug of ['pizzaria', 'entrega']) {
    const prefix = slug === 'pizzaria' ? '' : `${slug}:`;
    const rows = await db
      .select({ id: neighbourhoods.id, ref: neighbourhoods.ref })
      .from(neighbourhoods)
      .where(eq(neighbourhoods.storeId, ids[slug]!));
    for (const row of rows) ids[`${prefix}${row.ref}`] = row.id;
    const cityRows = await db
      .select({ id: cities.id, ref: cities.ref })
      .from(cities)
      .where(eq(cities.storeId, ids[slug]!));
    for (const row of cityRows) ids[`${prefix}city:${row.ref}`] = row.id;
  }
});
afterAll(async () => {
  await t.close();
});

// ---------------------------------------------------------------------------------------------
// Calls

const upsert = (token: string, addresses: unknown[], host = PIZZARIA) =>
  t.app.inject({
    method: 'POST',
    url: '/core/v2/app/customer/upsert-addresses/',
    headers: { host, ...bearer(token) },
    payload: { addresses },
  });

const registerOlder = (token: string, payload: Record<string, unknown>, host = PIZZARIA) =>
  t.app.inject({
    method: 'POST',
    url: '/core/endereco_register_app/',
    headers: { host, ...bearer(token) },
    payload,
  });

const remove = (token: string, id: number, payload: unknown = { excluido: true }, host = PIZZARIA) =>
  t.app.inject({
    method: 'PATCH',
    url: `/core/endereco_register_app/${id}/`,
    headers: { host, ...bearer(token) },
    payload: payload as Record<string, unknown>,
  });

const quote = (token: string, id: number, subtotal: number, host = PIZZARIA) =>
  t.app.inject({
    method: 'GET',
    url: `/core/v2/app/customer/addresses/${id}/quote/?subtotal=${subtotal}`,
    headers: { host, ...bearer(token) },
  });

async function listOf(account: SignedUp, host = PIZZARIA): Promise<SavedAddress[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/core/cliente_app/${account.userId}?format=json`,
    headers: { host, ...bearer(account.token) },
  });
  expect(response.statusCode).toBe(200);
  const enderecos = customer.parse(response.json()).enderecos;
  return enderecos.map((address) => savedAddress.parse(address));
}

async function rowsOf(account: SignedUp) {
  return t.database.db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.customerId, account.userId));
}

async function saveOne(
  account: SignedUp,
  address: Record<string, unknown>,
  host = PIZZARIA,
): Promise<SavedAddress> {
  const response = await upsert(account.token, [address], host);
  expect(response.statusCode, response.body).toBe(200);
  return upsertAddressesReply.parse(response.json()).addresses[0]!;
}

async function quoted(account: SignedUp, id: number, subtotal: number, host = PIZZARIA) {
  const response = await quote(account.token, id, subtotal, host);
  expect(response.statusCode, response.body).toBe(200);
  return addressQuote.parse(response.json());
}

/** A complete address in the sent shape at pizzaria (Consolação, São Paulo). */
const augusta = (overrides: Record<string, unknown> = {}) => ({
  id: null,
  name: 'Casa',
  street: 'Rua Augusta',
  street_number: '1500',
  complement: 'Apto 12',
  city_id: ids['city:sao-paulo'],
  city_name: 'São Paulo',
  district_id: ids.consolacao,
  district_name: 'Consolação',
  latitude: -23.557,
  longitude: -46.6563,
  search: 'augusta 1500',
  location: false,
  ...overrides,
});

/** A sakura address `metres` north of the store, on a street the maps stand-in does not know. */
const sakuraAt = (metres: number, overrides: Record<string, unknown> = {}) => ({
  name: 'Casa',
  street: 'Rua Experimental',
  street_number: '10',
  complement: '',
  city_id: null,
  city_name: 'São Paulo',
  district_id: null,
  district_name: '',
  ...northOfSakura(metres),
  ...overrides,
});

// ---------------------------------------------------------------------------------------------

describe('upsert-addresses (POST /core/v2/app/customer/upsert-addresses/)', () => {
  it('adds an address in the sent shape and answers {success, detail, inserted_ids}', async () => {
    const account = await signUp(t.app);
    const response = await upsert(account.token, [augusta()]);
    expect(response.statusCode).toBe(200);
    const reply = upsertAddressesReply.parse(response.json());
    expect(reply).toMatchObject({ success: true, detail: 'Endereço salvo.' });
    expect(reply.inserted_ids).toHaveLength(1);
    expect(reply.ids).toEqual(reply.inserted_ids);
    expect(reply.addresses[0]!.id).toBe(reply.inserted_ids[0]);
  });

  it('lists the address in the customer’s enderecos in the server and client shapes', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(account, augusta());
    const [address] = await listOf(account);
    expect(address).toEqual({
      id: saved.id,
      name: 'Casa',
      full_address: 'Rua Augusta, 1500 - Apto 12 - Consolação, São Paulo - SP',
      district_active: true,
      city_active: true,
      bairro_excluido: false,
      ativo_cidade: true,
      excluido: false,
      delivery_fee: 500,
      original_delivery_fee: 500,
      discount_minimum_order: 0,
      street: 'Rua Augusta',
      streetNumber: '1500',
      street_number: '1500',
      complement: 'Apto 12',
      city_id: ids['city:sao-paulo'],
      city: 'São Paulo',
      district_id: ids.consolacao,
      district: 'Consolação',
      state: 'SP',
      latitude: -23.557,
      longitude: -46.6563,
      deliverable: true,
      search: 'augusta 1500',
      location: false,
    });
    const list = await t.app.inject({
      method: 'GET',
      url: '/core/v2/app/customer/addresses/',
      headers: { host: PIZZARIA, ...bearer(account.token) },
    });
    expect(addressListReply.parse(list.json()).addresses).toEqual([address]);
  });

  it('changes one of the customer’s addresses by id: every field replaced, nothing inserted', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(account, augusta());
    const response = await upsert(account.token, [
      augusta({
        id: saved.id,
        name: 'Trabalho',
        street: 'Rua Treze de Maio',
        street_number: '100',
        complement: null,
        district_id: ids['bela-vista'],
        latitude: null,
        longitude: null,
        search: null,
      }),
    ]);
    expect(response.statusCode).toBe(200);
    const reply = upsertAddressesReply.parse(response.json());
    expect(reply.inserted_ids).toEqual([]);
    expect(reply.ids).toEqual([saved.id]);
    expect(await listOf(account)).toMatchObject([
      {
        id: saved.id,
        name: 'Trabalho',
        full_address: 'Rua Treze de Maio, 100 - Bela Vista, São Paulo - SP',
        complement: '',
        district: 'Bela Vista',
        delivery_fee: 600,
        latitude: null,
        search: null,
      },
    ]);
  });

  it('saves a batch of new and changed addresses, ids in request order', async () => {
    const account = await signUp(t.app);
    const first = await saveOne(account, augusta());
    const response = await upsert(account.token, [
      augusta({ name: 'Trabalho' }),
      augusta({ id: String(first.id), name: 'Casa da praia' }),
      augusta({ name: 'Outro', district_id: ids.pinheiros }),
    ]);
    const reply = upsertAddressesReply.parse(response.json());
    expect(reply.detail).toBe('Endereços salvos.');
    expect(reply.ids[1]).toBe(first.id);
    expect(reply.inserted_ids).toEqual([reply.ids[0], reply.ids[2]]);
    expect(reply.addresses.map((a) => a.name)).toEqual(['Trabalho', 'Casa da praia', 'Outro']);
    expect((await listOf(account)).map((a) => a.name)).toEqual(['Casa da praia', 'Trabalho', 'Outro']);
  });

  it('finds the city and neighbourhood by name, ignoring accents and case', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(
      account,
      augusta({ city_id: null, city_name: 'sao paulo', district_id: null, district_name: 'CONSOLACAO' }),
    );
    expect(saved).toMatchObject({
      city_id: ids['city:sao-paulo'],
      city: 'São Paulo',
      district_id: ids.consolacao,
      district: 'Consolação',
    });
  });

  it("takes an empty number as the wizard's 'no number' (S/N) and ids sent as strings", async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(
      account,
      augusta({
        street_number: '',
        city_id: String(ids['city:sao-paulo']),
        district_id: `${ids.consolacao}`,
      }),
    );
    expect(saved).toMatchObject({
      streetNumber: 'S/N',
      full_address: expect.stringContaining('Rua Augusta, S/N'),
    });
  });

  it('needs a signed-in customer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/core/v2/app/customer/upsert-addresses/',
      headers: { host: PIZZARIA },
      payload: { addresses: [augusta()] },
    });
    expect(response.statusCode).toBe(401);
    expect(errorReply.parse(response.json()).code).toBe('NOT_AUTHENTICATED');
  });
});

describe('older creation (POST /core/endereco_register_app/)', () => {
  const older = (account: SignedUp, overrides: Record<string, unknown> = {}) => ({
    cidade: ids['city:sao-paulo'],
    bairro: ids.liberdade,
    numero: '300',
    nome: 'Apartamento',
    rua: 'Rua Galvão Bueno',
    complemento: 'Bloco B',
    cliente: account.userId,
    ...overrides,
  });

  it('creates the address; success carries its id', async () => {
    const account = await signUp(t.app);
    const response = await registerOlder(account.token, older(account));
    expect(response.statusCode).toBe(201);
    const reply = olderAddressReply.parse(response.json());
    expect(reply).toMatchObject({
      success: true,
      name: 'Apartamento',
      full_address: 'Rua Galvão Bueno, 300 - Bloco B - Liberdade, São Paulo - SP',
      delivery_fee: 800,
      deliverable: true,
    });
    expect((await listOf(account)).map((a) => a.id)).toEqual([reply.id]);
  });

  it('accepts ids as strings and no cliente', async () => {
    const account = await signUp(t.app);
    const response = await registerOlder(
      account.token,
      older(account, {
        cidade: String(ids['city:sao-paulo']),
        bairro: String(ids.liberdade),
        cliente: undefined,
      }),
    );
    expect(response.statusCode).toBe(201);
  });

  it('refuses another customer as cliente (403) and saves nothing', async () => {
    const account = await signUp(t.app);
    const other = await signUp(t.app);
    const response = await registerOlder(account.token, older(account, { cliente: other.userId }));
    expect(response.statusCode).toBe(403);
    expect(await rowsOf(account)).toEqual([]);
    expect(await rowsOf(other)).toEqual([]);
  });

  it.each([
    [{ rua: 'Rua' }, 'STREET_TOO_SHORT', 'rua', 'Informe pelo menos 5 letras'],
    [{ rua: null }, 'FIELD_REQUIRED', 'rua', 'Este campo é obrigatório'],
    [{ numero: '' }, 'FIELD_REQUIRED', 'numero', 'Este campo é obrigatório'],
    [{ numero: '30-B' }, 'INVALID_NUMBER', 'numero', undefined],
    [{ complemento: 'x'.repeat(101) }, 'TEXT_TOO_LONG', 'complemento', 'Máximo de 100 caracteres'],
    [{ nome: '' }, 'FIELD_REQUIRED', 'nome', 'Este campo é obrigatório'],
    [{ cidade: null }, 'FIELD_REQUIRED', 'cidade', 'Este campo é obrigatório'],
    [{ bairro: undefined }, 'FIELD_REQUIRED', 'bairro', 'Este campo é obrigatório'],
    [{ bairro: 'moema' }, 'DISTRICT_INACTIVE', 'bairro', 'Esse endereço não está disponível para entrega'],
    [{ bairro: 'Bairro Inventado' }, 'DISTRICT_NOT_FOUND', 'bairro', undefined],
  ])('refuses %j with %s naming %s, nothing saved', async (overrides, code, field, detail) => {
    const account = await signUp(t.app);
    const response = await registerOlder(account.token, older(account, overrides));
    expect(response.statusCode).toBe(400);
    const body = errorReply.parse(response.json());
    expect(body).toMatchObject({ code, field });
    if (detail) expect(body.detail).toBe(detail);
    expect(await rowsOf(account)).toEqual([]);
  });
});

describe('soft delete (PATCH /core/endereco_register_app/{id}/)', () => {
  it('marks the address deleted: answered with its id, no longer listed nor quotable', async () => {
    const account = await signUp(t.app);
    const kept = await saveOne(account, augusta({ name: 'Fica' }));
    const gone = await saveOne(account, augusta({ name: 'Sai' }));
    const response = await remove(account.token, gone.id);
    expect(response.statusCode).toBe(200);
    expect(addressDeleteReply.parse(response.json())).toEqual({ success: true, id: gone.id, excluido: true });
    expect((await listOf(account)).map((a) => a.id)).toEqual([kept.id]);
    expect((await quote(account.token, gone.id, 1000)).statusCode).toBe(404);
    const [row] = (await rowsOf(account)).filter((r) => r.id === gone.id);
    expect(row).toMatchObject({ excluido: true });
    expect(row!.deletedAt).toBeInstanceOf(Date);
  });

  it('answers the same when the address was already deleted (a retried request)', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(account, augusta());
    expect((await remove(account.token, saved.id)).statusCode).toBe(200);
    const again = await remove(account.token, saved.id);
    expect(again.statusCode).toBe(200);
    expect(addressDeleteReply.parse(again.json()).id).toBe(saved.id);
  });

  it('a deleted address cannot be changed through upsert', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(account, augusta());
    await remove(account.token, saved.id);
    const response = await upsert(account.token, [augusta({ id: saved.id, name: 'De volta' })]);
    expect(response.statusCode).toBe(404);
    expect(errorReply.parse(response.json())).toMatchObject({
      code: 'ADDRESS_NOT_FOUND',
      field: 'addresses.0.id',
    });
  });

  it('only deletes: {excluido: false} or other fields are refused', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(account, augusta());
    for (const payload of [{ excluido: false }, { name: 'Outro' }, {}]) {
      expect((await remove(account.token, saved.id, payload)).statusCode).toBe(400);
    }
    expect(await listOf(account)).toHaveLength(1);
  });
});

describe('ownership: only the owner reads or changes an address', () => {
  it('another customer’s address: 404 on PATCH, not listed, not quotable, not changeable', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const mine = await saveOne(stranger, augusta({ name: 'Meu' }));
    const saved = await saveOne(owner, augusta({ name: 'Da dona' }));

    const patch = await remove(stranger.token, saved.id);
    expect(patch.statusCode).toBe(404);
    expect(errorReply.parse(patch.json()).code).toBe('ADDRESS_NOT_FOUND');

    expect((await listOf(stranger)).map((a) => a.id)).toEqual([mine.id]);
    const quoteResponse = await quote(stranger.token, saved.id, 1000);
    expect(quoteResponse.statusCode).toBe(404);
    expect(errorReply.parse(quoteResponse.json()).code).toBe('ADDRESS_NOT_FOUND');

    // One refused id spoils the whole batch.
    const change = await upsert(stranger.token, [
      augusta({ name: 'Novo' }),
      augusta({ id: saved.id, name: 'Roubado' }),
    ]);
    expect(change.statusCode).toBe(404);
    expect(errorReply.parse(change.json())).toMatchObject({
      code: 'ADDRESS_NOT_FOUND',
      field: 'addresses.1.id',
    });
    expect((await listOf(stranger)).map((a) => a.name)).toEqual(['Meu']);
    expect(await listOf(owner)).toMatchObject([{ id: saved.id, name: 'Da dona' }]);
  });

  it('an unknown id answers exactly like another customer’s', async () => {
    const account = await signUp(t.app);
    const other = await signUp(t.app);
    const theirs = await saveOne(other, augusta());
    const unknown = await remove(account.token, 2_000_000_000);
    const foreign = await remove(account.token, theirs.id);
    expect([unknown.statusCode, foreign.statusCode]).toEqual([404, 404]);
    expect(unknown.json()).toEqual(foreign.json());
  });

  it('a token of another store does not reach the address', async () => {
    const owner = await signUp(t.app);
    const saved = await saveOne(owner, augusta());
    const elsewhere = await signUp(t.app, { host: SAKURA });
    expect((await quote(elsewhere.token, saved.id, 1000, SAKURA)).statusCode).toBe(404);
    expect((await remove(elsewhere.token, saved.id, undefined, SAKURA)).statusCode).toBe(404);
    expect(await listOf(owner)).toHaveLength(1);
  });

  it('quoteDelivery throws ADDRESS_NOT_FOUND for another customer’s address', async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const saved = await saveOne(owner, augusta());
    const error = await quoteDelivery(t.database.db, {
      storeId: ids.pizzaria!,
      customerId: stranger.userId,
      addressId: saved.id,
      subtotal: 5000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ kind: 'not_found', code: 'ADDRESS_NOT_FOUND', status: 404 });
    await expect(
      quoteDelivery(t.database.db, {
        storeId: ids.sakura!,
        customerId: owner.userId,
        addressId: saved.id,
        subtotal: 5000,
      }),
    ).rejects.toMatchObject({ code: 'ADDRESS_NOT_FOUND' });
  });
});

describe('bad input (spec section 5 on the server): 400 naming the field, nothing saved', () => {
  const cases: [string, () => Record<string, unknown>, string, string, string?][] = [
    ['no street', () => augusta({ street: '  ' }), 'FIELD_REQUIRED', 'street', 'Este campo é obrigatório'],
    [
      'a 4-letter street',
      () => augusta({ street: 'Rua ' }),
      'STREET_TOO_SHORT',
      'street',
      'Informe pelo menos 5 letras',
    ],
    ['a number with a dash', () => augusta({ street_number: '12-A' }), 'INVALID_NUMBER', 'street_number'],
    [
      'an 11-character number',
      () => augusta({ street_number: '12345678901' }),
      'INVALID_NUMBER',
      'street_number',
    ],
    [
      'a 101-character complement',
      () => augusta({ complement: 'x'.repeat(101) }),
      'TEXT_TOO_LONG',
      'complement',
      'Máximo de 100 caracteres',
    ],
    ['no name', () => augusta({ name: null }), 'FIELD_REQUIRED', 'name', 'Este campo é obrigatório'],
    ['a 41-character name', () => augusta({ name: 'x'.repeat(41) }), 'TEXT_TOO_LONG', 'name'],
    [
      'no city',
      () => augusta({ city_id: null, city_name: '' }),
      'FIELD_REQUIRED',
      'city_id',
      'Este campo é obrigatório',
    ],
    [
      'no neighbourhood',
      () => augusta({ district_id: null, district_name: null }),
      'FIELD_REQUIRED',
      'district_id',
      'Este campo é obrigatório',
    ],
    ['an unknown city', () => augusta({ city_id: 999_999 }), 'CITY_NOT_FOUND', 'city_id'],
    [
      'an unknown neighbourhood',
      () => augusta({ district_id: 999_999 }),
      'DISTRICT_NOT_FOUND',
      'district_id',
    ],
    [
      'an inactive neighbourhood (Moema)',
      () => augusta({ district_id: ids.moema }),
      'DISTRICT_INACTIVE',
      'district_id',
      'Esse endereço não está disponível para entrega',
    ],
    [
      'a neighbourhood of another city (Osasco’s Centro in São Paulo)',
      () => augusta({ district_id: ids['osasco-centro'] }),
      'DISTRICT_NOT_FOUND',
      'district_id',
    ],
    [
      'a neighbourhood of another store',
      () => augusta({ district_id: ids['entrega:consolacao'] }),
      'DISTRICT_NOT_FOUND',
      'district_id',
    ],
    ['a latitude out of range', () => augusta({ latitude: 91 }), 'INVALID_INPUT', 'latitude'],
    ['a longitude out of range', () => augusta({ longitude: -181 }), 'INVALID_INPUT', 'longitude'],
    ['a latitude without longitude', () => augusta({ longitude: null }), 'INVALID_LOCATION', 'longitude'],
    ['a 500-character street', () => augusta({ street: 'R'.repeat(500) }), 'INVALID_INPUT', 'street'],
    ['a 121-character street', () => augusta({ street: 'R'.repeat(121) }), 'TEXT_TOO_LONG', 'street'],
    ['a 1000-character search', () => augusta({ search: 's'.repeat(1000) }), 'INVALID_INPUT', 'search'],
    ['a street of the wrong type', () => augusta({ street: 42 }), 'INVALID_INPUT', 'street'],
  ];

  it.each(cases)('refuses %s', async (_name, build, code, field, detail) => {
    const account = await signUp(t.app);
    // The good first address is not saved either: the batch is one transaction.
    const response = await upsert(account.token, [augusta({ name: 'Boa' }), build()]);
    expect(response.statusCode, response.body).toBe(400);
    const body = errorReply.parse(response.json());
    expect(body).toMatchObject({ code, field: `addresses.1.${field}` });
    if (detail) expect(body.detail).toBe(detail);
    expect(await rowsOf(account)).toEqual([]);
  });

  it('refuses more than 20 addresses in one request, and an empty one', async () => {
    const account = await signUp(t.app);
    const many = await upsert(
      account.token,
      Array.from({ length: 21 }, () => augusta()),
    );
    expect(many.statusCode).toBe(400);
    expect(errorReply.parse(many.json())).toMatchObject({ code: 'INVALID_INPUT', field: 'addresses' });
    expect((await upsert(account.token, [])).statusCode).toBe(400);
    expect(await rowsOf(account)).toEqual([]);
  });

  it('refuses the same id twice in one request', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(account, augusta());
    const response = await upsert(account.token, [
      augusta({ id: saved.id }),
      augusta({ id: saved.id, name: 'X' }),
    ]);
    expect(errorReply.parse(response.json())).toMatchObject({
      code: 'DUPLICATE_ADDRESS',
      field: 'addresses.1.id',
    });
    expect(await listOf(account)).toMatchObject([{ name: 'Casa' }]);
  });

  it('keeps at most 50 addresses per customer (409 TOO_MANY_ADDRESSES); deleting one makes room', async () => {
    const account = await signUp(t.app);
    for (const size of [20, 20, 10]) {
      expect(
        (
          await upsert(
            account.token,
            Array.from({ length: size }, () => augusta()),
          )
        ).statusCode,
      ).toBe(200);
    }
    const full = await upsert(account.token, [augusta({ name: 'Quinquagésimo primeiro' })]);
    expect(full.statusCode).toBe(409);
    expect(errorReply.parse(full.json()).code).toBe('TOO_MANY_ADDRESSES');
    const older = await registerOlder(account.token, {
      cidade: ids['city:sao-paulo'],
      bairro: ids.consolacao,
      numero: '1',
      nome: 'Casa',
      rua: 'Rua Augusta',
    });
    expect(older.statusCode).toBe(409);
    // Changing one of the 50 is still allowed.
    const list = await listOf(account);
    expect(list).toHaveLength(50);
    expect((await upsert(account.token, [augusta({ id: list[0]!.id, name: 'Mudou' })])).statusCode).toBe(200);
    await remove(account.token, list[1]!.id);
    expect((await upsert(account.token, [augusta({ name: 'Cabe' })])).statusCode).toBe(200);
    expect(await listOf(account)).toHaveLength(50);
  });
});

describe('concurrent saves', () => {
  it('never let a customer pass 50 addresses', async () => {
    const account = await signUp(t.app);
    await upsert(
      account.token,
      Array.from({ length: 20 }, () => augusta()),
    );
    await upsert(
      account.token,
      Array.from({ length: 20 }, () => augusta()),
    );
    await upsert(
      account.token,
      Array.from({ length: 5 }, () => augusta()),
    );
    const responses = await Promise.all(
      [1, 2, 3].map(() =>
        upsert(
          account.token,
          Array.from({ length: 5 }, () => augusta()),
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await listOf(account)).toHaveLength(50);
  });
});

describe('fee by neighbourhood (pizzaria and entrega)', () => {
  it('Vila Mariana: R$10,00, R$5,00 from R$100,00 — the discount applies exactly at the threshold', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(
      account,
      augusta({ street: 'Rua Domingos de Morais', district_id: ids['vila-mariana'] }),
    );
    expect(saved).toMatchObject({
      delivery_fee: 500,
      original_delivery_fee: 1000,
      discount_minimum_order: 10_000,
    });
    expect((await quoted(account, saved.id, 9_999)).fee).toBe(1000);
    expect((await quoted(account, saved.id, 10_000)).fee).toBe(500);
    expect((await quoted(account, saved.id, 10_001)).fee).toBe(500);
  });

  it('Pinheiros: free delivery from R$80,00', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(
      account,
      augusta({ street: 'Rua dos Pinheiros', district_id: ids.pinheiros }),
    );
    const below = await quoted(account, saved.id, 7_999);
    const at = await quoted(account, saved.id, 8_000);
    expect([below.fee, at.fee]).toEqual([900, 0]);
    expect(at).toMatchObject({
      deliverable: true,
      address_text: 'Rua dos Pinheiros, 1500 - Apto 12 - Pinheiros, São Paulo - SP',
    });
    expect(at.reason).toBeUndefined();
  });

  it('a neighbourhood without a discount: the same fee whatever the subtotal', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(account, augusta());
    expect([(await quoted(account, saved.id, 0)).fee, (await quoted(account, saved.id, 99_999)).fee]).toEqual(
      [500, 500],
    );
  });

  it('quoteDelivery gives the order module the same answer', async () => {
    const account = await signUp(t.app);
    const saved = await saveOne(account, augusta({ district_id: ids['vila-mariana'] }));
    const result = await quoteDelivery(t.database.db, {
      storeId: ids.pizzaria!,
      customerId: account.userId,
      addressId: saved.id,
      subtotal: 10_000,
    });
    expect(result).toMatchObject({
      deliverable: true,
      fee: 500,
      addressText: 'Rua Augusta, 1500 - Apto 12 - Vila Mariana, São Paulo - SP',
      address: { id: saved.id, delivery_fee: 500 },
    });
  });

  it('follows the store’s table at read time: inactive, deleted, inactive city', async () => {
    const account = await signUp(t.app, { host: ENTREGA });
    const cityId = ids['entrega:city:sp']!;
    const liberdade = ids['entrega:liberdade']!;
    const saved = await saveOne(
      account,
      augusta({ city_id: cityId, district_id: liberdade, street: 'Rua Galvão Bueno' }),
      ENTREGA,
    );
    expect(saved).toMatchObject({
      delivery_fee: 300,
      original_delivery_fee: 800,
      discount_minimum_order: 5000,
    });
    const setDistrict = (values: Partial<typeof neighbourhoods.$inferInsert>) =>
      t.database.db.update(neighbourhoods).set(values).where(eq(neighbourhoods.id, liberdade));
    const setCity = (ativo: boolean) =>
      t.database.db.update(cities).set({ ativo }).where(eq(cities.id, cityId));
    const notDeliverable = {
      deliverable: false,
      reason_detail: 'Esse endereço não está disponível para entrega',
      delivery_fee: 0,
      original_delivery_fee: 0,
      discount_minimum_order: 0,
    };
    try {
      await setDistrict({ valorEntrega: 900 });
      expect((await listOf(account, ENTREGA))[0]).toMatchObject({ original_delivery_fee: 900 });

      await setDistrict({ ativo: false });
      expect((await listOf(account, ENTREGA))[0]).toMatchObject({
        ...notDeliverable,
        reason: 'DISTRICT_INACTIVE',
        district_active: false,
        bairro_excluido: false,
      });
      expect(await quoted(account, saved.id, 10_000, ENTREGA)).toMatchObject({
        deliverable: false,
        reason: 'DISTRICT_INACTIVE',
        detail: 'Esse endereço não está disponível para entrega',
        fee: 0,
      });

      await setDistrict({ ativo: true, excluido: true });
      expect((await listOf(account, ENTREGA))[0]).toMatchObject({
        ...notDeliverable,
        reason: 'DISTRICT_INACTIVE',
        bairro_excluido: true,
      });

      await setDistrict({ excluido: false });
      await setCity(false);
      expect((await listOf(account, ENTREGA))[0]).toMatchObject({
        ...notDeliverable,
        reason: 'CITY_INACTIVE',
        city_active: false,
        ativo_cidade: false,
        district_active: true,
      });
    } finally {
      await setDistrict({ ativo: true, excluido: false, valorEntrega: 800 });
      await setCity(true);
    }
    expect((await listOf(account, ENTREGA))[0]).toMatchObject({ deliverable: true, delivery_fee: 300 });
  });

  it('refuses a new address in an inactive city', async () => {
    const account = await signUp(t.app, { host: ENTREGA });
    const response = await upsert(
      account.token,
      [augusta({ city_id: ids['entrega:city:guarulhos'], district_id: ids['entrega:gru-centro'] })],
      ENTREGA,
    );
    expect(errorReply.parse(response.json())).toMatchObject({
      code: 'CITY_INACTIVE',
      field: 'addresses.0.city_id',
    });
  });
});

describe('fee by radius (sakura: 2 km R$5, 4 km R$8, 6 km R$12, at most 6000 m, free from R$150)', () => {
  it.each([
    [100, 500],
    [2000, 500],
    [2001, 800],
    [4000, 800],
    [4001, 1200],
    [6000, 1200],
  ])('%i m from the store pays the tier fee R$ %i (centavos), free from R$150', async (metres, fee) => {
    const account = await signUp(t.app, { host: SAKURA });
    const saved = await saveOne(account, sakuraAt(metres), SAKURA);
    expect(saved).toMatchObject({
      deliverable: true,
      delivery_fee: 0,
      original_delivery_fee: fee,
      discount_minimum_order: 15_000,
    });
    expect((await quoted(account, saved.id, 14_999, SAKURA)).fee).toBe(fee);
    expect((await quoted(account, saved.id, 15_000, SAKURA)).fee).toBe(0);
  });

  it('beyond delivery_max_radius the address is saved but not deliverable', async () => {
    const account = await signUp(t.app, { host: SAKURA });
    const saved = await saveOne(account, sakuraAt(6001), SAKURA);
    expect(saved).toMatchObject({
      deliverable: false,
      reason: 'OUT_OF_RANGE',
      reason_detail: 'Esse endereço não está disponível para entrega',
      delivery_fee: 0,
      original_delivery_fee: 0,
    });
    expect(await quoted(account, saved.id, 20_000, SAKURA)).toMatchObject({ deliverable: false, fee: 0 });
  });

  it("takes a free-text city and no neighbourhood ('Sem bairro')", async () => {
    const account = await signUp(t.app, { host: SAKURA });
    const saved = await saveOne(
      account,
      sakuraAt(500, { city_name: 'São Paulo', district_name: null }),
      SAKURA,
    );
    expect(saved).toMatchObject({
      city_id: null,
      city: 'São Paulo',
      district_id: null,
      district: 'Sem bairro',
      district_active: true,
      city_active: true,
      full_address: 'Rua Experimental, 10 - Sem bairro, São Paulo',
    });
  });

  it('the customer record of a radius store carries the same addresses', async () => {
    const account = await signUp(t.app, { host: SAKURA });
    const saved = await saveOne(account, sakuraAt(1000), SAKURA);
    expect(await listOf(account, SAKURA)).toEqual([saved]);
  });

  it('still requires a city, and refuses a neighbourhood id of another store', async () => {
    const account = await signUp(t.app, { host: SAKURA });
    const noCity = await upsert(account.token, [sakuraAt(100, { city_name: '' })], SAKURA);
    expect(errorReply.parse(noCity.json())).toMatchObject({
      code: 'FIELD_REQUIRED',
      field: 'addresses.0.city_id',
    });
    const foreign = await upsert(account.token, [sakuraAt(100, { district_id: ids.liberdade })], SAKURA);
    expect(errorReply.parse(foreign.json())).toMatchObject({
      code: 'DISTRICT_NOT_FOUND',
      field: 'addresses.0.district_id',
    });
    const foreignCity = await upsert(
      account.token,
      [sakuraAt(100, { city_id: ids['city:sao-paulo'] })],
      SAKURA,
    );
    expect(errorReply.parse(foreignCity.json()).code).toBe('CITY_NOT_FOUND');
    expect(await rowsOf(account)).toEqual([]);
  });

  describe('the position must be near the street it names (500 m)', () => {
    async function geocoded(street: string, number: string) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/core/v2/maps/geocode?street=${encodeURIComponent(street)}&number=${number}&city=S%C3%A3o%20Paulo`,
        headers: { host: SAKURA },
      });
      return mapsPlace.parse(response.json());
    }
    const offsetNorth = (point: { latitude: number; longitude: number }, metres: number) => ({
      latitude: point.latitude + metres / METRES_PER_DEGREE,
      longitude: point.longitude,
    });

    it("refuses a position more than 500 m from the named street address: 'informed local too far'", async () => {
      const account = await signUp(t.app, { host: SAKURA });
      const place = await geocoded('Rua Galvão Bueno', '300');
      const response = await upsert(
        account.token,
        [sakuraAt(0, { street: 'Rua Galvão Bueno', street_number: '300', ...offsetNorth(place, 520) })],
        SAKURA,
      );
      expect(response.statusCode).toBe(400);
      expect(errorReply.parse(response.json())).toEqual({
        detail: 'informed local too far',
        code: 'LOCATION_TOO_FAR',
        field: 'addresses.0.latitude',
      });
      expect(await rowsOf(account)).toEqual([]);
    });

    it('accepts a position within 500 m, abbreviations and accents aside', async () => {
      const account = await signUp(t.app, { host: SAKURA });
      const place = await geocoded('Rua Galvão Bueno', '300');
      const saved = await saveOne(
        account,
        sakuraAt(0, { street: 'R. Galvao Bueno', street_number: '300', ...offsetNorth(place, 480) }),
        SAKURA,
      );
      expect(saved).toMatchObject({ deliverable: true, original_delivery_fee: 500, state: 'SP' });
    });

    it('without a number, measures from the street itself', async () => {
      const account = await signUp(t.app, { host: SAKURA });
      const far = await geocoded('Rua Galvão Bueno', '900');
      const near = await saveOne(
        account,
        sakuraAt(0, {
          street: 'Rua Galvão Bueno',
          street_number: '',
          latitude: far.latitude,
          longitude: far.longitude,
        }),
        SAKURA,
      );
      expect(near.streetNumber).toBe('S/N');
      const away = await upsert(
        account.token,
        [sakuraAt(0, { street: 'Rua Galvão Bueno', street_number: 'S/N', ...northOfSakura(1500) })],
        SAKURA,
      );
      expect(errorReply.parse(away.json()).code).toBe('LOCATION_TOO_FAR');
    });

    it('the older shape (no position) is located on the stand-in street list', async () => {
      const account = await signUp(t.app, { host: SAKURA });
      const response = await registerOlder(
        account.token,
        {
          cidade: 'São Paulo',
          bairro: '',
          numero: '300',
          nome: 'Casa',
          rua: 'Rua Galvão Bueno',
          cliente: account.userId,
        },
        SAKURA,
      );
      expect(response.statusCode, response.body).toBe(201);
      const saved = olderAddressReply.parse(response.json());
      expect(saved).toMatchObject({ district: 'Sem bairro', deliverable: true, original_delivery_fee: 500 });
      expect(saved.latitude).toBeCloseTo(SAKURA_POSITION.lat, 3);
    });

    it('without a position on an unknown street: LOCATION_REQUIRED', async () => {
      const account = await signUp(t.app, { host: SAKURA });
      const response = await upsert(
        account.token,
        [sakuraAt(0, { latitude: null, longitude: null })],
        SAKURA,
      );
      expect(errorReply.parse(response.json())).toMatchObject({
        code: 'LOCATION_REQUIRED',
        field: 'addresses.0.latitude',
      });
      const older = await registerOlder(
        account.token,
        { cidade: 'São Paulo', numero: '1', nome: 'Casa', rua: 'Rua Que Não Existe' },
        SAKURA,
      );
      expect(errorReply.parse(older.json())).toMatchObject({ code: 'LOCATION_REQUIRED', field: 'rua' });
      expect(await rowsOf(account)).toEqual([]);
    });
  });
});

describe('fee by area', () => {
  it('inside the polygon (the border included): the area fee with the store discount; outside: none', async () => {
    const account = await signUp(t.app, { host: AREA });
    const inside = await saveOne(
      account,
      sakuraAt(0, { name: 'Dentro', latitude: -23.56, longitude: -46.635 }),
      AREA,
    );
    expect(inside).toMatchObject({
      deliverable: true,
      delivery_fee: 200,
      original_delivery_fee: 700,
      discount_minimum_order: 6000,
    });
    expect([
      (await quoted(account, inside.id, 5999, AREA)).fee,
      (await quoted(account, inside.id, 6000, AREA)).fee,
    ]).toEqual([700, 200]);
    const border = await saveOne(account, sakuraAt(0, { latitude: -23.55, longitude: -46.635 }), AREA);
    expect(border.deliverable).toBe(true);
    const outside = await saveOne(account, sakuraAt(0, { latitude: -23.58, longitude: -46.635 }), AREA);
    expect(outside).toMatchObject({ deliverable: false, reason: 'NO_AREA' });
  });
});

describe('contract', () => {
  it('names every reason the domain gives', () => {
    expect([...notDeliverableReason.options].sort()).toEqual([...NOT_DELIVERABLE_REASONS].sort());
  });
});

describe('delivery check before saving (GET /core/v2/app/customer/delivery-check/)', () => {
  async function check(account: SignedUp, query: Record<string, string | number>, host = PIZZARIA) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/core/v2/app/customer/delivery-check/?${new URLSearchParams(
        Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
      )}`,
      headers: { host, ...bearer(account.token) },
    });
    expect(response.statusCode, response.body).toBe(200);
    return deliveryCheckReply.parse(response.json());
  }

  it('by radius (sakura): inside 6 km delivers, beyond says so before anything is saved', async () => {
    const account = await signUp(t.app, { host: SAKURA });
    expect(await check(account, northOfSakura(5000), SAKURA)).toEqual({ deliverable: true });
    expect(await check(account, northOfSakura(6001), SAKURA)).toEqual({
      deliverable: false,
      reason: 'OUT_OF_RANGE',
      detail: 'Esse endereço não está disponível para entrega',
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: '/core/v2/app/customer/addresses/',
      headers: { host: SAKURA, ...bearer(account.token) },
    });
    expect(listed.json()).toEqual({ addresses: [] });
  });

  it("by neighbourhood (pizzaria): the store's neighbourhood delivers, another one does not", async () => {
    const account = await signUp(t.app);
    const at = { latitude: -23.55, longitude: -46.65, city: 'São Paulo' };
    expect(await check(account, { ...at, district: 'consolacao' })).toEqual({ deliverable: true });
    expect(await check(account, { ...at, district: 'Bairro Distante' })).toMatchObject({
      deliverable: false,
      detail: 'Esse endereço não está disponível para entrega',
    });
  });

  it('needs a signed-in customer and a position', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/core/v2/app/customer/delivery-check/?latitude=-23.5&longitude=-46.6',
      headers: { host: PIZZARIA },
    });
    expect(anonymous.statusCode).toBe(401);
    const account = await signUp(t.app);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/core/v2/app/customer/delivery-check/?latitude=abc&longitude=-46.6',
      headers: { host: PIZZARIA, ...bearer(account.token) },
    });
    expect(bad.statusCode).toBe(400);
  });
});
