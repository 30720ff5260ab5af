import { createHash, createHmac, randomInt, randomUUID } from 'node:crypto';
import { buildBrCode, centavosFromDecimalReais, centavosToReaisNumber, formatBRL } from '@comanda/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import type { StandinCharge } from '../charges.ts';
import type { StandinContext, StandinShapeModule } from '../context.ts';
import type { OutgoingNotification } from '../notifier.ts';
import { creqOf, mpOutcomeOf, mpVaultOf, registerMpCardRoutes } from './mercadopago-cards.ts';

/*
 * Mercado Pago's payments API as the stand-in speaks it, under /mercadopago (the adapter's base URL
 * is `<stand-in>/mercadopago` where the real one is https://api.mercadopago.com). PIX, and cards
 * paid with a card token (`token`, `payment_method_id`, `installments`, `three_d_secure_mode`; the
 * card side is in mercadopago-cards.ts):
 *
 * - POST /v1/payments with `payment_method_id: 'pix'` and `X-Idempotency-Key` (the same key of the
 *   same account answers the payment it already created, as Mercado Pago does);
 * - GET /v1/payments/:id; PUT /v1/payments/:id with `{status: 'cancelled'}` (pending ones only);
 * - POST /v1/payments/:id/refunds (`X-Idempotency-Key`, optional `{amount}` in reais);
 * - Webhooks: `POST <notification_url>?data.id=<id>&type=payment` with `x-signature: ts=…,v1=…`,
 *   an HMAC-SHA256 (hex) with the account's secret over `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`.
 *   ts is in seconds, as the docs' example and the official SDK's WebhookSignatureValidator read
 *   it, and data.id goes lower-case into the manifest, as the docs ask.
 * - GET /v1/payments/search (range=date_created, begin_date, end_date, sort, criteria, offset, limit).
 *
 * A PIX payment's date_of_expiration must be 30 minutes to 30 days ahead, as Mercado Pago's Pix
 * docs say (mercadopago/devsite-docs#2062 raised the minimum from 5 to 30 minutes); outside that,
 * 400 with the payments reference's cause 1 "Params Error".
 *
 * Errors have Mercado Pago's shape `{message, error, status, cause: [{code, description, data}]}`
 * with the cause codes of its API reference where it lists one.
 */

const PREFIX = '/mercadopago';
/** Mercado Pago's expiry of a PIX payment created without date_of_expiration. */
const DEFAULT_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** The span a PIX payment's date_of_expiration may take from its creation. */
const PIX_EXPIRY_MS = { min: 30 * 60 * 1000, max: 30 * 24 * 60 * 60 * 1000 };
/** GET /v1/payments/search: its default and largest page. */
const SEARCH_LIMIT = { default: 30, max: 1000 };
/** Mercado Pago answers dates in its own offset (-04:00), with milliseconds. */
const MP_OFFSET_MINUTES = -4 * 60;
/** yyyy-MM-dd'T'HH:mm:ss[.SSS] with an offset (or Z), the format the API asks for. */
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

interface MpAccount {
  accessToken: string;
  webhookSecret: string;
  publicKey?: string;
}

interface MpRefund {
  id: number;
  idempotencyKey: string;
  /** Centavos. */
  amount: number;
  createdAt: string;
}

/** What the shape keeps in a charge's `extra`. */
interface MpExtra {
  idempotencyKey: string;
  externalReference: string | null;
  payerEmail: string;
  qrCodeBase64: string;
  refunds: MpRefund[];
  /** Card payments only. */
  card?: MpCardPayment;
}

interface MpCardPayment {
  brand: string;
  firstSix: string;
  lastFour: string;
  holder: string;
  /** Mercado Pago's status_detail while pending or once rejected. */
  statusDetail: string;
  authorizationCode: string | null;
  /** The challenge the issuer asks for (pending_challenge). */
  creq: string | null;
  /** A payer that is a saved customer (`payer: {type: 'customer', id}`). */
  customerId: string | null;
  /** The saved card the token was made from. */
  cardId: string | null;
}

