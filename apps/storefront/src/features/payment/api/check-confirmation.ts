import type { CheckConfirmationReply } from '@comanda/contract';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /integracoes/v2/payment/check-confirmation/: whether the PIX was paid. `polling` stays true
 * while the payment may still come; false once paid, expired, canceled or failed, with the
 * server's detail. Null when the call failed: the poll ignores errors (spec section 8 "PIX poll").
 */
export async function checkConfirmation(intentId: string): Promise<CheckConfirmationReply | null> {
  try {
    return await apiFetch<CheckConfirmationReply>('/integracoes/v2/payment/check-confirmation/', {
      method: 'POST',
      json: { intent_id: intentId },
    });
  } catch {
    return null;
  }
}
