import type { CardTokenRequest, PaymentIntentReply } from '@comanda/contract';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';

export type PayCardTokenOutcome =
  /** Taken: paid, or still being decided by the provider (the poll follows it). */
  | { status: 'submitted' }
  /** The issuer asks for a 3-D Secure challenge: post `creq` to `url` in a frame. */
  | { status: 'challenge'; url: string; creq: string }
  /** Declined (402 CARD_DECLINED) or refused: the server's words. */
  | { status: 'refused'; detail: string }
  | { status: 'unreachable' };

/**
 * POST /bar/v2/payment/card-token/ (ours beside the spec's calls; docs/decisions/0029): the card
 * token Mercado Pago's kit made pays the pending card payment.
 */
export async function payCardToken(request: CardTokenRequest): Promise<PayCardTokenOutcome> {
  try {
    const reply = await apiFetch<PaymentIntentReply>('/bar/v2/payment/card-token/', {
      method: 'POST',
      json: request,
    });
    if (reply.data.three_ds) return { status: 'challenge', ...reply.data.three_ds };
    return { status: 'submitted' };
  } catch (error) {
    if (!(error instanceof ApiError)) return { status: 'unreachable' };
    return { status: 'refused', detail: error.message };
  }
}
