import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  appManifest,
  categoryList,
  companyList,
  errorReply,
  type FullProduct,
  fullProduct,
  loyaltyProgramList,
  neighbourhoodList,
  openingShiftList,
  type Product,
  paymentMethodList,
  productList,
  tableList,
} from '@comanda/contract';
import {
  isVariablePrice,
  lowestVariantPrice,
  offeredItems,
  type ProductGroup,
  priceGroup,
  sortedGroups,
  variantsOf,
} from '@comanda/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const pizzaria = { host: 'pizzaria.localhost:3000' };
const sakura = { host: 'sakura.localhost:3000' };

// A Tuesday at 12:00 in São Paulo (15:00 UTC): Sakura's lunch shift is on.
const TUESDAY_NOON = new Date('2026-11-24T15:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ now: TUESDAY_NOON });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = pizzaria) =>
  t.app.inject({ method: 'GET', url, headers });

describe('menu start-up calls', () => {
  it.each([
    ['/core/get_app_manifest', appManifest],
    ['/core/empresa_personal_app?format=json', companyList],
    ['/estoque/categorias_app?format=json', categoryList],
    ['/estoque/produtos_app?format=json', productList],
    ['/estoque/produtos_app?format=json&local=local', productList],
    ['/core/horarios_atendimento_app?format=json', openingShiftList],
    ['/core/bairros_app?format=json', neighbourhoodList],
    ['/financeiro/formas_pagamento_app?format=json', paymentMethodList],
    ['/financeiro/v2/payment-methods/get-filtered-methods-app?format=json', paymentMethodList],
    ['/core/fidelidade_app?format=json', loyaltyProgramList],
    ['/bar/v2/tables/list/', tableList],
  ])('%s answers in the contract shape', async (url, schema) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(() => schema.parse(res.json())).not.toThrow();
  });

  it("the manifest's short_name ends at a word, never mid-word", async () => {
    expect(appManifest.parse((await get('/core/get_app_manifest')).json()).short_name).toBe('Forno');
    expect(appManifest.parse((await get('/core/get_app_manifest', sakura)).json()).short_name).toBe('Sakura');
  });

  it('the demo pizzeria has at least 40 products with parent and child variants', async () => {
    const products = productList.parse((await get('/estoque/produtos_app')).json());
    expect(products.length).toBeGreaterThanOrEqual(40);
    const parent = products.find((p) => p.descricao === 'Pizza Calabresa')!;
    expect(parent.item_pai).toBe(true);
    const children = products.filter((p) => p.cod_pai === parent.id);
    expect(children.map((c) => c.item_filho)).toEqual([true, true, true]);
    expect(parent.valor_venda).toBe(Math.min(...children.map((c) => c.valor_venda)));
  });

  it('demo pictures come with every width up to 2x the dialog, and every listed width is served', async () => {
    const products = productList.parse((await get('/estoque/produtos_app')).json());
    const calabresa = products.find((p) => p.descricao === 'Pizza Calabresa')!;
    expect(calabresa.srcset_imagem).toBe(
      ['480w', '800w', '1100w'].map((w) => `/media/pizzaria/p/pizza-calabresa-${w}.webp ${w}`).join(', '),
    );
    expect(calabresa.srcset_miniatura).toContain('-thumb-176w.webp 176w');
    for (const product of products.filter((p) => p.url_imagem)) {
      expect(product.srcset_imagem, product.descricao).not.toBeNull();
      expect(product.srcset_miniatura, product.descricao).not.toBeNull();
    }
    for (const entry of calabresa.srcset_imagem!.split(', ')) {
      const picture = await get(entry.split(' ')[0]!);
      expect(picture.statusCode, entry).toBe(200);
    }
  });

  it('products only for waiters appear with local=local and not for app orders', async () => {
    const app = productList.parse((await get('/estoque/produtos_app')).json());
    const local = productList.parse((await get('/estoque/produtos_app?local=local')).json());
    expect(app.some((p) => p.descricao === 'Cerveja long neck')).toBe(false);
    expect(local.some((p) => p.descricao === 'Cerveja long neck')).toBe(true);
    expect(app.some((p) => p.descricao === 'Combo Grande + Refri 2 L')).toBe(true);
    expect(local.some((p) => p.descricao === 'Combo Grande + Refri 2 L')).toBe(false);
  });

  it('a full product carries its groups, policies and variants', async () => {
    const products = productList.parse((await get('/estoque/produtos_app')).json());
    const halfAndHalf = products.find((p) => p.descricao === 'Pizza Meio a Meio Grande')!;
    const full = fullProduct.parse(
      (await get(`/estoque/produtos_full_app/${halfAndHalf.id}?format=json`)).json(),
    );
    expect(full.grupos.map((g) => g.grupo.politica_cobranca)).toEqual(['Média', 'Soma']);
    expect(full.grupos[0]).toMatchObject({ min: 1, max: 2 });
    expect(full.variantes.map((v) => v.descricao)).toEqual([
      'Pizza Meio a Meio Média',
      'Pizza Meio a Meio Grande',
    ]);

    const burger = products.find((p) => p.descricao === 'Burger Clássico')!;
    const fullBurger = fullProduct.parse((await get(`/estoque/produtos_full_app/${burger.id}`)).json());
    const ingredients = fullBurger.grupos.find((g) => g.grupo.descricao === 'Ingredientes')!;
    expect(ingredients.grupo.lista_itens.every((item) => item.ingrediente && item.qt_padrao >= 1)).toBe(true);
  });

  it('group items keep their app and waiter flags', async () => {
    const products = productList.parse((await get('/estoque/produtos_app')).json());
    const burger = products.find((p) => p.descricao === 'Burger Cheddar Bacon')!;
    const full = fullProduct.parse((await get(`/estoque/produtos_full_app/${burger.id}`)).json());
    const extras = full.grupos.find((g) => g.grupo.descricao === 'Adicionais')!;
    const jalapeno = extras.grupo.lista_itens.find((item) => item.descricao === 'Jalapeño')!;
    expect(jalapeno).toMatchObject({ ativo_pedidos: false, ativo_garcom: true });
  });

  it('a product only for waiters is not found for app orders but is with local=local', async () => {
    const local = productList.parse((await get('/estoque/produtos_app?local=local')).json());
    const beer = local.find((p) => p.descricao === 'Cerveja long neck')!;
    expect((await get(`/estoque/produtos_full_app/${beer.id}`)).statusCode).toBe(404);
    expect((await get(`/estoque/produtos_full_app/${beer.id}?local=local`)).statusCode).toBe(200);
  });

  it('neighbourhoods carry their city id and skip inactive ones', async () => {
    const list = neighbourhoodList.parse((await get('/core/bairros_app')).json());
    expect(list.every((n) => n.cidade_id > 0)).toBe(true);
    expect(new Set(list.map((n) => n.nome_cidade))).toEqual(new Set(['São Paulo', 'Osasco']));
    expect(list.some((n) => n.descricao === 'Moema')).toBe(false);
  });

  it('the filtered payment methods follow the delivery type', async () => {
    const all = paymentMethodList.parse(
      (await get('/financeiro/v2/payment-methods/get-filtered-methods-app')).json(),
    );
    const delivery = paymentMethodList.parse(
      (await get('/financeiro/v2/payment-methods/get-filtered-methods-app?tipo_entrega=Entregar')).json(),
    );
    expect(all.some((m) => m.descricao === 'Vale-refeição')).toBe(true);
    expect(delivery.some((m) => m.descricao === 'Vale-refeição')).toBe(false);
  });

  it('the pizzeria is open at any hour; Sakura follows its shifts', async () => {
    const [pizza] = companyList.parse((await get('/core/empresa_personal_app')).json());
    expect(pizza!.loja_aberta).toBe(true);
    const [lunch] = companyList.parse((await get('/core/empresa_personal_app', sakura)).json());
    expect(lunch!.loja_aberta).toBe(true);

    t.setNow(new Date('2026-11-24T19:00:00Z')); // 16:00 in São Paulo, between shifts
    const [between] = companyList.parse((await get('/core/empresa_personal_app', sakura)).json());
    expect(between!.loja_aberta).toBe(false);
    expect(between!.schedule_periods.length).toBeGreaterThan(0);
    expect(between!.schedule_periods[0]!.period).toBe('2026-11-24T21:00:00.000Z'); // 18:00 local
    t.setNow(TUESDAY_NOON);
  });

  it('the two stores have different looks', async () => {
    const [a] = companyList.parse((await get('/core/empresa_personal_app')).json());
    const [b] = companyList.parse((await get('/core/empresa_personal_app', sakura)).json());
    expect(a!.primary_color).not.toBe(b!.primary_color);
    expect(a!.font_family).not.toBe(b!.font_family);
    expect([a!.default_style_mode, b!.default_style_mode]).toEqual(['light', 'dark']);
    expect([a!.delivery_fee_type, b!.delivery_fee_type]).toEqual(['neighbourhood', 'radius']);
  });
});

