import type { StaffOrder, StaffOrderLine } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { company, paymentMethod } from '../../test/fixtures.ts';
import { cartWith, drink } from '../../test/product-fixtures.ts';
import { StaffApiError } from '../lib/staff-api.ts';
import {
  currentMethod,
  type EditContext,
  editableLines,
  editPayload,
  editQuote,
  emptyEdit,
  toggleRemoved,
} from './order-edit-model.ts';
import { differenceText, editErrorText } from './order-edit-texts.ts';

/*
 * 'Editar pedido' (docs/decisions/0062): the edit's quote by the checkout rules (kept lines at the
 * prices they were placed with), its payload by seq, and its refusals in words.
 */

const line = (seq: number | null, overrides: Partial<StaffOrderLine> = {}): StaffOrderLine => ({
  seq,
  produto: 10 + (seq ?? 0),
  descricao_produto: `Produto ${seq}`,
  descricao_categoria: 'Pizzas',
  produto_valor: 3000,
  valor_adicionais: 0,
  qtd: 1,
  valor_total: 3000,
  observacao: '',
  itens_pedidos: [],
  ...overrides,
});

/** A pickup order placed at R$ 45,00 + R$ 5,00 of options, paid by card, with a gap at seq 1. */
function order(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    id: 501,
    status: 'Preparo',
    tipo_entrega: 'Retirada',
    total_produtos: 4500,
    acrescimo: 500,
    valor_entrega: 0,
    desconto_cupom: 0,
    desconto_fidelidade: 0,
    desconto: 0,
    total: 5000,
    cupom: null,
    forma_pagamento_nome: 'Cartão',
    troco_para: null,
    mesa: null,
    fidelidade_utilizada: false,
    pontos_utilizados: 0,
    pagamento_online: null,
    produtos_pedidos: [
      // Placed when the pizza cost R$ 30,00 and its border R$ 5,00: kept at those prices.
      line(0, { produto_valor: 3000, valor_adicionais: 500, valor_total: 3500 }),
      line(2, {
        descricao_produto: 'Suco',
        produto_valor: 1500,
        valor_total: 1500,
        descricao_categoria: 'Bebidas',
      }),
    ],
    ...overrides,
  } as StaffOrder;
}

const methods = [
  paymentMethod({ id: 1, descricao: 'Dinheiro', permite_troco: true }),
  paymentMethod({ id: 2, tipo: 'cartao', descricao: 'Cartão' }),
  paymentMethod({ id: 3, tipo: 'pix', descricao: 'PIX', tipos_entrega: ['Entregar'] }),
];

const context = (overrides: Partial<EditContext> = {}): EditContext => ({
  company: company({ valor_minimo: 2500, loja_aberta: false }),
  program: null,
  methods,
  order: order(),
  added: [],
  ...overrides,
});

