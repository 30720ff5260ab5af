import {
  addressSent,
  couponValidateReply,
  couponValidateRequest,
  errorReply,
  IDEMPOTENCY_KEY_HEADER,
  ORDER_ERROR_CODES,
  orderPlacedReply,
  positiveIdParam,
  staffCustomer,
  staffCustomerCreate,
  staffCustomerLookupReply,
  staffCustomerParams,
  staffCustomerQuery,
  staffOrderEditReply,
  staffOrderEditRequest,
  staffOrderPixReply,
  staffOrderRequest,
  staffPixCharge,
  staffPixChargeOffer,
  staffPixChargeParam,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { PaymentService } from '../payments/index.ts';
import type { PdvService } from './service.ts';

/* Order entry in the staff app (issue 33 part 1, docs/decisions/0058). */

const staffTags = ['staff'];
const staffOnly = { 401: errorReply, 403: errorReply };
const ROLES =
  'Any staff member (orders.enter, attendant and up); a customer token 403, another store’s token or none 401.';

export function registerPdvRoutes(ctx: AppContext, services: { pdv: PdvService; payments: PaymentService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.pdv;

  app.get(
    '/staff/customers',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'Find the store’s customer by phone',
        description:
          'The phone as typed (national digits, or with +55). `customer` is null when no customer of this ' +
          'store has it; otherwise their name, saved addresses with the delivery fee each gets now, loyalty ' +
          `points and how many orders they placed here. A phone that cannot be one: 400 INVALID_PHONE.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        querystring: staffCustomerQuery,
        response: { 200: staffCustomerLookupReply, 400: errorReply, ...staffOnly },
      },
    },
    async (request) => service.findCustomer(requireStaff(request), request.query.phone),
  );

  app.post(
    '/staff/customers',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'Add a customer with name and phone (no password)',
        description:
          'The customer claims the account later by signing in with the SMS code of “Esqueci a senha”, ' +
          'which sets their password. 400 INVALID_NAME or INVALID_PHONE; a phone that already has an ' +
          `account here: 409 PHONE_TAKEN.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: staffCustomerCreate,
        response: { 201: staffCustomer, 400: errorReply, ...staffOnly, 409: errorReply },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createCustomer(requireStaff(request), request.body)),
  );

  app.post(
    '/staff/customers/:id/addresses',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'Save an address the customer gives on the phone or at the counter',
        description:
          'The address as the customer’s own POST /core/v2/app/customer/upsert-addresses/ takes one (a new ' +
          'one: `id` is ignored), with the same checks, refusals (400 with the field, 409 TOO_MANY_ADDRESSES) ' +
          'and delivery fee. Answers the customer as GET /staff/customers does, the new address among theirs. ' +
          `A customer of another store: 404 CUSTOMER_NOT_FOUND.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: staffCustomerParams,
        body: addressSent,
        response: { 201: staffCustomer, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addAddress(requireStaff(request), request.params.id, request.body)),
  );

  app.post(
    '/staff/coupons/validate',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'Check a coupon code for the customer an order is entered for',
        description:
          'The customer’s own coupon check (POST /core/coupon_validate_app) for `customer_id`, a customer of ' +
          'this store (404 CUSTOMER_NOT_FOUND otherwise), with the same refusals and the same wait after ' +
          `10 unknown codes. The order checks everything again.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: couponValidateRequest,
        response: {
          200: couponValidateReply,
          400: errorReply,
          ...staffOnly,
          404: errorReply,
          429: errorReply,
        },
      },
    },
    async (request) => service.validateCoupon(requireStaff(request), request.body),
  );

  app.post(
    '/staff/orders/:id/edit',
    {
      config: { capability: 'orders.edit' },
      schema: {
        tags: staffTags,
        summary: 'Edit an order before it is prepared: add or remove lines, change the payment',
        description:
          '`remover`: the `seq` of order lines to take out; `adicionar`: lines as an order submission’s, ' +
          'priced from today’s menu with the same refusals as a new order’s (ITEM_UNAVAILABLE, SOLD_OUT, ' +
          'INVALID_OPTIONS…); `fk_forma_pagamento` and `troco_para` when the payment changes. The lines kept ' +
          'keep the prices they were placed with; the whole order is quoted again by the checkout rules ' +
          '(minimum, the address’s delivery fee, coupon, loyalty reward, method offered for its delivery ' +
          'type, cash change) and its totals replaced; the edit is recorded (order_edits) in the same ' +
          'transaction. Only while Solicitado or Preparo: later 409 ORDER_ALREADY_PREPARED; an order paid ' +
          'in the app 409 ORDER_PAID_ONLINE; a line not in the order 400 LINE_NOT_FOUND; nothing asked 400 ' +
          `EMPTY_EDIT. Nothing is changed on a refusal.\n\nAttendants and up (orders.edit, a store may raise it to managers); a customer token 403, another store’s token or none 401.`,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        body: staffOrderEditRequest,
        response: {
          200: staffOrderEditReply,
          400: errorReply,
          ...staffOnly,
          404: errorReply,
          409: errorReply,
        },
      },
    },
    async (request) => service.editOrder(requireStaff(request), request.params.id, request.body),
  );

  app.get(
    '/staff/orders/:id/pix',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'The PIX QR code of an order paid to the store’s own key',
        description:
          'A static BR Code of the order’s total to the PIX key of the order’s payment method (the store’s ' +
          'in-person PIX), with the holder’s name and the store’s city, as a QR code to show on the counter ' +
          'screen and as copy-and-paste text. Nobody tells the store when it is paid. An order of another ' +
          'store: 404 ORDER_NOT_FOUND; not paid by the store’s key, cancelled or free: 409 ' +
          `PIX_KEY_UNAVAILABLE.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        response: {
          200: staffOrderPixReply,
          400: errorReply,
          ...staffOnly,
          404: errorReply,
          409: errorReply,
        },
      },
    },
    async (request) => service.orderPix(requireStaff(request), request.params.id),
  );

  app.get(
    '/staff/pix-charges/offer',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'Whether an order entered here may be paid by a PIX charge through the store’s provider',
        description:
          'Available when the store takes PIX in the app through a provider that confirms payments itself ' +
          '(Mercado Pago, Stripe, an API Pix bank; not the store’s own static key), with how many seconds ' +
          `a charge lasts.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        response: { 200: staffPixChargeOffer, ...staffOnly },
      },
    },
    async (request) => services.payments.counterPixOffer(requireStaff(request)),
  );

  app.post(
    '/staff/pix-charges',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'Place an order for a customer paid by a PIX charge through the store’s provider',
        description:
          'The body of POST /staff/orders (its `fk_forma_pagamento` is taken as online PIX, 999). The order ' +
          'is placed as the customer’s online PIX order is: by the same stages, awaiting its payment ' +
          '(not on the board, not counted) with its channel and the staff member, and the charge is opened ' +
          'at the store’s provider; the reply has its QR code, copy-and-paste code and expiry. The ' +
          'provider’s notification (or a poll of GET /staff/pix-charges/{intent_id}) releases the order; ' +
          'past its expiry the order is dropped. A store without such a provider: 409 ' +
          'ONLINE_PAYMENT_UNAVAILABLE; the provider failing: 502 PAYMENT_PROVIDER_ERROR (nothing kept). ' +
          `Same Idempotency-Key rule and refusals as POST /staff/orders.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER]: z.string().optional().describe('One value per order attempt'),
        }),
        body: staffOrderRequest,
        response: {
          201: staffPixCharge,
          400: errorReply,
          ...staffOnly,
          404: errorReply,
          409: errorReply,
          422: errorReply,
          502: errorReply,
        },
      },
    },
    async (request, reply) => {
      const result = await service.placePixCharge(
        requireStaff(request),
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.get(
    '/staff/pix-charges/:intent_id',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'A counter order’s PIX charge as it stands',
        description:
          'pending, paid (the order released to the board), expired, canceled or failed (the order dropped). ' +
          'The provider is read when the charge is due a look, as the customer’s poll does. Only charges of ' +
          `orders entered by the staff: 404 INTENT_NOT_FOUND otherwise.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: staffPixChargeParam,
        response: { 200: staffPixCharge, 400: errorReply, ...staffOnly, 404: errorReply },
      },
    },
    async (request) => services.payments.counterPixCharge(requireStaff(request), request.params.intent_id),
  );

  app.post(
    '/staff/pix-charges/:intent_id/cancel',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'The customer gave up paying by PIX: cancel the charge and drop the order',
        description:
          'The charge is cancelled at the provider and the order dropped, so another payment can be chosen ' +
          '(a new order). If the payment arrived first: 409 PAYMENT_ALREADY_PAID and the order is released. ' +
          `A charge that had already stopped answers as it stands.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        params: staffPixChargeParam,
        response: { 200: staffPixCharge, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const result = await services.payments.cancelCounterPix(
        requireStaff(request),
        request.params.intent_id,
      );
      return reply.status(result.statusCode).send(result.body);
    },
  );

  app.post(
    '/staff/orders',
    {
      config: { capability: 'orders.enter' },
      schema: {
        tags: staffTags,
        summary: 'Place an order for a customer (counter, phone, waiter)',
        description:
          'The customer’s order payload of POST /bar/v2/app/order/upsert/ with `fk_cliente` the customer the ' +
          'order is for (a customer of another store: 404 CUSTOMER_NOT_FOUND) and `canal` balcao, telefone or ' +
          'garcom. It is priced and placed by the same stages as the customer’s own order, with the same ' +
          'refusals and the same Idempotency-Key rule; the order records the channel and the staff member. ' +
          'The server prices everything: a price sent that is not today’s (`produto_valor`, `valor`, ' +
          '`total`) is 409 PRICE_CHANGED, never charged. A garçom order names the table in ' +
          '`identificador_pedido_novo` (400 TABLE_REQUIRED without it) and joins its tab as the next round, ' +
          'with no QR token or waiter’s code (a table a store with codes has not opened: 409 TABLE_LOCKED); ' +
          'the other channels never name a table (400 TABLE_ONLY_FOR_WAITER). Online payment (998/999) is ' +
          'not taken here: a PIX charge through the store’s provider is POST /staff/pix-charges. ' +
          `Codes: ${ORDER_ERROR_CODES.join(', ')}.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        headers: z.looseObject({
          [IDEMPOTENCY_KEY_HEADER]: z.string().optional().describe('One value per order attempt'),
        }),
        body: staffOrderRequest,
        response: {
          201: orderPlacedReply,
          400: errorReply,
          ...staffOnly,
          404: errorReply,
          409: errorReply,
          422: errorReply,
        },
      },
    },
    async (request, reply) => {
      const result = await service.placeOrder(
        requireStaff(request),
        request.body,
        request.headers[IDEMPOTENCY_KEY_HEADER],
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.statusCode).send(result.body);
    },
  );
}