interface Cause {
  code: number | string;
  description: string;
}

function sendError(
  reply: FastifyReply,
  status: number,
  error: string,
  message: string,
  causes: Cause[] = [],
) {
  return reply.code(status).send({
    message,
    error,
    status,
    cause: causes.map((cause) => ({ ...cause, data: null })),
  });
}

const badRequest = (reply: FastifyReply, code: number | string, description: string) =>
  sendError(reply, 400, 'bad_request', description, [{ code, description }]);

const notFound = (reply: FastifyReply) =>
  sendError(reply, 404, 'not_found', 'Payment not found', [{ code: 2000, description: 'Payment not found' }]);

function mpDate(iso: string | null): string | null {
  if (!iso) return null;
  const shifted = new Date(Date.parse(iso) + MP_OFFSET_MINUTES * 60_000);
  return `${shifted.toISOString().slice(0, 23)}-04:00`;
}

/** Reais on the wire to centavos: a positive number with at most two decimals (never rounded), else null. */
function centavosFromReais(value: unknown): number | null {
  if (typeof value !== 'number') return null;
  const centavos = centavosFromDecimalReais(value);
  return centavos !== null && centavos > 0 ? centavos : null;
}

const reais = centavosToReaisNumber;

/** The collector's user id: Mercado Pago access tokens end with it (`APP_USR-…-<user id>`). */
function userId(accessToken: string): number {
  const suffix = /-(\d{1,15})$/.exec(accessToken);
  if (suffix) return Number(suffix[1]);
  return Number.parseInt(createHash('sha256').update(accessToken).digest('hex').slice(0, 8), 16);
}

function extraOf(charge: StandinCharge): MpExtra {
  return charge.extra as unknown as MpExtra;
}

function authorizedAccount(context: StandinContext, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) {
    sendError(reply, 401, 'unauthorized', 'Must provide your access_token to proceed', [
      { code: 5, description: 'Must provide your access_token to proceed' },
    ]);
    return null;
  }
  const account = context.accounts.mercadopago.find((candidate) => candidate.accessToken === token);
  if (!account) {
    sendError(reply, 401, 'unauthorized', 'invalid access token');
    return null;
  }
  return account;
}

/** A payment of this account, or null (another account's payment is not found, as for the API). */
function ownPayment(context: StandinContext, account: MpAccount, id: string): StandinCharge | null {
  if (!/^\d+$/.test(id)) return null;
  const charge = context.book.find('mercadopago', id);
  return charge && charge.account === account.accessToken ? charge : null;
}

/** The ledger's status in Mercado Pago's words for a PIX payment. */
function mpStatus(charge: StandinCharge): { status: string; status_detail: string } {
  const card = extraOf(charge).card;
  if (card && charge.status === 'pending') return { status: 'pending', status_detail: card.statusDetail };
  if (card && charge.status === 'failed') return { status: 'rejected', status_detail: card.statusDetail };
  switch (charge.status) {
    case 'pending':
      return { status: 'pending', status_detail: 'pending_waiting_transfer' };
    case 'paid':
      return { status: 'approved', status_detail: 'accredited' };
    case 'failed':
      return { status: 'rejected', status_detail: 'rejected_by_bank' };
    case 'expired':
      return { status: 'cancelled', status_detail: 'expired' };
    case 'canceled':
      return { status: 'cancelled', status_detail: 'by_collector' };
    case 'refunded':
      // A partial refund leaves a Mercado Pago payment approved.
      return charge.refundedAmount < (charge.paidAmount ?? charge.amount)
        ? { status: 'approved', status_detail: 'partially_refunded' }
        : { status: 'refunded', status_detail: 'refunded' };
  }
}

