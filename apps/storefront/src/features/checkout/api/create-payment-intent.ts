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
  const sent = await postIntent({ type: 'pix', order }, idempotencyKey);
  if ('intent' in sent) return { status: 'created', intent: sent.intent };
  return sent.status === 'declined'
    ? { status: 'refused', message: sent.detail, code: 'CARD_DECLINED' }
    : sent;
}

type IntentFailure =
  | { status: 'declined'; detail: string }
  | { status: 'provider_error'; detail: string }
  | { status: 'refused'; message: string; code: string | null }
  | { status: 'unreachable' };

/** The call itself, with its refusals sorted: a card's decline, the provider's failure, the order's own. */
async function postIntent(
  request: CreatePaymentIntentBody,
  idempotencyKey: string,
): Promise<{ intent: PaymentIntentReply['data'] } | IntentFailure> {
  try {
    const reply = await apiFetch<PaymentIntentReply>('/bar/v2/payment/create-payment-intent/', {
      method: 'POST',
      json: request,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    return { intent: reply.data };
  } catch (error) {
    if (!(error instanceof ApiError)) return { status: 'unreachable' };
    const code = (error.body as { code?: unknown } | null)?.code;
    if (error.status === 402 && code === 'CARD_DECLINED')
      return { status: 'declined', detail: error.message };
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

export type CreateCardOutcome =
  /** Waiting for the customer: a new card's fields, or a saved card's 3-D Secure. */
  | { status: 'created'; intent: PaymentIntentReply['data'] }
  /** A saved card the provider charged at once: the order is the store's. */
  | { status: 'paid'; intent: PaymentIntentReply['data'] }
  /** A saved card the bank declined (402 CARD_DECLINED): the detail, in the customer's words. */
  | { status: 'declined'; detail: string }
  | { status: 'provider_error'; detail: string }
  | { status: 'refused'; message: string; code: string | null }
  | { status: 'unreachable' };

/**
 * The same call with type card (spec section 4 "Card payment"): a new card gets the provider's
 * client secret and kit for the card route; a saved card (`card`) is charged by the server at once.
 */
export async function createCardIntent(
  order: OrderSubmission,
  idempotencyKey: string,
  savedCardId: number | null,
): Promise<CreateCardOutcome> {
  const sent = await postIntent(
    { type: 'card', order, ...(savedCardId !== null ? { card: savedCardId } : {}) },
    idempotencyKey,
  );
  if (!('intent' in sent)) return sent;
  return { status: sent.intent.payed ? 'paid' : 'created', intent: sent.intent };
}
