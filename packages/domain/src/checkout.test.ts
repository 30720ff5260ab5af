import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCartLine, type CartLineDraft } from './cart.ts';
import {
  allowedDeliveryTypes,
  type CheckoutDraft,
  type CheckoutStore,
  checkoutQuote,
  DEFAULT_ORDER_LIMITS,
  defaultDeliveryType,
  defaultPaymentMode,
  inPersonOffered,
  itemRoom,
  minimumOrder,
} from './checkout.ts';
import { DELIVERY_TYPES } from './delivery-types.ts';
import type { LoyaltyProgram } from './loyalty.ts';
import { type CheckoutPaymentMethod, offeredInPerson } from './payment-methods.ts';
import { fullProduct } from './test-factories.ts';

describe('default delivery type', () => {
  const all = { permite_entrega: true, permite_busca: true, permite_comer_local: true };

  it('defaults to Entregar when delivery is allowed', () => {
    expect(defaultDeliveryType(all, false)).toBe('Entregar');
  });

  it('defaults to Retirada when delivery is not allowed', () => {
    expect(defaultDeliveryType({ ...all, permite_entrega: false }, false)).toBe('Retirada');
  });

  it('defaults to Vem comer when only eating in is allowed', () => {
    expect(
      defaultDeliveryType({ permite_entrega: false, permite_busca: false, permite_comer_local: true }, false),
    ).toBe('Vem comer');
  });

  it('is forced to Vem comer for table orders', () => {
    expect(defaultDeliveryType(all, true)).toBe('Vem comer');
  });

  it('is null when the store allows no delivery type', () => {
    expect(
      defaultDeliveryType(
        { permite_entrega: false, permite_busca: false, permite_comer_local: false },
        false,
      ),
    ).toBe(null);
  });

  it('lists the allowed types in priority order', () => {
    expect(allowedDeliveryTypes({ ...all, permite_busca: false })).toEqual(['Entregar', 'Vem comer']);
  });
});

