import type { PaymentIntentData } from '@comanda/contract';
import { createStore, type ExternalStore, useStore } from './external-store.ts';
import { PENDING_PIX_KEY } from './pending-pix-key.ts';
import { getSessionUser } from './session.ts';
import { readJson, removeStorage, writeStorage } from './storage.ts';

/*
 * Spec section 3 "Payment intent (pending)": the PIX being paid, kept in local storage so a reload,
 * a trip to the bank's app or a restart finds it again. The checkout writes it when the intent is
 * created and reads it back on /confirmation; the PIX screen and the start check follow it.
 */

export { PENDING_PIX_KEY } from './pending-pix-key.ts';

/** Spec section 9: the code's validity when the server names none (expiration_time_pix's default). */
export const PIX_DEFAULT_VALIDITY_SECONDS = 300;
/** Spec section 9: a stored intent older than this is discarded at start. */
export const PIX_STALE_AFTER_MS = 3 * 60 * 1000;

export interface PendingPix {
  intentId: string;
  /** The QR code image (a data URL). */
  qrImage: string | null;
  /** The copy-and-paste BR Code. */
  copyCode: string | null;
  /** When the intent was created, epoch ms on this device. */
  createdAt: number;
  /**
   * When the code stops being payable, epoch ms on this device: the creation time plus the code's
   * validity. Counted on this device's clock, not from the server's expires_at, so a phone whose
   * clock is off still shows the right number of seconds.
   */
  expiresAt: number;
  orderId: number;
  /** Centavos. */
  amount: number;
  /** The customer it was created for: another session never resumes it. */
  userId: number | null;
  /** The provider confirmed the payment: /confirmation confirms the order. */
  paid: boolean;
}

/** The record to keep for a PIX intent the server just created. */
export function pendingPixOf(
  intent: Pick<
    PaymentIntentData,
    'intent_id' | 'qrcode' | 'qr_content' | 'expires_in' | 'order_id' | 'amount'
  >,
  { now = Date.now(), validitySeconds = PIX_DEFAULT_VALIDITY_SECONDS } = {},
): PendingPix {
  const seconds = intent.expires_in ?? validitySeconds;
  return {
    intentId: intent.intent_id,
    qrImage: intent.qrcode,
    copyCode: intent.qr_content,
    createdAt: now,
    expiresAt: now + seconds * 1000,
    orderId: intent.order_id,
    amount: intent.amount,
    userId: getSessionUser()?.userId ?? null,
    paid: false,
  };
}

function isPendingPix(value: unknown): value is PendingPix {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<Record<keyof PendingPix, unknown>>;
  return (
    typeof record.intentId === 'string' &&
    typeof record.createdAt === 'number' &&
    typeof record.expiresAt === 'number' &&
    typeof record.orderId === 'number'
  );
}

/** The stored intent of the signed-in customer, or null (none, unreadable, someone else's). */
export function readPendingPix(): PendingPix | null {
  const stored = readJson<unknown>(PENDING_PIX_KEY);
  if (!isPendingPix(stored)) return null;
  const userId = getSessionUser()?.userId ?? null;
  return stored.userId === userId ? { ...stored, paid: stored.paid === true } : null;
}

// Created on first use: the menu's first load only needs the key (app/app.tsx), not this store.
let store: ExternalStore<PendingPix | null> | null = null;
function pendingStore(): ExternalStore<PendingPix | null> {
  store ??= createStore<PendingPix | null>(readPendingPix());
  return store;
}

export function savePendingPix(pending: PendingPix): void {
  writeStorage(PENDING_PIX_KEY, JSON.stringify(pending));
  pendingStore().set(pending);
}

/**
 * The poll, the start check or the cancel call learnt that the payment came (or, `false`, the
 * server did not have it paid after all).
 */
export function markPendingPixPaid(paid = true): void {
  const pending = readPendingPix();
  if (pending && pending.paid !== paid) savePendingPix({ ...pending, paid });
}

export function clearPendingPix(): void {
  removeStorage(PENDING_PIX_KEY);
  pendingStore().set(null);
}

export function usePendingPix(): PendingPix | null {
  return useStore(pendingStore());
}

/** Whole seconds left to pay, never below 0. */
export function pixSecondsLeft(pending: Pick<PendingPix, 'expiresAt'>, now = Date.now()): number {
  return Math.max(0, Math.ceil((pending.expiresAt - now) / 1000));
}

/** Spec section 9: older than 3 minutes at start. */
export function isStalePendingPix(pending: Pick<PendingPix, 'createdAt'>, now = Date.now()): boolean {
  return now - pending.createdAt > PIX_STALE_AFTER_MS;
}
