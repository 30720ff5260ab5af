import {
  errorReply,
  formatQuery,
  orderEventsQuery,
  orderIdParams,
  orderListQuery,
  orderListReply,
  streamTicketReply,
  trackedOrder,
} from '@comanda/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireCustomer, requireSession, SECURITY_BEARER } from '../../plugins/auth.ts';
import { orderEventStreams, STREAM_DESCRIPTION, streamResponseDoc } from './order-event-streams.ts';
import type { OrderTrackingService } from './service.ts';

const tags = ['orders'];

/** Who is calling is checked before the input (401/403 before 400). */
const customerFirst = async (request: FastifyRequest) => {
  await requireCustomer(request);
};
const signedIn = { 401: errorReply, 403: errorReply };

const RECORD_DESCRIPTION =
  'The spec’s order record (money in centavos) plus `total`, `agendado`/`hora_entrega`, ' +
  '`estimated_at`/`estimated_time`, `updated_at`, `motivo_cancelamento` and `status_changes` ' +
  '([{status, at}], oldest first). Delivery orders end `produtos_pedidos` with the delivery line ' +
  "(`descricao_produto` 'Entrega', `produto` 0, qtd 1, `produto_valor` = `valor_entrega`, no items), " +
  'which the storefront hides; `total_produtos` never includes it. The stepper index and the tab ' +
  '(in progress / done / canceled) come from `status` and `dh_iniciado` with orderStepIndex and ' +
  'orderTab of @comanda/domain.';

/** The customer's orders (spec section 7 `atendimentos_list_app`) and their live status. */
export function registerOrderTrackingRoutes(
  ctx: AppContext,
  services: { orderTracking: OrderTrackingService },
) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.orderTracking;
  const streams = orderEventStreams(ctx);

  app.get(
    '/bar/atendimentos_list_app',
    {
      preValidation: customerFirst,
      schema: {
        tags,
        summary: 'The signed-in customer’s orders',
        description:
          'The last 100 orders of the token’s customer at this store, newest first, as `{results}`. ' +
          '`client_id`, when sent, must be the token’s own user_id (else 403 FORBIDDEN); staff tokens ' +
          `are 403 too.\n\n${RECORD_DESCRIPTION}`,
        security: SECURITY_BEARER,
        querystring: orderListQuery,
        response: { 200: orderListReply, 400: errorReply, ...signedIn },
      },
    },
    async (request) => service.listForCustomer(await requireCustomer(request), request.query.client_id),
  );

  app.get(
    '/bar/atendimentos_app/:id',
    {
      preValidation: customerFirst,
      schema: {
        tags,
        summary: 'One of the signed-in customer’s orders',
        description:
          'The order record for the detail screen. Another customer’s order and an unknown id are both ' +
          `404 ORDER_NOT_FOUND (never 403: ids reveal nothing).\n\n${RECORD_DESCRIPTION}`,
        security: SECURITY_BEARER,
        params: orderIdParams,
        querystring: formatQuery,
        response: { 200: trackedOrder, 400: errorReply, ...signedIn, 404: errorReply },
      },
    },
    async (request) => service.getForCustomer(await requireCustomer(request), request.params.id),
  );

  app.get(
    '/bar/v2/orders/events',
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Live status of the signed-in customer’s orders (Server-Sent Events)',
        description:
          `Events for the token’s customer’s orders at this store. Staff tokens: 403.\n\n${STREAM_DESCRIPTION}\n\n` +
          'Browser use: POST /bar/v2/orders/events/ticket with the bearer token, then ' +
          "`new EventSource('/bar/v2/orders/events?ticket=' + encodeURIComponent(ticket))` " +
          "and `source.addEventListener('order', (e) => JSON.parse(e.data))`.",
        security: [...SECURITY_BEARER, { streamTicket: [] }],
        querystring: orderEventsQuery,
        response: {
          200: streamResponseDoc('The event stream'),
          400: errorReply,
          ...signedIn,
          429: errorReply,
        },
      },
    },
    (request, reply) => streams.customer(request, reply, request.query.ticket),
  );

  app.post(
    '/bar/v2/orders/events/ticket',
    {
      preValidation: customerFirst,
      schema: {
        tags,
        summary: 'A one-minute ticket to open the order event stream with EventSource',
        description:
          'For `GET /bar/v2/orders/events?ticket=…`: EventSource cannot send the Authorization header, ' +
          'and the session token must not travel in URLs. The ticket opens streams only, names no ' +
          'person, and stops working when the session ends. Staff tokens: 403.',
        security: SECURITY_BEARER,
        querystring: formatQuery,
        response: { 200: streamTicketReply, ...signedIn },
      },
    },
    async (request, reply) => {
      await requireCustomer(request);
      reply.header('cache-control', 'no-store');
      return streams.ticket(await requireSession(request));
    },
  );
}
