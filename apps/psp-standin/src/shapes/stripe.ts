import { createHmac, randomBytes } from 'node:crypto';
import { buildBrCode, centavosToDecimalReais, formatBRL } from '@comanda/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { StandinCharge, StandinChargeEvent } from '../charges.ts';
import type { StandinContext, StandinShapeModule } from '../context.ts';
import { type FormValue, parseForm } from '../form.ts';
import type { OutgoingNotification } from '../notifier.ts';
import {
  behaviourOf,
  brandOf,
  type CardBehaviour,
  CardVault,
  cardElementPage,
  challengeDonePage,
  challengePage,
  customerObject,
  DECLINES,
  kitScript,
  luhnValid,
  paymentMethodObject,
  stripeId,
  type VaultPaymentMethod,
} from './stripe-cards.ts';

/*
 * Stripe's API v1 as the stand-in speaks it, for PIX PaymentIntents confirmed on creation (the only
 * flow Comanda's adapter uses). Facts from Stripe's API reference and the `stripe` package's types:
 * - requests are form-encoded with bracket keys, authenticated by `Authorization: Bearer sk_…` (or
 *   HTTP Basic with the key as user name); errors are `{error: {type, code, param, message}}` with
 *   400 (invalid request), 401 (key), 404 (no such object);
 * - `Idempotency-Key` (at most 255 characters, per account) saves the status and body of the first
 *   POST once the endpoint begins executing (a request refused by validation saves nothing); the
 *   same key with other parameters or on another endpoint is an `idempotency_error`; keys are
 *   pruned after 24 hours; a replay carries `Idempotent-Replayed: true`;
 * - a PIX PaymentIntent names its method in `payment_method_types[]` (API versions before
 *   2026-09-30) or `allowed_payment_method_types[]` (from 2026-09-30.endive, the `stripe` package's
 *   23.x pinned version, which removed the former on create);
 * - a PIX PaymentIntent confirmed with `payment_method_data[type]=pix` waits in `requires_action`
 *   with `next_action.pix_display_qr_code` (data, image URLs, hosted instructions, expires_at);
 *   `payment_method_options[pix]` takes `expires_after_seconds` (60 to 1209600, default 14400)
 *   or `expires_at`, never both;
 * - paid is `succeeded` with a Charge (`latest_charge`, expandable); a failed or expired attempt
 *   goes back to `requires_payment_method` with `last_payment_error` (codes
 *   `payment_intent_payment_attempt_failed` / `…_expired`); cancel works from
 *   requires_payment_method, requires_confirmation, requires_action, requires_capture and
 *   processing, otherwise `payment_intent_unexpected_state`; a refund is its own object and the
 *   PaymentIntent stays `succeeded`, its Charge showing `amount_refunded`;
 * - webhooks are Events signed `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of
 *   "t.body" keyed by the endpoint secret>`.
 * Stand-in limits: one refund per payment (the ledger moves paid to refunded once); a PaymentIntent
 * is created confirmed, for PIX only.
 */

type Params = Record<string, FormValue>;
type Account = StandinContext['accounts']['stripe'][number];

const STATUSES_CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
] as const;
const PIX_EXPIRY = { min: 60, max: 1_209_600, default: 14_400 };
/** R$ 0,50, Stripe's minimum charge in BRL; amounts have at most eight digits. */
const AMOUNT = { min: 50, max: 99_999_999 };
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** The API version (`Stripe-Version`) that replaced `payment_method_types` on create by `allowed_payment_method_types`. */
const ALLOWED_TYPES_SINCE = '2026-09-30';
const CANCELLATION_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'];
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

/** What this shape keeps in a ledger charge's `extra`. */
interface StripeExtra {
  clientSecret: string;
  chargeId: string;
  paymentMethodId: string;
  metadata: Record<string, string>;
  idempotencyKey: string | null;
  apiVersion: string | null;
  pixOptions: { expires_after_seconds: number | null; expires_at: number | null };
  /** Stripe cancels from requires_payment_method too; the ledger keeps the charge failed or expired. */
  canceled?: { at: number; reason: string | null };
  refund?: StripeRefundRecord;
  /** Card PaymentIntents only: where the attempt stands while the ledger charge is pending. */
  card?: CardIntent;
}

interface CardIntent {
  state: 'requires_payment_method' | 'requires_action';
  customer: string | null;
  setupFutureUsage: string | null;
  /** The last decline or failed authentication, while the customer may try again. */
  lastError: { code: string; decline_code: string | null; message: string; payment_method: string } | null;
  authorizationCode: string | null;
  /** The card of the last confirmation, as the Charge's payment_method_details show it. */
  method: { brand: string; last4: string; exp_month: number; exp_year: number; funding: string } | null;
}

interface StripeRefundRecord {
  id: string;
  amount: number;
  created: number;
  reason: string | null;
  metadata: Record<string, string>;
}

/** A Stripe error answer: validation failures are thrown before an endpoint runs (nothing is saved). */
class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: Record<string, unknown> },
  ) {
    super(String(body.error.message));
  }
}

const invalid = (message: string, details: { param?: string; code?: string } = {}) =>
  new StripeFailure(400, { error: { type: 'invalid_request_error', message, ...details } });

const noSuch = (object: string, id: string, param: string) =>
  new StripeFailure(404, {
    error: {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param,
      message: `No such ${object}: '${id}'`,
    },
  });

const base62 = (length: number) => {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return [...randomBytes(length)].map((byte) => alphabet[byte % 62]).join('');
};
const seconds = (date: Date | string) => Math.floor(new Date(date).getTime() / 1000);
const extraOf = (charge: StandinCharge) => charge.extra as unknown as StripeExtra;
/** Amounts as Stripe's own error messages write them: 'R$0.50'. */
const brl = (centavos: number) => `R$${centavosToDecimalReais(centavos)}`;

/** Never echo a whole key: Stripe shows its prefix and last four characters. */
const redactKey = (key: string) =>
  key.length <= 12 ? '***' : `${key.slice(0, key.indexOf('_', 3) + 1 || 3)}****${key.slice(-4)}`;

// ---------------------------------------------------------------------------------------------
// Objects as Stripe answers them

function paymentIntentStatus(charge: StandinCharge): string {
  if (extraOf(charge).canceled) return 'canceled';
  const card = extraOf(charge).card;
  if (card && charge.status === 'pending') return card.state;
  switch (charge.status) {
    case 'pending':
      return 'requires_action';
    case 'paid':
    case 'refunded':
      return 'succeeded';
    case 'failed':
    case 'expired':
      return 'requires_payment_method';
    case 'canceled':
      return 'canceled';
  }
}

function pixDisplay(charge: StandinCharge, context: StandinContext) {
  const base = `${context.baseUrl()}/stripe/pix/${charge.providerRef}`;
  return {
    data: charge.copyPaste,
    expires_at: seconds(charge.expiresAt),
    hosted_instructions_url: base,
    image_url_png: `${base}/qr.png`,
    image_url_svg: `${base}/qr.svg`,
  };
}

