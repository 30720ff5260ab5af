import type {
  OrderPlacedReply,
  OrderRecord,
  OrderSubmission,
  PaymentIntentData,
  SavedCard,
} from '@comanda/contract';
import { type Cart, ONLINE_CARD_ID, ONLINE_PIX_ID, type OrderTotals } from '@comanda/domain';
import { useRef, useState } from 'react';
import { justOrderedStore, saveCart } from '../../../lib/cart-store.ts';
import { COUPON_KEY } from '../../../lib/coupon-param.ts';
import { clearPendingCard, type PendingCard, pendingCardOf } from '../../../lib/pending-card.ts';
import { clearPendingPix } from '../../../lib/pending-pix.ts';
import { SOURCE_KEY, TABLE_CODE_KEY } from '../../../lib/source.ts';
import { removeStorage, writeStorage } from '../../../lib/storage.ts';
import { createCardIntent, createPixIntent } from '../api/create-payment-intent.ts';
import { getPaymentIntent } from '../api/get-payment-intent.ts';
import { placeOrder } from '../api/place-order.ts';
import { type CheckoutT, serverRefusalText } from '../checkout-texts.ts';
import { createAttemptKeys, type OrderResult, pushPurchase } from '../model/order.ts';

export interface OrderToPlace {
  payload: OrderSubmission;
  cart: Cart;
  totals: OrderTotals;
  couponCode: string | null;
  tableOrder: boolean;
  /** Paid by PIX (online, or to the store's key): the result offers to send the receipt. */
  paidByPix: boolean;
  /** Online card: the saved card chosen, or null for a new card. */
  savedCard: SavedCard | null;
}

/** Refusals that ask for the table code again (issue 19). */
const TABLE_CODE_REFUSALS: readonly string[] = ['TABLE_LOCKED', 'TABLE_CODE_INVALID'];

/** What the screen does after asking for a paid PIX's order. */
export type PixConfirmation = 'confirmed' | 'not_paid' | 'failed';

interface Succeeded {
  cart: Cart;
  deliveryFee: number;
  couponCode: string | null;
  tableOrder: boolean;
  paidByPix: boolean;
}

/**
 * Placing the order and its result (spec section 4 "Order response" and "Payment routing"). The
 * online PIX entry first creates the payment intent, then the screen goes to /pix_checkout; every
 * other payment posts the order. One Idempotency-Key per attempt: a retry of the same order reuses
 * it, a changed order or a success gets a new one.
 */
