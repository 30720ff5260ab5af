import { describe, expect, it } from 'vitest';
import {
  addToCart,
  areIdenticalLines,
  buildCartLine,
  CART_VALIDITY_SECONDS,
  type CartLine,
  type CartLineDraft,
  canRestoreSavedCart,
  cartTotals,
  groupIdenticalLines,
  linePricesDiffer,
  linePricing,
  picksOfItems,
  removeFromCart,
} from './cart.ts';
import type { FullProduct, Picks } from './product-pricing.ts';
import { fullProduct, groupItem, product, productGroup } from './test-factories.ts';

const INGREDIENTS = 10;
const EXTRAS = 11;
const FLAVOURS = 12;

const burger: FullProduct = fullProduct({
  id: 100,
  descricao: 'X-Burguer',
  categoria: 'Lanches',
  valor_venda: 2500,
  grupos: [
    productGroup({
      id: INGREDIENTS,
      ordem: 1,
      descricao: 'Ingredientes',
      lista_itens: [
        groupItem({ id: 1, descricao: 'Queijo', preco: 300, qt_padrao: 1, ingrediente: true }),
        groupItem({ id: 2, descricao: 'Cebola', preco: 200, qt_padrao: 1, ingrediente: true }),
      ],
    }),
    productGroup({
      id: EXTRAS,
      ordem: 2,
      descricao: 'Adicionais',
      max: 3,
      repetir_itens: true,
      lista_itens: [
        groupItem({ id: 3, descricao: 'Bacon', preco: 400 }),
        groupItem({ id: 4, descricao: 'Ovo', preco: 250 }),
        groupItem({ id: 5, descricao: 'Cheddar', preco: 350, excluido: true }),
        groupItem({ id: 6, descricao: 'Salada', preco: 100, ativo_garcom: false }),
      ],
    }),
  ],
});

const pizza: FullProduct = fullProduct({
  id: 200,
  descricao: 'Pizza',
  item_pai: true,
  grupos: [
    productGroup({
      id: FLAVOURS,
      descricao: 'Sabores',
      min: 2,
      max: 2,
      politica_cobranca: 'Média',
      lista_itens: [
        groupItem({ id: 21, descricao: 'Calabresa', preco: 4000 }),
        groupItem({ id: 22, descricao: 'Portuguesa', preco: 5000 }),
      ],
    }),
  ],
});
const large = product({
  id: 201,
  descricao: 'Pizza grande',
  item_filho: true,
  cod_pai: 200,
  valor_venda: 1000,
});

const burgerPicks: Picks = { [INGREDIENTS]: { 1: 1, 2: 0 }, [EXTRAS]: { 3: 2, 4: 0 } };

function buildOk(
  product: FullProduct,
  picks: Picks,
  options: Parameters<typeof buildCartLine>[2],
): CartLineDraft {
  const result = buildCartLine(product, picks, options);
  if (!result.ok) throw new Error(`expected a line, got ${JSON.stringify(result.error)}`);
  return result.line;
}

const plainBurger = (overrides: { observacao?: string; qtd?: number; picks?: Picks } = {}) =>
  buildOk(burger, overrides.picks ?? burgerPicks, { channel: 'app', ...overrides });

