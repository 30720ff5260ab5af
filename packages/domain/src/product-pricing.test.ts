import { describe, expect, it } from 'vitest';
import {
  addPick,
  allocateAverage,
  canAddItem,
  canRemoveItem,
  groupStatus,
  initialPicks,
  isVariablePrice,
  itemControl,
  lowestVariantPrice,
  offeredItems,
  type Picks,
  pickOnly,
  priceGroup,
  priceProduct,
  removePick,
  sortedGroups,
  variantsOf,
} from './product-pricing.ts';
import { fullProduct, groupItem, product, productGroup } from './test-factories.ts';

const G = 10;
const threeItems = [
  groupItem({ id: 1, preco: 300 }),
  groupItem({ id: 2, preco: 500 }),
  groupItem({ id: 3, preco: 700 }),
];
const picksOf = (items: Record<number, number>): Picks => ({ [G]: items });

describe('adding an item to a group', () => {
  it('is allowed when max is 0 (no cap)', () => {
    const group = productGroup({ id: G, max: 0, repetir_itens: true, lista_itens: threeItems });
    expect(canAddItem(group, picksOf({ 1: 50 }), 2, 100)).toBe(true);
  });

  it('is allowed when the group total plus the added quantity does not exceed max', () => {
    const group = productGroup({ id: G, max: 3, repetir_itens: true, lista_itens: threeItems });
    expect(canAddItem(group, picksOf({ 1: 1 }), 2, 2)).toBe(true);
  });

  it('is refused when the group total plus the added quantity would exceed max', () => {
    const group = productGroup({ id: G, max: 3, repetir_itens: true, lista_itens: threeItems });
    expect(canAddItem(group, picksOf({ 1: 2 }), 2, 2)).toBe(false);
  });

  it('is refused for an item already chosen when the group does not allow repeats', () => {
    const group = productGroup({ id: G, max: 0, repetir_itens: false, lista_itens: threeItems });
    expect(canAddItem(group, picksOf({ 1: 1 }), 1)).toBe(false);
    expect(canAddItem(group, picksOf({ 1: 1 }), 2)).toBe(true);
  });

  it('adds one unit at a time when the group does not allow repeats', () => {
    const group = productGroup({ id: G, max: 0, repetir_itens: false, lista_itens: threeItems });
    expect(canAddItem(group, {}, 1, 2)).toBe(false);
  });

  it('lets a removed default ingredient come back at its default quantity without repeats', () => {
    const group = productGroup({ id: G, lista_itens: [groupItem({ id: 1, qt_padrao: 2 })] });
    expect(canAddItem(group, picksOf({ 1: 0 }), 1, 2)).toBe(true);
  });

  it('is allowed again for an item already chosen when the group allows repeats', () => {
    const group = productGroup({ id: G, max: 0, repetir_itens: true, lista_itens: threeItems });
    expect(canAddItem(group, picksOf({ 1: 4 }), 1)).toBe(true);
  });

  it('is refused for an item that is not in the group or a quantity that is not a positive integer', () => {
    const group = productGroup({ id: G, repetir_itens: true, lista_itens: threeItems });
    expect(canAddItem(group, {}, 99)).toBe(false);
    expect(canAddItem(group, {}, 1, 0)).toBe(false);
    expect(canAddItem(group, {}, 1, 1.5)).toBe(false);
  });

  it('addPick returns new picks with the added quantity', () => {
    const group = productGroup({ id: G, repetir_itens: true, lista_itens: threeItems });
    const before = picksOf({ 1: 1 });
    expect(addPick(before, group, 1, 2)).toEqual(picksOf({ 1: 3 }));
    expect(before).toEqual(picksOf({ 1: 1 }));
  });

  it('addPick returns the same picks object when adding is not allowed', () => {
    const group = productGroup({ id: G, max: 1, lista_itens: threeItems });
    const before = picksOf({ 1: 1 });
    expect(addPick(before, group, 2)).toBe(before);
  });

  it('pickOnly makes a radio choice: the group holds one unit of the new item', () => {
    const group = productGroup({ id: G, max: 1, lista_itens: threeItems });
    expect(pickOnly({ [G]: { 1: 1 }, 99: { 5: 1 } }, group, 2)).toEqual({ [G]: { 2: 1 }, 99: { 5: 1 } });
  });
});

