import { createHmac, timingSafeEqual } from 'node:crypto';
import { centavosFromDecimalReais, centavosToReaisNumber, storeIsoText } from '@comanda/domain';
import {
  type CardKit,
  type CardOnFile,
  type CardPayments,
  type ChargeState,
  type ListedCharge,
  type NotificationInput,
  NotificationRefused,
  type PixCharge,
  type PixChargeRequest,
  type PixProvider,
  ProviderError,
  type TokenPayment,
  type TokenPaymentRequest,
  type VerifiedNotification,
} from './provider.ts';

/*
 * The official SDK's request bodies (the `mercadopago` package, a development dependency: types
 * only, erased from the bundle). Every body this adapter sends is written `satisfies` one of them,
 * so a field the SDK does not know, or of another type, fails the typecheck naming it (issue 37).
 */
type SdkPaymentCreate = Parameters<import('mercadopago').Payment['create']>[0]['body'];
type SdkRefundCreate = NonNullable<Parameters<import('mercadopago').PaymentRefund['create']>[0]['body']>;
type SdkCustomerCreate = Parameters<import('mercadopago').Customer['create']>[0]['body'];
type SdkCustomerCardCreate = Parameters<import('mercadopago').CustomerCard['create']>[0]['body'];

/*
 * Mercado Pago's PIX through its payments API (https://api.mercadopago.com), as a thin fetch
 * client: the official Node SDK hard-codes its base URL, so it could not be pointed at the local
 * stand-in PSP. A charge is a payment with `payment_method_id: 'pix'`; our reference is its
 * X-Idempotency-Key and external_reference, so a retried creation answers the same payment.
 *
 * Webhooks are signed in `x-signature: ts=<ts>,v1=<hex>`: an HMAC-SHA256 with the application's
 * secret over `id:<data.id of the query, lower-case>;request-id:<x-request-id>;ts:<ts>;` (a pair
 * whose value is absent is left out). The body itself is not signed, so it only gives the event id.
 */

export interface MercadoPagoConfig {
  /** https://api.mercadopago.com, or the stand-in's `<url>/mercadopago`. */
  baseUrl: string;
  accessToken: string;
  webhookSecret: string;
  /** The account's public key, for the SDK in the customer's browser (cards). */
  publicKey?: string | null;
  /** Where the SDK comes from (https://sdk.mercadopago.com/js/v2, or the stand-in's). */
  kitUrl?: string;
  now?: () => Date;
  /** Per call; 10 s when not given. */
  timeoutMs?: number;
}

/**
 * How old a notification's signed ts may be. Mercado Pago retries an unanswered notification later
 * (minutes apart); a retry refused as stale is not lost, since reconciliation reads pending payments
 * (docs/decisions/0018-online-payments-pix.md). The window bounds replays of a captured delivery.
 */
export const SIGNATURE_MAX_AGE_MS = 5 * 60_000;
/** How far ahead of our clock a ts may be: clock skew, not more. */
export const SIGNATURE_MAX_SKEW_MS = 60_000;

const DEFAULT_TIMEOUT_MS = 10_000;
/**
 * A PIX payment's date_of_expiration must fall 30 minutes to 30 days after its creation
 * (Mercado Pago's Pix docs; the 5-minute minimum became 30 in mercadopago/devsite-docs#2062).
 * A shorter deadline of the store's is kept by cancelling the payment when it passes (the
 * service's refresh), so the provider's expiry is only the latest the code can be paid.
 */
export const PIX_EXPIRY_SECONDS = { min: 30 * 60, max: 30 * 24 * 60 * 60 };
/** A little over the minimum: the request's date is counted from Mercado Pago's clock, not ours. */
const EXPIRY_MARGIN_SECONDS = 60;
/** Payments per page of GET /v1/payments/search. */
const SEARCH_PAGE = 100;
/** Mercado Pago answers no more than this many (offset + limit) through one search. */
const SEARCH_MAX_OFFSET = 10_000;
/** Mercado Pago's dates are written on its own clock, Brasília time; it takes any offset for the same instant. */
const MERCADO_PAGO_TIME_ZONE = 'America/Sao_Paulo';

/** Reais Mercado Pago answered, as centavos; an amount with a third decimal is not believed. */
function centavosAnswered(reais: unknown, field: string): number {
  const centavos = centavosFromDecimalReais(reais);
  if (centavos === null) {
    throw new ProviderError(
      `Mercado Pago answered a ${field} that is not reais and centavos: ${String(reais)}`,
    );
  }
  return centavos;
}

