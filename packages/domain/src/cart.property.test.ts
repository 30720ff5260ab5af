import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  buildCartLine,
  type Cart,
  type CartLineDraft,
  cartTotals,
  linePricing,
  removeFromCart,
} from './cart.ts';
import type { ChargePolicy, FullProduct } from './product-pricing.ts';
import { fullProduct, groupItem, productGroup } from './test-factories.ts';

/** A product with one uncapped group that allows repeats, so any picks make a valid line. */
const lineDraft: fc.Arbitrary<CartLineDraft> = fc
  .record({
    valor_venda: fc.nat({ max: 20_000 }),
    policy: fc.constantFrom<ChargePolicy>('Soma', 'Média', 'SomaMaior'),
    items: fc.array(fc.record({ preco: fc.nat({ max: 10_000 }), qt_padrao: fc.nat({ max: 1 }) }), {
      minLength: 1,
      maxLength: 5,
    }),
    qtd: fc.integer({ min: 1, max: 5 }),
    observacao: fc.constantFrom('', 'sem cebola'),
  })
  .chain(({ valor_venda, policy, items, qtd, observacao }) => {
    const product: FullProduct = fullProduct({
      id: 1,
      valor_venda,
      grupos: [
        productGroup({
          id: 1,
          repetir_itens: true,
          politica_cobranca: policy,
          lista_itens: items.map((item, index) => groupItem({ id: index + 1, ...item })),
        }),
      ],
    });
    return fc
      .array(fc.nat({ max: 4 }), { minLength: items.length, maxLength: items.length })
      .map((quantities) => {
        const picks = { 1: Object.fromEntries(quantities.map((quantity, index) => [index + 1, quantity])) };
        const result = buildCartLine(product, picks, { channel: 'app', qtd, observacao });
        if (!result.ok) throw new Error(JSON.stringify(result.error));
        return result.line;
      });
  });

const cartOf = (lines: readonly CartLineDraft[]): Cart =>
  lines.reduce<Cart>((cart, line) => addToCart(cart, line), []);

describe('cart properties', () => {
  it('cart totals are independent of line order', () => {
    fc.assert(
      fc.property(
        fc
          .array(lineDraft, { maxLength: 8 })
          .chain((lines) =>
            fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length })),
          ),
        ([lines, shuffled]) => {
          expect(cartTotals(cartOf(shuffled))).toEqual(cartTotals(cartOf(lines)));
        },
      ),
    );
  });

  it('the subtotal is products plus extras and the sum of the line totals', () => {
    fc.assert(
      fc.property(fc.array(lineDraft, { maxLength: 8 }), (lines) => {
        const cart = cartOf(lines);
        const totals = cartTotals(cart);
        expect(totals.subtotal).toBe(totals.products + totals.extras);
        expect(totals.subtotal).toBe(cart.reduce((acc, line) => acc + linePricing(line).total, 0));
      }),
    );
  });

  it('totals are never negative and always whole centavos', () => {
    fc.assert(
      fc.property(fc.array(lineDraft, { maxLength: 8 }), (lines) => {
        for (const value of Object.values(cartTotals(cartOf(lines)))) {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(value)).toBe(true);
        }
      }),
    );
  });

  it('sequence numbers stay unique through adds and removes', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(lineDraft, fc.integer({ min: 1, max: 3 }), fc.nat({ max: 20 }), fc.boolean()), {
          maxLength: 10,
        }),
        (steps) => {
          let cart: Cart = [];
          for (const [line, times, removeSequence, all] of steps) {
            cart = removeFromCart(addToCart(cart, line, times), removeSequence, { all });
          }
          const sequences = cart.map((line) => line.sequence);
          expect(new Set(sequences).size).toBe(sequences.length);
        },
      ),
    );
  });

  it('identical lines always share an equality number, different ones never do', () => {
    fc.assert(
      fc.property(fc.array(lineDraft, { maxLength: 8 }), (lines) => {
        const cart = cartOf([...lines, ...lines]);
        const half = lines.length;
        cart.slice(0, half).forEach((line, index) => {
          expect(cart[half + index]?.equality_seq).toBe(line.equality_seq);
        });
      }),
    );
  });
});