export function usePlaceOrder({
  onPlaced,
  onPixCreated,
  onCardCreated,
  onTableCodeRefused,
  refreshCustomer,
  t,
}: {
  /** The draft forgets its coupon, payment and loyalty choice. */
  onPlaced: () => void;
  /** The server refused the table code (or the table is not opened yet): ask for it with this text. */
  onTableCodeRefused: (message: string) => void;
  /** The PIX charge exists: keep it and show it. */
  onPixCreated: (intent: PaymentIntentData) => void;
  /** A card payment waits for the customer: keep it and go to the card route. */
  onCardCreated: (pending: PendingCard) => void;
  refreshCustomer: () => void;
  t: CheckoutT;
}) {
  const attempts = useRef(createAttemptKeys());
  const [result, setResult] = useState<OrderResult | null>(null);
  /** The order as the store has it once placed: what the screen shows behind the result. */
  const [placed, setPlaced] = useState<OrderRecord | null>(null);

  /** An order the store now has: the same end whether it was paid in person or by a confirmed PIX. */
  const succeed = (
    reply: OrderPlacedReply,
    { cart, deliveryFee, couponCode, tableOrder, paidByPix }: Succeeded,
  ) => {
    attempts.current.reset();
    pushPurchase(reply, cart, { deliveryFee }, couponCode);
    // The cart is ordered: emptied now (the badge and a reload agree), while the screen shows the
    // order as placed and paid behind its result (issue 34).
    justOrderedStore.set(true);
    saveCart([]);
    removeStorage(COUPON_KEY);
    if (!tableOrder) writeStorage(SOURCE_KEY, 'mobile');
    onPlaced();
    setPlaced(reply.order);
    setResult({
      status: 'success',
      orderId: reply.order_info.order_id,
      number: reply.order_info.numero ?? reply.order_info.order_id,
      estimatedTime: reply.order_info.estimated_time,
      paidByPix,
    });
  };

  /**
   * The server's refusal. A table code it refused (wrong, or the table not opened yet) is forgotten
   * and asked for again with the server's words; a closed tab's code is forgotten too.
   */
  const showRefusal = (refusal: { message: string; code: string | null }) => {
    const message = serverRefusalText(refusal, t);
    if (refusal.code && TABLE_CODE_REFUSALS.includes(refusal.code)) {
      removeStorage(TABLE_CODE_KEY);
      setResult(null);
      onTableCodeRefused(message);
      return;
    }
    if (refusal.code === 'TAB_NOT_OPEN') removeStorage(TABLE_CODE_KEY);
    setResult({ status: 'error', message });
  };

  const payByPix = async ({ payload }: OrderToPlace, key: string) => {
    setResult({ status: 'loading', step: 'pix' });
    const outcome = await createPixIntent(payload, key);
    // The order awaiting payment holds the points it spends.
    refreshCustomer();
    if (outcome.status === 'created') {
      attempts.current.reset();
      onPixCreated(outcome.intent);
      return;
    }
    if (outcome.status === 'refused') showRefusal(outcome);
    else
      setResult({
        status: 'error',
        message:
          outcome.status === 'provider_error'
            ? t('pixError', { detail: outcome.detail })
            : t('orderConnectionError'),
      });
  };

  /**
   * Spec section 4 "Card payment": a new card goes to the card route with the provider's client
   * secret; a saved card is charged by the server while the 'paying by card' dialog shows (payed:
   * the order is confirmed; declined: the detail in a modal, the pending payment forgotten; the
   * bank asks for 3-D Secure: the card route again).
   */
  const payByCard = async (order: OrderToPlace, key: string) => {
    const saved = order.savedCard;
    setResult({ status: 'loading', step: 'card', ...(saved ? { last4: saved.ultimos4 } : {}) });
    const outcome = await createCardIntent(order.payload, key, saved?.id ?? null);
    refreshCustomer();
    if (outcome.status === 'paid' && outcome.intent.order_data) {
      const reply = outcome.intent.order_data;
      succeed(reply, {
        cart: order.cart,
        deliveryFee: order.totals.deliveryFee,
        couponCode: order.couponCode,
        tableOrder: order.tableOrder,
        paidByPix: false,
      });
      return;
    }
    if (outcome.status === 'created' || outcome.status === 'paid') {
      const pending = pendingCardOf(outcome.intent, {
        saved: saved !== null,
        last4: saved?.ultimos4 ?? null,
      });
      if (pending) {
        attempts.current.reset();
        onCardCreated(pending);
        return;
      }
      setResult({ status: 'error', message: t('pixConfirmError') });
      return;
    }
    if (outcome.status === 'declined') {
      // Spec section 8: the detail in a modal with OK, and the stored pending payment keys cleared.
      clearPendingCard();
      setResult({ status: 'error', title: t('cardDeclinedTitle'), message: outcome.detail });
      return;
    }
    if (outcome.status === 'refused') showRefusal(outcome);
    else
      setResult({
        status: 'error',
        message:
          outcome.status === 'provider_error'
            ? t('cardError', { detail: outcome.detail })
            : t('orderConnectionError'),
      });
  };

  const place = async (order: OrderToPlace) => {
    const { payload } = order;
    const key = attempts.current.keyFor(JSON.stringify({ payload, card: order.savedCard?.id ?? null }));
    if (payload.fk_forma_pagamento === ONLINE_PIX_ID) return payByPix(order, key);
    if (payload.fk_forma_pagamento === ONLINE_CARD_ID) return payByCard(order, key);
    setResult({ status: 'loading', step: 'order' });
    const outcome = await placeOrder(payload, key);
    refreshCustomer();
    if (outcome.status === 'refused') return showRefusal(outcome);
    if (outcome.status !== 'placed') {
      setResult({ status: 'error', message: t('orderConnectionError') });
      return;
    }
    succeed(outcome.reply, {
      cart: order.cart,
      deliveryFee: order.totals.deliveryFee,
      couponCode: order.couponCode,
      tableOrder: order.tableOrder,
      paidByPix: order.paidByPix,
    });
  };

  /**
   * Spec section 4 "PIX": /confirmation with a paid pending intent confirms the order: its placed
   * reply, then the same success as an order paid in person, and the pending intent is forgotten.
   */
  const confirmPaidPix = async (
    intentId: string,
    { cart, tableOrder, method = 'pix' }: { cart: Cart; tableOrder: boolean; method?: 'pix' | 'card' },
  ): Promise<PixConfirmation> => {
    setResult({ status: 'loading', step: 'confirming' });
    const intent = await getPaymentIntent(intentId);
    if (!intent) {
      setResult({ status: 'error', message: t('pixConfirmError') });
      return 'failed';
    }
    if (!intent.payed || !intent.order_data) {
      setResult(null);
      return 'not_paid';
    }
    const reply = intent.order_data;
    if (method === 'card') clearPendingCard();
    else clearPendingPix();
    refreshCustomer();
    succeed(reply, {
      cart,
      deliveryFee: reply.order.valor_entrega,
      couponCode: reply.order.cupom,
      tableOrder,
      // Paid through the app and confirmed: no receipt to send the store (that is for its own key).
      paidByPix: false,
    });
    return 'confirmed';
  };

  return {
    result,
    placed,
    place,
    confirmPaidPix,
    /** A refusal the quote already knows: shown as the server's would be, nothing sent. */
    refuse: (message: string) => setResult({ status: 'error', message }),
    clear: () => setResult(null),
  };
}
