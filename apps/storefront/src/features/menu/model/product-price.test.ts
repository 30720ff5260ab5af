import { describe, expect, it } from 'vitest';
import { demoMenu, product } from '../../../test/fixtures.ts';
import { priceLabel } from './product-price.ts';

describe('priceLabel', () => {
  const { products } = demoMenu();
  const byId = (id: number) => products.find((p) => p.id === id)!;

  it("shows a parent 'from' its lowest variant price", () => {
    expect(priceLabel(byId(10), products)).toEqual({ kind: 'from', amount: 3290 });
  });

  it("shows 'variable price' for a product priced 0", () => {
    expect(priceLabel(byId(13), products)).toEqual({ kind: 'variable' });
  });

  it('shows the own price of a simple product', () => {
    expect(priceLabel(byId(20), products)).toEqual({ kind: 'fixed', amount: 500 });
  });

  it("shows 'variable price' for a parent whose variants have no price", () => {
    const parent = product({ id: 1, categoria_id: 1, item_pai: true, valor_venda: 0 });
    const child = product({ id: 2, categoria_id: 1, item_filho: true, cod_pai: 1, valor_venda: 0 });
    expect(priceLabel(parent, [parent, child])).toEqual({ kind: 'variable' });
  });
});
