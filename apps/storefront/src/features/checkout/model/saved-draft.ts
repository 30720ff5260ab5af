import { DELIVERY_TYPES } from '@comanda/domain';
import { readJson, removeStorage, writeStorage } from '../../../lib/storage.ts';
import type { OrderDraft } from './order.ts';

/**
 * The checkout's choices kept while the customer is away from /confirmation (spec section 3, "other
 * checkout state keys"): choosing or adding an address, the PIX code, the card route and a failed
 * payment come back to the same time, coupon, reward and payment. Kept an hour, for one customer,
 * and forgotten once an order is placed.
 */
export const CHECKOUT_DRAFT_KEY = 'checkout_draft';
export const CHECKOUT_DRAFT_VALIDITY_MS = 60 * 60 * 1000;

interface SavedDraft {
  customerId: number;
  savedAt: number;
  draft: OrderDraft;
}

export function saveCheckoutDraft(customerId: number, draft: OrderDraft, now = Date.now()): void {
  writeStorage(CHECKOUT_DRAFT_KEY, JSON.stringify({ customerId, savedAt: now, draft } satisfies SavedDraft));
}

/**
 * The kept choices of this customer, under an hour old; the address is not among them (the chosen
 * address lives in 'address_id', which adding an address sets to the new one).
 */
export function savedCheckoutDraft(
  customerId: number,
  now = Date.now(),
): Omit<OrderDraft, 'addressId'> | null {
  const saved = readJson<SavedDraft>(CHECKOUT_DRAFT_KEY);
  if (!saved || saved.customerId !== customerId || typeof saved.savedAt !== 'number') return null;
  const age = now - saved.savedAt;
  if (age < 0 || age >= CHECKOUT_DRAFT_VALIDITY_MS) return null;
  const draft = saved.draft;
  if (!draft || !(DELIVERY_TYPES as readonly string[]).includes(draft.deliveryType)) return null;
  const { addressId: _addressId, ...kept } = draft;
  return kept;
}

export function forgetCheckoutDraft(): void {
  removeStorage(CHECKOUT_DRAFT_KEY);
}
