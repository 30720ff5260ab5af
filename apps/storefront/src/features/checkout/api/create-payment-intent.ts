import type { CreatePaymentIntentBody, OrderSubmission, PaymentIntentReply } from '@comanda/contract';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { refusalCode, refusalMessage } from '../model/order.ts';

export type CreatePixOutcome =
  | { status: 'created'; intent: PaymentIntentReply['data'] }
  /** The provider could not make the charge (502 PAYMENT_PROVIDER_ERROR): its detail. */
  | { status: 'provider_error'; detail: string }
  /** The order's own refusal, as the order call words it (spec section 8 "Order failure"). */
  | { status: 'refused'; message: string; code: string | null }
  | { status: 'unreachable' };

/**
 * POST /bar/v2/payment/create-payment-intent/ (spec section 4 "Payment routing"): the order, paid
 * by the online PIX entry, is created awaiting its payment and the PIX charge comes back. The
 * Idempotency-Key names the checkout attempt, as for the order call: a retry after a lost reply
 * gets the same charge, not a second order.
 */
export async function createPixIntent(
  order: OrderSubmission,
  idempotencyKey: string,
): Promise<CreatePixOutcome> {
  const request: CreatePaymentIntentBody = { type: 'pix', order };
  try {
    const reply = await apiFetch<PaymentIntentReply>('/bar/v2/payment/create-payment-intent/', {
      method: 'POST',
      json: request,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    return { status: 'created', intent: reply.data };
  } catch (error) {
    if (!(error instanceof ApiError)) return { status: 'unreachable' };
    const code = (error.body as { code?: unknown } | null)?.code;
    if (error.status === 502 && code === 'PAYMENT_PROVIDER_ERROR') {
      return { status: 'provider_error', detail: error.message };
    }
    return {
      status: 'refused',
      message: refusalMessage(error.body, error.message),
      code: refusalCode(error.body),
    };
  }
}
