import type { PaymentStatus } from '@comanda/contract';

/*
 * One interface for every way a store takes PIX online (docs/decisions/0018-online-payments-pix.md):
 * Mercado Pago, Stripe and the central bank's API Pix (bank PSPs) through their documented HTTP
 * APIs, and the store's own static key (no provider: the store confirms by hand). Each adapter is
 * tested against the local stand-in PSP (apps/psp-standin), which speaks those same APIs.
 */

export const PROVIDER_KINDS = ['mercadopago', 'stripe', 'apipix', 'static_pix'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** A charge's state as its provider reports it, in our words: a payment's statuses. */
export type ChargeStatus = PaymentStatus;

export interface PixChargeRequest {
  /**
   * Our reference of the attempt: unique per store, 26–35 letters and digits (an API Pix txid),
   * also the provider call's idempotency key and the charge's external reference / metadata.
   */
  reference: string;
  /** Centavos. */
  amount: number;
  expiresInSeconds: number;
  /** Shown to the payer: 'Pedido 123 - Forno & Brasa'. */
  description: string;
  /** Mercado Pago requires a payer e-mail; the customer's, or a store placeholder. */
  payerEmail: string;
  /** Where the provider sends its notifications for this store. */
  notificationUrl: string;
}

export interface PixCharge {
  /** The provider's id of the charge (Mercado Pago payment id, Stripe PaymentIntent id, API Pix txid). */
  providerRef: string;
  /** The BR Code to copy and paste. */
  copyPaste: string;
  /** The provider's QR image as base64 PNG, when it gives one; otherwise we draw it from copyPaste. */
  qrPngBase64: string | null;
  expiresAt: Date;
}

export interface ChargeState {
  status: ChargeStatus;
  /** Cards: the issuer's authorisation code, once paid. */
  authorizationCode?: string | null;
  /** Cards: the card a paid payment kept on the provider's customer for next time. */
  savedCard?: CardOnFile | null;
  /** Centavos the payer paid, when paid. */
  paidAmount: number | null;
  paidAt: Date | null;
  /** Provider words for logs and the store (never shown raw to customers). */
  detail: string | null;
}

export interface NotificationInput {
  /** The body exactly as received: signatures are computed over it. */
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, string | undefined>;
  /**
   * The secret the notification's URL carries in its path (API Pix: `…/notifications/apipix/<token>`,
   * the PSP appending `/pix` after it), when the route has one.
   */
  pathToken?: string | undefined;
}

/** A notification whose signature holds: which charges to look at again. */
export interface VerifiedNotification {
  /** Dedupes deliveries: the same event delivered twice has the same id. */
  eventId: string;
  providerRefs: string[];
  /** Amounts the notification claims per charge (API Pix sends them), compared with ours. */
  claimedAmounts: Map<string, number>;
}

/** A refused notification: bad, missing or stale signature, or a body that is not the provider's. */
export class NotificationRefused extends Error {}

/** The provider did not answer, or answered an error (network, 4xx, 5xx). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/** A refund the provider took but has not settled yet (API Pix devolução EM_PROCESSAMENTO): not done; ask again later. */
export class RefundPending extends ProviderError {}

/** A refund the provider refused for good (API Pix devolução NAO_REALIZADO): the money must go back by other means. */
export class RefundRefused extends ProviderError {}

/** What registering the notification URL at the provider (API Pix's PUT /webhook/{chave}) came to. */
export interface WebhookRegistration {
  ok: boolean;
  /** The URL registered (its secret part blotted out), or asked for. */
  url: string;
  /** The provider's words when it refused, or why it could not be asked. */
  detail: string | null;
  at: Date;
}

/** A charge as the provider lists it (reconciliation). */
export interface ListedCharge {
  providerRef: string;
  /** Our reference the charge was opened with (external_reference, metadata.reference, txid), when the provider keeps it. */
  reference: string | null;
  status: ChargeStatus;
  /** Centavos asked. */
  amount: number;
  paidAmount: number | null;
  /** Centavos given back so far (refunds/devoluções that are done). */
  refundedAmount: number;
  createdAt: Date;
}

/** A card kept at the provider: its payment method id, brand and last 4 digits (nothing else). */
export interface CardOnFile {
  methodId: string;
  brand: 'visa' | 'mastercard' | 'other';
  last4: string;
}

/** What the customer's browser loads to take the card (the provider's own fields). */
export interface CardKit {
  provider: ProviderKind;
  scriptUrl: string;
  publicKey: string;
  /** Origins the card route's content security policy must allow (script, frames, calls). */
  origins: string[];
}

export interface CardPaymentRequest {
  /** Ours, as for PIX: the idempotency key and the payment's metadata. */
  reference: string;
  amount: number;
  description: string;
  /** The provider's customer (needed to save a card or pay with a saved one). */
  providerCustomer: string | null;
  /** A saved card: the provider charges it at once (3-D Secure may still be asked in the browser). */
  savedMethodId: string | null;
}

export interface CardPayment {
  providerRef: string;
  /** What the browser kit confirms or authenticates with. */
  clientSecret: string;
  state: ChargeState;
  /** The provider's words when it declined the card at once (a saved card). */
  declineMessage: string | null;
}

export interface TokenPaymentRequest {
  /** Ours, as for PIX: the payment's external reference. */
  reference: string;
  /** One per attempt (a card token pays once): the provider call's idempotency key. */
  attemptKey: string;
  amount: number;
  description: string;
  /** The card token the provider's kit made in the customer's browser. */
  token: string;
  /** The provider's name of the card's brand (Mercado Pago's payment_method_id). */
  paymentMethodId: string;
  /** The provider's customer (a saved card pays as that customer), or the payer's e-mail. */
  payer: { customer: string } | { email: string };
  notificationUrl: string;
}

export interface TokenPayment {
  providerRef: string;
  state: ChargeState;
  /** The provider's reason when it declined the card (Mercado Pago's status_detail). */
  declineReason: string | null;
  /** The issuer asks for a 3-D Secure challenge: where the browser posts `creq` in a frame. */
  challenge: { url: string; creq: string } | null;
}

/**
 * Cards online (issue 15), for the providers that take them. Two flows, as the providers work:
 * `intent` (Stripe): the provider's payment exists first, the browser confirms it with its client
 * secret, and a saved card is charged by the server at once; `token` (Mercado Pago): the browser's
 * kit makes a single-use card token (from the fields, or a saved card and its security code) and
 * the server pays with it.
 */
export interface CardPayments {
  readonly flow: 'intent' | 'token';
  kit(): CardKit;
  createCustomer(customer: { reference: string; email: string; name: string }): Promise<string>;
  /** intent flow. */
  createCardPayment?(request: CardPaymentRequest): Promise<CardPayment>;
  /** token flow. */
  payWithToken?(request: TokenPaymentRequest): Promise<TokenPayment>;
  /** token flow: keeps a card on the provider's customer with a token of its own. */
  keepCard?(providerCustomer: string, token: string): Promise<CardOnFile>;
  /** Removes a saved card at the provider (already gone is fine). */
  detachCard(methodId: string, providerCustomer: string | null): Promise<void>;
}

export interface PixProvider {
  readonly kind: ProviderKind;
  /** Card payments, when the provider takes them through this integration. */
  readonly cards?: CardPayments;
  /** Whether money can be given back through the provider (not for a static key). */
  readonly refunds: boolean;
  /** Whether the provider notifies us (a static key never does: the store confirms by hand). */
  readonly notifies: boolean;
  createPixCharge(request: PixChargeRequest): Promise<PixCharge>;
  getCharge(providerRef: string): Promise<ChargeState>;
  /** Cancels a pending charge; answers the state after the attempt (paid when the payment won the race). */
  cancelCharge(providerRef: string): Promise<ChargeState>;
  /**
   * Gives back `amount` centavos of a paid charge; `reference` makes the call idempotent. Resolves
   * only once the money is back: RefundPending while the provider still processes it, RefundRefused
   * when it will not.
   */
  refund(providerRef: string, amount: number, reference: string): Promise<void>;
  /** Throws NotificationRefused unless the signature holds (and is fresh, where the provider dates it). */
  verifyNotification(input: NotificationInput, now: Date): VerifiedNotification;
  /** Every charge of this integration created within [from, to), following the provider's pagination. */
  listCharges?(period: { from: Date; to: Date }): Promise<ListedCharge[]>;
}
