import { createStore } from './external-store.ts';
import { readJson, removeStorage, writeStorage } from './storage.ts';

/** Spec section 2: a coupon query parameter on any URL is stored, valid 1 hour. */
export const COUPON_KEY = 'coupon';
export const COUPON_VALIDITY_MS = 60 * 60 * 1000;

interface StoredCoupon {
  code: string;
  savedAt: number;
}

export function captureCouponParam(search: string, now = Date.now()): string | null {
  const code = new URLSearchParams(search).get('coupon')?.trim();
  if (!code) return null;
  rememberCoupon(code, now);
  return code;
}

/**
 * The last code kept by 'Usar no pedido' in this page's life (a new object each time), so an open
 * checkout applies it at once instead of on its next visit.
 */
export const keptCouponStore = createStore<StoredCoupon | null>(null);

/** Keeps a code as a coupon link would (the available coupons' 'Usar no pedido'). */
export function rememberCoupon(code: string, now = Date.now()): void {
  const trimmed = code.trim().slice(0, 60);
  if (!trimmed) return;
  const stored = { code: trimmed, savedAt: now } satisfies StoredCoupon;
  writeStorage(COUPON_KEY, JSON.stringify(stored));
  keptCouponStore.set(stored);
}

/** The stored coupon code while it is under an hour old. */
export function storedCoupon(now = Date.now()): string | null {
  const saved = readJson<StoredCoupon>(COUPON_KEY);
  if (!saved || typeof saved.code !== 'string' || typeof saved.savedAt !== 'number') return null;
  const age = now - saved.savedAt;
  return age >= 0 && age < COUPON_VALIDITY_MS ? saved.code : null;
}

/** Drops the kept code once an order used it (or the customer removed it). */
export function forgetCoupon(): void {
  removeStorage(COUPON_KEY);
}
