import { z } from 'zod';
import { savedCard } from './auth.ts';
import { centavos, freeText } from './common.ts';
import { orderPlacedReply, orderSubmission } from './orders.ts';

/*
 * Online payment (spec sections 3 "Payment intent", 4 "Payment routing" and "PIX", 7 "Orders and
 * payment"). An order paid online is created by the payment-intent call, awaiting its payment: the
 * store sees it, and it counts, only once the provider confirms the payment. Money is centavos.
 */

/** The public id of a payment attempt: what the storefront keeps and polls with. */
export const intentId = freeText(64).min(8);

/**
 * Where a payment attempt stands: the one list of these words, for an order's attempt, a table
 * share's (`shareAttemptStatus`), the payments repository's and the providers' charge states.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired', 'canceled', 'refunded'] as const;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof paymentStatus>;

/** POST /bar/v2/payment/create-payment-intent/ */
export const createPaymentIntentRequest = z.object({
  /** Card only: keep the card for next time. */
  save: z.boolean().optional(),
  /**
   * The order: the spec names identificador_pedido_novo, forma_entrada and address_id; we take the
   * whole submission payload of the order call (its fk_forma_pagamento is the online entry).
   */
  order: orderSubmission,
  type: z.enum(['pix', 'card']),
  /** The card kit's integration name (card payments). */
  api: freeText(40).nullable().optional(),
  /** Accepted and ignored: the lines are the order's produtos_pedidos. */
  cart: z.unknown().optional(),
  /** A saved card's id (card payments). */
  card: z.number().int().nullable().optional(),
});
export type CreatePaymentIntentRequest = z.infer<typeof createPaymentIntentRequest>;
/** What a client sends (defaults not yet applied). */
export type CreatePaymentIntentBody = z.input<typeof createPaymentIntentRequest>;

/** What the storefront needs to show and follow a payment attempt. */
export const paymentIntentData = z.object({
  /** The provider integration: mercadopago, stripe, apipix or static_pix. */
  integration: z.string(),
  intent_id: intentId,
  order_id: z.number().int(),
  status: paymentStatus,
  amount: centavos,
  /** PIX: the copy-and-paste BR Code. */
  qr_content: z.string().nullable(),
  /** PIX: the QR code as an image data URL (SVG drawn from qr_content when the provider gives none). */
  qrcode: z.string().nullable(),
  /** When the PIX code stops being payable (ISO 8601, UTC). */
  expires_at: z.string().nullable(),
  /** Seconds the code is valid from its creation (spec: expiration_time_pix, default 300). */
  expires_in: z.number().int().nullable(),
  /** The spec's `payed`: true once the provider confirmed the payment. */
  payed: z.boolean(),
  /** Card: the provider's client secret for the browser kit (null for PIX). */
  clientSecret: z.string().nullable(),
  /** Card: the provider's authorisation code once paid (null for PIX). */
  authorization_code: z.string().nullable(),
  transaction_id: z.string().nullable(),
  session_id: z.string().nullable(),
  method_id: z.string().nullable(),
  transaction_token: z.string().nullable(),
  /**
   * Card, while it waits for the customer: the provider's browser kit to load on the card route
   * (its script, the public key it takes); null otherwise.
   */
  card_kit: z
    .object({ provider: z.string(), script_url: z.string(), public_key: z.string() })
    .nullable()
    .optional(),
  /**
   * Card paid by token (card-token call): the issuer asks for a 3-D Secure challenge, which the
   * browser shows by posting `creq` to `url` in a frame; null otherwise.
   */
  three_ds: z.object({ url: z.string(), creq: z.string() }).nullable().optional(),
  /** The placed order's reply, once paid (what the order call answers for an order paid in person). */
  order_data: orderPlacedReply.nullable(),
  message: z.object({ code: z.string().nullable() }),
});
export type PaymentIntentData = z.infer<typeof paymentIntentData>;

export const paymentIntentReply = z.object({
  success: z.literal(true),
  detail: z.string(),
  data: paymentIntentData,
});
export type PaymentIntentReply = z.infer<typeof paymentIntentReply>;

/** POST /integracoes/v2/payment/check-confirmation/, cancel-pix-order and get-payment-intent. */
export const intentRequest = z.object({ intent_id: intentId });
export type IntentRequest = z.infer<typeof intentRequest>;

/** The spec's poll reply: polling stays true while the payment may still come. */
export const checkConfirmationReply = z.object({
  success: z.boolean(),
  detail: z.string(),
  data: z.object({
    polling: z.boolean(),
    status: paymentStatus,
    order_id: z.number().int(),
  }),
});
export type CheckConfirmationReply = z.infer<typeof checkConfirmationReply>;

