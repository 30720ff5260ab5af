import {
  cancelPixReply,
  cardDeleteRequest,
  cardTokenRequest,
  checkConfirmationReply,
  createPaymentIntentRequest,
  errorReply,
  formatQuery,
  IDEMPOTENCY_KEY_HEADER,
  intentRequest,
  ledgerCheckQuery,
  ledgerCheckReply,
  ORDER_ERROR_CODES,
  orderErrorReply,
  PAYMENT_ERROR_CODES,
  paymentIntentReply,
  paymentStatus,
  savedCard,
  savedCardsReply,
} from '@comanda/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireCustomer, requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import { PROVIDER_KINDS } from './providers/provider.ts';
import type { PaymentService } from './service.ts';

/*
 * The spec's payment calls (section 7 "Orders and payment"), the providers' notifications, and the
 * store's confirmation of a static-key PIX (docs/decisions/0018-online-payments-pix.md).
 */

const refusals = {
  400: orderErrorReply,
  401: orderErrorReply,
  402: orderErrorReply,
  403: orderErrorReply,
  404: orderErrorReply,
  409: orderErrorReply,
  422: orderErrorReply,
  429: orderErrorReply,
  502: orderErrorReply,
};

/** Every refusal also carries non_field_errors (the storefront reads it first), as on the order call. */
async function specErrorShape(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (reply.statusCode < 400 || !payload || typeof payload !== 'object') return payload;
  const body = payload as Record<string, unknown>;
  if (typeof body.detail !== 'string') return payload;
  return {
    ...body,
    non_field_errors: Array.isArray(body.non_field_errors) ? body.non_field_errors : [body.detail],
  };
}