describe('building a cart line', () => {
  it('records the product, its base price, notes and quantity', () => {
    const line = plainBurger({ observacao: '  sem sal ', qtd: 2 });
    expect(line).toMatchObject({
      produto: 100,
      descricao_produto: 'X-Burguer',
      descricao_categoria: 'Lanches',
      produto_valor: 2500,
      observacao: 'sem sal',
      qtd: 2,
    });
  });

  it('lists every picked item as an ordered item with its quantity, default quantity and value', () => {
    const bacon = plainBurger().itens_pedidos.find((item) => item.item_id === 3);
    expect(bacon).toEqual({
      item_id: 3,
      produto_pedido: 100,
      quantidade_pedida: 2,
      quantidade_padrao: 0,
      valor: 400,
      grupo: EXTRAS,
      grupo_descricao: 'Adicionais',
      descricao: 'Bacon',
      grupo_itens: EXTRAS,
      ingrediente: false,
      observacoes: '',
    });
  });

  it('drops zero-quantity non-default items', () => {
    expect(plainBurger().itens_pedidos.map((item) => item.item_id)).not.toContain(4);
  });

  it('records a removed default ingredient with quantity 0 in removed_items and itens_pedidos', () => {
    const line = plainBurger();
    const onion = { item_id: 2, quantidade_pedida: 0, quantidade_padrao: 1 };
    expect(line.removed_items).toEqual([expect.objectContaining(onion)]);
    expect(line.itens_pedidos).toContainEqual(expect.objectContaining(onion));
  });

  it('records a default ingredient left out of the picks as removed', () => {
    const line = plainBurger({ picks: { [INGREDIENTS]: { 1: 1 } } });
    expect(line.removed_items.map((item) => item.item_id)).toEqual([2]);
  });

  it('does not charge a removed default ingredient', () => {
    const withOnion = linePricing(plainBurger({ picks: { [INGREDIENTS]: { 1: 1, 2: 1 } } }));
    const withoutOnion = linePricing(plainBurger({ picks: { [INGREDIENTS]: { 1: 1, 2: 0 } } }));
    expect(withoutOnion.extras).toBe(withOnion.extras);
    expect(withOnion.extras).toBe(0);
  });

  it('lists the default ingredients kept in default_items', () => {
    expect(plainBurger().default_items.map((item) => item.item_id)).toEqual([1]);
  });

  it("shows each group's added and removed items", () => {
    const [ingredients, extras] = plainBurger().groups;
    expect(ingredients?.added).toEqual([]);
    expect(ingredients?.removed.map((item) => item.descricao)).toEqual(['Cebola']);
    expect(extras?.added.map((item) => item.descricao)).toEqual(['Bacon']);
    expect(extras?.charge).toBe(800);
  });

  it('keeps the picked product data without its groups', () => {
    const line = plainBurger();
    expect(line.product).toMatchObject({ id: 100, variant: null, picks: burgerPicks, channel: 'app' });
    expect(line.product).not.toHaveProperty('grupos');
  });

  it("uses the chosen variant's valor_venda as the base price and orders the variant", () => {
    const line = buildOk(pizza, { [FLAVOURS]: { 21: 1, 22: 1 } }, { channel: 'app', variant: large });
    expect(line).toMatchObject({ produto: 201, descricao_produto: 'Pizza grande', produto_valor: 1000 });
    expect(line.itens_pedidos.every((item) => item.produto_pedido === 201)).toBe(true);
    // The flavours (a 'Média' group) make the pizza's price: they are no extra (issue 34).
    expect(linePricing(line)).toMatchObject({ base: 5500, extras: 0, unitTotal: 5500 });
  });

  it("sends each Média item's value as its price divided by the group's picked quantity", () => {
    const line = buildOk(pizza, { [FLAVOURS]: { 21: 1, 22: 1 } }, { channel: 'app', variant: large });
    expect(line.itens_pedidos.map((item) => [item.descricao, item.valor])).toEqual([
      ['Calabresa', 2000],
      ['Portuguesa', 2500],
    ]);
  });

  it('accepts a sibling variant when the dialog was opened on a child', () => {
    const child = fullProduct({ ...large, grupos: pizza.grupos });
    const sibling = product({ id: 202, item_filho: true, cod_pai: 200, valor_venda: 800 });
    const line = buildOk(child, { [FLAVOURS]: { 21: 1, 22: 1 } }, { channel: 'app', variant: sibling });
    expect(line).toMatchObject({ produto: 202, produto_valor: 800 });
  });
});

