import {
  companyList,
  editorDocumentReply,
  errorReply,
  paymentMethodList,
  productList,
  signInReply,
  storeCreateReply,
} from '@comanda/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts, stores } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  nextPhone,
  PASSWORD,
  type SignedUp,
  type StaffSignedIn,
  signInRequest,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createStore } from './service.ts';

/*
 * An owner opens a new store without touching a file (issue 17): a sub-domain, a name and a first
 * owner, from a template. The store starts closed and is its own: its owner signs in there, fills
 * it in with the editor and opens it.
 */

// A Tuesday at noon in São Paulo.
const TUESDAY_NOON = new Date('2026-05-05T12:00:00-03:00');

let t: TestApp;
let owner: StaffSignedIn;
let manager: StaffSignedIn;
let customer: SignedUp;
beforeAll(async () => {
  t = await buildAccountsTestApp({ now: TUESDAY_NOON });
  owner = await signInStaff(t, { role: 'owner' });
  manager = await signInStaff(t, { role: 'manager' });
  customer = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

function create(body: Record<string, unknown>, token: string | null = owner.token) {
  return t.app.inject({
    method: 'POST',
    url: '/staff/stores',
    headers: { host: 'pizzaria.localhost', ...(token ? bearer(token) : {}) },
    payload: {
      nome: 'Cantina da Nona',
      owner_phone: nextPhone(),
      owner_name: 'Giulia Rossi',
      password: 'senha-da-giulia',
      ...body,
    },
  });
}

const get = (host: string, url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(token ? bearer(token) : {}) } });

const storeCount = () => t.database.db.$count(stores);

function expectRefusal(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
  field?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = errorReply.parse(response.json());
  expect(body.code).toBe(code);
  if (field) expect(body.field).toBe(field);
  return body;
}

