import type { PaymentIntentData, PaymentIntentReply } from '@comanda/contract';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * POST /bar/v2/payment/get-payment-intent/: the intent as the server knows it now; once paid, its
 * order_data is the placed order's reply (what the order call answers for an order paid in person).
 * Null when the server could not be asked or refused.
 */
export async function getPaymentIntent(intentId: string): Promise<PaymentIntentData | null> {
  try {
    const reply = await apiFetch<PaymentIntentReply>('/bar/v2/payment/get-payment-intent/', {
      method: 'POST',
      json: { intent_id: intentId },
    });
    return reply.data;
  } catch {
    return null;
  }
}
