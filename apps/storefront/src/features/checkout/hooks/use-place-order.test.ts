import type { OrderSubmission } from '@comanda/contract';
import { checkoutTotals } from '@comanda/domain';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/accounts.tsx';
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
    order: {},
  },
};

function setup() {
  const onPlaced = vi.fn();
  const refreshCustomer = vi.fn();
  const hook = renderHook(() => usePlaceOrder({ onPlaced, refreshCustomer, t: useCheckoutT() }));
  return { hook, onPlaced, refreshCustomer };
}

describe('usePlaceOrder', () => {
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('shop_cart', '{}');
    localStorage.setItem('coupon', '{}');
    localStorage.setItem('source', 'instagram');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('on success forgets the saved cart and coupon, resets the source to mobile, clears the draft', async () => {
    mockApi({ [`POST ${PATH}`]: placed });
    const { hook, onPlaced, refreshCustomer } = setup();
    await act(() => hook.result.current.place(order));
    expect(hook.result.current.result).toEqual({ status: 'success', orderId: 321, estimatedTime: '20:30' });
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
