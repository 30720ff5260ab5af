import type { CancelPixReply } from '@comanda/contract';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

/** `already_paid`: the payment won the race with the abandon (409 PAYMENT_ALREADY_PAID). */
export type CancelPixOutcome = 'canceled' | 'already_paid' | 'failed';

/**
 * POST /bar/v2/payment/cancel-pix-order/: the customer abandons the PIX; the server cancels the
 * charge and gives back what the order held (coupon use, points).
 */
export async function cancelPixOrder(intentId: string): Promise<CancelPixOutcome> {
  try {
    await apiFetch<CancelPixReply>('/bar/v2/payment/cancel-pix-order/', {
      method: 'POST',
      json: { intent_id: intentId },
    });
    return 'canceled';
  } catch (error) {
    const code = error instanceof ApiError ? (error.body as { code?: unknown } | null)?.code : null;
    return error instanceof ApiError && error.status === 409 && code === 'PAYMENT_ALREADY_PAID'
      ? 'already_paid'
      : 'failed';
  }
}
