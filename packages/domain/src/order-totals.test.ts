import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCartLine, type CartLineDraft } from './cart.ts';
import type { Coupon } from './coupon.ts';
import type { LoyaltyProgram } from './loyalty.ts';
import { checkoutTotals, orderTotals } from './order-totals.ts';
import { fullProduct, groupItem, productGroup } from './test-factories.ts';

const none = { products: 0, extras: 0, deliveryFee: 0, couponDiscount: 0, loyaltyDiscount: 0 };

describe('order totals', () => {
  it('total = products + extras + delivery − coupon − loyalty', () => {
    expect(
      orderTotals({ products: 5000, extras: 750, deliveryFee: 800, couponDiscount: 500, loyaltyDiscount: 0 }),
    ).toEqual({
      products: 5000,
      extras: 750,
      subtotal: 5750,
      deliveryFee: 800,
      couponDiscount: 500,
      loyaltyDiscount: 0,
      total: 6050,
    });
  });

  it('the loyalty discount comes off the total', () => {
    expect(orderTotals({ ...none, products: 3000, loyaltyDiscount: 1000 }).total).toBe(2000);
  });

  it('the total is never negative', () => {
    expect(orderTotals({ ...none, products: 1000, couponDiscount: 1500 }).total).toBe(0);
  });

  it('a discount larger than what is left is reported as granted, not as asked', () => {
    const totals = orderTotals({ ...none, products: 1000, couponDiscount: 700, loyaltyDiscount: 700 });
    expect([totals.couponDiscount, totals.loyaltyDiscount, totals.total]).toEqual([700, 300, 0]);
  });

  it('rejects amounts that are not whole centavos', () => {
    expect(() => orderTotals({ ...none, products: 10.5 })).toThrow(RangeError);
  });

  it('rejects negative amounts', () => {
    expect(() => orderTotals({ ...none, couponDiscount: -1 })).toThrow(RangeError);
  });

  it('property: totals are never negative and always add up', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(
        amount,
        amount,
        amount,
        amount,
        amount,
        (products, extras, deliveryFee, coupon, loyalty) => {
          const t = orderTotals({
            products,
            extras,
            deliveryFee,
            couponDiscount: coupon,
            loyaltyDiscount: loyalty,
          });
          return (
            t.total >= 0 &&
            t.subtotal === products + extras &&
            t.total === t.subtotal + t.deliveryFee - t.couponDiscount - t.loyaltyDiscount &&
            t.couponDiscount <= coupon &&
            t.loyaltyDiscount <= loyalty
          );
        },
      ),
    );
  });
});

describe('checkout totals', () => {
  const burger = fullProduct({
    id: 1,
    valor_venda: 2500,
    grupos: [productGroup({ id: 7, repetir_itens: true, lista_itens: [groupItem({ id: 70, preco: 400 })] })],
  });
  const line = (qtd: number, bacon: number): CartLineDraft => {
    const result = buildCartLine(burger, { 7: { 70: bacon } }, { channel: 'app', qtd });
    if (!result.ok) throw new Error(result.error.code);
    return result.line;
  };
  const lines = [line(2, 1), line(1, 0)];
  const tenPercent: Coupon = { id: 1, valor: 10, perc: true, descricao: '10%', local: 'Carrinho' };
  const freeDelivery: Coupon = { id: 2, valor: 100, perc: true, descricao: 'Frete', local: 'Entrega' };
  const reward: LoyaltyProgram = {
    ativo: true,
    descricao: '',
    pontos_recompensa: 100,
    recompensa_perc: false,
    perc_recompensa: 0,
    vlr_recompensa: 1500,
  };

  it('adds the lines: products at their base price and extras, each times qtd', () => {
    expect(checkoutTotals({ lines, deliveryFee: 500, coupon: null, loyaltyReward: null })).toEqual({
      products: 7500,
      extras: 800,
      subtotal: 8300,
      deliveryFee: 500,
      couponDiscount: 0,
      loyaltyDiscount: 0,
      total: 8800,
    });
  });

  it('a cart coupon comes off the subtotal', () => {
    const totals = checkoutTotals({ lines, deliveryFee: 500, coupon: tenPercent, loyaltyReward: null });
    expect([totals.couponDiscount, totals.total]).toEqual([830, 7970]);
  });

  it('a delivery coupon comes off the delivery fee only', () => {
    const totals = checkoutTotals({ lines, deliveryFee: 500, coupon: freeDelivery, loyaltyReward: null });
    expect([totals.couponDiscount, totals.total]).toEqual([500, 8300]);
  });

  it('a redeemed loyalty reward comes off the total', () => {
    const totals = checkoutTotals({ lines, deliveryFee: 0, coupon: null, loyaltyReward: reward });
    expect([totals.loyaltyDiscount, totals.total]).toEqual([1500, 6800]);
  });

  it("a half-and-half's flavours are the product's price, its border an extra (issue 34)", () => {
    const pizza = fullProduct({
      id: 2,
      valor_venda: 0,
      grupos: [
        productGroup({
          id: 8,
          min: 1,
          max: 2,
          politica_cobranca: 'Média',
          lista_itens: [groupItem({ id: 80, preco: 5990 }), groupItem({ id: 81, preco: 6290 })],
        }),
        productGroup({ id: 9, max: 1, lista_itens: [groupItem({ id: 90, preco: 900 })] }),
      ],
    });
    const built = buildCartLine(pizza, { 8: { 80: 1, 81: 1 }, 9: { 90: 1 } }, { channel: 'app' });
    if (!built.ok) throw new Error(built.error.code);
    const totals = checkoutTotals({
      lines: [built.line, line(1, 1)],
      deliveryFee: 0,
      coupon: null,
      loyaltyReward: null,
    });
    // The pizza's 61,40 (the flavours' average) and the burger's 25,00 are products; the border and
    // the bacon are extras.
    expect(totals).toMatchObject({ products: 6140 + 2500, extras: 900 + 400, subtotal: 9940 });
  });

  it('a required choice (a size) without a half-and-half rule is the product price too', () => {
    const acai = fullProduct({
      id: 3,
      valor_venda: 0,
      grupos: [productGroup({ id: 10, min: 1, max: 1, lista_itens: [groupItem({ id: 100, preco: 1990 })] })],
    });
    const built = buildCartLine(acai, { 10: { 100: 1 } }, { channel: 'app', qtd: 2 });
    if (!built.ok) throw new Error(built.error.code);
    const totals = checkoutTotals({ lines: [built.line], deliveryFee: 0, coupon: null, loyaltyReward: null });
    expect([totals.products, totals.extras]).toEqual([3980, 0]);
  });
});