describe('minimum order', () => {
  it('valor_minimo is compared with the total minus the delivery price', () => {
    expect(minimumOrder({ valor_minimo: 3000, total: 3500, deliveryFee: 600, tableOrder: false })).toEqual({
      met: false,
      missing: 100,
    });
  });

  it('a total minus delivery equal to valor_minimo meets the minimum', () => {
    expect(minimumOrder({ valor_minimo: 3000, total: 3600, deliveryFee: 600, tableOrder: false })).toEqual({
      met: true,
      missing: 0,
    });
  });

  it('the minimum is not applied to table orders', () => {
    expect(minimumOrder({ valor_minimo: 3000, total: 100, deliveryFee: 0, tableOrder: true }).met).toBe(true);
  });

  it('a valor_minimo of 0 is always met', () => {
    expect(minimumOrder({ valor_minimo: 0, total: 0, deliveryFee: 0, tableOrder: false }).met).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// The quote

function line(price: number, qtd = 1): CartLineDraft {
  const result = buildCartLine(fullProduct({ id: price, valor_venda: price }), {}, { channel: 'app', qtd });
  if (!result.ok) throw new Error('bad line');
  return result.line;
}

const cash: CheckoutPaymentMethod = {
  id: 1,
  tipo: 'dinheiro',
  tipos_entrega: ['Entregar', 'Retirada', 'Vem comer'],
  permite_troco: true,
};
const card: CheckoutPaymentMethod = { ...cash, id: 2, tipo: 'cartao', permite_troco: false };
const mealVoucher: CheckoutPaymentMethod = { ...card, id: 5, tipos_entrega: ['Retirada', 'Vem comer'] };
const program: LoyaltyProgram = {
  ativo: true,
  descricao: '10 pedidos, R$ 20 de desconto',
  pontos_recompensa: 100,
  recompensa_perc: false,
  perc_recompensa: 0,
  vlr_recompensa: 2000,
};
const VALID_CPF = '529.982.247-25';
const PERIOD = '2026-05-05T15:00:00.000Z';

const store = (over: Partial<CheckoutStore> = {}): CheckoutStore => ({
  permite_entrega: true,
  permite_busca: true,
  permite_comer_local: true,
  valor_minimo: 2000,
  delivery_customer_doc_required: false,
  self_checkout_require_imply_pay: false,
  open: true,
  schedulingOn: false,
  freePeriods: [],
  loyalty: program,
  online: { pix: false, card: false },
  orderLimits: DEFAULT_ORDER_LIMITS,
  ...over,
});

const draft = (over: Partial<CheckoutDraft> = {}): CheckoutDraft => ({
  lines: [line(4490)],
  deliveryType: 'Retirada',
  tableOrder: false,
  address: null,
  coupon: null,
  redeemLoyalty: false,
  points: 0,
  payment: card,
  changeFor: null,
  document: '',
  scheduledPeriod: null,
  ...over,
});

const deliverable = (fee: number) =>
  ({
    deliverable: true,
    fees: { delivery_fee: fee, original_delivery_fee: fee, discount_minimum_order: 0 },
  }) as const;

const codes = (s: CheckoutStore, d: CheckoutDraft) => checkoutQuote(s, d).refusals.map((r) => r.code);

describe('checkout quote: totals', () => {
  it('names every total: products, delivery, coupon and the total', () => {
    const quote = checkoutQuote(
      store(),
      draft({
        deliveryType: 'Entregar',
        address: deliverable(800),
        coupon: { id: 1, valor: 10, perc: true, descricao: '10%', local: 'Carrinho', minSubtotal: 0 },
        lines: [line(3000, 2)],
      }),
    );
    expect(quote.totals).toEqual({
      products: 6000,
      extras: 0,
      subtotal: 6000,
      deliveryFee: 800,
      couponDiscount: 600,
      loyaltyDiscount: 0,
      total: 6200,
    });
    expect(quote.refusals).toEqual([]);
  });

  it('the delivery fee depends on the subtotal (discount_minimum_order)', () => {
    const address = {
      deliverable: true,
      fees: { delivery_fee: 0, original_delivery_fee: 700, discount_minimum_order: 5000 },
    } as const;
    const below = checkoutQuote(store(), draft({ deliveryType: 'Entregar', address, lines: [line(4000)] }));
    const above = checkoutQuote(store(), draft({ deliveryType: 'Entregar', address, lines: [line(5000)] }));
    expect([below.totals.deliveryFee, above.totals.deliveryFee]).toEqual([700, 0]);
  });

  it('an address is not charged for unless delivering', () => {
    expect(checkoutQuote(store(), draft({ address: deliverable(800) })).totals.deliveryFee).toBe(0);
  });

  it('the loyalty reward comes off the total when redeemed and usable', () => {
    const quote = checkoutQuote(store(), draft({ redeemLoyalty: true, points: 100 }));
    expect([quote.totals.loyaltyDiscount, quote.totals.total]).toEqual([2000, 2490]);
  });

  it('a reward that may not be used discounts nothing, and is refused', () => {
    const quote = checkoutQuote(store(), draft({ redeemLoyalty: true, points: 99 }));
    expect(quote.totals.loyaltyDiscount).toBe(0);
    expect(quote.refusals).toEqual([{ code: 'LOYALTY_UNAVAILABLE', reason: 'NOT_ENOUGH_POINTS' }]);
  });

  it('a coupon that does not apply discounts nothing, and is refused', () => {
    const coupon = {
      id: 1,
      valor: 500,
      perc: false,
      descricao: 'R$ 5',
      local: 'Carrinho',
      minSubtotal: 5000,
    };
    const quote = checkoutQuote(store(), draft({ coupon }));
    expect(quote.totals.couponDiscount).toBe(0);
    expect(quote.refusals).toEqual([{ code: 'COUPON_MIN_SUBTOTAL', minSubtotal: 5000 }]);
  });
});

describe('checkout quote: refusals, in the order the server checks them', () => {
  it('an empty cart', () => {
    expect(codes(store(), draft({ lines: [] }))).toContain('EMPTY_CART');
  });

  it('a delivery type the store does not offer', () => {
    expect(codes(store({ permite_busca: false }), draft())).toEqual(['DELIVERY_TYPE_UNAVAILABLE']);
  });

  it('a closed store without a schedule period', () => {
    expect(codes(store({ open: false }), draft())).toEqual(['STORE_CLOSED']);
  });

  it('a schedule period at a store without scheduling', () => {
    expect(codes(store(), draft({ scheduledPeriod: PERIOD }))).toEqual(['SCHEDULING_UNAVAILABLE']);
  });

  it('a schedule period that is not a free one', () => {
    const scheduling = store({ open: false, schedulingOn: true, freePeriods: ['2026-05-05T15:30:00.000Z'] });
    expect(codes(scheduling, draft({ scheduledPeriod: PERIOD }))).toEqual(['SCHEDULE_PERIOD_UNAVAILABLE']);
  });

  it('a scheduled order without its period', () => {
    const scheduling = store({ open: false, schedulingOn: true, freePeriods: [PERIOD] });
    expect(codes(scheduling, draft({ scheduledPeriod: '' }))).toEqual(['SCHEDULE_REQUIRED']);
    expect(codes(store(), draft({ scheduledPeriod: '' }))).toEqual(['SCHEDULING_UNAVAILABLE']);
  });

  it('a free period of a closed store is accepted', () => {
    const scheduling = store({ open: false, schedulingOn: true, freePeriods: [PERIOD] });
    const quote = checkoutQuote(scheduling, draft({ scheduledPeriod: PERIOD }));
    expect([quote.refusals, quote.scheduled, quote.mainAction.action]).toEqual([[], true, 'confirm']);
  });

  it('no payment method', () => {
    expect(codes(store(), draft({ payment: null }))).toEqual(['PAYMENT_METHOD_REQUIRED']);
  });

  it('a payment method not offered for the delivery type', () => {
    expect(
      codes(store(), draft({ deliveryType: 'Entregar', address: deliverable(0), payment: mealVoucher })),
    ).toEqual(['PAYMENT_METHOD_UNAVAILABLE']);
  });

  it('delivery without an address, and to one the store does not deliver to', () => {
    expect(codes(store(), draft({ deliveryType: 'Entregar' }))).toEqual(['ADDRESS_REQUIRED']);
    expect(codes(store(), draft({ deliveryType: 'Entregar', address: { deliverable: false } }))).toEqual([
      'ADDRESS_NOT_DELIVERABLE',
    ]);
  });

  it('a coupon together with loyalty', () => {
    const coupon = { id: 1, valor: 500, perc: false, descricao: 'R$ 5', local: 'Carrinho', minSubtotal: 0 };
    expect(codes(store(), draft({ coupon, redeemLoyalty: true, points: 500 }))).toEqual([
      'COUPON_AND_LOYALTY',
      'LOYALTY_UNAVAILABLE',
    ]);
  });

  it('a delivery coupon on a pickup order', () => {
    const coupon = { id: 1, valor: 500, perc: false, descricao: 'Frete', local: 'Entrega', minSubtotal: 0 };
    expect(codes(store(), draft({ coupon }))).toEqual(['COUPON_NOT_APPLICABLE']);
  });

  it('loyalty at a store without a program', () => {
    expect(checkoutQuote(store({ loyalty: null }), draft({ redeemLoyalty: true })).refusals).toEqual([
      { code: 'LOYALTY_UNAVAILABLE', reason: 'PROGRAM_INACTIVE' },
    ]);
  });

  it('the minimum, with how much is missing (the fee does not count)', () => {
    const quote = checkoutQuote(
      store({ valor_minimo: 5000 }),
      draft({ deliveryType: 'Entregar', address: deliverable(800), lines: [line(4490)] }),
    );
    expect(quote.refusals).toEqual([{ code: 'MIN_ORDER_NOT_MET', minimum: 5000, missing: 510 }]);
  });

  it('no minimum at a table', () => {
    const table = draft({ tableOrder: true, payment: null, lines: [line(500)] });
    expect(codes(store({ valor_minimo: 5000 }), table)).toEqual([]);
  });

  it('change below the total, and more than R$ 200 above it', () => {
    expect(checkoutQuote(store(), draft({ payment: cash, changeFor: 4000 })).refusals).toEqual([
      { code: 'CHANGE_BELOW_TOTAL', total: 4490 },
    ]);
    expect(checkoutQuote(store(), draft({ payment: cash, changeFor: 24_491 })).refusals).toEqual([
      { code: 'CHANGE_TOO_HIGH', maximum: 24_490 },
    ]);
  });

  it('change is only for a method that takes it', () => {
    expect(checkoutQuote(store(), draft({ payment: card, changeFor: 100 })).change).toBe(null);
  });

  it('an invalid document, typed or not required', () => {
    expect(codes(store(), draft({ document: '123.456.789-00' }))).toEqual(['INVALID_DOCUMENT']);
  });

  it('a document the store requires for delivery', () => {
    const requiring = store({ delivery_customer_doc_required: true });
    const delivery = draft({ deliveryType: 'Entregar', address: deliverable(0) });
    expect(codes(requiring, delivery)).toEqual(['DOCUMENT_REQUIRED']);
    expect(codes(requiring, { ...delivery, document: VALID_CPF })).toEqual([]);
    expect(codes(requiring, draft())).toEqual([]);
  });

  it('rules are listed in order when several fail', () => {
    expect(
      codes(
        store({ open: false, valor_minimo: 9000 }),
        draft({ deliveryType: 'Entregar', payment: null, document: '1' }),
      ),
    ).toEqual([
      'STORE_CLOSED',
      'PAYMENT_METHOD_REQUIRED',
      'ADDRESS_REQUIRED',
      'MIN_ORDER_NOT_MET',
      'INVALID_DOCUMENT',
    ]);
  });
});

describe("checkout quote: the store's order limits (docs/decisions/0021)", () => {
  const limits = { maxLineQuantity: 5, maxOrderTotal: 20_000 };

  it('refuses an item with more units than the store allows, naming the cap', () => {
    const quote = checkoutQuote(store({ orderLimits: limits }), draft({ lines: [line(1000, 6)] }));
    expect(quote.refusals).toEqual([{ code: 'LINE_QUANTITY_TOO_HIGH', maximum: 5 }]);
    expect(checkoutQuote(store({ orderLimits: limits }), draft({ lines: [line(1000, 5)] })).refusals).toEqual(
      [],
    );
  });

  it('counts identical lines together: six lines of one unit are six units of the item', () => {
    const six = draft({ lines: Array.from({ length: 6 }, () => line(1000)) });
    expect(checkoutQuote(store({ orderLimits: limits }), six).refusals).toEqual([
      { code: 'LINE_QUANTITY_TOO_HIGH', maximum: 5 },
    ]);
    const different = draft({ lines: [line(1000, 5), line(1200, 5)] });
    expect(checkoutQuote(store({ orderLimits: limits }), different).refusals).toEqual([]);
  });

  it('tells the cart how many more units of an item it takes', () => {
    expect(itemRoom(limits, [line(1000, 3), line(1200, 4)], line(1000))).toBe(2);
    expect(itemRoom(limits, [line(1000, 5)], line(1000))).toBe(0);
  });

  it("refuses a total above the store's maximum, at a table too", () => {
    const over = draft({ lines: [line(10_001, 2)] });
    expect(checkoutQuote(store({ orderLimits: limits }), over).refusals).toEqual([
      { code: 'ORDER_TOTAL_TOO_HIGH', maximum: 20_000 },
    ]);
    const atTable = draft({ lines: [line(10_001, 2)], tableOrder: true, payment: null });
    expect(checkoutQuote(store({ orderLimits: limits }), atTable).refusals).toEqual([
      { code: 'ORDER_TOTAL_TOO_HIGH', maximum: 20_000 },
    ]);
    expect(
      checkoutQuote(store({ orderLimits: limits }), draft({ lines: [line(10_000, 2)] })).refusals,
    ).toEqual([]);
  });

  it("never lets a line cap above the wire's 99 units", () => {
    const quote = checkoutQuote(
      store({ orderLimits: { maxLineQuantity: 500, maxOrderTotal: 10_000_000 } }),
      draft({ lines: [line(100, 99)] }),
    );
    expect(quote.refusals).toEqual([]);
  });
});

describe('checkout quote: table orders (spec section 6)', () => {
  it('are eaten in, whatever was chosen', () => {
    const quote = checkoutQuote(store(), draft({ tableOrder: true, deliveryType: 'Entregar' }));
    expect([quote.deliveryType, quote.deliveryTypes]).toEqual(['Vem comer', ['Vem comer']]);
  });

  it('need no payment unless the store requires in-app payment', () => {
    const table = draft({ tableOrder: true, payment: null });
    expect(checkoutQuote(store(), table).mainAction.action).toBe('confirm');
    const requiring = store({ self_checkout_require_imply_pay: true });
    expect(checkoutQuote(requiring, table).mainAction.action).toBe('no_payment');
    expect(codes(requiring, table)).toEqual(['PAYMENT_METHOD_REQUIRED']);
  });

  it('at a store that requires in-app payment, are paid online only (issue 15)', () => {
    const requiring = store({ self_checkout_require_imply_pay: true, online: { pix: true, card: true } });
    const inPerson = draft({ tableOrder: true, payment: cash });
    expect(codes(requiring, inPerson)).toEqual(['PAYMENT_METHOD_UNAVAILABLE']);
    expect(codes(requiring, draft({ tableOrder: true, payment: { online: 'card' } }))).toEqual([]);
    expect(codes(requiring, draft({ tableOrder: true, payment: { online: 'pix' } }))).toEqual([]);
    expect(inPersonOffered(requiring, true)).toBe(false);
    expect(inPersonOffered(requiring, false)).toBe(true);
    // Away from the table, the same store takes its in-person methods.
    expect(codes(requiring, draft({ payment: cash, deliveryType: 'Retirada' }))).toEqual([]);
  });

  it('are never scheduled', () => {
    const scheduling = store({ open: false, schedulingOn: true, freePeriods: [PERIOD] });
    const quote = checkoutQuote(scheduling, draft({ tableOrder: true, scheduledPeriod: PERIOD }));
    expect([quote.schedulingAvailable, quote.scheduled, quote.refusals]).toEqual([
      false,
      false,
      [{ code: 'STORE_CLOSED' }],
    ]);
  });
});

describe('checkout quote: main action (spec section 2, first match wins)', () => {
  const action = (s: CheckoutStore, d: CheckoutDraft) => checkoutQuote(s, d).mainAction;
  const delivery = draft({ deliveryType: 'Entregar', address: deliverable(500) });
  const scheduling = store({ open: false, schedulingOn: true, freePeriods: [PERIOD] });

  it('store closed and no scheduling: closed-store label, disabled', () => {
    expect(action(store({ open: false }), delivery)).toEqual({ action: 'closed', disabled: true });
  });

  it('store closed wins over every other step', () => {
    const everythingMissing = { ...delivery, address: null, document: '1', payment: null };
    expect(action(store({ open: false }), everythingMissing).action).toBe('closed');
  });

  it('a closed store with free periods asks for the schedule', () => {
    expect(action(scheduling, delivery).action).toBe('set_schedule');
  });

  it('a closed store whose periods are all taken is closed', () => {
    expect(action({ ...scheduling, freePeriods: [] }, delivery).action).toBe('closed');
  });

  it('delivery without an address: pick an address', () => {
    expect(action(store(), { ...delivery, address: null })).toEqual({
      action: 'pick_address',
      disabled: false,
    });
  });

  it('delivery to an address the store does not deliver to: pick an address', () => {
    expect(action(store(), { ...delivery, address: { deliverable: false } }).action).toBe('pick_address');
  });

  it('pickup without an address does not ask for one', () => {
    expect(action(store(), draft()).action).toBe('confirm');
  });

  it('an address comes before the schedule', () => {
    expect(action(scheduling, { ...delivery, address: null }).action).toBe('pick_address');
  });

  it('a chosen period moves on', () => {
    expect(action(scheduling, { ...delivery, scheduledPeriod: PERIOD }).action).toBe('confirm');
  });

  it('document missing or invalid: inform the document', () => {
    expect(action(store(), { ...delivery, document: '123' }).action).toBe('inform_document');
    expect(action(store({ delivery_customer_doc_required: true }), delivery).action).toBe('inform_document');
  });

  it('the schedule comes before the document', () => {
    expect(action(scheduling, { ...delivery, document: '123' }).action).toBe('set_schedule');
  });

  it('payment chosen: confirm', () => {
    expect(action(store(), delivery)).toEqual({ action: 'confirm', disabled: false });
  });

  it('a method not offered for the delivery type is no payment', () => {
    expect(action(store(), { ...delivery, payment: mealVoucher }).action).toBe('no_payment');
  });

  it('otherwise: no payment form', () => {
    expect(action(store(), { ...delivery, payment: null })).toEqual({
      action: 'no_payment',
      disabled: false,
    });
  });
});

describe('checkout quote: online payment (spec section 4 "Store-level payment mode")', () => {
  const takesPix = store({ online: { pix: true, card: false } });

  it('PIX online is a payment when the store takes it through the app', () => {
    const quote = checkoutQuote(takesPix, draft({ payment: { online: 'pix' } }));
    expect([quote.refusals, quote.mainAction.action]).toEqual([[], 'confirm']);
  });

  it('is refused where the store does not take it, and card is its own choice', () => {
    expect(codes(store(), draft({ payment: { online: 'pix' } }))).toEqual(['PAYMENT_METHOD_UNAVAILABLE']);
    expect(codes(takesPix, draft({ payment: { online: 'card' } }))).toEqual(['PAYMENT_METHOD_UNAVAILABLE']);
  });

  it('asks no change for an online payment', () => {
    expect(checkoutQuote(takesPix, draft({ payment: { online: 'pix' }, changeFor: 100 })).change).toBe(null);
  });

  it('defaults to paying through the app when the store takes it and is open or can schedule', () => {
    expect(defaultPaymentMode(takesPix, false)).toBe('online');
    expect(defaultPaymentMode(store(), false)).toBe('on_delivery');
    expect(defaultPaymentMode({ ...takesPix, open: false }, false)).toBe('on_delivery');
    const scheduling = { ...takesPix, open: false, schedulingOn: true, freePeriods: [PERIOD] };
    expect(defaultPaymentMode(scheduling, false)).toBe('online');
  });
});

describe('in-person payment methods', () => {
  it('are offered for their delivery types only', () => {
    expect(offeredInPerson(mealVoucher, 'Retirada')).toBe(true);
    expect(offeredInPerson(mealVoucher, 'Entregar')).toBe(false);
  });

  it('never include the online entries', () => {
    for (const id of [993, 994, 995, 998, 999])
      expect(offeredInPerson({ ...card, id }, 'Retirada')).toBe(false);
    expect(offeredInPerson({ ...card, id: 7, tipo: 'online' }, 'Retirada')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random drafts

const arbitraryStore: fc.Arbitrary<CheckoutStore> = fc.record({
  permite_entrega: fc.boolean(),
  permite_busca: fc.boolean(),
  permite_comer_local: fc.boolean(),
  valor_minimo: fc.constantFrom(0, 2000, 6000),
  delivery_customer_doc_required: fc.boolean(),
  self_checkout_require_imply_pay: fc.boolean(),
  open: fc.boolean(),
  schedulingOn: fc.boolean(),
  freePeriods: fc.constantFrom([], [PERIOD]),
  loyalty: fc.option(
    fc
      .record({
        ativo: fc.boolean(),
        recompensa_perc: fc.boolean(),
        perc_recompensa: fc.constantFrom(10, 100),
      })
      .map((over): LoyaltyProgram => ({ ...program, ...over })),
    { nil: null },
  ),
  online: fc.record({ pix: fc.boolean(), card: fc.boolean() }),
  orderLimits: fc.constantFrom(DEFAULT_ORDER_LIMITS, { maxLineQuantity: 2, maxOrderTotal: 5000 }),
});

const arbitraryDraft: fc.Arbitrary<CheckoutDraft> = fc.record({
  lines: fc.array(
    fc.integer({ min: 1, max: 9000 }).map((price) => line(price)),
    { maxLength: 3 },
  ),
  deliveryType: fc.constantFrom(...DELIVERY_TYPES),
  tableOrder: fc.boolean(),
  address: fc.constantFrom(null, { deliverable: false } as const, deliverable(0), deliverable(900)),
  coupon: fc.constantFrom(
    null,
    { id: 1, valor: 10, perc: true, descricao: '10%', local: 'Carrinho', minSubtotal: 0 },
    { id: 2, valor: 900, perc: false, descricao: 'Frete', local: 'Entrega', minSubtotal: 0 },
    { id: 3, valor: 1500, perc: false, descricao: 'R$ 15', local: 'Ambos', minSubtotal: 5000 },
  ),
  redeemLoyalty: fc.boolean(),
  points: fc.constantFrom(0, 100, 500),
  payment: fc.constantFrom(
    null,
    cash,
    card,
    mealVoucher,
    { online: 'pix' as const },
    { online: 'card' as const },
  ),
  changeFor: fc.constantFrom(null, 0, 1000, 5000, 10_000, 50_000),
  document: fc.constantFrom('', VALID_CPF, '123.456.789-00'),
  scheduledPeriod: fc.constantFrom(null, PERIOD, '2026-05-05T16:00:00.000Z'),
});

describe('checkout quote: properties', () => {
  it('an order without refusals always has the confirm action, so the button never hides one', () => {
    fc.assert(
      fc.property(arbitraryStore, arbitraryDraft, (s, d) => {
        const quote = checkoutQuote(s, d);
        if (quote.refusals.length === 0) expect(quote.mainAction.action).toBe('confirm');
        if (quote.mainAction.action !== 'confirm') expect(quote.refusals.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('the total is products + extras + delivery − coupon − loyalty, never negative', () => {
    fc.assert(
      fc.property(arbitraryStore, arbitraryDraft, (s, d) => {
        const { totals } = checkoutQuote(s, d);
        const expected =
          totals.products +
          totals.extras +
          totals.deliveryFee -
          totals.couponDiscount -
          totals.loyaltyDiscount;
        expect(totals.total).toBe(expected);
        expect(totals.total).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('a coupon and the loyalty reward never both discount', () => {
    fc.assert(
      fc.property(arbitraryStore, arbitraryDraft, (s, d) => {
        const { totals } = checkoutQuote(s, d);
        expect(totals.couponDiscount > 0 && totals.loyaltyDiscount > 0).toBe(false);
      }),
    );
  });

  it('a table order is eaten in and never refused for the minimum', () => {
    fc.assert(
      fc.property(arbitraryStore, arbitraryDraft, (s, d) => {
        const quote = checkoutQuote(s, { ...d, tableOrder: true });
        expect(quote.deliveryType).toBe('Vem comer');
        expect(quote.refusals.some((r) => r.code === 'MIN_ORDER_NOT_MET')).toBe(false);
      }),
    );
  });
});
