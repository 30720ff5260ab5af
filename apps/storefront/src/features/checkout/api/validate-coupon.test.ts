import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/accounts.tsx';
import { validateCoupon } from './validate-coupon.ts';

const PATH = '/core/coupon_validate_app?format=json';
const request = { coupon: 'BEMVINDO10', customer_id: 7, subtotal: 3250, delivery_type: 'Retirada' as const };

describe('validateCoupon', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers the coupon as it applies', async () => {
    const coupon = {
      id: 3,
      codigo: 'BEMVINDO10',
      valor: 10,
      perc: true,
      descricao: '10%',
      local: 'Carrinho',
    };
    const api = mockApi({ [`POST ${PATH}`]: { body: { success: true, detail: coupon } } });
    expect(await validateCoupon(request)).toEqual({ status: 'valid', coupon });
    expect(api.callsTo('POST', PATH)[0]!.body).toEqual(request);
  });

  it("answers the server's refusal text, or that the server was not reached", async () => {
    mockApi({
      [`POST ${PATH}`]: { status: 400, body: { detail: 'Cupom inválido.', code: 'COUPON_INVALID' } },
    });
    expect(await validateCoupon(request)).toEqual({ status: 'refused', message: 'Cupom inválido.' });
    mockApi({ [`POST ${PATH}`]: { offline: true } });
    expect(await validateCoupon(request)).toEqual({ status: 'unreachable' });
  });
});