describe('removing an item from a group', () => {
  it('is allowed when the chosen quantity minus the removal is not below 0', () => {
    const group = productGroup({ id: G, lista_itens: threeItems });
    expect(canRemoveItem(group, picksOf({ 1: 2 }), 1, 2)).toBe(true);
  });

  it('is refused when the chosen quantity minus the removal would be below 0', () => {
    const group = productGroup({ id: G, lista_itens: threeItems });
    expect(canRemoveItem(group, picksOf({ 1: 1 }), 1, 2)).toBe(false);
    expect(canRemoveItem(group, {}, 1)).toBe(false);
  });

  it('removePick down to 0 leaves the item out of the picks', () => {
    const group = productGroup({ id: G, lista_itens: threeItems });
    expect(removePick(picksOf({ 1: 1, 2: 1 }), group, 1)).toEqual(picksOf({ 2: 1 }));
  });

  it('removePick returns the same picks object when removing is not allowed', () => {
    const group = productGroup({ id: G, lista_itens: threeItems });
    const before = picksOf({ 1: 1 });
    expect(removePick(before, group, 2)).toBe(before);
  });
});

describe('group status', () => {
  it('a group is OK when total <= max or max is 0', () => {
    const capped = productGroup({ id: G, max: 2, repetir_itens: true, lista_itens: threeItems });
    const uncapped = productGroup({ id: G, max: 0, repetir_itens: true, lista_itens: threeItems });
    expect(groupStatus(capped, picksOf({ 1: 2 }))).toEqual({ ok: true, total: 2, missing: 0 });
    expect(groupStatus(uncapped, picksOf({ 1: 40 }))).toEqual({ ok: true, total: 40, missing: 0 });
  });

  it('a group is not OK when total exceeds max', () => {
    const group = productGroup({ id: G, max: 2, repetir_itens: true, lista_itens: threeItems });
    expect(groupStatus(group, picksOf({ 1: 2, 2: 1 })).ok).toBe(false);
  });

  it('a group is OK with nothing picked when min is 0', () => {
    const group = productGroup({ id: G, min: 0, max: 3, lista_itens: threeItems });
    expect(groupStatus(group, {})).toEqual({ ok: true, total: 0, missing: 0 });
  });

  it('a group below its minimum is not OK and tells how many are missing', () => {
    const group = productGroup({ id: G, min: 3, max: 0, lista_itens: threeItems });
    expect(groupStatus(group, picksOf({ 1: 1 }))).toEqual({ ok: false, total: 1, missing: 2 });
  });
});

describe('item control', () => {
  it('is a radio when max is 1, even if the group allows repeats', () => {
    expect(itemControl(productGroup({ id: G, max: 1, repetir_itens: true }))).toBe('radio');
  });

  it('is a counter when the group allows repeated items', () => {
    expect(itemControl(productGroup({ id: G, max: 0, repetir_itens: true }))).toBe('counter');
  });

  it('is a checkbox otherwise', () => {
    expect(itemControl(productGroup({ id: G, max: 3, repetir_itens: false }))).toBe('checkbox');
  });
});

describe('offered items', () => {
  const items = [
    groupItem({ id: 1, ordem: 3 }),
    groupItem({ id: 2, ordem: 1, excluido: true }),
    groupItem({ id: 3, ordem: 2, ativo_pedidos: false }),
    groupItem({ id: 4, ordem: 4, ativo_garcom: false }),
  ];
  const group = productGroup({ id: G, lista_itens: items });

  it('deleted items are never offered', () => {
    expect(offeredItems(group, 'app').map((item) => item.id)).not.toContain(2);
    expect(offeredItems(group, 'local').map((item) => item.id)).not.toContain(2);
  });

  it('app orders offer the items active for orders (ativo_pedidos), in display order', () => {
    expect(offeredItems(group, 'app').map((item) => item.id)).toEqual([1, 4]);
  });

  it('table orders offer the items active for waiters (ativo_garcom), in display order', () => {
    expect(offeredItems(group, 'local').map((item) => item.id)).toEqual([3, 1]);
  });
});

