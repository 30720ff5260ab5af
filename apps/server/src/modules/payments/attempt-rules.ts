import { randomBytes } from 'node:crypto';
import type { OrderErrorReply } from '@comanda/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderEvents } from '../../lib/order-events.ts';
import type { OrderTrackingService } from '../order-tracking/index.ts';
import { notificationPath } from './notification-url.ts';
import type { OrderPlacement, PaymentProviders, StoreProvider } from './ports.ts';
import { ProviderError } from './providers/provider.ts';
import type * as repo from './repository.ts';

/*
 * What every part of the payments module shares: its surroundings, the attempt's time rules, our
 * references, and the shape of a refusal. Imports nothing of the module's flows.
 */

export interface PaymentDeps {
  db: Database;
  now: () => Date;
  events: OrderEvents;
  orders: OrderPlacement;
  tracking: OrderTrackingService;
  providers: PaymentProviders;
  /** The address a store's provider notifications come to: http(s)://<slug>.<domain>. */
  publicOrigin: (slug: string) => string;
  log: FastifyBaseLogger;
  /** The shortest time between two provider reads of one payment. */
  checkGapMs?: number;
  /** How long after its expiry a pending payment is given up. */
  expiryGraceMs?: number;
}

export interface PaymentReply<T> {
  statusCode: number;
  body: T | OrderErrorReply;
}

/** The store's facts a payment flow reads (name, slug, what it takes online). */
export type StoreFacts = NonNullable<Awaited<ReturnType<typeof repo.storeFacts>>>;

/** How long after its expiry a pending attempt (an order's or a table share's) is given up. */
export const PAYMENT_EXPIRY_GRACE_MS = 60_000;

/** A token being paid with longer than this is taken as lost (its request died): another may pay. */
export const CARD_CLAIM_MS = 60_000;

/** How long a card attempt may wait for the customer (fields, 3-D Secure) before it is given up. */
export const CARD_ATTEMPT_SECONDS = 15 * 60;

const REFERENCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 26 letters and digits (an API Pix txid): C, the store in base 36, then random. */
export function newReference(storeId: number, prefix = 'C'): string {
  const store = storeId.toString(36).toUpperCase().padStart(4, '0').slice(-4);
  const bytes = randomBytes(21);
  let tail = '';
  for (const byte of bytes) tail += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
  return `${prefix}${store}${tail}`;
}

export const newPublicId = () => `pi_${randomBytes(16).toString('base64url')}`;

export const refusal = (statusCode: number, code: string, detail: string): PaymentReply<never> => ({
  statusCode,
  body: { detail, code, non_field_errors: [detail] },
});

export const intentNotFound = () =>
  new AppError('not_found', 'INTENT_NOT_FOUND', 'Pagamento não encontrado.');

/** The order a payment is for, as the order-tracking moves name it. */
export const orderOf = (payment: repo.PaymentRow) => ({
  id: payment.orderId,
  storeId: payment.storeId,
  customerId: payment.customerId,
});

/** Where the store's provider sends its notifications. */
export function notificationUrl(
  deps: Pick<PaymentDeps, 'publicOrigin'>,
  slug: string,
  provider: StoreProvider,
) {
  // API Pix PSPs authenticate by mutual TLS, which this HTTP listener cannot check: the URL carries a secret.
  return `${deps.publicOrigin(slug)}${notificationPath(provider.kind, provider.notificationToken)}`;
}

export function logProviderError(
  log: FastifyBaseLogger,
  error: unknown,
  payment: repo.PaymentRow,
  action: string,
): void {
  const status = error instanceof ProviderError ? error.status : null;
  log.warn(
    {
      paymentId: payment.id,
      provider: payment.provider,
      action,
      status,
      reason: (error as Error)?.message,
    },
    'payment provider call failed',
  );
}
