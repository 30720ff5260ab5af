import {
  availableCouponList,
  couponValidateReply,
  couponValidateRequest,
  formatQuery,
  IDEMPOTENCY_KEY_HEADER,
  ORDER_ERROR_CODES,
  orderErrorReply,
  orderPlacedReply,
  orderSubmission,
} from '@comanda/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireCustomer, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { CouponService } from '../coupons/index.ts';
import type { WhatsappService } from '../whatsapp/index.ts';
import type { OrderService } from './service.ts';

const refusals = {
  400: orderErrorReply,
  401: orderErrorReply,
  403: orderErrorReply,
  404: orderErrorReply,
  409: orderErrorReply,
  422: orderErrorReply,
  429: orderErrorReply,
};

/**
 * The spec's error shape on these calls: every refusal also carries `non_field_errors: [detail]`
 * (the storefront reads non_field_errors[0], then detail), whoever produced it (validation, auth,
 * the service). `extra` is merged in too (the coupon call's `success: false`).
 */
function specErrorShape(extra: Record<string, unknown> = {}) {
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 400 || !payload || typeof payload !== 'object') return payload;
    const body = payload as Record<string, unknown>;
    if (typeof body.detail !== 'string') return payload;
    return {
      ...extra,
      ...body,
      non_field_errors: Array.isArray(body.non_field_errors) ? body.non_field_errors : [body.detail],
    };
  };
}

/** Coupon validation and order placement (spec section 7 "Coupons and loyalty", "Orders and payment"). */
export function registerOrderRoutes(
  ctx: AppContext,
  { orders, coupons, whatsapp }: { orders: OrderService; coupons: CouponService; whatsapp?: WhatsappService },
) {
  const whatsappConsent = whatsapp
    ? async (storeId: number, customerId: number) => {
        if (await whatsapp.isActive(storeId))
          await whatsapp.setConsent(storeId, customerId, true, 'checkout');
      }
    : null;
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/core/coupon_validate_app',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Validate a coupon code for the signed-in customer',
        description:
          'customer_id must be the token’s own (else 403). The code is compared without case. On success ' +
          '`detail` is the coupon as the storefront applies it (valor is a percent when perc, else centavos; ' +
          "local 'Carrinho', 'Entrega' or other = both). subtotal and delivery_type, when sent, are checked " +
          'against the minimum and the delivery-only rule; the order checks everything again. Refusals are ' +
          '400 `{success: false, detail, code, non_field_errors}` with code COUPON_REQUIRED, COUPON_NOT_FOUND, ' +
          'COUPON_NOT_STARTED, COUPON_EXPIRED, COUPON_EXHAUSTED, COUPON_CUSTOMER_LIMIT, COUPON_MIN_SUBTOTAL or ' +
          'COUPON_NOT_APPLICABLE; after 10 unknown codes a customer waits (429 TOO_MANY_ATTEMPTS).',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        body: couponValidateRequest,
        response: { 200: couponValidateReply, ...refusals },
      },
      preSerialization: specErrorShape({ success: false }),
    },
    async (request) => coupons.validate(await requireCustomer(request), request.body),
  );

  app.get(
    '/core/cupons_disponiveis_app',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The coupons the signed-in customer may use now',
        description:
          'Active coupons that have started, have not expired or run out, and that this customer has not ' +
          'used up (max uses per customer). The order rules (minimum subtotal, delivery only) are checked ' +
          'when the coupon is applied. The top bar lists them when there are any (spec section 2 "Bars").',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        response: { 200: availableCouponList, 401: orderErrorReply, 403: orderErrorReply },
      },
      preSerialization: specErrorShape({ success: false }),
    },
    async (request) => coupons.available(await requireCustomer(request)),
  );

  app.post(
    '/bar/v2/app/order/upsert/',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Place an order (exactly once per Idempotency-Key)',
        description:
          'The spec’s order submission payload. The server prices every line, option, fee and discount from ' +
          'its own data with the storefront’s rules; prices sent by the client are not used. When the client ' +
          'sends `produto_valor` (per line), `valor` (per item) or `total` and they differ from today’s, the ' +
          'order is refused with 409 PRICE_CHANGED rather than charged differently.\n\n' +
          '`Idempotency-Key` (1–100 visible ASCII characters, one per checkout attempt) is required: the same ' +
          'key, for the same customer, answers the first reply (status and body, with header ' +
          '`Idempotent-Replayed: true`) and never places a second order, even for parallel requests; the same ' +
          'key with a different body is 422 IDEMPOTENCY_KEY_REUSED.\n\n' +
          'Refusals: `{detail, code, non_field_errors: [detail], field?}`; 400 for the request’s own faults, ' +
          '409 for the store’s state (closed, unavailable item, price changed…), 404 for an unknown address ' +
          `or table. Codes: ${ORDER_ERROR_CODES.join(', ')}.\n\n` +
          'A table order (`forma_entrada` local or a table id in `identificador_pedido_novo`) carries the ' +
          'token of the table’s QR code as `token_mesa` (400 TABLE_TOKEN_INVALID otherwise), is eaten in ' +
          '(Vem comer, whatever `tipo_entrega` says) and joins the table’s running tab as its next round ' +
          '(the staff order’s `rodada`; the first round opens the tab). A tab being closed takes no round: ' +
          '409 TAB_NOT_OPEN. At a store that opens its tables with the waiter’s code, a table nobody opened ' +
          'is 409 TABLE_LOCKED and the code goes in `codigo_mesa` (400 TABLE_CODE_INVALID; after 5 wrong ' +
          'codes the customer waits: 429 TOO_MANY_TABLE_CODE_ATTEMPTS). Each refused with nothing written.',
        security: SECURITY_BEARER,
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER]: z.string().optional().describe('One value per checkout attempt'),
        }),
        body: orderSubmission,
        response: { 201: orderPlacedReply, ...refusals },
      },
      preSerialization: specErrorShape(),
    },
    async (request, reply) => {
      const principal = await requireCustomer(request);
      // The opt-in of the checkout goes first: the order's first update may go out as soon as it is placed.
      if (request.body.whatsapp_atualizacoes === true && whatsappConsent) {
        await whatsappConsent(principal.storeId, principal.customerId);
      }
      const result = await orders.place(principal, request.body, request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.statusCode).send(result.body);
    },
  );
}