function refundView(charge: StandinCharge, refund: MpRefund) {
  return {
    id: refund.id,
    payment_id: Number(charge.providerRef),
    amount: reais(refund.amount),
    metadata: {},
    source: { id: String(userId(charge.account)), name: 'collector', type: 'collector' },
    date_created: mpDate(refund.createdAt),
    unique_sequence_number: null,
    refund_mode: 'standard',
    adjustment_amount: 0,
    status: 'approved',
    reason: null,
    amount_refunded_to_payer: reais(refund.amount),
  };
}

function paymentView(charge: StandinCharge, context: StandinContext) {
  const extra = extraOf(charge);
  if (extra.card) return cardPaymentView(charge, extra.card, context);
  const paid = charge.paidAmount !== null;
  return {
    id: Number(charge.providerRef),
    date_created: mpDate(charge.createdAt),
    date_approved: mpDate(charge.paidAt),
    date_last_updated: mpDate(charge.history.at(-1)?.at ?? charge.createdAt),
    date_of_expiration: mpDate(charge.expiresAt),
    money_release_date: mpDate(charge.paidAt),
    operation_type: 'regular_payment',
    payment_method_id: 'pix',
    payment_type_id: 'bank_transfer',
    payment_method: { id: 'pix', type: 'bank_transfer' },
    ...mpStatus(charge),
    currency_id: 'BRL',
    description: charge.description,
    live_mode: false,
    collector_id: userId(charge.account),
    payer: { email: extra.payerEmail, identification: { type: null, number: null } },
    metadata: {},
    external_reference: extra.externalReference,
    transaction_amount: reais(charge.amount),
    transaction_amount_refunded: reais(charge.refundedAmount),
    transaction_details: {
      // Mercado Pago fills total_paid_amount with the charged amount before payment; what was paid after.
      total_paid_amount: reais(charge.paidAmount ?? charge.amount),
      net_received_amount: paid ? reais(charge.paidAmount!) : 0,
      overpaid_amount: 0,
      installment_amount: 0,
      external_resource_url: null,
      financial_institution: null,
      payable_deferral_period: null,
      acquirer_reference: null,
    },
    installments: 1,
    captured: true,
    binary_mode: false,
    notification_url: charge.notificationUrl,
    refunds: extra.refunds.map((refund) => refundView(charge, refund)),
    point_of_interaction: {
      type: 'PIX',
      sub_type: null,
      application_data: { name: null, version: null },
      transaction_data: {
        qr_code: charge.copyPaste,
        qr_code_base64: extra.qrCodeBase64,
        ticket_url: `${context.baseUrl()}${PREFIX}/payments/${charge.providerRef}/ticket`,
        transaction_id: charge.endToEndId,
        bank_transfer_id: null,
        financial_institution: null,
      },
    },
  };
}

function cardPaymentView(charge: StandinCharge, card: MpCardPayment, context: StandinContext) {
  const extra = extraOf(charge);
  const paid = charge.paidAmount !== null;
  const challenge = charge.status === 'pending' && card.creq !== null;
  return {
    id: Number(charge.providerRef),
    date_created: mpDate(charge.createdAt),
    date_approved: mpDate(charge.paidAt),
    date_last_updated: mpDate(charge.history.at(-1)?.at ?? charge.createdAt),
    money_release_date: mpDate(charge.paidAt),
    operation_type: 'regular_payment',
    payment_method_id: card.brand,
    payment_type_id: 'credit_card',
    payment_method: { id: card.brand, type: 'credit_card', issuer_id: '24' },
    ...mpStatus(charge),
    currency_id: 'BRL',
    description: charge.description,
    live_mode: false,
    collector_id: userId(charge.account),
    payer: card.customerId
      ? { type: 'customer', id: card.customerId, email: extra.payerEmail }
      : { email: extra.payerEmail, identification: { type: null, number: null } },
    metadata: {},
    external_reference: extra.externalReference,
    transaction_amount: reais(charge.amount),
    transaction_amount_refunded: reais(charge.refundedAmount),
    transaction_details: {
      total_paid_amount: reais(charge.paidAmount ?? charge.amount),
      net_received_amount: paid ? reais(charge.paidAmount!) : 0,
      overpaid_amount: 0,
      installment_amount: reais(charge.amount),
      external_resource_url: null,
      financial_institution: null,
      payable_deferral_period: null,
      acquirer_reference: null,
    },
    installments: 1,
    captured: true,
    binary_mode: false,
    authorization_code: card.authorizationCode,
    card: {
      id: card.cardId,
      first_six_digits: card.firstSix,
      last_four_digits: card.lastFour,
      cardholder: { name: card.holder },
    },
    three_ds_info: challenge
      ? { external_resource_url: `${context.baseUrl()}${PREFIX}/3ds/challenge`, creq: card.creq }
      : null,
    notification_url: charge.notificationUrl,
    refunds: extra.refunds.map((refund) => refundView(charge, refund)),
  };
}

