import type { OrderSubmission } from '@comanda/contract';
import { checkoutTotals } from '@comanda/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore, justOrderedStore } from '../../../lib/cart-store.ts';
import { mockApi } from '../../../test/accounts.tsx';
import { placedOrder } from '../../../test/fixtures.ts';
import { cartWith, drink } from '../../../test/product-fixtures.ts';
import { useCheckoutT } from '../checkout-texts.ts';
import { type OrderToPlace, usePlaceOrder } from './use-place-order.ts';

const PATH = '/bar/v2/app/order/upsert/';
const cart = cartWith([{ product: drink(), times: 2 }]);
const order: OrderToPlace = {
  payload: { tipo_entrega: 'Retirada', produtos_pedidos: [] } as unknown as OrderSubmission,
  cart,
  totals: checkoutTotals({ lines: cart, deliveryFee: 0, coupon: null, loyaltyReward: null }),
  couponCode: null,
  tableOrder: false,
  paidByPix: false,
  savedCard: null,
};
const placed = {
  status: 201,
  body: {
    success: true,
    detail: 'ok',
    order_info: {
      order_id: 321,
      status: 'Solicitado',
      total: 1300,
      estimated_time: '20:30',
      pontos_fidelidade: 0,
    },
    order: placedOrder(),
  },
};

function setup() {
  const onPlaced = vi.fn();
  const refreshCustomer = vi.fn();
  const onPixCreated = vi.fn();
  const onCardCreated = vi.fn();
  const onTableCodeRefused = vi.fn();
  const hook = renderHook(() =>
    usePlaceOrder({
      onPlaced,
      onPixCreated,
      onCardCreated,
      onTableCodeRefused,
      refreshCustomer,
      t: useCheckoutT(),
    }),
  );
  return { hook, onPlaced, onPixCreated, onCardCreated, onTableCodeRefused, refreshCustomer };
}

describe('usePlaceOrder', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('shop_cart', '{}');
    localStorage.setItem('coupon', '{}');
    localStorage.setItem('source', 'instagram');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    justOrderedStore.set(false);
    cartStore.set([]);
  });

  it('on success forgets the saved cart and coupon, resets the source to mobile, clears the draft', async () => {
    mockApi({ [`POST ${PATH}`]: placed });
    const { hook, onPlaced, refreshCustomer } = setup();
    await act(() => hook.result.current.place(order));
    expect(hook.result.current.result).toEqual({
      status: 'success',
      orderId: 321,
      number: 321,
      estimatedTime: '20:30',
      paidByPix: false,
    });
    expect(localStorage.getItem('shop_cart')).toBeNull();
    expect(localStorage.getItem('coupon')).toBeNull();
    expect(localStorage.getItem('source')).toBe('mobile');
    expect(onPlaced).toHaveBeenCalledTimes(1);
    expect(refreshCustomer).toHaveBeenCalledTimes(1);
  });

  it('a table order keeps its source', async () => {
    mockApi({ [`POST ${PATH}`]: placed });
    const { hook } = setup();
    await act(() => hook.result.current.place({ ...order, tableOrder: true }));
    expect(localStorage.getItem('source')).toBe('instagram');
  });

  it('on failure keeps everything and retries the same order with the same key', async () => {
    const api = mockApi({ [`POST ${PATH}`]: { offline: true } });
    const { hook, onPlaced } = setup();
    await act(() => hook.result.current.place(order));
    expect(hook.result.current.result).toMatchObject({ status: 'error', message: /Não foi possível enviar/ });
    expect(localStorage.getItem('shop_cart')).toBe('{}');
    expect(onPlaced).not.toHaveBeenCalled();
    api.on(`POST ${PATH}`, placed);
    await act(() => hook.result.current.place(order));
    const [first, retry] = api.callsTo('POST', PATH);
    expect(retry!.headers.get('Idempotency-Key')).toBe(first!.headers.get('Idempotency-Key'));
  });

  it("shows the server-only refusals (order flood, table token) in the customer's language", async () => {
    mockApi({
      [`POST ${PATH}`]: {
        status: 429,
        body: { detail: 'Muitos pedidos.', code: 'TOO_MANY_ORDERS', non_field_errors: ['Muitos pedidos.'] },
      },
    });
    const { hook } = setup();
    await act(() => hook.result.current.place(order));
    expect(hook.result.current.result).toEqual({
      status: 'error',
      message: 'Você fez muitos pedidos em pouco tempo. Aguarde alguns minutos e tente de novo.',
    });
  });

  it.each([
    ['TABLE_CODE_INVALID', 400, 'Código da mesa incorreto. Confira com o garçom.'],
    ['TABLE_LOCKED', 409, 'Esta mesa ainda não foi aberta. Peça ao garçom o código da mesa.'],
  ])(
    'a table code refused (%s) is forgotten and asked for again with the server detail',
    async (code, status, detail) => {
      localStorage.setItem('table_code', '1234');
      mockApi({ [`POST ${PATH}`]: { status, body: { code, detail } } });
      const { hook, onTableCodeRefused, onPlaced } = setup();
      await act(() => hook.result.current.place({ ...order, tableOrder: true }));
      expect(onTableCodeRefused).toHaveBeenCalledWith(detail);
      expect(hook.result.current.result).toBeNull();
      expect(localStorage.getItem('table_code')).toBeNull();
      expect(onPlaced).not.toHaveBeenCalled();
    },
  );

  it("a closed tab (409 TAB_NOT_OPEN) shows its detail and forgets the old tab's code", async () => {
    localStorage.setItem('table_code', '1234');
    const detail = 'A conta desta mesa já foi fechada. Chame o garçom para abrir uma nova.';
    mockApi({ [`POST ${PATH}`]: { status: 409, body: { code: 'TAB_NOT_OPEN', detail } } });
    const { hook, onTableCodeRefused } = setup();
    await act(() => hook.result.current.place({ ...order, tableOrder: true }));
    expect(hook.result.current.result).toEqual({ status: 'error', message: detail });
    expect(onTableCodeRefused).not.toHaveBeenCalled();
    expect(localStorage.getItem('table_code')).toBeNull();
  });

  it("shows the quote's own refusal without sending anything", () => {
    const api = mockApi({});
    const { hook } = setup();
    act(() => hook.result.current.refuse('Escolha a forma de pagamento.'));
    expect(hook.result.current.result).toEqual({ status: 'error', message: 'Escolha a forma de pagamento.' });
    expect(api.calls).toHaveLength(0);
    act(() => hook.result.current.clear());
    expect(hook.result.current.result).toBeNull();
  });
});

