import type { OrderSubmission } from '@comanda/contract';
import type { Cart, OrderTotals } from '@comanda/domain';
import { useRef, useState } from 'react';
import { CART_KEY } from '../../../lib/cart-store.ts';
import { COUPON_KEY } from '../../../lib/coupon-param.ts';
import { SOURCE_KEY } from '../../../lib/source.ts';
import { removeStorage, writeStorage } from '../../../lib/storage.ts';
import { placeOrder } from '../api/place-order.ts';
import type { CheckoutT } from '../checkout-texts.ts';
import { createAttemptKeys, type OrderResult, pushPurchase } from '../model/order.ts';

export interface OrderToPlace {
  payload: OrderSubmission;
  cart: Cart;
  totals: OrderTotals;
  couponCode: string | null;
  tableOrder: boolean;
}

/**
 * Placing the order and its result (spec section 4 "Order response"). One Idempotency-Key per
 * attempt: a retry of the same order reuses it, a changed order or a success gets a new one.
 */
export function usePlaceOrder({
  onPlaced,
  refreshCustomer,
  t,
}: {
  /** The draft forgets its coupon, payment and loyalty choice. */
  onPlaced: () => void;
  refreshCustomer: () => void;
  t: CheckoutT;
}) {
  const attempts = useRef(createAttemptKeys());
  const [result, setResult] = useState<OrderResult | null>(null);

  const place = async ({ payload, cart, totals, couponCode, tableOrder }: OrderToPlace) => {
    const key = attempts.current.keyFor(JSON.stringify(payload));
    setResult({ status: 'loading' });
    const outcome = await placeOrder(payload, key);
    refreshCustomer();
    if (outcome.status !== 'placed') {
      setResult({
        status: 'error',
        message: outcome.status === 'refused' ? outcome.message : t('orderConnectionError'),
      });
      return;
    }
    const { reply } = outcome;
    attempts.current.reset();
    pushPurchase(reply, cart, totals, couponCode);
    // The cart is forgotten now (a reload cannot order it again); the screen keeps it in memory
    // until the result dialog is left, since an empty cart sends /confirmation away.
    removeStorage(CART_KEY);
    removeStorage(COUPON_KEY);
    if (!tableOrder) writeStorage(SOURCE_KEY, 'mobile');
    onPlaced();
    setResult({
      status: 'success',
      orderId: reply.order_info.order_id,
      estimatedTime: reply.order_info.estimated_time,
    });
  };

  return {
    result,
    place,
    /** A refusal the quote already knows: shown as the server's would be, nothing sent. */
    refuse: (message: string) => setResult({ status: 'error', message }),
    clear: () => setResult(null),
  };
}
