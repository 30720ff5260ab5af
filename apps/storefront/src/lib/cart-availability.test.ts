import type { FullProduct } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { burger, cartWith, drink, halfAndHalf, listed } from '../test/product-fixtures.ts';
import { type CheckInput, checkLine, isFlagged, needsFullProduct } from './cart-availability.ts';

const withItemPrice = (product: FullProduct, itemId: number, preco: number): FullProduct => ({
  ...product,
  grupos: product.grupos.map((group) => ({
    ...group,
    grupo: {
      ...group.grupo,
      lista_itens: group.grupo.lista_itens.map((item) => (item.id === itemId ? { ...item, preco } : item)),
    },
  })),
});

const input = (over: Partial<CheckInput>): CheckInput => ({
  products: [],
  productsFailed: false,
  full: undefined,
  channel: 'app',
  ...over,
});

describe('checking a cart line against the store', () => {
  const simpleLine = cartWith([{ product: drink() }])[0]!;
  const burgerLine = cartWith([
    { product: burger(), picks: { 1: { 12: 1 }, 2: { 21: 1 }, 3: { 31: 2 } } },
  ])[0]!;

  it('a simple line only needs the product list; a line with items needs the full product', () => {
    expect(needsFullProduct(simpleLine, listed(drink()))).toBe(false);
    expect(needsFullProduct(simpleLine, { ...listed(drink()), tem_grupos: true })).toBe(true);
    expect(needsFullProduct(burgerLine, listed(burger()))).toBe(true);
  });

  it('is ok when nothing changed', () => {
    expect(checkLine(simpleLine, input({ products: [listed(drink())] }))).toEqual({ status: 'ok' });
    expect(checkLine(burgerLine, input({ products: [listed(burger())], full: burger() }))).toEqual({
      status: 'ok',
    });
  });

  it('is checking while the list or the full product loads, unverified when they cannot load', () => {
    expect(checkLine(simpleLine, input({ products: undefined }))).toEqual({ status: 'checking' });
    expect(checkLine(simpleLine, input({ products: undefined, productsFailed: true }))).toEqual({
      status: 'unverified',
    });
    expect(checkLine(burgerLine, input({ products: [listed(burger())] }))).toEqual({ status: 'checking' });
    expect(checkLine(burgerLine, input({ products: [listed(burger())], full: 'failed' }))).toEqual({
      status: 'unverified',
    });
  });

  it('flags a product that left the list (deleted or no longer active for the channel)', () => {
    const check = checkLine(simpleLine, input({ products: [listed(burger())] }));
    expect(check).toEqual({ status: 'gone' });
    expect(isFlagged(check)).toBe(true);
    expect(checkLine(burgerLine, input({ products: [listed(burger())], full: 'missing' }))).toEqual({
      status: 'gone',
    });
  });

  it('flags a product the store switched sold out (placement refuses it: SOLD_OUT)', () => {
    const check = checkLine(simpleLine, input({ products: [listed(drink(), { esgotado: true })] }));
    expect(check).toEqual({ status: 'sold-out' });
    expect(isFlagged(check)).toBe(true);
  });

  it('flags a changed base price with both prices and the line rebuilt at the new one', () => {
    const check = checkLine(simpleLine, input({ products: [listed(drink(), { valor_venda: 700 })] }));
    expect(check).toMatchObject({ status: 'price-changed', before: 650, after: 700 });
    expect(check.status === 'price-changed' && check.rebuilt.produto_valor).toBe(700);
    expect(isFlagged(check)).toBe(true);
  });

  it('flags a changed price of a picked item', () => {
    const full = withItemPrice(burger(), 31, 700);
    const check = checkLine(burgerLine, input({ products: [listed(burger())], full }));
    // 32,90 + 2 × 6,00 before; 32,90 + 2 × 7,00 now.
    expect(check).toMatchObject({ status: 'price-changed', before: 4490, after: 4690 });
  });

  it("flags a changed price of a 'Média' flavour", () => {
    const line = cartWith([{ product: halfAndHalf(), picks: { 5: { 51: 1, 52: 1 } } }])[0]!;
    const full = withItemPrice(halfAndHalf(), 52, 7190);
    expect(checkLine(line, input({ products: [listed(halfAndHalf())], full }))).toMatchObject({
      status: 'price-changed',
      before: 6490,
      after: 6590,
    });
  });

  it('does not flag a price that did not change', () => {
    const full = withItemPrice(burger(), 32, 999);
    expect(checkLine(burgerLine, input({ products: [listed(burger())], full }))).toEqual({ status: 'ok' });
  });

  it('flags an option no longer offered, naming it', () => {
    const full = burger();
    const extras = full.grupos[2]!;
    full.grupos[2] = {
      ...extras,
      grupo: {
        ...extras.grupo,
        lista_itens: extras.grupo.lista_itens.map((item) =>
          item.id === 31 ? { ...item, ativo_pedidos: false } : item,
        ),
      },
    };
    expect(checkLine(burgerLine, input({ products: [listed(burger())], full }))).toEqual({
      status: 'option-gone',
      item: 'Bacon',
    });
  });

  it('flags a line whose groups changed their rules', () => {
    const full = burger();
    full.grupos[2] = { ...full.grupos[2]!, max: 1 };
    expect(checkLine(burgerLine, input({ products: [listed(burger())], full }))).toEqual({
      status: 'options-changed',
    });
  });
});