describe('usePlaceOrder, PIX through the app (spec section 4 "Payment routing")', () => {
  const CREATE = '/bar/v2/payment/create-payment-intent/';
  const GET = '/bar/v2/payment/get-payment-intent/';
  const pixOrder: OrderToPlace = {
    ...order,
    payload: { ...order.payload, fk_forma_pagamento: 999 } as OrderSubmission,
    paidByPix: true,
  };
  const intent = { intent_id: 'pi_0123456789', order_id: 321, payed: false, order_data: null };

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('shop_cart', '{}');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    justOrderedStore.set(false);
    cartStore.set([]);
  });

  it('creates the payment intent instead of placing the order, and keeps the cart', async () => {
    const api = mockApi({
      [`POST ${CREATE}`]: { status: 201, body: { success: true, detail: 'ok', data: intent } },
    });
    const { hook, onPixCreated, onPlaced } = setup();
    await act(() => hook.result.current.place(pixOrder));
    expect(onPixCreated).toHaveBeenCalledWith(intent);
    expect(api.callsTo('POST', PATH)).toHaveLength(0);
    expect(api.callsTo('POST', CREATE)[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(onPlaced).not.toHaveBeenCalled();
    expect(localStorage.getItem('shop_cart')).toBe('{}');
  });

  it("words a provider failure as 'Erro ao gerar o PIX. Detalhes: …'", async () => {
    mockApi({
      [`POST ${CREATE}`]: {
        status: 502,
        body: { detail: 'Provedor fora do ar.', code: 'PAYMENT_PROVIDER_ERROR' },
      },
    });
    const { hook, onPixCreated } = setup();
    await act(() => hook.result.current.place(pixOrder));
    expect(hook.result.current.result).toEqual({
      status: 'error',
      message: 'Erro ao gerar o PIX. Detalhes: Provedor fora do ar.',
    });
    expect(onPixCreated).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the order as it is", async () => {
    mockApi({
      [`POST ${CREATE}`]: {
        status: 503,
        body: { detail: 'Pagamento online indisponível.', code: 'ONLINE_PAYMENT_UNAVAILABLE' },
      },
    });
    const { hook } = setup();
    await act(() => hook.result.current.place(pixOrder));
    expect(hook.result.current.result).toEqual({
      status: 'error',
      message: 'Pagamento online indisponível.',
    });
  });

  it('confirms a paid PIX as an order paid in person, and forgets the pending intent', async () => {
    localStorage.setItem('pix_payment_intent', '{}');
    const api = mockApi({
      [`POST ${GET}`]: {
        body: { success: true, detail: 'ok', data: { ...intent, payed: true, order_data: placed.body } },
      },
    });
    const { hook, onPlaced } = setup();
    let outcome: string | undefined;
    await act(async () => {
      outcome = await hook.result.current.confirmPaidPix('pi_0123456789', { cart, tableOrder: false });
    });
    expect(outcome).toBe('confirmed');
    expect(api.callsTo('POST', GET)[0]!.body).toEqual({ intent_id: 'pi_0123456789' });
    expect(hook.result.current.result).toEqual({
      status: 'success',
      orderId: 321,
      number: 321,
      estimatedTime: '20:30',
      // Confirmed through the app: no receipt to send the store (issue 34).
      paidByPix: false,
    });
    expect(onPlaced).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('shop_cart')).toBeNull();
    // The cart is emptied at once (the badge), the screen shows what the store charged.
    expect(cartStore.get()).toEqual([]);
    expect(hook.result.current.placed?.total).toBe(1950);
    expect(localStorage.getItem('pix_payment_intent')).toBeNull();
  });

  it('does not confirm a PIX the server does not have paid', async () => {
    mockApi({ [`POST ${GET}`]: { body: { success: true, detail: 'ok', data: intent } } });
    const { hook, onPlaced } = setup();
    let outcome: string | undefined;
    await act(async () => {
      outcome = await hook.result.current.confirmPaidPix('pi_0123456789', { cart, tableOrder: false });
    });
    expect(outcome).toBe('not_paid');
    expect(onPlaced).not.toHaveBeenCalled();
    expect(localStorage.getItem('shop_cart')).toBe('{}');
  });
});

