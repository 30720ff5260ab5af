import { type FullProduct, fullProduct, type Product, productList } from '@comanda/contract';
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

/*
 * Every demo product's listed price (the menu row: its own price, or 'from' its cheapest variant) is
 * what a customer pays with the cheapest legal choice, priced by the domain's rules. A combo whose
 * options reuse stand-alone products at full price (listed R$ 74,90, paid R$ 134,80) fails here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: new Date('2026-11-24T15:00:00Z') });
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, host: string) => {
  const response = await t.app.inject({ method: 'GET', url, headers: { host } });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};

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
    const products: Product[] = productList.parse(await get('/estoque/produtos_app?format=json', host));
    const full = async (productId: number) =>
      fullProduct.parse(await get(`/estoque/produtos_full_app/${productId}?format=json`, host));
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
  });
});