describe('encoded menu replies', () => {
  it('answers brotli, gzip or plain bytes of the same JSON', async () => {
    const plain = await get('/estoque/produtos_app');
    const br = await t.app.inject({
      url: '/estoque/produtos_app',
      headers: { ...pizzaria, 'accept-encoding': 'gzip, deflate, br' },
    });
    const gz = await t.app.inject({
      url: '/estoque/produtos_app',
      headers: { ...pizzaria, 'accept-encoding': 'gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
  });

  it('answers 304 to a matching ETag', async () => {
    const first = await get('/estoque/categorias_app');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const second = await t.app.inject({
      url: '/estoque/categorias_app',
      headers: { ...pizzaria, 'if-none-match': etag },
    });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });
});

describe('bad input on menu calls', () => {
  it.each(['abc', '-1', '0', '1.5', '99999999999'])('a product id %s is a 400 with a code', async (id) => {
    const res = await get(`/estoque/produtos_full_app/${id}`);
    expect(res.statusCode).toBe(400);
    expect(errorReply.parse(res.json()).code).toBe('INVALID_INPUT');
  });

  it('an unknown product id is a 404 PRODUCT_NOT_FOUND', async () => {
    const res = await get('/estoque/produtos_full_app/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Produto não encontrado.', code: 'PRODUCT_NOT_FOUND' });
  });

  it("another store's product id is not found", async () => {
    const sakuraProducts = productList.parse((await get('/estoque/produtos_app', sakura)).json());
    const res = await get(`/estoque/produtos_full_app/${sakuraProducts[0]!.id}`);
    expect(res.statusCode).toBe(404);
  });

  it('an oversized query is a 414 with a code', async () => {
    const res = await get(`/estoque/produtos_app?format=json&x=${'a'.repeat(5000)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json().code).toBe('URI_TOO_LONG');
  });

  it('an unknown local flag value is a 400', async () => {
    const res = await get('/estoque/produtos_app?local=yes');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_INPUT', field: 'local' });
  });

  it('an unknown store is a 404 JSON on API paths', async () => {
    const res = await get('/estoque/produtos_app', { host: 'nowhere.localhost:3000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Loja não encontrada.', code: 'STORE_NOT_FOUND' });
  });
});

/*
 * Every demo product's listed price (the menu row: its own price, or 'from' its cheapest variant) is
 * what a customer pays with the cheapest legal choice, priced by the domain's rules. A combo whose
 * options reuse stand-alone products at full price (listed R$ 74,90, paid R$ 134,80) fails here.
 */

/** Every selection of `units` units among the items (repeats only when the group allows them). */
function selections(itemIds: readonly number[], units: number, repeats: boolean): number[][] {
  if (units === 0) return [[]];
  const out: number[][] = [];
  const walk = (from: number, chosen: number[]) => {
    if (chosen.length === units) {
      out.push(chosen);
      return;
    }
    for (let i = from; i < itemIds.length; i++) walk(repeats ? i : i + 1, [...chosen, itemIds[i]!]);
  };
  walk(0, []);
  return out;
}

/**
 * The least a group can add: nothing when it may stay empty, else the cheapest selection of its
 * minimum (more units never cost less: each charge is at least 0, and an average of more flavours
 * is never below the average of the cheapest ones).
 */
function cheapestGroupCharge(group: ProductGroup): number {
  if (group.min === 0) return 0;
  const ids = offeredItems(group, 'app').map((item) => item.id);
  const charges = selections(ids, group.min, group.grupo.repetir_itens).map((ids) => {
    const picks: Record<number, number> = {};
    for (const id of ids) picks[id] = (picks[id] ?? 0) + 1;
    return priceGroup(group, { [group.grupo.id]: picks }).charge;
  });
  expect(charges.length, `group ${group.grupo.descricao} has a legal choice`).toBeGreaterThan(0);
  return Math.min(...charges);
}

const cheapestPrice = (full: FullProduct) =>
  full.valor_venda + sortedGroups(full).reduce((sum, group) => sum + cheapestGroupCharge(group), 0);

describe.each([
  ['pizzaria', 'pizzaria.localhost:3000'],
  ['sakura', 'sakura.localhost:3000'],
])('demo store %s: listed prices', (_store, host) => {
  it('every product costs its listed price with the cheapest legal choice', async () => {
    const products: Product[] = productList.parse(
      (await get('/estoque/produtos_app?format=json', { host })).json(),
    );
    const full = async (productId: number) => {
      const response = await get(`/estoque/produtos_full_app/${productId}?format=json`, { host });
      expect(response.statusCode, response.body).toBe(200);
      return fullProduct.parse(response.json());
    };
    const mismatches: string[] = [];
    let checked = 0;
    for (const product of products.filter((candidate) => !candidate.item_filho)) {
      const listed = product.item_pai
        ? lowestVariantPrice(product, products)
        : isVariablePrice(product)
          ? null
          : product.valor_venda;
      if (listed === null) continue;
      const candidates = product.item_pai
        ? variantsOf(product, products).filter((variant) => !isVariablePrice(variant))
        : [product];
      const paid = Math.min(
        ...(await Promise.all(candidates.map(async (c) => cheapestPrice(await full(c.id))))),
      );
      checked += 1;
      if (paid !== listed) mismatches.push(`${product.descricao}: listed ${listed}, pays at least ${paid}`);
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  }, 60_000);
});