export function registerPaymentRoutes(ctx: AppContext, { payments }: { payments: PaymentService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/bar/v2/payment/create-payment-intent/',
    {
      schema: {
        tags: ['payment'],
        summary: 'Pay an order online by PIX: places it awaiting payment and opens the charge',
        description:
          'Takes the order call’s submission payload in `order` (its payment is the online PIX entry, 999) ' +
          'and `type: pix`. The order is placed exactly as by the order call (same rules and refusals, same ' +
          '`Idempotency-Key`), awaiting its payment: the store does not see it until the provider confirms ' +
          'the payment, and its points are credited when it is delivered. `data` has the copy-and-paste code (`qr_content`), the QR image ' +
          '(`qrcode`), the expiry and the `intent_id` to poll with. 409 ONLINE_PAYMENT_UNAVAILABLE when the ' +
          'store takes no PIX online; 502 PAYMENT_PROVIDER_ERROR when its provider fails (nothing is kept; ' +
          `a retry with the same key starts afresh). Codes: ${[...ORDER_ERROR_CODES, ...PAYMENT_ERROR_CODES].join(', ')}.`,
        security: SECURITY_BEARER,
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER]: z.string().optional().describe('One value per checkout attempt'),
        }),
        querystring: formatQuery,
        body: createPaymentIntentRequest,
        response: { 201: paymentIntentReply, ...refusals },
      },
      preSerialization: specErrorShape,
    },
    async (request, reply) => {
      const principal = await requireCustomer(request);
      const result = await payments.createIntent(
        principal,
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.post(
    '/integracoes/v2/payment/check-confirmation/',
    {
      schema: {
        tags: ['payment'],
        summary: 'Poll a payment (every 3 s while the PIX screen is open)',
        description:
          '`data.polling` stays true while the payment may still come; false once it is paid (the order ' +
          'went to the store), expired, abandoned or failed, with the reason in `detail`. The server asks ' +
          'the provider at most every few seconds per payment.',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        body: intentRequest,
        response: { 200: checkConfirmationReply, ...refusals },
      },
      preSerialization: specErrorShape,
    },
    async (request) => payments.check(await requireCustomer(request), request.body.intent_id),
  );

  app.post(
    '/bar/v2/payment/get-payment-intent/',
    {
      schema: {
        tags: ['payment'],
        summary: 'A payment attempt as it stands, with the placed order once paid',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        body: intentRequest,
        response: { 200: paymentIntentReply, ...refusals },
      },
      preSerialization: specErrorShape,
    },
    async (request) => payments.getIntent(await requireCustomer(request), request.body.intent_id),
  );

  app.post(
    '/bar/v2/payment/cancel-pix-order/',
    {
      schema: {
        tags: ['payment'],
        summary: 'Abandon a PIX payment: the order is dropped and what it held given back',
        description:
          'Cancels the charge at the provider; if the payment was made meanwhile, 409 PAYMENT_ALREADY_PAID ' +
          '(the order went to the store). Abandoning a payment that already stopped answers its status.',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        body: intentRequest,
        response: { 200: cancelPixReply, ...refusals },
      },
      preSerialization: specErrorShape,
    },
    async (request, reply) => {
      const result = await payments.abandon(await requireCustomer(request), request.body.intent_id);
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.post(
    '/bar/v2/payment/card-token/',
    {
      schema: {
        tags: ['payment'],
        summary:
          'Pay a pending card payment with a card token (providers whose kit makes tokens: Mercado Pago)',
        description:
          'The browser’s kit made `token` from the provider’s own card fields (or from a saved card and its ' +
          'security code); the server pays with it. Approved: the order goes to the store (`payed`, ' +
          '`order_data`), and the card is kept with `save_token` when sent. 402 CARD_DECLINED with the ' +
          'reason in the customer’s words (the attempt stays open for another card); `three_ds` when the ' +
          'issuer asks for a challenge (the poll then follows it). 409 PAYMENT_NOT_PENDING for a payment ' +
          'that is not a card waiting for its token.',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        body: cardTokenRequest,
        response: { 200: paymentIntentReply, ...refusals },
      },
      preSerialization: specErrorShape,
    },
    async (request, reply) => {
      const result = await payments.payCardToken(await requireCustomer(request), request.body);
      return reply.status(result.statusCode).send(result.body);
    },
  );

  const cardRefusals = { 401: errorReply, 403: errorReply, 404: errorReply };

  app.get(
    '/core/cartoes/',
    {
      schema: {
        tags: ['payment'],
        summary: 'The signed-in customer’s saved cards at this store (brand and last 4 digits only)',
        description:
          'Cards kept at the store’s card provider for this customer; removed ones left out. Empty when ' +
          'the store takes no card online.',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        response: { 200: z.array(savedCard), ...cardRefusals },
      },
    },
    async (request) => payments.listCards(await requireCustomer(request)),
  );

  app.get(
    '/bar/payment_methods/',
    {
      schema: {
        tags: ['payment'],
        summary: 'The saved cards, with a detail line',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        response: { 200: savedCardsReply, ...cardRefusals },
      },
    },
    async (request) => {
      const cards = await payments.listCards(await requireCustomer(request));
      const detail =
        cards.length === 0
          ? 'Nenhum cartão salvo.'
          : cards.length === 1
            ? '1 cartão salvo.'
            : `${cards.length} cartões salvos.`;
      return { success: true as const, detail, data: cards };
    },
  );

  app.patch(
    '/core/cartoes/:id/',
    {
      schema: {
        tags: ['payment'],
        summary: 'Remove a saved card ({excluido: true}); it is also removed at the provider',
        description: '404 CARD_NOT_FOUND for another customer’s or store’s card, or one already removed.',
        security: SECURITY_BEARER,
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        querystring: formatQuery,
        body: cardDeleteRequest,
        response: { 200: savedCard, 400: errorReply, ...cardRefusals },
      },
    },
    async (request) => payments.removeCard(await requireCustomer(request), request.params.id),
  );

  app.post(
    '/staff/payments/:id/confirm',
    {
      config: { capability: 'payments.confirm' },
      schema: {
        tags: ['staff'],
        summary: 'Confirm that the money of a static-key PIX arrived (staff)',
        description:
          'Only for payments to the store’s own PIX key (no provider tells us). Releases the order; a ' +
          'confirmation after the payment stopped counting flags it for a refund by hand.',
        security: SECURITY_BEARER,
        params: z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) }),
        response: {
          200: z.object({ status: paymentStatus }),
          401: errorReply,
          403: errorReply,
          404: errorReply,
          409: errorReply,
        },
      },
    },
    async (request) => payments.confirmByStaff(requireStaff(request), request.params.id),
  );

  app.get(
    '/staff/payments/ledger',
    {
      config: { capability: 'payments.ledger' },
      schema: {
        tags: ['staff'],
        summary: "The day's provider charges checked against the orders, shares and refunds (managers)",
        description:
          'Reads every charge the store’s provider holds for the store-local day (in the store time zone) and maps each ' +
          'to one released order, one paid table share or one recorded refund; what does not map is ' +
          'listed for a person. A charge with money carrying one of our references that was never ' +
          'recorded is given back by the check itself (given_back_now). `available` is false when the ' +
          'store has no provider that lists charges, or it could not be read. 400 INVALID_DATE for a ' +
          'date that is not one; 403 for attendants.',
        security: SECURITY_BEARER,
        querystring: ledgerCheckQuery,
        response: { 200: ledgerCheckReply, 400: errorReply, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => payments.ledgerOfDay(requireStaff(request), request.query.date),
  );

  // The providers' notifications need their raw body (signatures are over the exact bytes).
  ctx.app.register(async (scope: FastifyInstance) => {
    const raw = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) =>
      done(null, body);
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, raw);
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, raw);
    const typed = scope.withTypeProvider<ZodTypeProvider>();
    const handler = async (
      request: FastifyRequest<{
        Params: { provider: string; token?: string };
        Querystring: Record<string, string>;
      }>,
      reply: FastifyReply,
    ) => {
      if (!request.store)
        return reply.status(404).send({ detail: 'Loja não encontrada.', code: 'STORE_NOT_FOUND' });
      const result = await payments.notification(request.store.id, request.params.provider, {
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        headers: request.headers,
        query: request.query,
        pathToken: request.params.token,
      });
      return reply.status(result.statusCode).send(result.body);
    };
    const schema = {
      tags: ['payment'],
      summary: 'A payment provider’s notification (Mercado Pago, Stripe, API Pix)',
      description:
        'Verified on the raw body (Mercado Pago `x-signature`, `Stripe-Signature`; API Pix by the token of ' +
        'the URL the store registered), deduplicated by event, and never trusted for the state: the charge ' +
        'is read back from the provider. 401/404/400 NOTIFICATION_REFUSED for a bad signature, another ' +
        'store’s or an unknown charge, or an amount that is not the charge’s; 503 when the provider could ' +
        'not be read (the provider retries).',
      params: z.object({ provider: z.enum(PROVIDER_KINDS) }),
      querystring: z.record(z.string(), z.string()),
    };
    typed.post('/integracoes/v2/payment/notifications/:provider', { schema }, handler);
    // API Pix: the store's token is the URL's last segment, and the PSP appends /pix to it
    // (`{webhookUrl}/pix`). The query forms (`?token=`, with /pix before it) are what URLs
    // registered before carried.
    const apiPixSchema = {
      ...schema,
      params: z.object({ provider: z.literal('apipix'), token: z.string().min(1).max(200) }),
    };
    typed.post('/integracoes/v2/payment/notifications/:provider/pix', { schema }, handler);
    typed.post('/integracoes/v2/payment/notifications/:provider/:token', { schema: apiPixSchema }, handler);
    typed.post(
      '/integracoes/v2/payment/notifications/:provider/:token/pix',
      { schema: apiPixSchema },
      handler,
    );
  });
}