function chargeObject(charge: StandinCharge) {
  const extra = extraOf(charge);
  const captured = charge.paidAmount ?? 0;
  return {
    id: extra.chargeId,
    object: 'charge',
    amount: charge.amount,
    amount_captured: captured,
    amount_refunded: charge.refundedAmount,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: null, phone: null },
    captured: true,
    created: seconds(charge.paidAt ?? charge.createdAt),
    currency: 'brl',
    description: charge.description || null,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: extra.metadata,
    outcome: { network_status: 'approved_by_network', type: 'authorized' },
    paid: true,
    payment_intent: charge.providerRef,
    payment_method: extra.paymentMethodId,
    // The issuer's code is the card's: payment_method_details.card.authorization_code (Charge).
    payment_method_details: extra.card
      ? { type: 'card', card: { ...extra.card.method, authorization_code: extra.card.authorizationCode } }
      : { type: 'pix', pix: { bank_transaction_id: charge.endToEndId } },
    refunded: charge.refundedAmount > 0 && charge.refundedAmount >= captured,
    status: 'succeeded',
  };
}

function refundObject(charge: StandinCharge, refund: StripeRefundRecord) {
  return {
    id: refund.id,
    object: 'refund',
    amount: refund.amount,
    balance_transaction: null,
    charge: extraOf(charge).chargeId,
    created: refund.created,
    currency: 'brl',
    metadata: refund.metadata,
    payment_intent: charge.providerRef,
    reason: refund.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

function lastPaymentError(charge: StandinCharge) {
  const failure = charge.history.findLast((event) => event.status === 'failed' || event.status === 'expired');
  if (!failure) return null;
  const expired = failure.status === 'expired';
  return {
    type: 'invalid_request_error',
    code: expired ? 'payment_intent_payment_attempt_expired' : 'payment_intent_payment_attempt_failed',
    message: expired
      ? 'The PIX code expired before the customer paid it. Confirm again with a new payment method.'
      : `The PIX payment failed${failure.reason ? `: ${failure.reason}` : ''}. Confirm again with a new payment method.`,
    payment_method: { id: extraOf(charge).paymentMethodId, object: 'payment_method', type: 'pix' },
  };
}

function paymentIntent(charge: StandinCharge, context: StandinContext, expand: string[] = []) {
  const extra = extraOf(charge);
  if (extra.card) return cardPaymentIntent(charge, context, extra.card, expand);
  const status = paymentIntentStatus(charge);
  const charged = charge.status === 'paid' || charge.status === 'refunded';
  return {
    id: charge.providerRef,
    object: 'payment_intent',
    amount: charge.amount,
    amount_capturable: 0,
    amount_received: charged ? (charge.paidAmount ?? charge.amount) : 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at:
      extra.canceled?.at ?? (charge.status === 'canceled' ? seconds(charge.history.at(-1)!.at) : null),
    cancellation_reason:
      extra.canceled?.reason ??
      (charge.status === 'canceled' ? (charge.history.at(-1)?.reason ?? null) : null),
    capture_method: 'automatic',
    client_secret: extra.clientSecret,
    confirmation_method: 'automatic',
    created: seconds(charge.createdAt),
    currency: 'brl',
    customer: null,
    description: charge.description || null,
    last_payment_error: status === 'requires_payment_method' ? lastPaymentError(charge) : null,
    latest_charge: charged
      ? expand.includes('latest_charge')
        ? chargeObject(charge)
        : extra.chargeId
      : null,
    livemode: false,
    metadata: extra.metadata,
    next_action:
      status === 'requires_action'
        ? { type: 'pix_display_qr_code', pix_display_qr_code: pixDisplay(charge, context) }
        : null,
    on_behalf_of: null,
    payment_method: extra.paymentMethodId,
    payment_method_options: {
      pix: { ...extra.pixOptions, amount_includes_iof: 'never' },
    },
    payment_method_types: ['pix'],
    allowed_payment_method_types: ['pix'],
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status,
    transfer_data: null,
    transfer_group: null,
  };
}

function cardPaymentIntent(
  charge: StandinCharge,
  context: StandinContext,
  card: CardIntent,
  expand: string[],
) {
  const extra = extraOf(charge);
  const status = paymentIntentStatus(charge);
  const charged = charge.status === 'paid' || charge.status === 'refunded';
  const vault = vaultOf(context);
  const method = extra.paymentMethodId ? vault.methods.get(extra.paymentMethodId) : undefined;
  return {
    id: charge.providerRef,
    object: 'payment_intent',
    amount: charge.amount,
    amount_capturable: 0,
    amount_received: charged ? (charge.paidAmount ?? charge.amount) : 0,
    canceled_at:
      extra.canceled?.at ?? (charge.status === 'canceled' ? seconds(charge.history.at(-1)!.at) : null),
    cancellation_reason:
      extra.canceled?.reason ??
      (charge.status === 'canceled' ? (charge.history.at(-1)?.reason ?? null) : null),
    capture_method: 'automatic',
    client_secret: extra.clientSecret,
    confirmation_method: 'automatic',
    created: seconds(charge.createdAt),
    currency: 'brl',
    customer: card.customer,
    description: charge.description || null,
    last_payment_error:
      status === 'requires_payment_method' && card.lastError
        ? {
            type: card.lastError.code === 'card_declined' ? 'card_error' : 'invalid_request_error',
            ...card.lastError,
            payment_method: method ? paymentMethodObject(method) : { id: card.lastError.payment_method },
          }
        : null,
    latest_charge: charged
      ? expand.includes('latest_charge')
        ? chargeObject(charge)
        : extra.chargeId
      : null,
    livemode: false,
    metadata: extra.metadata,
    next_action:
      status === 'requires_action'
        ? {
            type: 'redirect_to_url',
            redirect_to_url: {
              url: `${context.baseUrl()}/stripe/3ds/${charge.providerRef}?client_secret=${encodeURIComponent(extra.clientSecret)}`,
              return_url: null,
            },
          }
        : null,
    payment_method:
      expand.includes('payment_method') && method
        ? paymentMethodObject(method)
        : extra.paymentMethodId || null,
    payment_method_options: { card: { request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    allowed_payment_method_types: ['card'],
    processing: null,
    receipt_email: null,
    setup_future_usage: card.setupFutureUsage,
    status,
  };
}

// ---------------------------------------------------------------------------------------------
// Parameters

function rejectUnknown(params: Params, allowed: readonly string[], prefix = ''): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      const name = prefix ? `${prefix}[${key}]` : key;
      throw invalid(`Received unknown parameter: ${name}`, { param: name, code: 'parameter_unknown' });
    }
  }
}

function text(params: Params, name: string, param = name): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${param}`, { param });
  return value;
}

function integer(params: Params, name: string, param = name): number | undefined {
  const value = text(params, name, param);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw invalid(`Invalid integer: ${value}`, { param, code: 'parameter_invalid_integer' });
  }
  return Number(value);
}

function object(params: Params, name: string, param = name): Params | undefined {
  const value = params[name];
  if (value === undefined || value === '') return value === '' ? {} : undefined;
  if (typeof value === 'string' || Array.isArray(value)) {
    throw invalid(`Invalid object: ${param} must be a hash`, { param });
  }
  return value;
}

function list(params: Params, name: string): string[] | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value) : [value];
  if (items.some((item) => typeof item !== 'string'))
    throw invalid(`Invalid array: ${name}`, { param: name });
  return items as string[];
}

function required<T>(value: T | undefined, param: string): T {
  if (value === undefined) {
    throw invalid(`Missing required param: ${param}.`, { param, code: 'parameter_missing' });
  }
  return value;
}

/** Stripe's limits: 50 keys, keys up to 40 characters, values up to 500. */
function metadata(params: Params): Record<string, string> {
  const value = object(params, 'metadata') ?? {};
  const out: Record<string, string> = {};
  const keys = Object.keys(value);
  if (keys.length > 50) throw invalid('Metadata can have at most 50 keys.', { param: 'metadata' });
  for (const key of keys) {
    const item = value[key];
    const param = `metadata[${key}]`;
    if (typeof item !== 'string') throw invalid(`Invalid string: ${param}`, { param });
    if (key.length > 40) throw invalid(`Metadata keys can be at most 40 characters: ${key}`, { param });
    if (item.length > 500)
      throw invalid(`Metadata values can be at most 500 characters: ${param}`, { param });
    // An empty value unsets a key.
    if (item !== '') out[key] = item;
  }
  return out;
}

function expansions(params: Params, expandable: readonly string[]): string[] {
  const wanted = list(params, 'expand') ?? [];
  for (const path of wanted) {
    if (!expandable.includes(path)) {
      throw invalid(`This property cannot be expanded (${path}).`, { param: 'expand' });
    }
  }
  return wanted;
}

interface NewPaymentIntent {
  amount: number;
  description: string;
  metadata: Record<string, string>;
  pixOptions: StripeExtra['pixOptions'];
  expiresAt: Date;
  expand: string[];
}

function paymentIntentParams(params: Params, now: Date, apiVersion: string | null): NewPaymentIntent {
  rejectUnknown(params, [
    'amount',
    'allowed_payment_method_types',
    'currency',
    'confirm',
    'description',
    'metadata',
    'payment_method_types',
    'payment_method_data',
    'payment_method_options',
    'expand',
  ]);
  const amount = required(integer(params, 'amount'), 'amount');
  if (amount < AMOUNT.min) {
    throw invalid(`Amount must be at least ${brl(AMOUNT.min)} brl`, {
      param: 'amount',
      code: 'amount_too_small',
    });
  }
  if (amount > AMOUNT.max) {
    throw invalid(`Amount must be no more than ${brl(AMOUNT.max)} brl`, {
      param: 'amount',
      code: 'amount_too_large',
    });
  }
  const currency = required(text(params, 'currency'), 'currency').toLowerCase();
  if (currency !== 'brl') {
    throw invalid(`The currency ${currency} is not supported by the pix payment method, which takes brl.`, {
      param: 'currency',
      code: 'payment_intent_invalid_parameter',
    });
  }
  // API versions from 2026-09-30 take `allowed_payment_method_types`; earlier ones `payment_method_types`.
  const typesParam =
    apiVersion !== null && apiVersion >= ALLOWED_TYPES_SINCE ? 'allowed_payment_method_types' : null;
  if (typesParam && params.payment_method_types !== undefined) {
    throw invalid('Received unknown parameter: payment_method_types', {
      param: 'payment_method_types',
      code: 'parameter_unknown',
    });
  }
  const param =
    typesParam ??
    (params.allowed_payment_method_types !== undefined
      ? 'allowed_payment_method_types'
      : 'payment_method_types');
  const types = list(params, param);
  if (types?.length !== 1 || types[0] !== 'pix') {
    throw invalid(`This stand-in creates PIX PaymentIntents only: send ${param}[]=pix.`, { param });
  }
  if (text(params, 'confirm') !== 'true') {
    throw invalid('This stand-in creates PaymentIntents confirmed: send confirm=true.', { param: 'confirm' });
  }
  const methodData = required(object(params, 'payment_method_data'), 'payment_method_data');
  rejectUnknown(methodData, ['type', 'billing_details'], 'payment_method_data');
  const methodType = required(
    text(methodData, 'type', 'payment_method_data[type]'),
    'payment_method_data[type]',
  );
  if (methodType !== 'pix') {
    throw invalid(`payment_method_data[type] ${methodType} is not in payment_method_types.`, {
      param: 'payment_method_data[type]',
      code: 'payment_intent_incompatible_payment_method',
    });
  }
  const options = object(params, 'payment_method_options') ?? {};
  rejectUnknown(options, ['pix'], 'payment_method_options');
  const pix = object(options, 'pix', 'payment_method_options[pix]') ?? {};
  rejectUnknown(
    pix,
    ['expires_after_seconds', 'expires_at', 'amount_includes_iof'],
    'payment_method_options[pix]',
  );
  const afterParam = 'payment_method_options[pix][expires_after_seconds]';
  const atParam = 'payment_method_options[pix][expires_at]';
  const after = integer(pix, 'expires_after_seconds', afterParam);
  const at = integer(pix, 'expires_at', atParam);
  const iof = text(pix, 'amount_includes_iof', 'payment_method_options[pix][amount_includes_iof]');
  if (iof !== undefined && iof !== 'never') {
    throw invalid('This stand-in charges no IOF: amount_includes_iof can only be never.', {
      param: 'payment_method_options[pix][amount_includes_iof]',
    });
  }
  if (after !== undefined && at !== undefined) {
    throw invalid('You can pass only one of expires_after_seconds and expires_at.', { param: atParam });
  }
  const nowSeconds = seconds(now);
  const lifetime = at !== undefined ? at - nowSeconds : (after ?? PIX_EXPIRY.default);
  if (lifetime < PIX_EXPIRY.min || lifetime > PIX_EXPIRY.max) {
    throw invalid(
      `The PIX expiry must be between ${PIX_EXPIRY.min} and ${PIX_EXPIRY.max} seconds from now.`,
      { param: at !== undefined ? atParam : afterParam },
    );
  }
  return {
    amount,
    description: text(params, 'description') ?? '',
    metadata: metadata(params),
    pixOptions: {
      expires_after_seconds: after ?? (at === undefined ? PIX_EXPIRY.default : null),
      expires_at: at ?? null,
    },
    expiresAt: new Date((nowSeconds + lifetime) * 1000),
    expand: expansions(params, ['latest_charge']),
  };
}

// ---------------------------------------------------------------------------------------------
// Requests: authentication and idempotency

interface SavedResult {
  endpoint: string;
  params: string;
  status: number;
  body: unknown;
  at: number;
}

/** Per stand-in: saved idempotent results by account and key. */
const savedResults = new WeakMap<StandinContext, Map<string, SavedResult>>();

function accountOf(request: FastifyRequest, context: StandinContext): Account {
  return keyedAccount(request, context, false).account;
}

/**
 * The account of the request's key. Stripe.js calls a few endpoints from the customer's browser with
 * the publishable key (a PaymentIntent's only with its client secret); every other call needs the
 * secret key.
 */
function keyedAccount(
  request: FastifyRequest,
  context: StandinContext,
  publishableAllowed: boolean,
): { account: Account; publishable: boolean } {
  const header = request.headers.authorization ?? '';
  let key = '';
  if (/^bearer /i.test(header)) key = header.slice(7).trim();
  else if (/^basic /i.test(header)) {
    key = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8').split(':')[0] ?? '';
  }
  if (!key) {
    throw new StripeFailure(401, {
      error: {
        type: 'invalid_request_error',
        message:
          'You did not provide an API key. Send your secret key in the Authorization header as a Bearer token.',
      },
    });
  }
  const secret = context.accounts.stripe.find((candidate) => candidate.secretKey === key);
  if (secret) return { account: secret, publishable: false };
  const publishable = context.accounts.stripe.find((candidate) => candidate.publishableKey === key);
  if (publishable && publishableAllowed) return { account: publishable, publishable: true };
  if (publishable) {
    throw new StripeFailure(401, {
      error: {
        type: 'invalid_request_error',
        message: `This API call cannot be made with a publishable API key. Please use a secret API key.`,
      },
    });
  }
  throw new StripeFailure(401, {
    error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${redactKey(key)}` },
  });
}