describe('usePlaceOrder, card through the app (spec section 4 "Card payment")', () => {
  const CREATE = '/bar/v2/payment/create-payment-intent/';
  const cardOrder: OrderToPlace = {
    ...order,
    payload: { ...order.payload, fk_forma_pagamento: 998 } as OrderSubmission,
  };
  const visa = { id: 7, brand: 'visa' as const, ultimos4: '4242', excluido: false };
  const waiting = {
    intent_id: 'pi_card_0123456789',
    order_id: 322,
    amount: 1300,
    payed: false,
    order_data: null,
    clientSecret: 'pi_x_secret_y',
    card_kit: { provider: 'stripe', script_url: 'https://js.stripe.com/v3/', public_key: 'pk_test_abc' },
  };

  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('shop_cart', '{}');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    justOrderedStore.set(false);
    cartStore.set([]);
  });

  it('a new card creates the intent and hands the card route its client secret and kit', async () => {
    const api = mockApi({
      [`POST ${CREATE}`]: { status: 201, body: { success: true, detail: 'ok', data: waiting } },
    });
    const { hook, onCardCreated, onPlaced } = setup();
    await act(() => hook.result.current.place(cardOrder));
    expect(api.callsTo('POST', CREATE)[0]!.body).toEqual({ type: 'card', order: cardOrder.payload });
    expect(onCardCreated).toHaveBeenCalledWith(
      expect.objectContaining({
        intentId: 'pi_card_0123456789',
        clientSecret: 'pi_x_secret_y',
        mode: 'new',
        kit: { provider: 'stripe', scriptUrl: 'https://js.stripe.com/v3/', publicKey: 'pk_test_abc' },
      }),
    );
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it("a saved card shows 'paying by card' and, payed, is the same success as in person", async () => {
    const api = mockApi({
      [`POST ${CREATE}`]: {
        status: 201,
        body: {
          success: true,
          detail: 'ok',
          data: { ...waiting, payed: true, clientSecret: null, order_data: placed.body },
        },
      },
    });
    const { hook, onPlaced, onCardCreated } = setup();
    await act(() => hook.result.current.place({ ...cardOrder, savedCard: visa }));
    expect(api.callsTo('POST', CREATE)[0]!.body).toMatchObject({ type: 'card', card: 7 });
    expect(hook.result.current.result).toMatchObject({ status: 'success', orderId: 321, paidByPix: false });
    expect(onPlaced).toHaveBeenCalledTimes(1);
    expect(onCardCreated).not.toHaveBeenCalled();
  });

  it('a saved card the bank asks to authenticate goes to the card route for 3-D Secure', async () => {
    mockApi({ [`POST ${CREATE}`]: { status: 201, body: { success: true, detail: 'ok', data: waiting } } });
    const { hook, onCardCreated } = setup();
    await act(() => hook.result.current.place({ ...cardOrder, savedCard: visa }));
    expect(onCardCreated).toHaveBeenCalledWith(
      expect.objectContaining({ mode: 'authenticate', last4: '4242' }),
    );
  });

  it('a declined saved card shows the detail in a modal and forgets the pending card payment', async () => {
    localStorage.setItem('card_payment_intent', '{}');
    mockApi({
      [`POST ${CREATE}`]: {
        status: 402,
        body: { detail: 'Cartão recusado: saldo ou limite insuficiente.', code: 'CARD_DECLINED' },
      },
    });
    const { hook, onPlaced } = setup();
    await act(() => hook.result.current.place({ ...cardOrder, savedCard: visa }));
    expect(hook.result.current.result).toEqual({
      status: 'error',
      title: 'Pagamento não aprovado',
      message: 'Cartão recusado: saldo ou limite insuficiente.',
    });
    expect(localStorage.getItem('card_payment_intent')).toBeNull();
    expect(onPlaced).not.toHaveBeenCalled();
  });
});
