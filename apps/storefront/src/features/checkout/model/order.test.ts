import { type Company, type CustomerAddress, isStorableText, type OrderPlacedReply } from '@comanda/contract';
import { checkoutTotals } from '@comanda/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { company, paymentMethod } from '../../../test/fixtures.ts';
import { cartWith, drink } from '../../../test/product-fixtures.ts';
import { createAttemptKeys, type OrderDraft, orderPayload, pushPurchase, refusalMessage } from './order.ts';
import { quoteOf } from './quote.ts';

const draft: OrderDraft = {
  deliveryType: 'Entregar',
  addressId: 31,
  paymentId: 1,
  cardId: null,
  changeFor: 5000,
  coupon: null,
  fidelity: false,
  notes: 'Sem gelo, por favor',
  scheduledPeriod: null,
  document: '529.982.247-25',
};
const cart = cartWith([{ product: drink(), times: 2 }]);
const totals = checkoutTotals({ lines: cart, deliveryFee: 500, coupon: null, loyaltyReward: null });
const CASH = paymentMethod({ id: 1, descricao: 'Dinheiro', permite_troco: true });
const home = {
  id: 31,
  name: 'Casa',
  full_address: 'Rua Augusta, 1500',
  district_active: true,
  city_active: true,
  bairro_excluido: false,
  ativo_cidade: true,
  excluido: false,
  delivery_fee: 500,
  original_delivery_fee: 500,
  discount_minimum_order: 0,
  deliverable: true,
} as CustomerAddress;

function payloadOf(
  over: { draft?: Partial<OrderDraft>; store?: Partial<Company>; tableOrder?: boolean } = {},
) {
  const { draft: sent, quote } = quoteOf(company({ valor_minimo: 0, ...over.store }), null, {
    draft: { ...draft, ...over.draft },
    cart,
    customer: { enderecos: [home], pontos_fidelidade: 0 },
    methods: [CASH],
    tableOrder: over.tableOrder ?? false,
  });
  const table = over.tableOrder
    ? { source: 'local', tableId: '4', tableToken: 'qr4', tableCode: '0420' }
    : { source: null, tableId: null, tableToken: null, tableCode: null };
  return orderPayload({
    sent,
    quote,
    draft: { ...draft, ...over.draft },
    customerId: 7,
    phone: '11987654321',
    ...table,
  });
}

describe('orderPayload', () => {
  it('builds the spec payload with the client prices', () => {
    const payload = payloadOf();
    expect(payload).toMatchObject({
      tipo_entrega: 'Entregar',
      forma_entrada: 'Instagram',
      troco_para: 5000,
      fk_endereco: 31,
      fk_forma_pagamento: 1,
      fk_cliente: 7,
      imprimir: true,
      agendado: false,
      hora_entrega: null,
      documento_cliente: '52998224725',
      fone_para_mensagens: '11987654321',
      total: 1800,
    });
    expect(payload.produtos_pedidos).toHaveLength(2);
    expect(payload.produtos_pedidos[0]).toMatchObject({ produto: 60, qtd: 1, produto_valor: 650 });
  });

  it('cuts the notes at 50 characters without leaving half of an emoji, which the server refuses', () => {
    const payload = payloadOf({ draft: { notes: `${'a'.repeat(49)}🍕 e mais` } });
    expect(payload.observacoes).toBe('a'.repeat(49));
    expect(isStorableText(payload.observacoes ?? '')).toBe(true);
  });

  it("a table order eats in, without notes or address, with the table id, its QR token and the waiter's code", () => {
    const payload = payloadOf({ tableOrder: true, store: { permite_comer_local: true } });
    expect(payload).toMatchObject({
      tipo_entrega: 'Vem comer',
      observacoes: '',
      fk_endereco: null,
      fk_forma_pagamento: null,
      identificador_pedido_novo: '4',
      token_mesa: 'qr4',
      codigo_mesa: '0420',
      forma_entrada: 'local',
    });
  });

  it('an order away from a table sends no table, token or code', () => {
    expect(payloadOf()).toMatchObject({
      identificador_pedido_novo: null,
      token_mesa: null,
      codigo_mesa: null,
    });
  });

  it('a scheduled order names its period', () => {
    const period = '2026-05-05T22:00:00.000Z';
    const payload = payloadOf({
      store: {
        loja_aberta: false,
        agendamento_ativo: true,
        permite_agendamento: true,
        schedule_periods: [{ period, free: true }],
      },
      draft: { scheduledPeriod: period },
    });
    expect(payload).toMatchObject({ agendado: true, hora_entrega: period });
  });

  it('a period chosen while closed is not sent once the store is open', () => {
    expect(payloadOf({ draft: { scheduledPeriod: '2026-05-05T22:00:00.000Z' } })).toMatchObject({
      agendado: false,
      hora_entrega: null,
    });
  });
});

describe('createAttemptKeys', () => {
  it('keeps the key for the same order, renews it after a change or a success', () => {
    let n = 0;
    const keys = createAttemptKeys(() => `k${++n}`);
    expect(keys.keyFor('a')).toBe('k1');
    expect(keys.keyFor('a')).toBe('k1');
    expect(keys.keyFor('b')).toBe('k2');
    keys.reset();
    expect(keys.keyFor('b')).toBe('k3');
  });
});

describe('refusalMessage', () => {
  it('prefers non_field_errors, then detail, then the fallback', () => {
    expect(refusalMessage({ non_field_errors: ['A'], detail: 'B' }, 'C')).toBe('A');
    expect(refusalMessage({ detail: 'B' }, 'C')).toBe('B');
    expect(refusalMessage(null, 'C')).toBe('C');
  });
});

describe('pushPurchase', () => {
  afterEach(() => {
    delete (globalThis as { dataLayer?: unknown }).dataLayer;
  });

  it('pushes a BRL purchase without customer or document data', () => {
    const layer: unknown[] = [];
    (globalThis as { dataLayer?: unknown }).dataLayer = layer;
    const reply = {
      order_info: {
        order_id: 9,
        total: 1800,
        estimated_time: '20:00',
        status: 'Solicitado',
        pontos_fidelidade: 0,
      },
    } as OrderPlacedReply;
    pushPurchase(reply, cart, totals, 'BEMVINDO10');
    expect(layer).toHaveLength(1);
    const text = JSON.stringify(layer[0]);
    expect(layer[0]).toMatchObject({
      event: 'purchase',
      ecommerce: { transaction_id: '9', currency: 'BRL', value: 18, coupon: 'BEMVINDO10' },
    });
    expect(text).not.toMatch(/52998224725|11987654321|cliente|documento/);
  });

  it('does nothing without a dataLayer', () => {
    expect(() =>
      pushPurchase({ order_info: { order_id: 1, total: 0 } } as OrderPlacedReply, cart, totals, null),
    ).not.toThrow();
  });
});