/** A payment id not yet used: numeric, eleven digits, as Mercado Pago's. */
function newPaymentId(context: StandinContext): string {
  for (;;) {
    const id = String(randomInt(10_000_000_000, 99_999_999_999));
    if (!context.book.find('mercadopago', id)) return id;
  }
}

function findByIdempotencyKey(context: StandinContext, account: MpAccount, key: string) {
  return context.book
    .list()
    .find(
      (charge) =>
        charge.shape === 'mercadopago' &&
        charge.account === account.accessToken &&
        extraOf(charge).idempotencyKey === key,
    );
}

interface CreateBody {
  transaction_amount?: unknown;
  payment_method_id?: unknown;
  description?: unknown;
  external_reference?: unknown;
  notification_url?: unknown;
  date_of_expiration?: unknown;
  payer?: { email?: unknown; type?: unknown; id?: unknown } | null;
  /** Cards: the card token made in the browser. */
  token?: unknown;
  installments?: unknown;
  three_d_secure_mode?: unknown;
}

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function idempotencyKey(request: FastifyRequest): string | null {
  const key = request.headers['x-idempotency-key'];
  return typeof key === 'string' && key.trim() !== '' ? key : null;
}

const missingIdempotencyKey = (reply: FastifyReply) =>
  badRequest(reply, 4292, "Header X-Idempotency-Key can't be null");

