import type { PaymentIntentData } from '@comanda/contract';
import { createStore, type ExternalStore, useStore } from './external-store.ts';
import { getSessionUser } from './session.ts';
import { readJson, removeStorage, writeStorage } from './storage.ts';

/*
 * The card payment being made (spec section 3 "Payment intent (pending)", section 4 "Card
 * payment"): kept in local storage because the card route is a page load of its own (its content
 * security policy lets the provider's kit in, docs/decisions/0029). The checkout writes it when
 * the intent is created, the card route pays it with the provider's kit and marks it paid, and
 * /confirmation confirms the order and forgets it.
 */

export const PENDING_CARD_KEY = 'card_payment_intent';

export interface PendingCard {
  intentId: string;
  orderId: number;
  /** Centavos. */
  amount: number;
  /** What the provider's kit confirms (or authenticates) with (Stripe); null for a token flow. */
  clientSecret: string | null;
  kit: { provider: string; scriptUrl: string; publicKey: string };
  /**
   * new: the card fields; authenticate: a saved card whose bank asks for 3-D Secure (Stripe);
   * saved: a saved card paid with a token from it and its security code (Mercado Pago).
   */
  mode: 'new' | 'authenticate' | 'saved';
  /** The saved card's id at the provider (saved). */
  methodId: string | null;
  /** The saved card's last 4 digits (authenticate). */
  last4: string | null;
  createdAt: number;
  userId: number | null;
  /** The provider confirmed the payment: /confirmation confirms the order. */
  paid: boolean;
}

/** The record to keep for a card intent the server just created; null when it has no kit to pay with. */
export function pendingCardOf(
  intent: Pick<
    PaymentIntentData,
    'intent_id' | 'order_id' | 'amount' | 'clientSecret' | 'card_kit' | 'method_id'
  >,
  { saved, last4 = null, now = Date.now() }: { saved: boolean; last4?: string | null; now?: number },
): PendingCard | null {
  if (!intent.card_kit) return null;
  // Stripe's kit confirms with the client secret; Mercado Pago's makes a token (a saved card's from its id).
  const tokenFlow = intent.card_kit.provider === 'mercadopago';
  if (!tokenFlow && !intent.clientSecret) return null;
  if (tokenFlow && saved && !intent.method_id) return null;
  return {
    intentId: intent.intent_id,
    orderId: intent.order_id,
    amount: intent.amount,
    clientSecret: intent.clientSecret,
    kit: {
      provider: intent.card_kit.provider,
      scriptUrl: intent.card_kit.script_url,
      publicKey: intent.card_kit.public_key,
    },
    mode: !saved ? 'new' : tokenFlow ? 'saved' : 'authenticate',
    methodId: intent.method_id,
    last4,
    createdAt: now,
    userId: getSessionUser()?.userId ?? null,
    paid: false,
  };
}

function isPendingCard(value: unknown): value is PendingCard {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<Record<keyof PendingCard, unknown>>;
  return (
    typeof record.intentId === 'string' &&
    (typeof record.clientSecret === 'string' || record.clientSecret === null) &&
    typeof record.orderId === 'number' &&
    typeof record.amount === 'number' &&
    !!record.kit &&
    typeof record.kit === 'object'
  );
}

/** The stored card payment of the signed-in customer, or null (none, unreadable, someone else's). */
export function readPendingCard(): PendingCard | null {
  const stored = readJson<unknown>(PENDING_CARD_KEY);
  if (!isPendingCard(stored)) return null;
  const userId = getSessionUser()?.userId ?? null;
  return stored.userId === userId ? { ...stored, paid: stored.paid === true } : null;
}

let store: ExternalStore<PendingCard | null> | null = null;
function pendingStore(): ExternalStore<PendingCard | null> {
  store ??= createStore<PendingCard | null>(readPendingCard());
  return store;
}

export function savePendingCard(pending: PendingCard): void {
  writeStorage(PENDING_CARD_KEY, JSON.stringify(pending));
  pendingStore().set(pending);
}

export function markPendingCardPaid(): void {
  const pending = readPendingCard();
  if (pending && !pending.paid) savePendingCard({ ...pending, paid: true });
}

export function clearPendingCard(): void {
  removeStorage(PENDING_CARD_KEY);
  pendingStore().set(null);
}

export function usePendingCard(): PendingCard | null {
  return useStore(pendingStore());
}