describe('initial picks', () => {
  it('start with every offered default ingredient at its default quantity', () => {
    const cheese = groupItem({ id: 1, qt_padrao: 1 });
    const onion = groupItem({ id: 2, qt_padrao: 2 });
    const bacon = groupItem({ id: 3 });
    const gone = groupItem({ id: 4, qt_padrao: 1, ativo_pedidos: false });
    const burger = fullProduct({
      id: 1,
      grupos: [
        productGroup({ id: G, lista_itens: [cheese, onion, bacon, gone] }),
        productGroup({ id: 11, lista_itens: [groupItem({ id: 5 })] }),
      ],
    });
    expect(initialPicks(burger, 'app')).toEqual({ [G]: { 1: 1, 2: 2 } });
  });
});

describe('group pricing', () => {
  const halves = (politica_cobranca: 'Soma' | 'Média' | 'SomaMaior', precos: number[]) =>
    productGroup({
      id: G,
      politica_cobranca,
      repetir_itens: true,
      lista_itens: precos.map((preco, index) => groupItem({ id: index + 1, preco })),
    });

  it('Soma charges each picked unit its own price', () => {
    const charge = priceGroup(halves('Soma', [300, 500]), picksOf({ 1: 2, 2: 1 }));
    expect(charge.charge).toBe(1100);
    expect(charge.items.map((item) => [item.charge, item.valor])).toEqual([
      [600, 300],
      [500, 500],
    ]);
  });

  it("Média splits an item's value across the group's picked quantity", () => {
    const charge = priceGroup(halves('Média', [4000, 5000]), picksOf({ 1: 1, 2: 1 }));
    expect(charge.charge).toBe(4500);
    expect(charge.items.map((item) => [item.charge, item.valor])).toEqual([
      [2000, 2000],
      [2500, 2500],
    ]);
  });

  it('Média rounds the group charge half up to whole centavos, once', () => {
    expect(priceGroup(halves('Média', [1001, 1000]), picksOf({ 1: 1, 2: 1 })).charge).toBe(1001);
    expect(priceGroup(halves('Média', [1000, 1000, 1001]), picksOf({ 1: 1, 2: 1, 3: 1 })).charge).toBe(1000);
    expect(priceGroup(halves('Média', [1000, 1000, 1002]), picksOf({ 1: 1, 2: 1, 3: 1 })).charge).toBe(1001);
  });

  it('Média gives the leftover centavos to the items with the largest remainders', () => {
    const charge = priceGroup(halves('Média', [1000, 1000, 1001]), picksOf({ 1: 1, 2: 1, 3: 1 }));
    expect(charge.items.map((item) => item.charge)).toEqual([333, 333, 334]);
  });

  it("Média's payload valor is the item's charge divided by its units", () => {
    const charge = priceGroup(halves('Média', [1001, 1000]), picksOf({ 1: 2, 2: 1 }));
    expect(charge.charge).toBe(1001);
    expect(charge.items.map((item) => [item.charge, item.valor])).toEqual([
      [668, 334],
      [333, 333],
    ]);
  });

  it('Média with nothing picked charges nothing', () => {
    expect(priceGroup(halves('Média', [1000]), {})).toMatchObject({ total: 0, charge: 0, items: [] });
  });

  it('SomaMaior charges every picked unit the highest original price', () => {
    const charge = priceGroup(halves('SomaMaior', [2000, 2500]), picksOf({ 1: 1, 2: 1 }));
    expect(charge.charge).toBe(5000);
    expect(charge.items.map((item) => [item.charge, item.valor])).toEqual([
      [2500, 2500],
      [2500, 2500],
    ]);
  });

  it('default ingredients are not charged up to their default quantity', () => {
    const group = productGroup({ id: G, lista_itens: [groupItem({ id: 1, preco: 400, qt_padrao: 1 })] });
    expect(priceGroup(group, picksOf({ 1: 1 })).charge).toBe(0);
  });

  it('units above the default quantity are charged at preco', () => {
    const group = productGroup({
      id: G,
      repetir_itens: true,
      lista_itens: [groupItem({ id: 1, preco: 400, qt_padrao: 1 })],
    });
    const charge = priceGroup(group, picksOf({ 1: 3 }));
    expect(charge.charge).toBe(800);
    expect(charge.items[0]).toMatchObject({ quantity: 3, chargedUnits: 2, charge: 800, valor: 400 });
  });

  it('a removed default ingredient is not charged', () => {
    const group = productGroup({ id: G, lista_itens: [groupItem({ id: 1, preco: 400, qt_padrao: 1 })] });
    expect(priceGroup(group, picksOf({ 1: 0 }))).toMatchObject({ charge: 0, items: [] });
  });

  it('Média divides by every picked unit, default units included', () => {
    const group = productGroup({
      id: G,
      politica_cobranca: 'Média',
      lista_itens: [groupItem({ id: 1, preco: 4000, qt_padrao: 1 }), groupItem({ id: 2, preco: 5000 })],
    });
    expect(priceGroup(group, picksOf({ 1: 1, 2: 1 })).charge).toBe(2500);
  });
});

