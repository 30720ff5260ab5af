import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/accounts.tsx';
import { cancelPixOrder } from './cancel-pix-order.ts';
import { checkConfirmation } from './check-confirmation.ts';

const CHECK = '/integracoes/v2/payment/check-confirmation/';
const CANCEL = '/bar/v2/payment/cancel-pix-order/';

describe('checkConfirmation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks about the intent and answers the reply', async () => {
    const reply = {
      success: true,
      detail: 'Aguardando',
      data: { polling: true, status: 'pending', order_id: 9 },
    };
    const api = mockApi({ [`POST ${CHECK}`]: { body: reply } });
    expect(await checkConfirmation('pi_0123456789')).toEqual(reply);
    expect(api.callsTo('POST', CHECK)[0]!.body).toEqual({ intent_id: 'pi_0123456789' });
  });

  it('answers null when the call fails, so the poll can ignore it', async () => {
    mockApi({ [`POST ${CHECK}`]: { offline: true } });
    expect(await checkConfirmation('pi_0123456789')).toBeNull();
    mockApi({ [`POST ${CHECK}`]: { status: 500, body: { detail: 'x' } } });
    expect(await checkConfirmation('pi_0123456789')).toBeNull();
  });
});

describe('cancelPixOrder', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('cancels the intent', async () => {
    const api = mockApi({
      [`POST ${CANCEL}`]: { body: { success: true, detail: 'ok', data: { status: 'canceled' } } },
    });
    expect(await cancelPixOrder('pi_0123456789')).toBe('canceled');
    expect(api.callsTo('POST', CANCEL)[0]!.body).toEqual({ intent_id: 'pi_0123456789' });
  });

  it('tells when the payment won the race', async () => {
    mockApi({
      [`POST ${CANCEL}`]: { status: 409, body: { detail: 'Já pago.', code: 'PAYMENT_ALREADY_PAID' } },
    });
    expect(await cancelPixOrder('pi_0123456789')).toBe('already_paid');
  });

  it('answers failed otherwise', async () => {
    mockApi({ [`POST ${CANCEL}`]: { offline: true } });
    expect(await cancelPixOrder('pi_0123456789')).toBe('failed');
  });
});