describe('creating a store', () => {
  it('a blank store answers at its sub-domain at once, closed, with its example product', async () => {
    const host = 'cantina.localhost';
    expect((await get(host, '/estoque/produtos_app')).statusCode).toBe(404);
    const phone = nextPhone();
    const response = await create({ slug: 'cantina', owner_phone: phone });
    expect(response.statusCode, response.body).toBe(201);
    expect(storeCreateReply.parse(response.json())).toMatchObject({
      slug: 'cantina',
      url: 'http://cantina.localhost:3000',
      owner: { username: phone },
    });

    const products = productList.parse((await get(host, '/estoque/produtos_app')).json());
    expect(products.map((p) => [p.descricao, p.valor_venda])).toEqual([['Produto de exemplo', 1000]]);
    const company = companyList.parse((await get(host, '/core/empresa_personal_app')).json())[0]!;
    expect(company).toMatchObject({ nome: 'Cantina da Nona', loja_aberta: false, permite_entrega: false });
    expect(company.permite_busca).toBe(true);

    // Its owner signs in there (not at the pizzeria), edits it and opens it.
    const signedIn = await signInRequest(t.app, phone, 'senha-da-giulia', { host, staff: true });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const { token } = signInReply.parse(signedIn.json());
    expect((await signInRequest(t.app, phone, 'senha-da-giulia', { staff: true })).statusCode).toBe(400);
    const read = editorDocumentReply.parse((await get(host, '/staff/editor/document', token)).json());
    expect(read.document.slug).toBe('cantina');
    const opened = await t.app.inject({
      method: 'PUT',
      url: '/staff/store/mode',
      headers: { host, ...bearer(token) },
      payload: { mode: 'auto' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(companyList.parse((await get(host, '/core/empresa_personal_app')).json())[0]!.loja_aberta).toBe(
      true,
    );
  });

  it('from the pizzeria template: its menu, none of the demo’s own things', async () => {
    const response = await create({ slug: 'forno-novo', template: 'pizzaria', nome: 'Forno Novo' });
    expect(response.statusCode, response.body).toBe(201);
    const host = 'forno-novo.localhost';
    const mine = productList.parse((await get(host, '/estoque/produtos_app')).json());
    const demo = productList.parse((await get('pizzaria.localhost', '/estoque/produtos_app')).json());
    expect(mine.map((p) => p.descricao)).toEqual(demo.map((p) => p.descricao));
    const company = companyList.parse((await get(host, '/core/empresa_personal_app')).json())[0]!;
    expect(company).toMatchObject({ nome: 'Forno Novo', logo: null, bg_image: null, whatsapp: '' });
    const methods = paymentMethodList.parse((await get(host, '/financeiro/formas_pagamento_app')).json());
    expect(methods.map((m) => m.tipo)).not.toContain('pix');
    expect((await get(host, '/core/bairros_app')).json()).toEqual([]);
    expect((await get(host, '/core/fidelidade_app')).json()).toEqual([]);
  });
});

describe('what is refused (and no store is left behind)', () => {
  it.each([
    [{ slug: 'Cantina' }, 400, 'INVALID_SLUG', 'slug'],
    [{ slug: '-cantina' }, 400, 'INVALID_SLUG', 'slug'],
    [{ slug: 'c' }, 400, 'INVALID_SLUG', 'slug'],
    [{ slug: 'cantina.sp' }, 400, 'INVALID_SLUG', 'slug'],
    [{ slug: 'www' }, 400, 'SLUG_RESERVED', 'slug'],
    [{ slug: 'staff' }, 400, 'SLUG_RESERVED', 'slug'],
    [{ slug: 'admin' }, 400, 'SLUG_RESERVED', 'slug'],
    [{ slug: 'api' }, 400, 'SLUG_RESERVED', 'slug'],
    [{ slug: 'login' }, 400, 'SLUG_RESERVED', 'slug'],
    [{ slug: 'webhooks' }, 400, 'SLUG_RESERVED', 'slug'],
    [{ slug: 'autodiscover' }, 400, 'SLUG_RESERVED', 'slug'],
    [{ slug: 'imap' }, 400, 'SLUG_RESERVED', 'slug'],
    [{ slug: 'xn--cantna-9ua' }, 400, 'SLUG_RESERVED', 'slug'],
    [{ slug: 'sakura' }, 409, 'SLUG_TAKEN', 'slug'],
    [{ slug: 'cantina-2', nome: ' ' }, 400, 'INVALID_NAME', 'nome'],
    [{ slug: 'cantina-2', owner_phone: '1199' }, 400, 'INVALID_PHONE', 'owner_phone'],
    [{ slug: 'cantina-2', owner_name: 'G' }, 400, 'INVALID_NAME', 'owner_name'],
    [{ slug: 'cantina-2', password: 'curta' }, 400, 'INVALID_PASSWORD', 'password'],
    [{ slug: 'cantina-2', password: 'aaaaaaaa' }, 400, 'WEAK_PASSWORD', 'password'],
    [{ slug: 'cantina-2', password: 'cantina-2' }, 400, 'WEAK_PASSWORD', 'password'],
    [{ slug: 'cantina-2', template: 'hamburgueria' }, 400, 'INVALID_INPUT', 'template'],
  ])('%j: %i %s', async (body, status, code, field) => {
    const someOwner = await signInStaff(t, { role: 'owner' });
    const before = await storeCount();
    const staffBefore = await t.database.db.$count(staffAccounts);
    expectRefusal(await create(body, someOwner.token), status, code, field);
    expect(await storeCount()).toBe(before);
    expect(await t.database.db.$count(staffAccounts)).toBe(staffBefore);
  });

  it('only an owner creates stores', async () => {
    const before = await storeCount();
    expectRefusal(await create({ slug: 'cantina-3' }, manager.token), 403, 'FORBIDDEN');
    expectRefusal(await create({ slug: 'cantina-3' }, customer.token), 403, 'FORBIDDEN');
    expectRefusal(await create({ slug: 'cantina-3' }, null), 401, 'NOT_AUTHENTICATED');
    expect(await storeCount()).toBe(before);
    const [row] = await t.database.db.select().from(stores).where(eq(stores.slug, 'cantina-3'));
    expect(row).toBeUndefined();
  });
});

const createAt = (host: string, token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/staff/stores',
    headers: { host, ...bearer(token) },
    payload: {
      nome: 'Cantina da Nona',
      owner_phone: nextPhone(),
      owner_name: 'Giulia Rossi',
      password: PASSWORD,
      ...body,
    },
  });
const staffToken = async (host: string, phone: string) =>
  signInReply.parse((await signInRequest(t.app, phone, PASSWORD, { host, staff: true })).json()).token;

describe('a limit', () => {
  it('a chain of owners opens at most 10 stores a day between them: a new store’s owner brings no more (issue 30, F6)', async () => {
    // A lineage of its own: a store the operator made (npm run store:create).
    const rootPhone = nextPhone();
    const root = await createStore(
      t.database.db,
      {
        slug: 'raiz',
        nome: 'Cantina Raiz',
        template: 'blank',
        owner: { phone: rootPhone, country: 'BR', name: 'Rui Raiz', password: PASSWORD },
      },
      { cost: { ln: 10, r: 8, p: 1 }, now: TUESDAY_NOON },
    );
    const rootToken = await staffToken('raiz.localhost', rootPhone);
    const daughterPhone = nextPhone();
    const daughter = await createAt('raiz.localhost', rootToken, {
      slug: 'filha',
      owner_phone: daughterPhone,
    });
    expect(daughter.statusCode, daughter.body).toBe(201);
    const daughterToken = await staffToken('filha.localhost', daughterPhone);
    const granddaughterPhone = nextPhone();
    const granddaughter = await createAt('filha.localhost', daughterToken, {
      slug: 'neta',
      owner_phone: granddaughterPhone,
    });
    expect(granddaughter.statusCode, granddaughter.body).toBe(201);
    const granddaughterToken = await staffToken('neta.localhost', granddaughterPhone);
    const chain = [
      ['raiz.localhost', rootToken],
      ['filha.localhost', daughterToken],
      ['neta.localhost', granddaughterToken],
    ] as const;
    // Two made; eight more attempts anywhere along the chain use up the day (attempts count).
    for (let i = 0; i < 8; i++) {
      const [host, token] = chain[i % 3]!;
      expectRefusal(await createAt(host, token, { slug: 'sakura' }), 409, 'SLUG_TAKEN');
    }
    for (const [host, token] of chain) {
      const body = expectRefusal(await createAt(host, token, { slug: 'bisneta' }), 429, 'TOO_MANY_ATTEMPTS');
      expect(body.detail).toMatch(/^Muitas lojas criadas hoje\. Tente novamente em /);
    }
    const rows = await t.database.db
      .select({ slug: stores.slug, root: stores.rootStoreId })
      .from(stores)
      .where(inArray(stores.slug, ['raiz', 'filha', 'neta', 'bisneta']));
    expect(rows.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual([
      { slug: 'filha', root: root.storeId },
      { slug: 'neta', root: root.storeId },
      { slug: 'raiz', root: null },
    ]);
    // Another lineage keeps its own day.
    const sakuraOwner = await signInStaff(t, { host: 'sakura.localhost', role: 'owner' });
    expect((await createAt('sakura.localhost', sakuraOwner.token, { slug: 'cantina-9' })).statusCode).toBe(
      201,
    );
  });
});

describe('the new owner', () => {
  it('has the password given, and nothing at the store that created it', async () => {
    const phone = nextPhone();
    // From Sakura: Forno & Brasa's owners have used their lineage's day in the tests above.
    const sakuraOwner = await signInStaff(t, { host: 'sakura.localhost', role: 'owner' });
    expect(
      (await createAt('sakura.localhost', sakuraOwner.token, { slug: 'doceria', owner_phone: phone }))
        .statusCode,
    ).toBe(201);
    expect(
      (await signInRequest(t.app, phone, PASSWORD, { host: 'doceria.localhost', staff: true })).statusCode,
    ).toBe(200);
    expect((await signInRequest(t.app, phone, PASSWORD, { staff: true })).statusCode).toBe(400);
  });
});