describe('allocateAverage', () => {
  it('shares add up to the rounded average, ties going to the earlier numerator', () => {
    expect(allocateAverage([1, 1, 1], 2)).toEqual({ total: 2, shares: [1, 1, 0] });
  });

  it('a zero denominator allocates nothing', () => {
    expect(allocateAverage([5], 0)).toEqual({ total: 0, shares: [0] });
  });
});

describe('product price', () => {
  const border = productGroup({
    id: 20,
    ordem: 2,
    lista_itens: [groupItem({ id: 1, preco: 800 })],
  });
  const flavours = productGroup({
    id: 21,
    ordem: 1,
    max: 2,
    politica_cobranca: 'Média',
    lista_itens: [groupItem({ id: 2, preco: 4000 }), groupItem({ id: 3, preco: 5000 })],
  });
  const pizza = fullProduct({ id: 1, item_pai: true, valor_venda: 0, grupos: [border, flavours] });
  const picks: Picks = { 20: { 1: 1 }, 21: { 2: 1, 3: 1 } };

  it('line price is the base price plus the extras', () => {
    expect(priceProduct(pizza, picks)).toMatchObject({ base: 0, extras: 5300, unitTotal: 5300 });
  });

  it("the base price is the chosen variant's valor_venda", () => {
    const large = product({ id: 2, item_filho: true, cod_pai: 1, valor_venda: 1000 });
    expect(priceProduct(pizza, picks, large)).toMatchObject({ base: 1000, extras: 5300, unitTotal: 6300 });
  });

  it('lists the group charges in step order', () => {
    expect(priceProduct(pizza, picks).groups.map((group) => group.groupId)).toEqual([21, 20]);
    expect(sortedGroups(pizza).map((group) => group.grupo.id)).toEqual([21, 20]);
  });
});

describe('variants and displayed price', () => {
  const parent = product({ id: 1, item_pai: true, valor_venda: 0 });
  const all = [
    parent,
    product({ id: 2, item_filho: true, cod_pai: 1, valor_venda: 4500 }),
    product({ id: 3, item_filho: true, cod_pai: 1, valor_venda: 3900 }),
    product({ id: 4, item_filho: true, cod_pai: 9, valor_venda: 100 }),
    product({ id: 5, item_filho: false, cod_pai: 1, valor_venda: 200 }),
  ];

  it('the children of a parent are the products with item_filho whose cod_pai is its id', () => {
    expect(variantsOf(parent, all).map((child) => child.id)).toEqual([2, 3]);
  });

  it("a parent shows 'from' the lowest child price", () => {
    expect(lowestVariantPrice(parent, all)).toBe(3900);
  });

  it('a child with a variable price does not set the lowest price', () => {
    const withVariable = [...all, product({ id: 6, item_filho: true, cod_pai: 1, valor_venda: 0 })];
    expect(lowestVariantPrice(parent, withVariable)).toBe(3900);
  });

  it('a parent without priced children has no lowest price', () => {
    expect(lowestVariantPrice(product({ id: 7, item_pai: true }), all)).toBeNull();
  });

  it("a non-parent product whose valor_venda is 0 shows 'variable price'", () => {
    expect(isVariablePrice(product({ id: 8, valor_venda: 0 }))).toBe(true);
    expect(isVariablePrice(product({ id: 8, valor_venda: 100 }))).toBe(false);
    expect(isVariablePrice(parent)).toBe(false);
  });
});