describe('cart line validation', () => {
  it('refuses a group that is not OK, saying how many items are missing', () => {
    const result = buildCartLine(pizza, { [FLAVOURS]: { 21: 1 } }, { channel: 'app', variant: large });
    expect(result).toEqual({
      ok: false,
      error: { code: 'GROUP_NOT_OK', groupId: FLAVOURS, min: 2, max: 2, total: 1, missing: 1 },
    });
  });

  it('refuses a group above its maximum', () => {
    const result = buildCartLine(burger, { [EXTRAS]: { 3: 2, 4: 2 } }, { channel: 'app' });
    expect(result).toMatchObject({ ok: false, error: { code: 'GROUP_NOT_OK', groupId: EXTRAS, total: 4 } });
  });

  it('refuses a deleted item', () => {
    const result = buildCartLine(burger, { [EXTRAS]: { 5: 1 } }, { channel: 'app' });
    expect(result).toEqual({ ok: false, error: { code: 'ITEM_NOT_OFFERED', groupId: EXTRAS, itemId: 5 } });
  });

  it('refuses an item not active for table orders in a table order', () => {
    expect(buildCartLine(burger, { [EXTRAS]: { 6: 1 } }, { channel: 'app' }).ok).toBe(true);
    expect(buildCartLine(burger, { [EXTRAS]: { 6: 1 } }, { channel: 'local' })).toMatchObject({
      ok: false,
      error: { code: 'ITEM_NOT_OFFERED', itemId: 6 },
    });
  });

  it('refuses an item that is not in the group', () => {
    expect(buildCartLine(burger, { [EXTRAS]: { 99: 1 } }, { channel: 'app' })).toMatchObject({
      ok: false,
      error: { code: 'ITEM_NOT_OFFERED', itemId: 99 },
    });
  });

  it('refuses a group the product does not have', () => {
    expect(buildCartLine(burger, { 77: { 1: 1 } }, { channel: 'app' })).toEqual({
      ok: false,
      error: { code: 'UNKNOWN_GROUP', groupId: 77 },
    });
  });

  it('refuses item quantities that are not integers >= 0', () => {
    for (const quantity of [-1, 1.5, Number.NaN]) {
      expect(buildCartLine(burger, { [EXTRAS]: { 3: quantity } }, { channel: 'app' })).toMatchObject({
        ok: false,
        error: { code: 'INVALID_QUANTITY', itemId: 3 },
      });
    }
  });

  it('refuses a repeated item in a group that does not allow repeats', () => {
    expect(buildCartLine(burger, { [INGREDIENTS]: { 1: 2 } }, { channel: 'app' })).toMatchObject({
      ok: false,
      error: { code: 'REPEAT_NOT_ALLOWED', itemId: 1, quantity: 2 },
    });
  });

  it('quantity never below 1', () => {
    for (const qtd of [0, -1, 1.5]) {
      expect(buildCartLine(burger, {}, { channel: 'app', qtd })).toEqual({
        ok: false,
        error: { code: 'INVALID_LINE_QUANTITY', qtd },
      });
    }
  });

  it('quantity at most 99', () => {
    expect(buildCartLine(burger, {}, { channel: 'app', qtd: 99 }).ok).toBe(true);
    expect(buildCartLine(burger, {}, { channel: 'app', qtd: 100 })).toEqual({
      ok: false,
      error: { code: 'INVALID_LINE_QUANTITY', qtd: 100 },
    });
  });

  it('an item quantity above 99 is refused even in a group without a cap', () => {
    const uncapped = fullProduct({
      ...burger,
      grupos: [
        productGroup({ id: EXTRAS, repetir_itens: true, lista_itens: [groupItem({ id: 3, preco: 400 })] }),
      ],
    });
    expect(buildCartLine(uncapped, { [EXTRAS]: { 3: 99 } }, { channel: 'app' }).ok).toBe(true);
    expect(buildCartLine(uncapped, { [EXTRAS]: { 3: 100 } }, { channel: 'app' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_QUANTITY', itemId: 3, quantity: 100 },
    });
  });

  it('refuses notes over 50 characters', () => {
    expect(buildCartLine(burger, {}, { channel: 'app', observacao: 'x'.repeat(51) })).toEqual({
      ok: false,
      error: { code: 'NOTE_TOO_LONG', maxLength: 50 },
    });
    expect(buildCartLine(burger, {}, { channel: 'app', observacao: 'x'.repeat(50) }).ok).toBe(true);
  });

  it('requires a variant for a parent product', () => {
    expect(buildCartLine(pizza, { [FLAVOURS]: { 21: 1, 22: 1 } }, { channel: 'app' })).toEqual({
      ok: false,
      error: { code: 'VARIANT_REQUIRED', productId: 200 },
    });
  });

  it("refuses a variant that is not the product's child", () => {
    const stranger = product({ id: 300, item_filho: true, cod_pai: 999 });
    expect(
      buildCartLine(pizza, { [FLAVOURS]: { 21: 1, 22: 1 } }, { channel: 'app', variant: stranger }),
    ).toEqual({
      ok: false,
      error: { code: 'INVALID_VARIANT', productId: 200, variantId: 300 },
    });
  });

  it('refuses a negative or fractional price in the product data', () => {
    const broken = fullProduct({ ...burger, valor_venda: -1 });
    expect(buildCartLine(broken, {}, { channel: 'app' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PRICE', productId: 100 },
    });
  });
});

describe('line pricing', () => {
  it('line total is the unit price (base plus extras) times qtd', () => {
    expect(linePricing(plainBurger({ qtd: 3 }))).toEqual({
      base: 2500,
      extras: 800,
      unitTotal: 3300,
      total: 9900,
    });
  });
});

describe('a line shown at other prices', () => {
  const withPrices = (valorVenda: number, baconPreco: number) =>
    fullProduct({
      ...burger,
      valor_venda: valorVenda,
      grupos: burger.grupos.map((group) => ({
        ...group,
        grupo: {
          ...group.grupo,
          lista_itens: group.grupo.lista_itens.map((item) =>
            item.id === 3 ? { ...item, preco: baconPreco } : item,
          ),
        },
      })),
    });
  const shown = plainBurger();

  it('is not a price change when the line rebuilt today has the same prices', () => {
    expect(linePricesDiffer(shown, buildOk(burger, burgerPicks, { channel: 'app' }))).toBe(false);
  });

  it('is a price change when the base price differs', () => {
    expect(linePricesDiffer(shown, buildOk(withPrices(2600, 400), burgerPicks, { channel: 'app' }))).toBe(
      true,
    );
  });

  it("is a price change when a picked item's value differs", () => {
    expect(linePricesDiffer(shown, buildOk(withPrices(2500, 450), burgerPicks, { channel: 'app' }))).toBe(
      true,
    );
  });

  it('compares only the prices that were sent', () => {
    const today = buildOk(withPrices(2600, 450), burgerPicks, { channel: 'app' });
    const bare = shown.itens_pedidos.map(({ grupo, item_id, quantidade_pedida }) => ({
      grupo,
      item_id,
      quantidade_pedida,
    }));
    expect(linePricesDiffer({ itens_pedidos: bare }, today)).toBe(false);
  });

  it('ignores the floating-point noise of a Média share', () => {
    const line = buildOk(pizza, { [FLAVOURS]: { 21: 1, 22: 1 } }, { channel: 'app', variant: large });
    const noisy = line.itens_pedidos.map((item) => ({ ...item, valor: item.valor + 1e-9 }));
    expect(linePricesDiffer({ ...line, itens_pedidos: noisy }, line)).toBe(false);
  });
});

describe("a line's ordered items as picks", () => {
  it('gives each item its quantity in its group, removed defaults at 0', () => {
    expect(picksOfItems(plainBurger().itens_pedidos)).toEqual({
      [INGREDIENTS]: { 1: 1, 2: 0 },
      [EXTRAS]: { 3: 2 },
    });
  });

  it('is null when an item is listed twice in a group', () => {
    const item = { grupo: EXTRAS, item_id: 3, quantidade_pedida: 1 };
    expect(picksOfItems([item, item])).toBeNull();
  });
});

describe('cart', () => {
  it('adding a line assigns it a new sequence number', () => {
    const cart = addToCart(addToCart([], plainBurger()), plainBurger({ observacao: 'bem passado' }));
    expect(cart.map((line) => line.sequence)).toEqual([1, 2]);
  });

  it('adding a line several times adds that many lines, each with its own sequence number', () => {
    const cart = addToCart([], plainBurger(), 3);
    expect(cart.map((line) => line.sequence)).toEqual([1, 2, 3]);
  });

  it('identical lines share an equality number', () => {
    const cart = addToCart(
      addToCart(addToCart([], plainBurger()), plainBurger({ observacao: 'x' })),
      plainBurger(),
    );
    expect(cart.map((line) => line.equality_seq)).toEqual([1, 2, 1]);
  });

  it('lines differing in notes, item quantities or variant are not identical', () => {
    expect(areIdenticalLines(plainBurger(), plainBurger({ observacao: 'x' }))).toBe(false);
    expect(areIdenticalLines(plainBurger(), plainBurger({ picks: { [EXTRAS]: { 3: 1 } } }))).toBe(false);
    const flavours = { [FLAVOURS]: { 21: 1, 22: 1 } };
    const sibling = product({ id: 202, item_filho: true, cod_pai: 200 });
    expect(
      areIdenticalLines(
        buildOk(pizza, flavours, { channel: 'app', variant: large }),
        buildOk(pizza, flavours, { channel: 'app', variant: sibling }),
      ),
    ).toBe(false);
  });

  it('the line quantity does not make lines different', () => {
    expect(areIdenticalLines(plainBurger({ qtd: 1 }), plainBurger({ qtd: 2 }))).toBe(true);
  });

  it('re-adding a line from the cart gives it a new sequence number and keeps its equality number', () => {
    const cart = addToCart(addToCart([], plainBurger()), plainBurger({ observacao: 'x' }));
    const first = cart[0] as CartLine;
    const more = addToCart(cart, first);
    expect(more[2]).toMatchObject({ sequence: 3, equality_seq: first.equality_seq });
  });

  it('adding does not change the cart it was given', () => {
    const cart = addToCart([], plainBurger());
    const snapshot = structuredClone(cart);
    addToCart(cart, plainBurger(), 2);
    expect(cart).toEqual(snapshot);
  });

  it('adding refuses a number of times that is not an integer >= 1', () => {
    expect(() => addToCart([], plainBurger(), 0)).toThrow(RangeError);
  });

  it('remove deletes one line', () => {
    const cart = addToCart([], plainBurger(), 3);
    expect(removeFromCart(cart, 2).map((line) => line.sequence)).toEqual([1, 3]);
  });

  it('remove with all deletes every line identical to it', () => {
    const cart = addToCart(addToCart([], plainBurger(), 2), plainBurger({ observacao: 'x' }));
    expect(removeFromCart(cart, 1, { all: true }).map((line) => line.observacao)).toEqual(['x']);
  });

  it('removing an unknown sequence number leaves the lines as they were', () => {
    const cart = addToCart([], plainBurger());
    expect(removeFromCart(cart, 42)).toEqual(cart);
  });

  it('sequence numbers are not reused after a removal', () => {
    const cart = removeFromCart(addToCart([], plainBurger(), 2), 1);
    expect(addToCart(cart, plainBurger()).map((line) => line.sequence)).toEqual([2, 3]);
  });

  it('groups identical lines for display with a count', () => {
    const cart = addToCart(
      addToCart(addToCart([], plainBurger()), plainBurger({ observacao: 'x' })),
      plainBurger({ qtd: 2 }),
    );
    expect(
      groupIdenticalLines(cart).map(({ equality_seq, sequences, count, quantity, total }) => ({
        equality_seq,
        sequences,
        count,
        quantity,
        total,
      })),
    ).toEqual([
      { equality_seq: 1, sequences: [1, 3], count: 2, quantity: 3, total: 9900 },
      { equality_seq: 2, sequences: [2], count: 1, quantity: 1, total: 3300 },
    ]);
  });

  it('totals split products and extras, and the subtotal is their sum', () => {
    const cart = addToCart(addToCart([], plainBurger({ qtd: 2 })), plainBurger({ picks: {} }));
    expect(cartTotals(cart)).toEqual({ products: 7500, extras: 1600, subtotal: 9100, lineCount: 2 });
  });

  it('an empty cart totals zero', () => {
    expect(cartTotals([])).toEqual({ products: 0, extras: 0, subtotal: 0, lineCount: 0 });
  });
});

describe('restoring a saved cart', () => {
  const savedAt = Date.parse('2026-05-04T12:00:00Z');

  it('is allowed for the same user while under 6120 s old', () => {
    expect(canRestoreSavedCart({ savedAt, userId: 7 }, savedAt + 6119_000, 7)).toBe(true);
  });

  it('is refused once 6120 s old', () => {
    expect(canRestoreSavedCart({ savedAt, userId: 7 }, savedAt + CART_VALIDITY_SECONDS * 1000, 7)).toBe(
      false,
    );
  });

  it('is refused for another user', () => {
    expect(canRestoreSavedCart({ savedAt, userId: 7 }, savedAt, 8)).toBe(false);
    expect(canRestoreSavedCart({ savedAt, userId: 7 }, savedAt, null)).toBe(false);
  });

  it('is allowed for anyone when the cart was saved anonymous', () => {
    expect(canRestoreSavedCart({ savedAt, userId: null }, savedAt, 8)).toBe(true);
  });
});

describe('adding a hand-made line', () => {
  it('drops zero-quantity non-default items and still finds the identical line', () => {
    const line = plainBurger();
    const extra = { ...line.itens_pedidos[0]!, item_id: 4, quantidade_pedida: 0, quantidade_padrao: 0 };
    const cart = addToCart(addToCart([], line), { ...line, itens_pedidos: [...line.itens_pedidos, extra] });
    expect(cart[1]?.itens_pedidos).toEqual(line.itens_pedidos);
    expect(cart[1]?.equality_seq).toBe(cart[0]?.equality_seq);
  });
});
