import type { OrderSubmission } from '@comanda/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/accounts.tsx';
import { createPixIntent } from './create-payment-intent.ts';

const PATH = '/bar/v2/payment/create-payment-intent/';
const order = { tipo_entrega: 'Retirada', fk_forma_pagamento: 999 } as unknown as OrderSubmission;
const data = { intent_id: 'pi_0123456789', order_id: 42, qr_content: '000201', qrcode: 'data:,' };

describe('createPixIntent', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the order as a PIX payment with its Idempotency-Key and answers the intent', async () => {
    const api = mockApi({ [`POST ${PATH}`]: { status: 201, body: { success: true, detail: 'ok', data } } });
    expect(await createPixIntent(order, 'attempt-1')).toEqual({ status: 'created', intent: data });
    const [call] = api.callsTo('POST', PATH);
    expect(call!.headers.get('Idempotency-Key')).toBe('attempt-1');
    expect(call!.body).toEqual({ type: 'pix', order });
  });

  it("tells a provider failure apart, with the provider's detail", async () => {
    mockApi({
      [`POST ${PATH}`]: {
        status: 502,
        body: { detail: 'Tempo esgotado no provedor.', code: 'PAYMENT_PROVIDER_ERROR' },
      },
    });
    expect(await createPixIntent(order, 'attempt-1')).toEqual({
      status: 'provider_error',
      detail: 'Tempo esgotado no provedor.',
    });
  });

  it("answers the order's refusal text (non_field_errors first)", async () => {
    mockApi({
      [`POST ${PATH}`]: {
        status: 422,
        body: { detail: 'x', code: 'MIN_ORDER_NOT_MET', non_field_errors: ['Pedido mínimo não atingido.'] },
      },
    });
    expect(await createPixIntent(order, 'attempt-1')).toEqual({
      status: 'refused',
      message: 'Pedido mínimo não atingido.',
      code: 'MIN_ORDER_NOT_MET',
    });
  });

  it('answers that the server was not reached', async () => {
    mockApi({ [`POST ${PATH}`]: { offline: true } });
    expect(await createPixIntent(order, 'attempt-1')).toEqual({ status: 'unreachable' });
  });
});