export const cancelPixReply = z.object({
  success: z.boolean(),
  detail: z.string(),
  data: z.object({ status: paymentStatus }),
});
export type CancelPixReply = z.infer<typeof cancelPixReply>;

/** Stable codes of the payment calls' refusals. */
export const PAYMENT_ERROR_CODES = [
  'ONLINE_PAYMENT_UNAVAILABLE',
  'PAYMENT_PROVIDER_ERROR',
  'INTENT_NOT_FOUND',
  'PAYMENT_ALREADY_PAID',
  'PAYMENT_NOT_PENDING',
  'NOTIFICATION_REFUSED',
  'CARD_NOT_FOUND',
  'CARD_DECLINED',
] as const;

/** GET /bar/payment_methods/: the saved cards, with a detail line (spec section 7). */
export const savedCardsReply = z.object({
  success: z.literal(true),
  detail: z.string(),
  data: z.array(savedCard),
});
export type SavedCardsReply = z.infer<typeof savedCardsReply>;

/** A provider's card token, as its browser kit makes it (Mercado Pago: 32 hex characters). */
export const cardToken = z.string().regex(/^[A-Za-z0-9_-]{8,200}$/, 'not a card token');
/** The provider's name of a card's brand (Mercado Pago's payment_method_id: visa, master…). */
export const cardPaymentMethodId = z.string().regex(/^[a-z_]{2,40}$/, 'not a payment method id');

/** POST /bar/v2/payment/card-token/: pay a pending card payment with a card token (token flow). */
export const cardTokenRequest = z.object({
  intent_id: intentId,
  token: cardToken,
  /** The provider's name of the card's brand (Mercado Pago's payment_method_id: visa, master…). */
  payment_method_id: cardPaymentMethodId,
  /** Keep the card for next time: a second token of the same card (a token pays or saves once). */
  save_token: cardToken.nullable().optional(),
});
export type CardTokenRequest = z.infer<typeof cardTokenRequest>;

/** PATCH /core/cartoes/{id}/: only {excluido: true} (a card is never edited). */
export const cardDeleteRequest = z.object({ excluido: z.literal(true) });
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------
// The ledger check (docs/decisions/0037): every charge the store's provider holds for a day, each
// mapped to one released order, one paid table share or one recorded refund; the rest listed.

export const LEDGER_EXCEPTION_KINDS = [
  'kept_without_order',
  'refund_pending',
  'refund_by_hand',
  'refund_unrecorded',
  'paid_here_only',
  'amount_differs',
  'unknown_charge',
  'given_back_now',
  'takings_differ',
] as const;
export type LedgerExceptionKind = (typeof LEDGER_EXCEPTION_KINDS)[number];

/** GET /staff/payments/ledger: one store-local day (the store's time zone). */
export const ledgerCheckQuery = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD'),
});

export const ledgerException = z.object({
  kind: z.enum(LEDGER_EXCEPTION_KINDS),
  provider_ref: z.string().describe("The provider's id of the charge"),
  amount: centavos.describe('What the charge holds or held'),
  order_id: z.number().int().nullable(),
  /** The order's number in its store, what people read (ADR 0065). */
  numero: z.number().int().nullable().optional(),
  created_at: z.string().describe('When the provider created the charge (ISO 8601)'),
  detail: z.string().describe('What a person should look at, in pt-BR'),
});
export type LedgerException = z.infer<typeof ledgerException>;

export const ledgerCheckReply = z.object({
  date: z.string(),
  /** The store's provider, or null when it has none that can list its charges. */
  provider: z.string().nullable(),
  available: z.boolean().describe('False when the provider could not be read (nothing was checked)'),
  charges: z.number().int().describe('Charges the provider holds for the day'),
  orders: z.number().int().describe('Paid charges that are one released order each'),
  shares: z.number().int().describe('Paid charges that are one paid table share each'),
  refunds: z.number().int().describe('Charges whose money went back, each a recorded refund'),
  unpaid: z.number().int().describe('Charges that never held money (pending, expired, cancelled, declined)'),
  received: centavos.describe(
    'What the provider kept (paid less refunded) for the charges that are orders or table shares',
  ),
  recorded: centavos.describe(
    "What the store's takings (the ledger) hold online for those orders and shares",
  ),
  exceptions: z.array(ledgerException),
});
export type LedgerCheckReply = z.infer<typeof ledgerCheckReply>;
