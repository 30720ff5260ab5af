import {
  errorReply,
  formatQuery,
  orderEventsQuery,
  orderIdParams,
  orderStatusUpdateRequest,
  staffOrder,
  staffOrderHistoryQuery,
  staffOrderHistoryReply,
  staffOrderListQuery,
  staffOrderListReply,
  streamTicketReply,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireSession, requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import { orderEventStreams, STREAM_DESCRIPTION, streamResponseDoc } from './order-event-streams.ts';
import type { OrderTrackingService } from './service.ts';

const tags = ['staff'];

const staffOnly = { 401: errorReply, 403: errorReply };

const STAFF_AUTH =
  'A staff account of this store (`npm run staff:create`): without a token 401 NOT_AUTHENTICATED, with a ' +
  'customer’s token 403 FORBIDDEN. Orders of other stores do not exist here (404).';

const STAFF_ORDER =
  'Each order is the customer’s order record (see GET /bar/atendimentos_app/{id}) plus `cliente` ' +
  '{id, nome (first name), telefone (login digits)}, `fone_para_mensagens`, and `status_changes` ' +
  '[{status, from, at, by (the customer\u2019s user_id at placement, the staff member\u2019s id after), ' +
  'actor (customer, staff or system: the store\u2019s auto-accept), by_name (the staff member\u2019s name), reason}], ' +
  '`pedidos_anteriores` (the customer\u2019s earlier orders at this store, not cancelled; 0 for a new customer), ' +
  'and `pagamento_online` {status, valor, devolver_na_mao} for an order paid online (null otherwise), ' +
  'and `rodada`: a table order\u2019s round on its table\u2019s tab (1, 2…; the ticket prints \u2018Mesa 3 · Rodada 2\u2019), else null.';

/** The staff calls that list a store's orders and move one along (documented under 'staff'). */
export function registerStaffOrderRoutes(ctx: AppContext, services: { orderTracking: OrderTrackingService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.orderTracking;
  const streams = orderEventStreams(ctx);

  app.get(
    '/staff/orders',
    {
      config: { capability: 'orders.handle' },
      schema: {
        tags,
        summary: 'The store’s orders, newest first',
        description:
          '`status`: one status or several, comma-separated (`Solicitado,Preparo,Finalização,Concluido` for ' +
          'the open ones); `limit` 1–100 (default 50); `before`: the previous page’s `next_before`. ' +
          `${STAFF_ORDER}\n\n${STAFF_AUTH}`,
        security: SECURITY_BEARER,
        querystring: staffOrderListQuery,
        response: { 200: staffOrderListReply, 400: errorReply, ...staffOnly },
      },
    },
    async (request) => service.listForStaff(requireStaff(request), request.query),
  );

  app.get(
    '/staff/orders/history',
    {
      config: { capability: 'orders.handle' },
      schema: {
        tags,
        summary: 'Search the store’s past orders, newest first',
        description:
          'Every filter given must match: `number` (the order’s number), `name` (part of the customer’s ' +
          'name; accents, case and extra spaces ignored), `phone` (part of the customer’s phone or the ' +
          'order’s contact number, by its digits, at least 3), `from`/`to` (days YYYY-MM-DD in the ' +
          'store’s time zone, both included, at most 366 days), `status` (comma-separated), `channel` ' +
          '(delivery, pickup, eat_in, table) and `payment` (a payment method’s id). `limit` 1–50 (default ' +
          '20); `before`: the previous page’s `next_before`. Each result is a summary; GET ' +
          '/staff/orders/{id} has the order with its history.\n\nReplies: 400 INVALID_INPUT (with `field`) ' +
          'for a malformed value (a day that does not exist, an unknown status or channel, a page size out ' +
          'of range), 400 INVALID_DATE_RANGE when `from` is after `to` or the range is too long.\n\n' +
          STAFF_AUTH,
        security: SECURITY_BEARER,
        querystring: staffOrderHistoryQuery,
        response: { 200: staffOrderHistoryReply, 400: errorReply, ...staffOnly },
      },
    },
    async (request) => service.historyForStaff(requireStaff(request), request.query),
  );

  app.get(
    '/staff/orders/events',
    {
      exposeHeadRoute: false,
      config: { capability: 'orders.handle', acceptsStreamTicket: true },
      schema: {
        tags,
        summary: 'Live status of every order of the store (Server-Sent Events)',
        description:
          'Events for every order of the staff’s store, and `event: table_call` with a guest’s call from a ' +
          'table (`data`: the call, as POST /bar/v2/tables/{table}/calls/ answers it) when it is made and ' +
          'again when a member of the staff acknowledges it (`acknowledged_at` set). A round ordered at a ' +
          `table is an order like any other.\n\n${STREAM_DESCRIPTION}\n\n${STAFF_AUTH}`,
        security: [...SECURITY_BEARER, { streamTicket: [] }],
        querystring: orderEventsQuery,
        response: {
          200: streamResponseDoc('The event stream'),
          400: errorReply,
          ...staffOnly,
          429: errorReply,
        },
      },
    },
    (request, reply) => streams.staff(request, reply, request.query.ticket),
  );

  app.post(
    '/staff/orders/events/ticket',
    {
      config: { capability: 'orders.handle' },
      schema: {
        tags,
        summary: 'A one-minute ticket to open the store’s order event stream with EventSource',
        description: `For \`GET /staff/orders/events?ticket=…\` (see the customer’s ticket call).\n\n${STAFF_AUTH}`,
        security: SECURITY_BEARER,
        querystring: formatQuery,
        response: { 200: streamTicketReply, ...staffOnly },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return streams.ticket(await requireSession(request));
    },
  );

  app.get(
    '/staff/orders/:id',
    {
      config: { capability: 'orders.handle' },
      schema: {
        tags,
        summary: 'One order of the store, with its full history',
        description: `${STAFF_ORDER}\n\n${STAFF_AUTH}`,
        security: SECURITY_BEARER,
        params: orderIdParams,
        response: { 200: staffOrder, 400: errorReply, ...staffOnly, 404: errorReply },
      },
    },
    async (request) => service.getForStaff(requireStaff(request), request.params.id),
  );

  app.post(
    '/staff/orders/:id/status',
    {
      config: { capability: 'orders.handle' },
      schema: {
        tags,
        summary: 'Move an order to its next status (or cancel it)',
        description:
          'Allowed (ALLOWED_STATUS_TRANSITIONS of @comanda/domain): forward along Solicitado → Preparo → ' +
          'Finalização → Concluido → Entregue (steps may be skipped), or Cancelado from any status that ' +
          'is not final, with a non-blank `reason` (≤ 200 characters). Entregue and Cancelado are final.\n\n' +
          'The change is recorded in the order’s history with the staff account and the time, and the ' +
          'customer’s event stream gets it at once. Entregue credits the loyalty points the order earns ' +
          '(pending until then, docs/decisions/0021). Cancelling gives back what the order consumed: the ' +
          'loyalty points it spent, its coupon use; its pending points are never credited; its schedule ' +
          'place is freed; an order paid online (PIX) gets its money back through the provider once the cancel ' +
          'has committed (the store\u2019s own key: flagged in `pagamento_online.devolver_na_mao` for the store to ' +
          'give back by hand). Two staff changing one order at the same time are ' +
          'applied one after the other, the second checked against the first’s result.\n\n' +
          'A cancel the member may not make alone (an order paid online, or a store rule asking approval for ' +
          'every attendant\u2019s cancel; docs/decisions/0059): 403 CANCEL_NEEDS_APPROVAL, nothing changed; ask with ' +
          'POST /staff/orders/{id}/cancel-requests or cancel with a manager\u2019s code at POST /staff/orders/{id}/cancel-with-code.\n\n' +
          'Replies: 200 the updated order; 409 INVALID_TRANSITION when the order’s status does not allow ' +
          'it (including the same status again; nothing changes); 400 CANCEL_REASON_REQUIRED (field ' +
          '`reason`); 400 INVALID_INPUT for an unknown status or a malformed body (with `field`); 404 ' +
          `ORDER_NOT_FOUND.\n\n${STAFF_ORDER}\n\n${STAFF_AUTH}`,
        security: SECURITY_BEARER,
        params: orderIdParams,
        body: orderStatusUpdateRequest,
        response: { 200: staffOrder, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => service.changeStatus(requireStaff(request), request.params.id, request.body),
  );
}
