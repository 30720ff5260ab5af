import type { OrderPlacedReply, OrderSubmission } from '@comanda/contract';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { refusalCode, refusalMessage } from '../model/order.ts';

export type PlaceOrderOutcome =
  | { status: 'placed'; reply: OrderPlacedReply }
  /** The server's refusal text (spec section 8 "Order failure"). */
  | { status: 'refused'; message: string; code: string | null }
  | { status: 'unreachable' };

/**
 * POST /bar/v2/app/order/upsert/. The Idempotency-Key names the checkout attempt, so a retry after
 * a lost reply cannot place the order twice.
 */
export async function placeOrder(order: OrderSubmission, idempotencyKey: string): Promise<PlaceOrderOutcome> {
  try {
    const reply = await apiFetch<OrderPlacedReply>('/bar/v2/app/order/upsert/', {
      method: 'POST',
      json: order,
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    return { status: 'placed', reply };
  } catch (error) {
    if (error instanceof ApiError)
      return {
        status: 'refused',
        message: refusalMessage(error.body, error.message),
        code: refusalCode(error.body),
      };
    return { status: 'unreachable' };
  }
}
