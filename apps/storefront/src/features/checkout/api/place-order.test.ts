import type { OrderSubmission } from '@comanda/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/accounts.tsx';
import { placeOrder } from './place-order.ts';

const PATH = '/bar/v2/app/order/upsert/';
const order = { tipo_entrega: 'Retirada', produtos_pedidos: [] } as unknown as OrderSubmission;

describe('placeOrder', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the order with its Idempotency-Key and answers the placed order', async () => {
    const reply = { success: true, detail: 'ok', order_info: { order_id: 9 }, order: {} };
    const api = mockApi({ [`POST ${PATH}`]: { status: 201, body: reply } });
    expect(await placeOrder(order, 'attempt-1')).toEqual({ status: 'placed', reply });
    const [call] = api.callsTo('POST', PATH);
    expect(call!.headers.get('Idempotency-Key')).toBe('attempt-1');
    expect(call!.body).toEqual(order);
  });

  it('answers the refusal text (non_field_errors first), or that the server was not reached', async () => {
    mockApi({
      [`POST ${PATH}`]: {
        status: 409,
        body: { detail: 'x', code: 'PRICE_CHANGED', non_field_errors: ['O preço mudou.'] },
      },
    });
    expect(await placeOrder(order, 'attempt-1')).toEqual({
      status: 'refused',
      message: 'O preço mudou.',
      code: 'PRICE_CHANGED',
    });
    mockApi({ [`POST ${PATH}`]: { offline: true } });
    expect(await placeOrder(order, 'attempt-1')).toEqual({ status: 'unreachable' });
  });
});