/** Parameters in a canonical text, so the same parameters in another order are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

function requestId(): string {
  return `req_${base62(14)}`;
}

function send(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.code(status).header('request-id', requestId()).type('application/json').send(body);
}

interface Handled {
  status: number;
  body: unknown;
}

type PostHandler = (input: {
  params: Params;
  account: Account;
  pathParams: Record<string, string>;
  idempotencyKey: string | null;
  apiVersion: string | null;
}) => Handled;

function bodyParams(request: FastifyRequest): Params {
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) return body as Params;
  return {};
}

function queryParams(request: FastifyRequest): Params {
  const at = request.url.indexOf('?');
  return at === -1 ? {} : parseForm(request.url.slice(at + 1));
}

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

function post(app: FastifyInstance, context: StandinContext, path: string, handler: PostHandler): void {
  app.post<{ Params: Record<string, string> }>(path, async (request, reply) => {
    try {
      const account = accountOf(request, context);
      const params = bodyParams(request);
      const key = header(request, 'idempotency-key');
      const endpoint = `POST ${path}`;
      const input = {
        params,
        account,
        pathParams: request.params,
        idempotencyKey: key,
        apiVersion: header(request, 'stripe-version'),
      };
      if (key === null) {
        const result = handler(input);
        return send(reply, result.status, result.body);
      }
      if (key.length > 255) {
        throw invalid('Idempotency keys can be at most 255 characters long.', { param: 'Idempotency-Key' });
      }
      const saved = savedFor(context);
      const slot = `${account.secretKey}\u0000${key}`;
      const now = context.now().getTime();
      const before = saved.get(slot);
      const fingerprint = canonical({ params, path: request.params });
      if (before && now - before.at < IDEMPOTENCY_TTL_MS) {
        if (before.endpoint !== endpoint || before.params !== fingerprint) {
          throw new StripeFailure(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Use another key than '${key}' for a different request.`,
            },
          });
        }
        reply.header('idempotent-replayed', 'true').header('idempotency-key', key);
        return send(reply, before.status, before.body);
      }
      const result = handler(input);
      saved.set(slot, { endpoint, params: fingerprint, status: result.status, body: result.body, at: now });
      reply.header('idempotency-key', key);
      return send(reply, result.status, result.body);
    } catch (error) {
      if (error instanceof StripeFailure) return send(reply, error.status, error.body);
      throw error;
    }
  });
}

function get(
  app: FastifyInstance,
  context: StandinContext,
  path: string,
  handler: (input: { params: Params; account: Account; pathParams: Record<string, string> }) => unknown,
): void {
  app.get<{ Params: Record<string, string> }>(path, async (request, reply) => {
    try {
      const account = accountOf(request, context);
      return send(reply, 200, handler({ params: queryParams(request), account, pathParams: request.params }));
    } catch (error) {
      if (error instanceof StripeFailure) return send(reply, error.status, error.body);
      throw error;
    }
  });
}

function savedFor(context: StandinContext): Map<string, SavedResult> {
  let saved = savedResults.get(context);
  if (!saved) {
    saved = new Map();
    savedResults.set(context, saved);
  }
  return saved;
}

/** The account's own PaymentIntent: another account's is "no such" as well, as Stripe answers. */
function ownCharge(context: StandinContext, account: Account, id: string, param: string): StandinCharge {
  const charge = context.book.find('stripe', id);
  if (!charge || charge.account !== account.secretKey) throw noSuch('payment_intent', id, param);
  return charge;
}