/** yyyy-MM-dd'T'HH:mm:ss.SSS-03:00, the date format Mercado Pago's API documents. */
export function mercadoPagoDate(date: Date): string {
  return storeIsoText(date, MERCADO_PAGO_TIME_ZONE, true);
}

/** The part of Mercado Pago's payment the adapter reads. */
interface MpPayment {
  id: number | string;
  status?: string;
  status_detail?: string | null;
  authorization_code?: string | null;
  three_ds_info?: { external_resource_url?: string | null; creq?: string | null } | null;
  transaction_amount?: number | null;
  transaction_amount_refunded?: number | null;
  date_approved?: string | null;
  date_of_expiration?: string | null;
  transaction_details?: { total_paid_amount?: number | null } | null;
  point_of_interaction?: {
    transaction_data?: { qr_code?: string | null; qr_code_base64?: string | null } | null;
  } | null;
}

interface CallOptions {
  body?: unknown;
  idempotencyKey?: string;
}

/** A header's one value; a repeated header is taken as absent (it cannot be told which one counts). */
function header(headers: NotificationInput['headers'], name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

function parseSignature(value: string): { ts: string; v1: string } | null {
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of value.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const text = part.slice(at + 1).trim();
    if (key === 'ts') ts = text;
    if (key === 'v1') v1 = text;
  }
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-fA-F]{64}$/.test(v1)) return null;
  return { ts, v1 };
}

/**
 * The signing moment. Mercado Pago sends ts in seconds (the docs' example has ten digits, and the
 * official SDK's WebhookSignatureValidator multiplies it by 1000); thirteen digits, as an older
 * integration of ours signed, are read as milliseconds.
 */
function signedAtMs(ts: string): number {
  return ts.length <= 10 ? Number(ts) * 1000 : Number(ts);
}

/** Mercado Pago's error text (`message` and its first cause), short, for logs and the store. */
function errorText(text: string): string {
  try {
    const body = JSON.parse(text) as {
      message?: unknown;
      cause?: { code?: unknown; description?: unknown }[];
    };
    const cause = Array.isArray(body.cause) ? body.cause[0] : undefined;
    const parts = [
      typeof body.message === 'string' ? body.message : null,
      cause ? `cause ${String(cause.code)}: ${String(cause.description)}` : null,
    ].filter(Boolean);
    return parts.join('; ').slice(0, 300) || 'no message';
  } catch {
    return 'no message';
  }
}

export class MercadoPagoProvider implements PixProvider {
  readonly kind = 'mercadopago';
  readonly refunds = true;
  readonly notifies = true;
  readonly cards?: CardPayments;
  private readonly baseUrl: string;
  private readonly now: () => Date;
  private readonly timeoutMs: number;

  constructor(private readonly config: MercadoPagoConfig) {
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
    this.now = config.now ?? (() => new Date());
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    if (config.publicKey) {
      const kitUrl = config.kitUrl ?? 'https://sdk.mercadopago.com/js/v2';
      this.cards = new MercadoPagoCards(this, {
        provider: 'mercadopago',
        scriptUrl: kitUrl,
        publicKey: config.publicKey,
        // The SDK, its secure fields' frames and the API it calls from the browser.
        origins: [
          ...new Set([
            new URL(kitUrl).origin,
            new URL(this.baseUrl).origin,
            'https://sdk.mercadopago.com',
            'https://api.mercadopago.com',
            'https://api-static.mercadopago.com',
            'https://secure-fields.mercadopago.com',
          ]),
        ],
      });
    }
  }

