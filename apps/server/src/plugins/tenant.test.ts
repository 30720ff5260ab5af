import { categoryList, companyList, productList } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { storeSlugFromHost } from './tenant.ts';

describe('the store a Host names', () => {
  it.each([
    ['pizzaria.localhost:3000', 'pizzaria'],
    ['sakura.localhost', 'sakura'],
    ['SAKURA.Example.com', 'sakura'],
    ['sakura.comanda.app.', 'sakura'],
    ['localhost:3000', 'default'],
    ['127.0.0.1:3000', 'default'],
    ['[::1]:3000', 'default'],
    [undefined, 'default'],
  ])('%s → %s', (host, expected) => {
    expect(storeSlugFromHost(host, 'default')).toBe(expected);
  });

  it.each([
    ['sakura.comanda.app', 'sakura'],
    ['SAKURA.Comanda.App.:443', 'sakura'],
    ['comanda.app', 'default'],
    ['localhost:3000', 'default'],
    ['10.0.0.7:3000', 'default'],
    ['pizzaria.evil.example', undefined],
    ['pizzaria.localhost', undefined],
    ['pizzaria.comanda.app.evil.example', undefined],
    ['evilcomanda.app', undefined],
    ['a.pizzaria.comanda.app', undefined],
  ])('with BASE_DOMAIN comanda.app: %s → %s', (host, expected) => {
    expect(storeSlugFromHost(host, 'default', 'comanda.app')).toBe(expected);
  });
});

describe('with BASE_DOMAIN set, only its sub-domains serve a store', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoStores: ['pizzaria.json'], env: { BASE_DOMAIN: 'comanda.app' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, host: string) => t.app.inject({ url, headers: { host } });

  it('the store at its sub-domain and the default store at the bare domain', async () => {
    for (const host of ['pizzaria.comanda.app', 'comanda.app']) {
      const reply = await get('/core/empresa_personal_app', host);
      expect(reply.statusCode, host).toBe(200);
      expect(companyList.parse(reply.json())[0]!.slug).toBe('pizzaria');
    }
  });

  it("another domain whose first label is a store is a 404, on the API and the storefront's pages", async () => {
    for (const host of ['pizzaria.evil.example', 'pizzaria.comanda.app.evil.example']) {
      const api = await get('/core/empresa_personal_app', host);
      expect(api.statusCode, host).toBe(404);
      expect(api.json()).toEqual({ detail: 'Loja não encontrada.', code: 'STORE_NOT_FOUND' });
      expect((await get('/', host)).statusCode, host).toBe(404);
    }
  });
});

describe('stores are isolated by sub-domain', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, host: string) => t.app.inject({ url, headers: { host } });

  it('a bare host serves the default store', async () => {
    const bare = companyList.parse((await get('/core/empresa_personal_app', 'localhost:3000')).json());
    expect(bare[0]!.slug).toBe('pizzaria');
    const ip = companyList.parse((await get('/core/empresa_personal_app', '127.0.0.1:3000')).json());
    expect(ip[0]!.slug).toBe('pizzaria');
  });

  it("store A's menu never appears at store B", async () => {
    const a = productList.parse((await get('/estoque/produtos_app', 'pizzaria.localhost')).json());
    const b = productList.parse((await get('/estoque/produtos_app', 'sakura.localhost')).json());
    const idsA = new Set(a.map((p) => p.id));
    expect(b.some((p) => idsA.has(p.id))).toBe(false);
    expect(b.some((p) => p.descricao.includes('Pizza'))).toBe(false);
    const catsA = categoryList.parse((await get('/estoque/categorias_app', 'pizzaria.localhost')).json());
    const catsB = categoryList.parse((await get('/estoque/categorias_app', 'sakura.localhost')).json());
    expect(catsB.some((c) => catsA.some((x) => x.id === c.id))).toBe(false);
  });

  it('an unknown sub-domain is a 404: JSON on API paths, a page elsewhere', async () => {
    const api = await get('/core/empresa_personal_app', 'ghost.localhost');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Loja não encontrada.', code: 'STORE_NOT_FOUND' });
    const page = await get('/', 'ghost.localhost');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