describe('the edit of an order, read by the checkout rules', () => {
  it('lists the lines a staff member can take out, by seq, never the delivery line', () => {
    const delivery = order({
      tipo_entrega: 'Entregar',
      produtos_pedidos: [
        ...order().produtos_pedidos,
        line(null, { produto: 0, descricao_produto: 'Entrega' }),
      ],
    });
    expect(editableLines(delivery).map((each) => each.seq)).toEqual([0, 2]);
  });

  it('takes a line out and adds one: kept lines at their placed prices, new ones at today’s', () => {
    const cokes = cartWith([{ product: drink(), times: 2 }]);
    const draft = toggleRemoved(emptyEdit(), 2);
    const quoted = editQuote(context({ added: cokes }), draft);
    // The pizza as placed (3000 + 500), two cans at 650: the store being closed now does not matter.
    expect(quoted.quote.refusals).toEqual([]);
    expect(quoted.quote.totals.total).toBe(3500 + 1300);
    expect(quoted.before).toBe(5000);
    expect(quoted.changed).toBe(true);
    expect(editPayload(context({ added: cokes }), draft)).toEqual({
      remover: [2],
      // The cart keeps one line per unit, as the customer's does.
      adicionar: [1, 2].map(() => expect.objectContaining({ produto: 60, qtd: 1, produto_valor: 650 })),
    });
  });

  it('putting a line back leaves nothing to change; the payment is not sent untouched', () => {
    const draft = toggleRemoved(toggleRemoved(emptyEdit(), 0), 0);
    const quoted = editQuote(context(), draft);
    expect(quoted.changed).toBe(false);
    expect(quoted.quote.totals.total).toBe(5000);
    expect(editPayload(context(), draft)).toEqual({ remover: [], adicionar: [] });
  });

  it('refuses what the server would: below the minimum without the pizza', () => {
    const quoted = editQuote(context(), toggleRemoved(emptyEdit(), 0));
    expect(quoted.quote.refusals[0]).toMatchObject({
      code: 'MIN_ORDER_NOT_MET',
      minimum: 2500,
      missing: 1000,
    });
  });

  it('changes the payment to cash with change; change below the new total is refused', () => {
    const burgers = cartWith([{ product: drink(), times: 3 }]);
    const withCash = { ...emptyEdit(), paymentId: 1, changeFor: 10_000, paymentTouched: true };
    const quoted = editQuote(context({ added: burgers }), withCash);
    expect(quoted.quote.refusals).toEqual([]);
    expect(quoted.quote.totals.total).toBe(5000 + 3 * 650);
    expect(quoted.quote.change).toMatchObject({ ok: true, changeFor: 10_000 });
    const body = editPayload(context({ added: burgers }), withCash);
    expect(body).toMatchObject({ fk_forma_pagamento: 1, troco_para: 10_000 });
    const short = editQuote(context({ added: burgers }), { ...withCash, changeFor: 2000 });
    expect(short.quote.refusals[0]?.code).toBe('CHANGE_BELOW_TOTAL');
    // A method with no change sends none, whatever was typed before.
    expect(editPayload(context(), { ...withCash, paymentId: 2 })).toMatchObject({
      fk_forma_pagamento: 2,
      troco_para: null,
    });
  });

  it('a method not offered for the order’s delivery type is refused as the server would', () => {
    const pix = { ...emptyEdit(), paymentId: 3, paymentTouched: true };
    expect(editQuote(context(), pix).quote.refusals[0]?.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
  });

  it('finds the order’s own method by its name; a delivery keeps its fee and coupon discount', () => {
    expect(currentMethod(order(), methods)?.id).toBe(2);
    expect(currentMethod(order({ forma_pagamento_nome: 'Vale' }), methods)).toBeNull();
    const delivery = order({
      tipo_entrega: 'Entregar',
      valor_entrega: 800,
      desconto_cupom: 1000,
      cupom: 'DEZ',
      total: 4800,
    });
    const quoted = editQuote(context({ order: delivery }), toggleRemoved(emptyEdit(), 2));
    expect(quoted.quote.totals).toMatchObject({
      deliveryFee: 800,
      couponDiscount: 1000,
      total: 3500 + 800 - 1000,
    });
  });
});

describe('what the edit screen says', () => {
  it('each refusal code in the staff member’s words; an unknown one with the server’s', () => {
    const t = (key: string, vars?: Record<string, string | number>) =>
      `${key}${vars ? JSON.stringify(vars) : ''}`;
    const refusal = (code: string, status = 409) => new StaffApiError(status, code, `server ${code}`, {});
    for (const code of [
      'ORDER_ALREADY_PREPARED',
      'ORDER_PAID_ONLINE',
      'PRICE_CHANGED',
      'LINE_NOT_FOUND',
      'SOLD_OUT',
    ]) {
      expect(editErrorText(refusal(code), t as never)).toBe(`error_${code}`);
    }
    expect(editErrorText(refusal('SOMETHING_NEW'), t as never)).toBe(
      'error_other{"detail":"server SOMETHING_NEW"}',
    );
    expect(editErrorText(refusal('FORBIDDEN', 403), t as never)).toBe('error_FORBIDDEN');
  });

  it('the difference, signed, in reais', () => {
    expect(differenceText(5000, 6300)).toBe('+ R$\u00a013,00');
    expect(differenceText(5000, 4350)).toBe('− R$\u00a06,50');
    expect(differenceText(5000, 5000)).toBe('R$\u00a00,00');
  });
});