  async createPixCharge(request: PixChargeRequest): Promise<PixCharge> {
    const seconds = Math.min(
      PIX_EXPIRY_SECONDS.max,
      Math.max(PIX_EXPIRY_SECONDS.min + EXPIRY_MARGIN_SECONDS, Math.round(request.expiresInSeconds)),
    );
    const expiresAt = new Date(this.now().getTime() + seconds * 1000);
    const payment = await this.call<MpPayment>('POST', '/v1/payments', {
      idempotencyKey: request.reference,
      body: {
        transaction_amount: centavosToReaisNumber(request.amount),
        description: request.description,
        payment_method_id: 'pix',
        payer: { email: request.payerEmail },
        external_reference: request.reference,
        notification_url: request.notificationUrl,
        date_of_expiration: mercadoPagoDate(expiresAt),
      } satisfies SdkPaymentCreate,
    });
    const data = payment.point_of_interaction?.transaction_data;
    if (!data?.qr_code) throw new ProviderError('Mercado Pago answered a payment without a PIX code');
    // Our reference is the idempotency key: another amount means the key was reused for another charge.
    if (centavosFromDecimalReais(payment.transaction_amount) !== request.amount) {
      throw new ProviderError('Mercado Pago answered a payment of another amount for this reference');
    }
    return {
      providerRef: String(payment.id),
      copyPaste: data.qr_code,
      qrPngBase64: data.qr_code_base64 || null,
      // The provider's expiry, which may be later than the store's own (kept by the service).
      expiresAt: payment.date_of_expiration ? new Date(payment.date_of_expiration) : expiresAt,
    };
  }

  /**
   * The payments created in the period: GET /v1/payments/search with range=date_created,
   * begin_date/end_date (Mercado Pago's date format) and offset/limit paging. end_date is
   * inclusive there; a payment created at `to` itself is left out here.
   */
  async listCharges(period: { from: Date; to: Date }): Promise<ListedCharge[]> {
    const listed: ListedCharge[] = [];
    for (let offset = 0; offset < SEARCH_MAX_OFFSET; offset += SEARCH_PAGE) {
      const query = new URLSearchParams({
        sort: 'date_created',
        criteria: 'asc',
        range: 'date_created',
        begin_date: mercadoPagoDate(period.from),
        end_date: mercadoPagoDate(period.to),
        limit: String(SEARCH_PAGE),
        offset: String(offset),
      });
      const page = await this.call<{
        results?: (MpPayment & { external_reference?: string | null; date_created?: string | null })[];
        paging?: { total?: number; limit?: number; offset?: number };
      }>('GET', `/v1/payments/search?${query}`);
      const results = page.results;
      if (!Array.isArray(results) || typeof page.paging?.total !== 'number') {
        throw new ProviderError('Mercado Pago answered a payments search without results and paging');
      }
      for (const payment of results) {
        const createdAt = new Date(String(payment.date_created));
        if (Number.isNaN(createdAt.getTime()) || createdAt >= period.to || createdAt < period.from) continue;
        const state = stateOf(payment);
        listed.push({
          providerRef: String(payment.id),
          reference: payment.external_reference ?? null,
          status: state.status,
          amount: centavosAnswered(payment.transaction_amount ?? 0, 'transaction_amount'),
          paidAmount: state.paidAmount,
          refundedAmount: centavosAnswered(
            payment.transaction_amount_refunded ?? 0,
            'transaction_amount_refunded',
          ),
          createdAt,
        });
      }
      if (results.length === 0 || offset + results.length >= page.paging.total) return listed;
    }
    throw new ProviderError(`Mercado Pago: more than ${SEARCH_MAX_OFFSET} payments in the period`);
  }

  async getCharge(providerRef: string): Promise<ChargeState> {
    return stateOf(await this.call<MpPayment>('GET', this.paymentPath(providerRef)));
  }

  async cancelCharge(providerRef: string): Promise<ChargeState> {
    try {
      const payment = await this.call<MpPayment>('PUT', this.paymentPath(providerRef), {
        // Exactly what the SDK's own Payment.cancel sends (mercadopago dist/clients/payment/cancel).
        body: { status: 'cancelled' },
      });
      return stateOf(payment);
    } catch (error) {
      // 400: no longer pending (paid, expired, already cancelled); what it is now is the answer.
      if (error instanceof ProviderError && error.status === 400) return this.getCharge(providerRef);
      throw error;
    }
  }

  async refund(providerRef: string, amount: number, reference: string): Promise<void> {
    if (!Number.isSafeInteger(amount) || amount <= 0)
      throw new RangeError(`cannot refund ${amount} centavos`);
    await this.call('POST', `${this.paymentPath(providerRef)}/refunds`, {
      idempotencyKey: reference,
      body: { amount: centavosToReaisNumber(amount) } satisfies SdkRefundCreate,
    });
  }