function registerPayments(app: FastifyInstance, context: StandinContext): void {
  app.post<{ Body: CreateBody | null }>('/v1/payments', async (request, reply) => {
    const account = authorizedAccount(context, request, reply);
    if (!account) return reply;
    const key = idempotencyKey(request);
    if (!key) return missingIdempotencyKey(reply);
    const known = findByIdempotencyKey(context, account, key);
    if (known) return reply.code(201).send(paymentView(known, context));

    const body: CreateBody = request.body ?? {};
    if (body.token !== undefined) return createCardPayment(context, reply, account, key, body);
    const amount = centavosFromReais(body.transaction_amount);
    if (amount === null) return badRequest(reply, 2072, 'Invalid value for transaction_amount');
    if (body.payment_method_id !== 'pix') return badRequest(reply, 3011, 'Not found payment_method');
    const email = body.payer?.email;
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email)) {
      return badRequest(reply, 4050, 'payer.email must be a valid email');
    }
    if (body.description !== undefined && typeof body.description !== 'string') {
      return badRequest(reply, 'property_type', 'description must be a string');
    }
    if (body.external_reference !== undefined && typeof body.external_reference !== 'string') {
      return badRequest(reply, 'property_type', 'external_reference must be a string');
    }
    if (
      body.notification_url !== undefined &&
      (typeof body.notification_url !== 'string' || !isUrl(body.notification_url))
    ) {
      return badRequest(reply, 4020, 'notification_url attribute must be url valid');
    }
    let expiresAt = new Date(context.now().getTime() + DEFAULT_EXPIRY_MS).toISOString();
    if (body.date_of_expiration !== undefined) {
      const text = body.date_of_expiration;
      if (typeof text !== 'string' || !ISO_WITH_OFFSET.test(text) || Number.isNaN(Date.parse(text))) {
        return badRequest(
          reply,
          23,
          "The following parameters must be valid date and format (yyyy-MM-dd'T'HH:mm:ssz) date_of_expiration",
        );
      }
      const ahead = Date.parse(text) - context.now().getTime();
      if (ahead < PIX_EXPIRY_MS.min || ahead > PIX_EXPIRY_MS.max) {
        return badRequest(reply, 1, 'date_of_expiration must be between 30 minutes and 30 days from now');
      }
      expiresAt = new Date(Date.parse(text)).toISOString();
    }

    const id = newPaymentId(context);
    const copyPaste = buildBrCode({
      location: `${new URL(context.baseUrl()).host}${PREFIX}/pix/${id}`,
      amount,
      merchantName: context.merchant.name,
      merchantCity: context.merchant.city,
    });
    const png = await QRCode.toBuffer(copyPaste, { type: 'png', errorCorrectionLevel: 'M', margin: 2 });
    // The same key may have been used while the image was drawn: the first creation wins.
    const raced = findByIdempotencyKey(context, account, key);
    if (raced) return reply.code(201).send(paymentView(raced, context));

    const extra: MpExtra = {
      idempotencyKey: key,
      externalReference: body.external_reference ?? null,
      payerEmail: email,
      qrCodeBase64: png.toString('base64'),
      refunds: [],
    };
    const charge = context.book.create({
      shape: 'mercadopago',
      account: account.accessToken,
      providerRef: id,
      reference: body.external_reference ?? key,
      amount,
      description: body.description ?? '',
      copyPaste,
      expiresAt,
      notificationUrl: body.notification_url ?? null,
      extra: extra as unknown as Record<string, unknown>,
    });
    for (const notification of notificationsFor(charge, 'payment.created', context)) {
      context.notifier.send(notification);
    }
    return reply.code(201).send(paymentView(charge, context));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/v1/payments/search',
    async (request, reply) => {
      const account = authorizedAccount(context, request, reply);
      if (!account) return reply;
      const query = request.query;
      const whole = (name: string, fallback: number, max: number) => {
        const text = query[name];
        if (text === undefined) return fallback;
        return /^\d+$/.test(text) && Number(text) <= max ? Number(text) : null;
      };
      const limit = whole('limit', SEARCH_LIMIT.default, SEARCH_LIMIT.max);
      const offset = whole('offset', 0, 10_000);
      if (limit === null || offset === null)
        return badRequest(reply, 'invalid_parameter', 'limit or offset is not valid');
      const range = query.range ?? 'date_created';
      if (!['date_created', 'date_approved', 'date_last_updated'].includes(range)) {
        return badRequest(reply, 'invalid_parameter', 'range is not valid');
      }
      const bound = (name: 'begin_date' | 'end_date') => {
        const text = query[name];
        if (text === undefined) return name === 'begin_date' ? -Infinity : Infinity;
        return ISO_WITH_OFFSET.test(text) && !Number.isNaN(Date.parse(text)) ? Date.parse(text) : null;
      };
      const begin = bound('begin_date');
      const end = bound('end_date');
      if (begin === null || end === null) {
        return badRequest(reply, 'invalid_parameter', 'begin_date or end_date is not a valid date');
      }
      const at = (charge: StandinCharge) => {
        const value =
          range === 'date_approved'
            ? charge.paidAt
            : range === 'date_last_updated'
              ? (charge.history.at(-1)?.at ?? charge.createdAt)
              : charge.createdAt;
        return value ? Date.parse(value) : Number.NaN;
      };
      const descending = query.criteria === 'desc';
      const found = context.book
        .list()
        .filter((charge) => charge.shape === 'mercadopago' && charge.account === account.accessToken)
        .filter((charge) => at(charge) >= begin && at(charge) <= end)
        .filter(
          (charge) =>
            query.external_reference === undefined ||
            extraOf(charge).externalReference === query.external_reference,
        )
        .sort(
          (a, b) =>
            (descending ? -1 : 1) *
            (Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.providerRef.localeCompare(b.providerRef)),
        );
      return {
        paging: { total: found.length, limit, offset },
        results: found.slice(offset, offset + limit).map((charge) => paymentView(charge, context)),
      };
    },
  );

  app.get<{ Params: { id: string } }>('/v1/payments/:id', async (request, reply) => {
    const account = authorizedAccount(context, request, reply);
    if (!account) return reply;
    const charge = ownPayment(context, account, request.params.id);
    if (!charge) return notFound(reply);
    return paymentView(charge, context);
  });

  app.put<{ Params: { id: string }; Body: { status?: unknown } | null }>(
    '/v1/payments/:id',
    async (request, reply) => {
      const account = authorizedAccount(context, request, reply);
      if (!account) return reply;
      const charge = ownPayment(context, account, request.params.id);
      if (!charge) return notFound(reply);
      const status = request.body?.status;
      if (status === undefined || status === null) {
        return badRequest(reply, 4017, "Status attribute can't be null");
      }
      if (status !== 'cancelled') return badRequest(reply, 2016, 'Invalid status for update');
      const moved = context.book.move(charge.id, 'canceled', { reason: 'by_collector' });
      if (!moved) {
        return badRequest(reply, 2018, 'The action requested is not valid for the current payment state');
      }
      return paymentView(moved, context);
    },
  );

  app.post<{ Params: { id: string }; Body: { amount?: unknown } | null }>(
    '/v1/payments/:id/refunds',
    async (request, reply) => {
      const account = authorizedAccount(context, request, reply);
      if (!account) return reply;
      const charge = ownPayment(context, account, request.params.id);
      if (!charge) return notFound(reply);
      const key = idempotencyKey(request);
      if (!key) return missingIdempotencyKey(reply);
      const extra = extraOf(charge);
      const known = extra.refunds.find((refund) => refund.idempotencyKey === key);
      if (known) return reply.code(201).send(refundView(charge, known));

      const requested = request.body?.amount;
      const remaining = (charge.paidAmount ?? 0) - charge.refundedAmount;
      let amount = remaining;
      if (requested !== undefined && requested !== null) {
        if (typeof requested !== 'number') return badRequest(reply, 4041, 'amount attribute must be numeric');
        const centavos = centavosFromReais(requested);
        if (centavos === null) return badRequest(reply, 4040, 'amount attribute must be positive');
        amount = centavos;
      }
      if (charge.status !== 'paid') {
        return badRequest(reply, 2063, 'The action requested is not valid for the current payment state');
      }
      if (amount > remaining) {
        return badRequest(reply, 'invalid_refund_amount', 'The amount exceeds what can be refunded');
      }
      const refund: MpRefund = {
        id: randomInt(1_000_000_000, 9_999_999_999),
        idempotencyKey: key,
        amount,
        createdAt: context.now().toISOString(),
      };
      // Recorded before the move so the ledger saves it and the notification's reader sees it.
      extra.refunds.push(refund);
      if (!context.book.move(charge.id, 'refunded', { amount, reason: 'refund' })) {
        extra.refunds.pop();
        return badRequest(reply, 2063, 'The action requested is not valid for the current payment state');
      }
      return reply.code(201).send(refundView(charge, refund));
    },
  );

  // The payer's page (point_of_interaction.transaction_data.ticket_url): the QR and the code to copy.
  app.get<{ Params: { id: string } }>('/payments/:id/ticket', async (request, reply) => {
    const charge = /^\d+$/.test(request.params.id)
      ? context.book.find('mercadopago', request.params.id)
      : undefined;
    if (!charge) return reply.code(404).type('text/plain; charset=utf-8').send('Pagamento não encontrado');
    const escaped = charge.copyPaste.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pagamento PIX ${charge.providerRef}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:420px;margin:24px auto;padding:0 16px">
<h1 style="font-size:1.2rem">Pague com PIX: ${formatBRL(charge.amount)}</h1>
<img alt="QR Code PIX" width="260" height="260" src="data:image/png;base64,${extraOf(charge).qrCodeBase64}">
<p>PIX copia e cola:</p><textarea readonly rows="5" style="width:100%">${escaped}</textarea>
<p><a href="/">Simulador do PSP local</a></p>
</body></html>`);
  });
}

const THREE_DS_MODES = ['not_supported', 'optional', 'mandatory'];
const CARD_PAYMENT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A payment with a card token: approved, rejected or waiting for the issuer's challenge at once. */
function createCardPayment(
  context: StandinContext,
  reply: FastifyReply,
  account: MpAccount,
  key: string,
  body: CreateBody,
) {
  const vault = mpVaultOf(context);
  const amount = centavosFromReais(body.transaction_amount);
  if (amount === null) return badRequest(reply, 2072, 'Invalid value for transaction_amount');
  const token = typeof body.token === 'string' ? vault.tokens.get(body.token) : undefined;
  const tokenAccount = token
    ? context.accounts.mercadopago.find((candidate) => candidate.publicKey === token.publicKey)
    : undefined;
  if (!token || token.used || tokenAccount?.accessToken !== account.accessToken) {
    return badRequest(reply, 2006, 'Card Token not found');
  }
  if (body.payment_method_id !== token.brand) return badRequest(reply, 3034, 'Invalid payment_method_id');
  if (!Number.isInteger(body.installments) || (body.installments as number) < 1) {
    return badRequest(reply, 3030, 'installments must be a positive integer');
  }
  const mode = body.three_d_secure_mode ?? 'not_supported';
  if (typeof mode !== 'string' || !THREE_DS_MODES.includes(mode)) {
    return badRequest(reply, 'invalid_three_d_secure_mode', 'three_d_secure_mode is not valid');
  }
  let customerId: string | null = null;
  let email: string;
  if (body.payer?.type === 'customer') {
    const customer = typeof body.payer.id === 'string' ? vault.customers.get(body.payer.id) : undefined;
    if (!customer || customer.account !== account.accessToken)
      return badRequest(reply, 2001, 'customer not found');
    customerId = customer.id;
    email = customer.email;
  } else {
    const given = body.payer?.email;
    if (typeof given !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(given)) {
      return badRequest(reply, 4050, 'payer.email must be a valid email');
    }
    email = given;
  }
  if (token.cardId) {
    const saved = vault.cards.get(token.cardId);
    if (!saved || saved.customerId !== customerId) return badRequest(reply, 2034, 'Invalid users involved');
  }
  if (
    body.notification_url !== undefined &&
    (typeof body.notification_url !== 'string' || !isUrl(body.notification_url))
  ) {
    return badRequest(reply, 4020, 'notification_url attribute must be url valid');
  }
  token.used = true;
  vault.save();
  let outcome = mpOutcomeOf(token.holder);
  if (outcome.outcome === 'challenge' && mode === 'not_supported') {
    outcome = { outcome: 'rejected', detail: 'cc_rejected_3ds_mandatory' };
  }
  const id = newPaymentId(context);
  const card: MpCardPayment = {
    brand: token.brand,
    firstSix: token.firstSix,
    lastFour: token.lastFour,
    holder: token.holder,
    statusDetail: outcome.detail,
    authorizationCode: null,
    creq: outcome.outcome === 'challenge' ? creqOf(id) : null,
    customerId,
    cardId: token.cardId,
  };
  const extra: MpExtra = {
    idempotencyKey: key,
    externalReference: typeof body.external_reference === 'string' ? body.external_reference : null,
    payerEmail: email,
    qrCodeBase64: '',
    refunds: [],
    card,
  };
  const charge = context.book.create({
    shape: 'mercadopago',
    account: account.accessToken,
    providerRef: id,
    reference: extra.externalReference ?? key,
    amount,
    description: typeof body.description === 'string' ? body.description : '',
    copyPaste: '',
    expiresAt: new Date(context.now().getTime() + CARD_PAYMENT_LIFETIME_MS).toISOString(),
    notificationUrl: typeof body.notification_url === 'string' ? body.notification_url : null,
    extra: extra as unknown as Record<string, unknown>,
  });
  for (const notification of notificationsFor(charge, 'payment.created', context)) {
    context.notifier.send(notification);
  }
  if (outcome.outcome === 'approved') {
    card.authorizationCode = String(randomInt(100_000, 999_999));
    context.book.move(charge.id, 'paid');
  } else if (outcome.outcome === 'rejected') {
    context.book.move(charge.id, 'failed', { reason: outcome.detail });
  }
  return reply.code(201).send(paymentView(charge, context));
}

/** The end of a 3-D Secure challenge: completed pays the payment, failed rejects it. */
function challengeDone(context: StandinContext, paymentId: string, completed: boolean): void {
  const charge = context.book.find('mercadopago', paymentId);
  const card = charge ? extraOf(charge).card : undefined;
  if (!charge || !card || charge.status !== 'pending' || !card.creq) return;
  card.creq = null;
  if (completed) {
    card.statusDetail = 'accredited';
    card.authorizationCode = String(randomInt(100_000, 999_999));
    context.book.move(charge.id, 'paid');
  } else {
    card.statusDetail = 'cc_rejected_3ds_challenge';
    context.book.move(charge.id, 'failed', { reason: card.statusDetail });
  }
}

/** What Mercado Pago POSTs to a payment's notification_url, signed with the account's secret. */
function notificationsFor(
  charge: StandinCharge,
  action: 'payment.created' | 'payment.updated',
  context: StandinContext,
): OutgoingNotification[] {
  if (!charge.notificationUrl) return [];
  const account = context.accounts.mercadopago.find((candidate) => candidate.accessToken === charge.account);
  if (!account) return [];
  const dataId = charge.providerRef;
  const requestId = randomUUID();
  const now = context.now();
  const ts = String(Math.floor(now.getTime() / 1000));
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  const v1 = createHmac('sha256', account.webhookSecret).update(manifest).digest('hex');
  const url = new URL(charge.notificationUrl);
  url.searchParams.set('data.id', dataId);
  url.searchParams.set('type', 'payment');
  return [
    {
      url: url.toString(),
      headers: {
        'content-type': 'application/json',
        'x-signature': `ts=${ts},v1=${v1}`,
        'x-request-id': requestId,
      },
      body: JSON.stringify({
        action,
        api_version: 'v1',
        data: { id: dataId },
        date_created: mpDate(now.toISOString()),
        id: randomInt(10_000_000_000, 99_999_999_999),
        live_mode: false,
        type: 'payment',
        user_id: userId(account.accessToken),
      }),
    },
  ];
}

export const mercadoPagoShape: StandinShapeModule = {
  shape: 'mercadopago',
  routes(app, context) {
    app.register(
      async (mp) => {
        // Mercado Pago takes an empty JSON body (a full refund) and answers its own 400 to bad JSON.
        mp.removeContentTypeParser('application/json');
        mp.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
          const text = (body as string).trim();
          if (text === '') return done(null, null);
          try {
            done(null, JSON.parse(text));
          } catch {
            done(Object.assign(new Error('json_syntax_error'), { statusCode: 400 }), undefined);
          }
        });
        mp.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
          const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
          if (status === 400) return badRequest(reply, 'json_syntax_error', 'The body is not valid JSON');
          return sendError(reply, status, status === 500 ? 'internal_error' : 'error', error.message);
        });
        registerPayments(mp, context);
        registerMpCardRoutes(mp, context, {
          account: (request, reply) => authorizedAccount(context, request, reply),
          badRequest,
          notFound: (reply, what) => sendError(reply, 404, 'not_found', what),
          date: mpDate,
          challengeDone: (paymentId, completed) => challengeDone(context, paymentId, completed),
        });
      },
      { prefix: PREFIX },
    );
  },
  notifications(charge, _event, context) {
    return notificationsFor(charge, 'payment.updated', context);
  },
};
