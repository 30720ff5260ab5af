import type { CouponValidateReply, CouponValidateRequest, ValidatedCoupon } from '@comanda/contract';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { refusalMessage } from '../model/order.ts';

export type CouponOutcome =
  | { status: 'valid'; coupon: ValidatedCoupon }
  /** The server's refusal text. */
  | { status: 'refused'; message: string }
  | { status: 'unreachable' };

/** POST /core/coupon_validate_app?format=json: the coupon as it applies to this order, or why not. */
export async function validateCoupon(request: CouponValidateRequest): Promise<CouponOutcome> {
  try {
    const reply = await apiFetch<CouponValidateReply>('/core/coupon_validate_app?format=json', {
      method: 'POST',
      json: request,
    });
    return { status: 'valid', coupon: reply.detail };
  } catch (error) {
    if (error instanceof ApiError)
      return { status: 'refused', message: refusalMessage(error.body, error.message) };
    return { status: 'unreachable' };
  }
}