  verifyNotification(input: NotificationInput, now: Date): VerifiedNotification {
    const signatureHeader = header(input.headers, 'x-signature');
    if (!signatureHeader) throw new NotificationRefused('no x-signature header');
    const signature = parseSignature(signatureHeader);
    if (!signature) throw new NotificationRefused('malformed x-signature header');
    const dataId = input.query['data.id'];
    if (!dataId) throw new NotificationRefused('no data.id in the query');
    const requestId = header(input.headers, 'x-request-id');

    const manifest = `id:${dataId.toLowerCase()};${requestId ? `request-id:${requestId};` : ''}ts:${signature.ts};`;
    const expected = createHmac('sha256', this.config.webhookSecret).update(manifest).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature.v1, 'hex'))) {
      throw new NotificationRefused('x-signature does not match');
    }
    const age = now.getTime() - signedAtMs(signature.ts);
    if (age > SIGNATURE_MAX_AGE_MS) throw new NotificationRefused('x-signature is too old');
    if (age < -SIGNATURE_MAX_SKEW_MS) throw new NotificationRefused('x-signature is dated in the future');

    let body: { id?: unknown; type?: unknown; data?: { id?: unknown } | null };
    try {
      body = JSON.parse(input.rawBody.toString('utf8')) ?? {};
    } catch {
      throw new NotificationRefused('the body is not JSON');
    }
    if (
      body.data?.id !== undefined &&
      body.data.id !== null &&
      String(body.data.id).toLowerCase() !== dataId.toLowerCase()
    ) {
      throw new NotificationRefused('the body names another payment than the signed one');
    }
    const eventId =
      typeof body.id === 'number' || (typeof body.id === 'string' && body.id !== '')
        ? String(body.id)
        : requestId;
    if (!eventId) throw new NotificationRefused('no notification id to tell deliveries apart');
    // Webhooks of other topics (merchant orders…) may reach the same URL: nothing of ours to read.
    const type = input.query.type ?? input.query.topic ?? body.type;
    const providerRefs = type === undefined || type === 'payment' ? [dataId] : [];
    return { eventId, providerRefs, claimedAmounts: new Map() };
  }

  private paymentPath(providerRef: string): string {
    // Mercado Pago's payment ids are numbers; anything else would change the path.
    if (!/^\d+$/.test(providerRef)) throw new ProviderError(`not a Mercado Pago payment id: ${providerRef}`);
    return `/v1/payments/${providerRef}`;
  }

  /** For the card side, which shares the client. */
  request<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    return this.call<T>(method, path, options);
  }

  private async call<T>(method: string, path: string, options: CallOptions = {}): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.config.accessToken}`,
          accept: 'application/json',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.idempotencyKey ? { 'x-idempotency-key': options.idempotencyKey } : {}),
        },
        body: options.body === undefined ? null : JSON.stringify(options.body),
        signal: AbortSignal.timeout(this.timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw Object.assign(new ProviderError(`Mercado Pago ${method} ${path} ${reason}`), { cause: error });
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      throw new ProviderError(
        `Mercado Pago ${method} ${path} answered ${response.status}: ${errorText(text)}`,
        response.status,
      );
    }
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ProviderError(
        `Mercado Pago ${method} ${path} answered a body that is not JSON`,
        response.status,
      );
    }
  }
}

/** A Mercado Pago payment's state in our words. */
function stateOf(payment: MpPayment): ChargeState {
  const detail = [payment.status, payment.status_detail].filter(Boolean).join('/') || null;
  const paid = (): Pick<ChargeState, 'paidAmount' | 'paidAt'> => {
    // total_paid_amount holds the charged amount before payment and what was paid after.
    const amount = payment.transaction_details?.total_paid_amount ?? payment.transaction_amount;
    return {
      paidAmount: typeof amount === 'number' ? centavosAnswered(amount, 'total_paid_amount') : null,
      paidAt: payment.date_approved ? new Date(payment.date_approved) : null,
    };
  };
  switch (payment.status) {
    // in_mediation: the payer opened a dispute; the money came and is held, the order was paid.
    case 'approved':
    case 'in_mediation':
      return {
        status: 'paid',
        ...paid(),
        detail,
        ...(payment.authorization_code ? { authorizationCode: payment.authorization_code } : {}),
      };
    case 'rejected':
      return { status: 'failed', paidAmount: null, paidAt: null, detail };
    // Mercado Pago reports an expired PIX payment cancelled, with status_detail expired.
    case 'cancelled':
      return {
        status: payment.status_detail === 'expired' ? 'expired' : 'canceled',
        paidAmount: null,
        paidAt: null,
        detail,
      };
    case 'refunded':
    case 'charged_back':
      return { status: 'refunded', ...paid(), detail };
    // pending, in_process, authorized and any status we do not know: nothing moves on it.
    default:
      return { status: 'pending', paidAmount: null, paidAt: null, detail };
  }
}

/** Mercado Pago's payment_method_id in the spec's three brands. */
const cardBrand = (paymentMethodId: string | undefined): CardOnFile['brand'] =>
  paymentMethodId === 'visa' ? 'visa' : paymentMethodId === 'master' ? 'mastercard' : 'other';

/**
 * Cards through Mercado Pago (the token flow): the SDK's secure fields make a card token in the
 * browser, the server pays with it (`POST /v1/payments` with `token`, one installment,
 * `three_d_secure_mode: optional`); a card is kept on the payer's customer with a token of its own
 * (`POST /v1/customers/:id/cards`), and a saved card pays with a token made from it and its
 * security code. A declined payment is final at Mercado Pago: the attempt stays open for another card.
 */
class MercadoPagoCards implements CardPayments {
  readonly flow = 'token' as const;

  constructor(
    private readonly client: MercadoPagoProvider,
    private readonly cardKit: CardKit,
  ) {}

  kit(): CardKit {
    return this.cardKit;
  }

  async createCustomer(customer: { reference: string; email: string; name: string }): Promise<string> {
    try {
      const created = await this.client.request<{ id: string }>('POST', '/v1/customers', {
        body: {
          email: customer.email,
          first_name: customer.name,
          description: customer.reference,
        } satisfies SdkCustomerCreate,
      });
      return created.id;
    } catch (error) {
      // The e-mail already has a customer at this account: that one.
      if (!(error instanceof ProviderError) || error.status !== 400) throw error;
      const found = await this.client.request<{ results?: { id: string }[] }>(
        'GET',
        `/v1/customers/search?email=${encodeURIComponent(customer.email)}`,
      );
      const id = found.results?.[0]?.id;
      if (!id) throw error;
      return id;
    }
  }

  async payWithToken(request: TokenPaymentRequest): Promise<TokenPayment> {
    const payer =
      'customer' in request.payer ? { type: 'customer', id: request.payer.customer } : request.payer;
    const payment = await this.client.request<MpPayment>('POST', '/v1/payments', {
      idempotencyKey: request.attemptKey,
      body: {
        transaction_amount: centavosToReaisNumber(request.amount),
        token: request.token,
        installments: 1,
        payment_method_id: request.paymentMethodId,
        payer,
        description: request.description,
        external_reference: request.reference,
        notification_url: request.notificationUrl,
        three_d_secure_mode: 'optional',
      } satisfies SdkPaymentCreate,
    });
    if (centavosFromDecimalReais(payment.transaction_amount) !== request.amount) {
      throw new ProviderError('Mercado Pago answered a card payment of another amount');
    }
    const info = payment.three_ds_info;
    const challenge =
      payment.status === 'pending' &&
      payment.status_detail === 'pending_challenge' &&
      info?.external_resource_url &&
      info.creq
        ? { url: info.external_resource_url, creq: info.creq }
        : null;
    return {
      providerRef: String(payment.id),
      state: stateOf(payment),
      declineReason: payment.status === 'rejected' ? (payment.status_detail ?? 'rejected') : null,
      challenge,
    };
  }

  async keepCard(providerCustomer: string, token: string): Promise<CardOnFile> {
    const card = await this.client.request<{
      id: string | number;
      last_four_digits?: string;
      payment_method?: { id?: string };
    }>('POST', `/v1/customers/${encodeURIComponent(providerCustomer)}/cards`, {
      body: { token } satisfies SdkCustomerCardCreate,
    });
    return {
      methodId: String(card.id),
      brand: cardBrand(card.payment_method?.id),
      last4: card.last_four_digits ?? '',
    };
  }

  async detachCard(methodId: string, providerCustomer: string | null): Promise<void> {
    if (!providerCustomer) return;
    try {
      await this.client.request(
        'DELETE',
        `/v1/customers/${encodeURIComponent(providerCustomer)}/cards/${encodeURIComponent(methodId)}`,
      );
    } catch (error) {
      if (!(error instanceof ProviderError) || error.status !== 404) throw error;
    }
  }
}
