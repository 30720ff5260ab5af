import type { CustomerAddress } from '@comanda/contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customer } from '../../../test/accounts.tsx';
import { company, paymentMethod } from '../../../test/fixtures.ts';
import { cartWith, drink } from '../../../test/product-fixtures.ts';
import type { OrderDraft } from '../model/order.ts';
import { type CheckoutQuoteInput, useCheckoutQuote } from './use-checkout-quote.ts';

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

const draft: OrderDraft = {
  deliveryType: 'Entregar',
  addressId: 31,
  paymentId: null,
  cardId: null,
  changeFor: null,
  coupon: null,
  fidelity: false,
  notes: '',
  scheduledPeriod: null,
  document: '',
};

const CASH = paymentMethod({ id: 1, descricao: 'Dinheiro', ordem: 2, permite_troco: true });
const VOUCHER = paymentMethod({ id: 5, descricao: 'Vale-refeição', ordem: 1, tipos_entrega: ['Retirada'] });
const RESERVED = paymentMethod({ id: 994, descricao: 'Reservado' });

function quoteFor(over: Partial<CheckoutQuoteInput> = {}) {
  const input: CheckoutQuoteInput = {
    company: company({ valor_minimo: 0 }),
    program: null,
    draft,
    cart: cartWith([{ product: drink(), times: 2 }]),
    customer: customer({ enderecos: [home] }),
    methods: [CASH, VOUCHER, RESERVED],
    tableOrder: false,
    ...over,
  };
  return renderHook(() => useCheckoutQuote(input)).result.current;
}

describe('useCheckoutQuote', () => {
  it("quotes the draft: the chosen address's fee in the totals, the main action", () => {
    const view = quoteFor();
    expect(view.address?.name).toBe('Casa');
    expect(view.quote.totals).toMatchObject({ deliveryFee: 500, total: 1800 });
    expect(view.quote.mainAction.action).toBe('no_payment');
  });

  it('offers the in-person methods of the delivery type, in the store order, never a reserved id', () => {
    expect(quoteFor().offeredMethods.map((method) => method.id)).toEqual([1]);
    const pickup = quoteFor({ draft: { ...draft, deliveryType: 'Retirada', paymentId: 5 } });
    expect(pickup.offeredMethods.map((method) => method.id)).toEqual([5, 1]);
    expect(pickup.chosenMethod?.descricao).toBe('Vale-refeição');
  });

  it('at a table whose store requires paying in the app, offers no in-person method (issue 15)', () => {
    const requiring = company({
      valor_minimo: 0,
      self_checkout_require_imply_pay: true,
      online_payment: true,
      payment_by_card: true,
    });
    expect(quoteFor({ company: requiring, tableOrder: true }).offeredMethods).toEqual([]);
    expect(quoteFor({ company: requiring, tableOrder: false }).offeredMethods.length).toBeGreaterThan(0);
  });

  it('a method not offered for the delivery type is not the chosen one', () => {
    expect(quoteFor({ draft: { ...draft, paymentId: 5 } }).chosenMethod).toBeNull();
  });

  it('a deleted address is no address', () => {
    const view = quoteFor({ customer: customer({ enderecos: [{ ...home, excluido: true }] }) });
    expect(view.address).toBeNull();
    expect(view.quote.mainAction.action).toBe('pick_address');
  });

  it('schedules only for the free periods', () => {
    const view = quoteFor({
      company: company({
        valor_minimo: 0,
        loja_aberta: false,
        agendamento_ativo: true,
        permite_agendamento: true,
        schedule_periods: [
          { period: '18:00 - 19:00', free: false },
          { period: '19:00 - 20:00', free: true },
        ],
      }),
    });
    expect(view.freePeriods).toEqual(['19:00 - 20:00']);
    expect(view.quote.mainAction.action).toBe('set_schedule');
  });
});
