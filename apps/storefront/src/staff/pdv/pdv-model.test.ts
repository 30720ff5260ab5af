import type { StaffCustomer } from '@comanda/contract';
import { ONLINE_PIX_ID } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import { company, paymentMethod } from '../../test/fixtures.ts';
import { cartWith, drink } from '../../test/product-fixtures.ts';
import {
  chargePhase,
  countdownText,
  emptyDraft,
  type PdvContext,
  pdvPayload,
  pdvQuote,
  phoneText,
  pixChargeOffered,
} from './pdv-model.ts';

const address = {
  id: 7,
  name: 'Casa',
  full_address: 'Rua Augusta, 1500 - Consolação, São Paulo - SP',
  district_active: true,
  city_active: true,
  bairro_excluido: false,
  ativo_cidade: true,
  excluido: false,
  delivery_fee: 0,
  original_delivery_fee: 800,
  discount_minimum_order: 5000,
  street: 'Rua Augusta',
  streetNumber: '1500',
  street_number: '1500',
  complement: '',
  city_id: 1,
  city: 'São Paulo',
  district_id: 2,
  district: 'Consolação',
  state: 'SP',
  latitude: null,
  longitude: null,
  deliverable: true,
} as StaffCustomer['addresses'][number];

const customer: StaffCustomer = {
  id: 42,
  nome: 'Rita Retorno',
  phone: '11987654321',
  phone_country: 'BR',
  has_password: true,
  pontos_fidelidade: 0,
  orders_count: 3,
  addresses: [address],
};

const context = (cart = cartWith([{ product: drink(), times: 4 }])): PdvContext => ({
  company: company({ valor_minimo: 2500 }),
  program: null,
  methods: [
    paymentMethod({ id: 1, descricao: 'Dinheiro', permite_troco: true }),
    paymentMethod({ id: 2, tipo: 'cartao', descricao: 'Cartão', tipos_entrega: ['Retirada'] }),
  ],
  customer,
  cart,
});

describe("the PDV's order, read by the customer's checkout rules", () => {
  it('a delivery: the address fee below its free-delivery subtotal, cash with change', () => {
    const draft = {
      ...emptyDraft('telefone'),
      deliveryType: 'Entregar' as const,
      addressId: 7,
      paymentId: 1,
    };
    const { quote } = pdvQuote(context(), { ...draft, changeFor: 5000 });
    expect(quote.refusals).toEqual([]);
    expect(quote.totals).toMatchObject({ subtotal: 2600, deliveryFee: 800, total: 3400 });
    expect(quote.change).toEqual({ ok: true, changeFor: 5000, change: 1600 });
    const payload = pdvPayload(context(), { ...draft, changeFor: 5000 });
    expect(payload).toMatchObject({
      canal: 'telefone',
      fk_cliente: 42,
      tipo_entrega: 'Entregar',
      fk_endereco: 7,
      fk_forma_pagamento: 1,
      troco_para: 5000,
      total: 3400,
      identificador_pedido_novo: null,
    });
    expect(payload.produtos_pedidos).toHaveLength(4);
  });

  it('refuses as the server would: below the minimum, a method not offered, change below the total', () => {
    const one = context(cartWith([{ product: drink() }]));
    expect(pdvQuote(one, { ...emptyDraft(), paymentId: 2 }).quote.refusals[0]?.code).toBe(
      'MIN_ORDER_NOT_MET',
    );
    const draft = { ...emptyDraft(), deliveryType: 'Entregar' as const, addressId: 7, paymentId: 2 };
    expect(pdvQuote(context(), draft).quote.refusals[0]?.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const low = { ...emptyDraft(), paymentId: 1, changeFor: 1000 };
    expect(pdvQuote(context(), low).quote.refusals.map((r) => r.code)).toContain('CHANGE_BELOW_TOTAL');
  });

  it('a waiter’s order is a table’s: eaten in, the table named, no address', () => {
    const draft = { ...emptyDraft('garcom'), tableId: 9, addressId: 7 };
    const payload = pdvPayload(context(), draft);
    expect(payload).toMatchObject({
      canal: 'garcom',
      tipo_entrega: 'Vem comer',
      identificador_pedido_novo: '9',
      fk_endereco: null,
    });
  });

  it('shows a Brazilian mobile as people write it', () => {
    expect(phoneText('11987654321')).toBe('(11) 98765-4321');
    expect(phoneText('351912345678')).toBe('351912345678');
  });
});

describe('a PIX charge through the store’s provider at the counter (docs/decisions/0063)', () => {
  const takesPix = (cart = cartWith([{ product: drink(), times: 4 }])): PdvContext => ({
    ...context(cart),
    company: company({ valor_minimo: 2500, online_payment: true, payment_by_pix: true }),
  });

  it('is offered only when the server has a provider for it and the store takes PIX in the app', () => {
    const pix = company({ online_payment: true, payment_by_pix: true });
    expect(pixChargeOffered(pix, true)).toBe(true);
    expect(pixChargeOffered(pix, false)).toBe(false);
    expect(pixChargeOffered(company({ online_payment: true, payment_by_pix: false }), true)).toBe(false);
    expect(pixChargeOffered(company({ online_payment: false, payment_by_pix: true }), true)).toBe(false);
  });

  it('is the online PIX entry of the checkout: no change, sent as 999', () => {
    const draft = { ...emptyDraft(), paymentId: ONLINE_PIX_ID, changeFor: 5000 };
    const { quote } = pdvQuote(takesPix(), draft);
    expect(quote.refusals).toEqual([]);
    expect(quote.change).toBe(null);
    const payload = pdvPayload(takesPix(), draft);
    expect(payload).toMatchObject({ fk_forma_pagamento: ONLINE_PIX_ID, troco_para: null, canal: 'balcao' });
    // A store that does not take PIX in the app refuses it, as the server would.
    expect(pdvQuote(context(), draft).quote.refusals[0]?.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
  });

  it('counts down to its expiry, then waits to be confirmed or given up', () => {
    const charge = {
      intent_id: 'pi_counter_0001',
      order_id: 9,
      status: 'pending' as const,
      amount: 4_990,
      copia_e_cola: '000201…',
      qr_code: 'data:image/svg+xml;base64,AA==',
      // The tablet's clock is hours off: the countdown still starts from what the server said.
      expires_at: '2026-11-28T12:05:00.000Z',
      expires_in: 300,
      detail: '',
    };
    const received = Date.parse('2026-11-28T09:00:00.000Z');
    expect(chargePhase(charge, received, received)).toEqual({ kind: 'waiting', secondsLeft: 300 });
    expect(chargePhase(charge, received + 298_800, received)).toEqual({ kind: 'waiting', secondsLeft: 2 });
    expect(chargePhase(charge, received + 299_200, received)).toEqual({ kind: 'waiting', secondsLeft: 1 });
    expect(chargePhase(charge, received + 300_000, received)).toEqual({ kind: 'timedOut' });
    expect(chargePhase({ ...charge, status: 'paid' }, received + 900_000, received)).toEqual({
      kind: 'paid',
    });
    expect(chargePhase({ ...charge, status: 'expired' }, 0, 0)).toEqual({
      kind: 'stopped',
      status: 'expired',
    });
    expect(countdownText(300)).toBe('5:00');
    expect(countdownText(65)).toBe('1:05');
    expect(countdownText(9)).toBe('0:09');
    expect(countdownText(-3)).toBe('0:00');
  });
});
