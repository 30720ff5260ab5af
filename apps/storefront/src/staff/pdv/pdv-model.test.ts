import type { StaffCustomer } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { company, paymentMethod } from '../../test/fixtures.ts';
import { cartWith, drink } from '../../test/product-fixtures.ts';
import { emptyDraft, type PdvContext, pdvPayload, pdvQuote, phoneText } from './pdv-model.ts';

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