function chargeByChargeId(context: StandinContext, account: Account, id: string): StandinCharge | undefined {
  return context.book
    .list()
    .find(
      (charge) =>
        charge.shape === 'stripe' && charge.account === account.secretKey && extraOf(charge).chargeId === id,
    );
}

// ---------------------------------------------------------------------------------------------
// Webhooks

function stripeEvent(type: string, object: unknown, context: StandinContext, apiVersion: string | null) {
  return {
    id: `evt_${base62(24)}`,
    object: 'event',
    api_version: apiVersion,
    created: seconds(context.now()),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Signed as Stripe signs: HMAC-SHA256 of `${t}.${body}` keyed by the endpoint's secret, hex. */
export function signStripePayload(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function webhook(account: Account, event: unknown, context: StandinContext): OutgoingNotification {
  const body = JSON.stringify(event, null, 2);
  return {
    url: account.webhookUrl,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'stripe-signature': signStripePayload(body, account.webhookSecret, seconds(context.now())),
    },
    body,
  };
}

function eventsFor(charge: StandinCharge, event: StandinChargeEvent, context: StandinContext) {
  const extra = extraOf(charge);
  const pi = () => paymentIntent(charge, context);
  switch (event.status) {
    case 'pending':
      return [
        ['payment_intent.created', pi()],
        ['payment_intent.requires_action', pi()],
      ] as const;
    case 'paid':
      return [
        ['charge.succeeded', chargeObject(charge)],
        ['payment_intent.succeeded', pi()],
      ] as const;
    case 'failed':
    case 'expired':
      return [['payment_intent.payment_failed', pi()]] as const;
    case 'canceled':
      return [['payment_intent.canceled', pi()]] as const;
    case 'refunded':
      return [
        ['charge.refunded', chargeObject(charge)],
        ...(extra.refund ? ([['refund.created', refundObject(charge, extra.refund)]] as const) : []),
      ] as const;
  }
}

function notificationsOf(
  charge: StandinCharge,
  event: StandinChargeEvent,
  context: StandinContext,
): OutgoingNotification[] {
  const account = context.accounts.stripe.find((candidate) => candidate.secretKey === charge.account);
  if (!account?.webhookUrl) return [];
  return eventsFor(charge, event, context).map(([type, object]) =>
    webhook(account, stripeEvent(type, object, context, extraOf(charge).apiVersion), context),
  );
}

// ---------------------------------------------------------------------------------------------
// Routes

function routes(app: FastifyInstance, context: StandinContext): void {
  post(app, context, '/v1/payment_intents', ({ params, account, idempotencyKey, apiVersion }) => {
    const now = context.now();
    if (isCardIntent(params, apiVersion)) return createCardIntent(context, account, params, idempotencyKey);
    const wanted = paymentIntentParams(params, now, apiVersion);
    // After a restart the saved results are gone, but the ledger still knows the key's charge.
    const earlier = idempotencyKey
      ? context.book
          .list()
          .find(
            (charge) =>
              charge.shape === 'stripe' &&
              charge.account === account.secretKey &&
              extraOf(charge).idempotencyKey === idempotencyKey,
          )
      : undefined;
    if (earlier) return { status: 200, body: paymentIntent(earlier, context, wanted.expand) };
    const suffix = base62(24);
    const id = `pi_${suffix}`;
    const location = `${context.baseUrl().replace(/^https?:\/\//, '')}/stripe/pix/${id}`;
    const extra: StripeExtra = {
      clientSecret: `${id}_secret_${base62(25)}`,
      chargeId: `ch_${suffix}`,
      paymentMethodId: `pm_${base62(24)}`,
      metadata: wanted.metadata,
      idempotencyKey,
      apiVersion,
      pixOptions: wanted.pixOptions,
    };
    const charge = context.book.create({
      shape: 'stripe',
      account: account.secretKey,
      providerRef: id,
      reference: wanted.metadata.reference ?? idempotencyKey ?? id,
      amount: wanted.amount,
      description: wanted.description,
      copyPaste: buildBrCode({
        location,
        amount: wanted.amount,
        merchantName: context.merchant.name,
        merchantCity: context.merchant.city,
      }),
      expiresAt: wanted.expiresAt.toISOString(),
      notificationUrl: account.webhookUrl,
      extra: extra as unknown as Record<string, unknown>,
    });
    // The ledger announces moves, not creations: Stripe's creation events are sent from here.
    for (const notification of notificationsOf(charge, charge.history[0]!, context)) {
      context.notifier.send(notification);
    }
    return { status: 200, body: paymentIntent(charge, context, wanted.expand) };
  });

  registerCardRoutes(app, context);

  post(app, context, '/v1/payment_intents/:id/cancel', ({ params, account, pathParams }) => {
    rejectUnknown(params, ['cancellation_reason', 'expand']);
    const reason = text(params, 'cancellation_reason') ?? null;
    if (reason !== null && !CANCELLATION_REASONS.includes(reason)) {
      throw invalid(`Invalid cancellation_reason: must be one of ${CANCELLATION_REASONS.join(', ')}`, {
        param: 'cancellation_reason',
      });
    }
    const expand = expansions(params, ['latest_charge']);
    const charge = ownCharge(context, account, pathParams.id!, 'intent');
    const status = paymentIntentStatus(charge);
    if (!(STATUSES_CANCELABLE as readonly string[]).includes(status)) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot cancel this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be canceled: ${STATUSES_CANCELABLE.join(', ')}.`,
            payment_intent: paymentIntent(charge, context, expand),
          },
        },
      };
    }
    if (charge.status === 'pending') {
      context.book.move(charge.id, 'canceled', reason === null ? {} : { reason });
    } else {
      // Failed or expired (requires_payment_method): the ledger has no move for it, so the shape
      // keeps the cancellation and announces it itself.
      extraOf(charge).canceled = { at: seconds(context.now()), reason };
      const event: StandinChargeEvent = { status: 'canceled', at: context.now().toISOString() };
      for (const notification of notificationsOf(charge, event, context)) context.notifier.send(notification);
    }
    return { status: 200, body: paymentIntent(charge, context, expand) };
  });

  post(app, context, '/v1/refunds', ({ params, account }) => {
    rejectUnknown(params, ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand']);
    const intentId = text(params, 'payment_intent');
    const chargeId = text(params, 'charge');
    if (intentId === undefined && chargeId === undefined) {
      throw invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    }
    const amount = integer(params, 'amount');
    const reason = text(params, 'reason') ?? null;
    if (reason !== null && !REFUND_REASONS.includes(reason)) {
      throw invalid(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, { param: 'reason' });
    }
    const refundMetadata = metadata(params);
    expansions(params, []);
    const charge =
      intentId !== undefined
        ? ownCharge(context, account, intentId, 'payment_intent')
        : chargeByChargeId(context, account, chargeId!);
    if (!charge) throw noSuch('charge', chargeId!, 'charge');
    if (amount !== undefined && amount < 1) {
      throw invalid('Refund amount must be a positive integer in centavos.', { param: 'amount' });
    }
    const extra = extraOf(charge);
    if (charge.status === 'refunded') {
      const paid = charge.paidAmount ?? charge.amount;
      return charge.refundedAmount >= paid
        ? {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                code: 'charge_already_refunded',
                message: `Charge ${extra.chargeId} has already been refunded.`,
                charge: extra.chargeId,
              },
            },
          }
        : {
            status: 400,
            body: {
              error: {
                type: 'invalid_request_error',
                message: `This stand-in takes one refund per payment; ${extra.chargeId} already has one.`,
                charge: extra.chargeId,
              },
            },
          };
    }
    if (charge.status !== 'paid') {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            param: intentId !== undefined ? 'payment_intent' : 'charge',
            message: `This PaymentIntent (${charge.providerRef}) does not have a successful charge to refund.`,
          },
        },
      };
    }
    const paid = charge.paidAmount ?? charge.amount;
    const refunding = amount ?? paid;
    if (refunding > paid) {
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'amount_too_large',
            param: 'amount',
            message: `Refund amount (${brl(refunding)}) is greater than charge amount (${brl(paid)})`,
          },
        },
      };
    }
    const refund: StripeRefundRecord = {
      id: `re_${base62(24)}`,
      amount: refunding,
      created: seconds(context.now()),
      reason,
      metadata: refundMetadata,
    };
    // Kept before the move, which saves the ledger and announces the refund with it.
    extra.refund = refund;
    if (!context.book.move(charge.id, 'refunded', { amount: refunding, ...(reason ? { reason } : {}) })) {
      delete extra.refund;
      throw new StripeFailure(409, {
        error: { type: 'api_error', message: 'The charge changed while refunding it; try again.' },
      });
    }
    return { status: 200, body: refundObject(charge, refund) };
  });

  get(app, context, '/v1/refunds/:id', ({ params, account, pathParams }) => {
    rejectUnknown(params, ['expand']);
    expansions(params, []);
    const charge = context.book
      .list()
      .find(
        (candidate) =>
          candidate.shape === 'stripe' &&
          candidate.account === account.secretKey &&
          extraOf(candidate).refund?.id === pathParams.id,
      );
    if (!charge) throw noSuch('refund', pathParams.id!, 'id');
    return refundObject(charge, extraOf(charge).refund!);
  });

  get(app, context, '/v1/charges/:id', ({ params, account, pathParams }) => {
    rejectUnknown(params, ['expand']);
    expansions(params, []);
    const charge = chargeByChargeId(context, account, pathParams.id!);
    if (!charge || (charge.status !== 'paid' && charge.status !== 'refunded')) {
      throw noSuch('charge', pathParams.id!, 'id');
    }
    return chargeObject(charge);
  });

  // What Stripe serves from its own hosts: the QR images and the hosted instructions page (public,
  // as the customer's browser opens them). The BR Code's location points here too.
  const pixCharge = (id: string) => context.book.find('stripe', id);
  app.get<{ Params: { id: string } }>('/stripe/pix/:id/qr.png', async (request, reply) => {
    const charge = pixCharge(request.params.id);
    if (!charge) return reply.code(404).send();
    return reply.type('image/png').send(await QRCode.toBuffer(charge.copyPaste, { type: 'png', margin: 2 }));
  });
  app.get<{ Params: { id: string } }>('/stripe/pix/:id/qr.svg', async (request, reply) => {
    const charge = pixCharge(request.params.id);
    if (!charge) return reply.code(404).send();
    return reply
      .type('image/svg+xml')
      .send(await QRCode.toString(charge.copyPaste, { type: 'svg', margin: 2 }));
  });
  app.get<{ Params: { id: string } }>('/stripe/pix/:id', async (request, reply) => {
    const charge = pixCharge(request.params.id);
    if (!charge) return reply.code(404).send();
    return reply.type('text/html; charset=utf-8').send(instructionsPage(charge));
  });
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function instructionsPage(charge: StandinCharge): string {
  const pending = charge.status === 'pending';
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pague com PIX</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:24px auto;padding:0 16px;color:#1b1d21}
img{width:100%;max-width:280px;display:block;margin:16px auto}textarea{width:100%;height:96px}</style></head><body>
<h1>Pague com PIX</h1>
<p>${escapeHtml(charge.description)} · ${formatBRL(charge.amount)}</p>
${
  pending
    ? `<img src="/stripe/pix/${escapeHtml(charge.providerRef)}/qr.svg" alt="QR code PIX">
<label>PIX copia e cola<textarea readonly>${escapeHtml(charge.copyPaste)}</textarea></label>
<p>Válido até ${escapeHtml(charge.expiresAt)}</p>`
    : '<p>Este código PIX não está mais disponível.</p>'
}
</body></html>`;
}

// ---------------------------------------------------------------------------------------------
// Cards: PaymentIntents paid by card, customers and payment methods, Stripe.js's browser side

const vaults = new WeakMap<StandinContext, CardVault>();

function vaultOf(context: StandinContext): CardVault {
  let vault = vaults.get(context);
  if (!vault) {
    vault = new CardVault(
      context.dataFile ? context.dataFile.replace(/(\.json)?$/, '-stripe-cards.json') : null,
    );
    vaults.set(context, vault);
  }
  return vault;
}

/** The simulator's hand on a card: what its bank answers from now on (a saved card that stops paying). */
export function setCardBehaviour(
  context: StandinContext,
  paymentMethodId: string,
  behaviour: CardBehaviour,
): void {
  const method = vaultOf(context).methods.get(paymentMethodId);
  if (!method) throw new Error(`stand-in: no payment method ${paymentMethodId}`);
  method.behaviour = behaviour;
  vaultOf(context).save();
}

function isCardIntent(params: Params, apiVersion: string | null): boolean {
  const name =
    apiVersion !== null && apiVersion >= ALLOWED_TYPES_SINCE
      ? 'allowed_payment_method_types'
      : params.allowed_payment_method_types !== undefined
        ? 'allowed_payment_method_types'
        : 'payment_method_types';
  const types = list(params, name);
  return types?.length === 1 && types[0] === 'card';
}

const SETUP_FUTURE_USAGE = ['on_session', 'off_session'];

function ownMethod(context: StandinContext, account: Account, id: string, param: string): VaultPaymentMethod {
  const method = vaultOf(context).methods.get(id);
  if (!method || method.account !== account.secretKey) throw noSuch('payment_method', id, param);
  return method;
}

function ownCustomer(context: StandinContext, account: Account, id: string, param: string) {
  const customer = vaultOf(context).customers.get(id);
  if (!customer || customer.account !== account.secretKey) throw noSuch('customer', id, param);
  return customer;
}

function setupFutureUsageOf(params: Params): string | null {
  const value = text(params, 'setup_future_usage');
  if (value === undefined || value === '') return null;
  if (!SETUP_FUTURE_USAGE.includes(value)) {
    throw invalid(`Invalid setup_future_usage: must be one of ${SETUP_FUTURE_USAGE.join(', ')}`, {
      param: 'setup_future_usage',
    });
  }
  return value;
}

function createCardIntent(
  context: StandinContext,
  account: Account,
  params: Params,
  idempotencyKey: string | null,
): Handled {
  rejectUnknown(params, [
    'amount',
    'allowed_payment_method_types',
    'payment_method_types',
    'currency',
    'customer',
    'payment_method',
    'confirm',
    'setup_future_usage',
    'description',
    'metadata',
    'expand',
  ]);
  const amount = required(integer(params, 'amount'), 'amount');
  if (amount < AMOUNT.min || amount > AMOUNT.max) {
    throw invalid(`Amount must be between ${brl(AMOUNT.min)} and ${brl(AMOUNT.max)} brl`, {
      param: 'amount',
      code: amount < AMOUNT.min ? 'amount_too_small' : 'amount_too_large',
    });
  }
  if (required(text(params, 'currency'), 'currency').toLowerCase() !== 'brl') {
    throw invalid('This stand-in takes brl only.', { param: 'currency' });
  }
  const customerId = text(params, 'customer') ?? null;
  if (customerId) ownCustomer(context, account, customerId, 'customer');
  const methodId = text(params, 'payment_method') ?? null;
  const method = methodId ? ownMethod(context, account, methodId, 'payment_method') : null;
  if (method?.customer && method.customer !== customerId) {
    throw invalid(
      `The provided PaymentMethod ${method.id} belongs to another customer. Pass its customer to use it.`,
      { param: 'payment_method' },
    );
  }
  const confirm = text(params, 'confirm') === 'true';
  if (confirm && !method) {
    throw invalid('You cannot confirm this PaymentIntent because it is missing a payment method.', {
      param: 'payment_method',
      code: 'payment_intent_unexpected_state',
    });
  }
  const expand = expansions(params, ['latest_charge', 'payment_method']);
  const meta = metadata(params);
  const earlier = idempotencyKey
    ? context.book
        .list()
        .find(
          (charge) =>
            charge.shape === 'stripe' &&
            charge.account === account.secretKey &&
            extraOf(charge).idempotencyKey === idempotencyKey,
        )
    : undefined;
  if (earlier) return { status: 200, body: paymentIntent(earlier, context, expand) };
  const suffix = base62(24);
  const id = `pi_${suffix}`;
  const extra: StripeExtra = {
    clientSecret: `${id}_secret_${base62(25)}`,
    chargeId: `ch_${suffix}`,
    paymentMethodId: '',
    metadata: meta,
    idempotencyKey,
    apiVersion: null,
    pixOptions: { expires_after_seconds: null, expires_at: null },
    card: {
      state: 'requires_payment_method',
      customer: customerId,
      setupFutureUsage: setupFutureUsageOf(params),
      lastError: null,
      authorizationCode: null,
      method: null,
    },
  };
  const charge = context.book.create({
    shape: 'stripe',
    account: account.secretKey,
    providerRef: id,
    reference: meta.reference ?? idempotencyKey ?? id,
    amount,
    description: text(params, 'description') ?? '',
    copyPaste: '',
    // An unconfirmed card PaymentIntent does not lapse at Stripe; the merchant cancels it.
    expiresAt: new Date(context.now().getTime() + 7 * 24 * 3600 * 1000).toISOString(),
    notificationUrl: account.webhookUrl,
    extra: extra as unknown as Record<string, unknown>,
  });
  if (confirm && method) return confirmCard(context, charge, method, null, expand);
  return { status: 200, body: paymentIntent(charge, context, expand) };
}

/** A confirmation with a card: paid, declined (the customer may try again) or waiting for 3-D Secure. */
function confirmCard(
  context: StandinContext,
  charge: StandinCharge,
  method: VaultPaymentMethod,
  setupFutureUsage: string | null,
  expand: string[],
): Handled {
  const extra = extraOf(charge);
  const card = extra.card!;
  const state = paymentIntentStatus(charge);
  if (state !== 'requires_payment_method' && state !== 'requires_action') {
    return {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot confirm this PaymentIntent because it has a status of ${state}.`,
          payment_intent: paymentIntent(charge, context, expand),
        },
      },
    };
  }
  extra.paymentMethodId = method.id;
  card.method = {
    brand: method.brand,
    last4: method.last4,
    exp_month: method.expMonth,
    exp_year: method.expYear,
    funding: 'credit',
  };
  if (setupFutureUsage) card.setupFutureUsage = setupFutureUsage;
  if (method.behaviour === 'declined' || method.behaviour === 'insufficient_funds') {
    card.state = 'requires_payment_method';
    card.lastError = { ...DECLINES[method.behaviour], payment_method: method.id };
    context.book.touch();
    return {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          ...DECLINES[method.behaviour],
          payment_method: paymentMethodObject(method),
          payment_intent: paymentIntent(charge, context, expand),
        },
      },
    };
  }
  if (method.behaviour === 'requires_3ds') {
    card.state = 'requires_action';
    card.lastError = null;
    context.book.touch();
    return { status: 200, body: paymentIntent(charge, context, expand) };
  }
  payCard(context, charge, method);
  return { status: 200, body: paymentIntent(charge, context, expand) };
}

function payCard(context: StandinContext, charge: StandinCharge, method: VaultPaymentMethod): void {
  const card = extraOf(charge).card!;
  card.lastError = null;
  card.authorizationCode = String(100_000 + (randomBytes(3).readUIntBE(0, 3) % 900_000));
  // Saving a card for later is attaching it to the PaymentIntent's customer once it succeeded.
  if (card.setupFutureUsage && card.customer && !method.customer) {
    method.customer = card.customer;
    vaultOf(context).save();
  }
  context.book.move(charge.id, 'paid');
}

/** Browser calls come from the merchant's page: CORS as Stripe's API answers it. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Authorization, Content-Type, Stripe-Version',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-max-age': '300',
};

function browserRoute(
  app: FastifyInstance,
  context: StandinContext,
  method: 'GET' | 'POST',
  path: string,
  handler: (input: {
    params: Params;
    account: Account;
    publishable: boolean;
    pathParams: Record<string, string>;
  }) => Handled,
): void {
  app.route<{ Params: Record<string, string> }>({
    method,
    url: path,
    handler: async (request, reply) => {
      reply.headers(CORS);
      try {
        const params = method === 'GET' ? queryParams(request) : bodyParams(request);
        // Stripe.js sends the publishable key as `key`; servers in the Authorization header.
        if (typeof params.key === 'string' && !request.headers.authorization) {
          request.headers.authorization = `Bearer ${params.key}`;
        }
        delete params.key;
        const { account, publishable } = keyedAccount(request, context, true);
        const result = handler({ params, account, publishable, pathParams: request.params });
        return send(reply, result.status, result.body);
      } catch (error) {
        if (error instanceof StripeFailure) return send(reply, error.status, error.body);
        throw error;
      }
    },
  });
}

function clientSecretChecked(charge: StandinCharge, params: Params, publishable: boolean): void {
  const secret = text(params, 'client_secret');
  if (publishable && secret !== extraOf(charge).clientSecret) {
    throw new StripeFailure(400, {
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_invalid_parameter',
        param: 'client_secret',
        message:
          'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
      },
    });
  }
}

function registerCardRoutes(app: FastifyInstance, context: StandinContext): void {
  app.options('/v1/*', async (_request, reply) => reply.headers(CORS).code(204).send());

  // The kit and its frames, as js.stripe.com serves them.
  app.get('/v3', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(kitScript()),
  );
  app.get('/v3/', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(kitScript()),
  );
  app.get<{ Querystring: { locale?: string; color?: string; font?: string; fonts?: string } }>(
    '/v3/elements/card',
    async (request, reply) => reply.type('text/html; charset=utf-8').send(cardElementPage(request.query)),
  );

  browserRoute(app, context, 'POST', '/v1/payment_methods', ({ params, account }) => {
    rejectUnknown(params, ['type', 'card', 'billing_details', 'metadata']);
    if (required(text(params, 'type'), 'type') !== 'card') {
      throw invalid('This stand-in makes card payment methods only.', { param: 'type' });
    }
    const card = required(object(params, 'card'), 'card');
    rejectUnknown(card, ['number', 'exp_month', 'exp_year', 'cvc'], 'card');
    const number = (text(card, 'number', 'card[number]') ?? '').replace(/\D/g, '');
    const cardError = (code: string, message: string, param: string) =>
      new StripeFailure(402, { error: { type: 'card_error', code, message, param } });
    if (!luhnValid(number)) throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
    const month = Number(text(card, 'exp_month', 'card[exp_month]'));
    const year = Number(text(card, 'exp_year', 'card[exp_year]'));
    const now = context.now();
    if (!(month >= 1 && month <= 12)) {
      throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
    }
    if (!(year >= now.getUTCFullYear()) || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
      throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
    }
    if (!/^\d{3,4}$/.test(text(card, 'cvc', 'card[cvc]') ?? '')) {
      throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
    }
    const method: VaultPaymentMethod = {
      id: stripeId('pm'),
      account: account.secretKey,
      brand: brandOf(number),
      last4: number.slice(-4),
      expMonth: month,
      expYear: year,
      behaviour: behaviourOf(number),
      customer: null,
      created: seconds(now),
    };
    const vault = vaultOf(context);
    vault.methods.set(method.id, method);
    vault.save();
    return { status: 200, body: paymentMethodObject(method) };
  });

  browserRoute(
    app,
    context,
    'POST',
    '/v1/payment_intents/:id/confirm',
    ({ params, account, publishable, pathParams }) => {
      rejectUnknown(params, [
        'client_secret',
        'payment_method',
        'setup_future_usage',
        'return_url',
        'expand',
      ]);
      const charge = ownCharge(context, account, pathParams.id!, 'intent');
      clientSecretChecked(charge, params, publishable);
      if (!extraOf(charge).card) {
        throw invalid('This stand-in confirms card PaymentIntents only.', { param: 'payment_method' });
      }
      const methodId = required(text(params, 'payment_method'), 'payment_method');
      const method = ownMethod(context, account, methodId, 'payment_method');
      const customer = extraOf(charge).card!.customer;
      if (method.customer && method.customer !== customer)
        throw noSuch('payment_method', methodId, 'payment_method');
      return confirmCard(
        context,
        charge,
        method,
        setupFutureUsageOf(params),
        expansions(params, ['latest_charge']),
      );
    },
  );

  // Newest first, as Stripe lists; created[gt|gte|lt|lte], limit 1-100, starting_after / ending_before.
  get(app, context, '/v1/payment_intents', ({ params, account }) => {
    rejectUnknown(params, ['created', 'limit', 'starting_after', 'ending_before', 'expand', 'customer']);
    const created = params.created;
    const range: Record<string, number> = {};
    if (typeof created === 'string') {
      if (!/^\d+$/.test(created)) throw invalid('Invalid integer: created', { param: 'created' });
      range.gte = range.lte = Number(created);
    } else if (created !== undefined && !Array.isArray(created)) {
      rejectUnknown(created, ['gt', 'gte', 'lt', 'lte'], 'created');
      for (const [key, value] of Object.entries(created)) {
        if (typeof value !== 'string' || !/^\d+$/.test(value)) {
          throw invalid(`Invalid integer: created[${key}]`, { param: `created[${key}]` });
        }
        range[key] = Number(value);
      }
    }
    const limitText = text(params, 'limit');
    const limit = limitText === undefined ? 10 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw invalid('Invalid limit: must be between 1 and 100', { param: 'limit' });
    }
    const expand = expansions(params, ['data.latest_charge', 'data.payment_method']).map((path) =>
      path.replace(/^data\./, ''),
    );
    const inRange = (at: number) =>
      (range.gt === undefined || at > range.gt) &&
      (range.gte === undefined || at >= range.gte) &&
      (range.lt === undefined || at < range.lt) &&
      (range.lte === undefined || at <= range.lte);
    const customer = text(params, 'customer');
    // The ledger lists newest first; charges of the same second keep that order.
    let intents = context.book
      .list()
      .filter((charge) => charge.shape === 'stripe' && charge.account === account.secretKey)
      .filter((charge) => inRange(seconds(charge.createdAt)))
      .filter((charge) => customer === undefined || extraOf(charge).card?.customer === customer);
    const after = text(params, 'starting_after');
    const before = text(params, 'ending_before');
    if (after !== undefined) {
      const at = intents.findIndex((charge) => charge.providerRef === after);
      if (at === -1) throw noSuch('payment_intent', after, 'starting_after');
      intents = intents.slice(at + 1);
    } else if (before !== undefined) {
      const at = intents.findIndex((charge) => charge.providerRef === before);
      if (at === -1) throw noSuch('payment_intent', before, 'ending_before');
      intents = intents.slice(Math.max(0, at - limit), at);
    }
    return {
      object: 'list',
      data: intents.slice(0, limit).map((charge) => paymentIntent(charge, context, expand)),
      has_more: intents.length > limit,
      url: '/v1/payment_intents',
    };
  });

  browserRoute(
    app,
    context,
    'GET',
    '/v1/payment_intents/:id',
    ({ params, account, publishable, pathParams }) => {
      rejectUnknown(params, ['expand', 'client_secret']);
      const charge = ownCharge(context, account, pathParams.id!, 'intent');
      clientSecretChecked(charge, params, publishable);
      // A browser with the publishable key sees the PaymentIntent, not its Charge.
      const expand = expansions(params, publishable ? [] : ['latest_charge', 'payment_method']);
      return { status: 200, body: paymentIntent(charge, context, expand) };
    },
  );

  post(app, context, '/v1/customers', ({ params, account }) => {
    rejectUnknown(params, ['email', 'name', 'description', 'metadata']);
    const customer = {
      id: stripeId('cus', 14),
      account: account.secretKey,
      email: text(params, 'email') ?? null,
      name: text(params, 'name') ?? null,
      metadata: metadata(params),
      created: seconds(context.now()),
    };
    const vault = vaultOf(context);
    vault.customers.set(customer.id, customer);
    vault.save();
    return { status: 200, body: customerObject(customer) };
  });

  get(app, context, '/v1/customers/:id', ({ account, pathParams }) =>
    customerObject(ownCustomer(context, account, pathParams.id!, 'id')),
  );

  get(app, context, '/v1/customers/:id/payment_methods', ({ params, account, pathParams }) => {
    rejectUnknown(params, ['type', 'limit']);
    const customer = ownCustomer(context, account, pathParams.id!, 'customer');
    const data = [...vaultOf(context).methods.values()]
      .filter((method) => method.customer === customer.id)
      .map(paymentMethodObject);
    return { object: 'list', data, has_more: false, url: `/v1/customers/${customer.id}/payment_methods` };
  });

  get(app, context, '/v1/payment_methods/:id', ({ account, pathParams }) =>
    paymentMethodObject(ownMethod(context, account, pathParams.id!, 'payment_method')),
  );

  post(app, context, '/v1/payment_methods/:id/detach', ({ params, account, pathParams }) => {
    rejectUnknown(params, ['expand']);
    const method = ownMethod(context, account, pathParams.id!, 'payment_method');
    if (!method.customer) {
      throw invalid(
        `The payment method you provided is not attached to a customer so detachment is impossible.`,
        {
          param: 'payment_method',
        },
      );
    }
    method.customer = null;
    vaultOf(context).save();
    return { status: 200, body: paymentMethodObject(method) };
  });

  // The issuer's 3-D Secure challenge, opened by the kit in a frame over the merchant's page.
  const challenged = (id: string, secret: unknown) => {
    const charge = context.book.find('stripe', id);
    if (!charge || !extraOf(charge).card || secret !== extraOf(charge).clientSecret) return null;
    return charge;
  };
  app.get<{ Params: { id: string }; Querystring: { client_secret?: string } }>(
    '/stripe/3ds/:id',
    async (request, reply) => {
      const charge = challenged(request.params.id, request.query.client_secret);
      if (!charge) return reply.code(404).send();
      return reply.type('text/html; charset=utf-8').send(
        challengePage({
          intentId: charge.providerRef,
          clientSecret: extraOf(charge).clientSecret,
          amountText: formatBRL(charge.amount),
          last4: extraOf(charge).card!.method?.last4 ?? '',
        }),
      );
    },
  );
  app.post<{ Params: { id: string; outcome: string }; Body: { client_secret?: string } }>(
    '/stripe/3ds/:id/:outcome',
    async (request, reply) => {
      const charge = challenged(request.params.id, request.body?.client_secret);
      if (!charge || !['complete', 'fail'].includes(request.params.outcome)) return reply.code(404).send();
      const card = extraOf(charge).card!;
      if (paymentIntentStatus(charge) === 'requires_action') {
        const method = vaultOf(context).methods.get(extraOf(charge).paymentMethodId);
        if (request.params.outcome === 'complete' && method) {
          payCard(context, charge, method);
        } else {
          card.state = 'requires_payment_method';
          card.lastError = {
            ...DECLINES.authentication_failed,
            payment_method: extraOf(charge).paymentMethodId,
          };
          context.book.touch();
        }
      }
      return reply.type('text/html; charset=utf-8').send(challengeDonePage());
    },
  );
}

export const stripeShape: StandinShapeModule = {
  shape: 'stripe',
  routes,
  notifications: notificationsOf,
};
