import {
  courier,
  courierIdParams,
  courierLinkReply,
  courierRequest,
  courierRouteReply,
  courierStopParams,
  couriersReply,
  createRouteRequest,
  dispatchBoardReply,
  dispatchConflictReply,
  dispatchRoute,
  dispatchStop,
  errorReply,
  notDeliveredRequest,
  outsideDelivery,
  outsideDeliveryRequest,
  outsideIdParams,
  outsideProviderReply,
  outsideProviderRequest,
  recordSettlementRequest,
  routeIdParams,
  routeStopParams,
  settlementQuery,
  settlementReply,
  updateRouteRequest,
} from '@comanda/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { DispatchService } from './service.ts';

/* Delivery dispatch's routes (issue 35, docs/decisions/0070): the staff's and the courier's. */

const tags = ['dispatch'];
const staffOnly = { 401: errorReply, 403: errorReply };
const DISPATCHERS =
  'Attendants and up (dispatch.manage); a customer token 403, another store’s token or none 401.';
const MANAGERS =
  'Managers and the owner (couriers.manage); a customer token 403, another store’s token or none 401.';
const COURIER_AUTH =
  'Signed by the courier’s personal link: `Authorization: Courier <token>`. A revoked, unknown or other ' +
  'store’s link: 401 COURIER_LINK_INVALID and nothing else.';

/** The token of `Authorization: Courier <token>`, or null. */
function courierToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Courier\s+(\S+)$/i.exec(header.trim());
  return match ? match[1]! : null;
}

export function registerDispatchRoutes(ctx: AppContext, services: { dispatch: DispatchService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.dispatch;

  // -------------------------------------------------------------------------------------------
  // Couriers (managers)

  app.get(
    '/staff/couriers',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'The store’s couriers',
        description:
          'Every courier with their pay rule and whether a personal link is live. `pagamento` is null for a ' +
          `caller without couriers.manage (attendants).\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        response: { 200: couriersReply, ...staffOnly },
      },
    },
    async (request) => service.listCouriers(requireStaff(request)),
  );

  app.post(
    '/staff/couriers',
    {
      config: { capability: 'couriers.manage' },
      schema: {
        tags,
        summary: 'Add a courier',
        description:
          'Name, phone (DDD + number), vehicle, whether they work today and how they are paid. Km bands must ' +
          `go up (400 INVALID_PAY_BANDS).\n\n${MANAGERS}`,
        security: SECURITY_BEARER,
        body: courierRequest,
        response: { 201: courier, 400: errorReply, ...staffOnly },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createCourier(requireStaff(request), request.body)),
  );

  app.put(
    '/staff/couriers/:id',
    {
      config: { capability: 'couriers.manage' },
      schema: {
        tags,
        summary: 'Change a courier',
        description: `The whole courier as in POST. Another store’s courier: 404 COURIER_NOT_FOUND.\n\n${MANAGERS}`,
        security: SECURITY_BEARER,
        params: courierIdParams,
        body: courierRequest,
        response: { 200: courier, 400: errorReply, ...staffOnly, 404: errorReply },
      },
    },
    async (request) => service.updateCourier(requireStaff(request), request.params.id, request.body),
  );

  app.post(
    '/staff/couriers/:id/link',
    {
      config: { capability: 'couriers.manage' },
      schema: {
        tags,
        summary: 'A new personal link for a courier',
        description:
          'The courier’s page address with a new token, shown this once (only its hash is kept); the previous ' +
          `link stops working.\n\n${MANAGERS}`,
        security: SECURITY_BEARER,
        params: courierIdParams,
        response: { 200: courierLinkReply, ...staffOnly, 404: errorReply },
      },
    },
    async (request) => service.newLink(requireStaff(request), request.params.id, request.store.slug),
  );

  app.delete(
    '/staff/couriers/:id/link',
    {
      config: { capability: 'couriers.manage' },
      schema: {
        tags,
        summary: 'Revoke a courier’s personal link',
        description: `The link stops working at once.\n\n${MANAGERS}`,
        security: SECURITY_BEARER,
        params: courierIdParams,
        response: { 204: z.null().describe('Revoked'), ...staffOnly, 404: errorReply },
      },
    },
    async (request, reply) => {
      await service.revokeLink(requireStaff(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // -------------------------------------------------------------------------------------------
  // Settlement (managers)

  app.get(
    '/staff/couriers/settlement',
    {
      config: { capability: 'couriers.manage' },
      schema: {
        tags,
        summary: 'The couriers’ settlement of a day',
        description:
          'Per courier with deliveries, a route or a settlement that store-local day (ADR 0043): deliveries, ' +
          'per pay band, daily rate, what they are owed, cash collected at the doors, and the net ' +
          `(positive: the store pays the courier; negative: the courier hands cash in).\n\n${MANAGERS}`,
        security: SECURITY_BEARER,
        querystring: settlementQuery,
        response: { 200: settlementReply, 400: errorReply, ...staffOnly },
      },
    },
    async (request) => service.settlement(requireStaff(request).storeId, request.query.dia),
  );

  app.get(
    '/staff/couriers/settlement.csv',
    {
      config: { capability: 'couriers.manage' },
      schema: {
        tags,
        summary: 'The couriers’ settlement of a day as CSV',
        description: `For a pt-BR spreadsheet: UTF-8 with a BOM, ';', decimal comma.\n\n${MANAGERS}`,
        security: SECURITY_BEARER,
        querystring: settlementQuery,
        response: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: z.string().describe('CSV, UTF-8 with a BOM') } },
          },
          400: errorReply,
          ...staffOnly,
        },
      },
    },
    async (request, reply) => {
      const { dia, csv } = await service.settlementCsv(requireStaff(request).storeId, request.query.dia);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="acerto-entregadores-${dia}.csv"`)
        .send(csv);
    },
  );

  app.post(
    '/staff/couriers/:id/settlement',
    {
      config: { capability: 'couriers.manage' },
      schema: {
        tags,
        summary: 'Record a courier’s settlement of a day',
        description:
          'Once per courier and day (409 SETTLEMENT_ALREADY_RECORDED). With a cash register open, the ' +
          `courier’s pay leaves it as a sangria.\n\n${MANAGERS}`,
        security: SECURITY_BEARER,
        params: courierIdParams,
        body: recordSettlementRequest,
        response: { 200: settlementReply, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => service.recordSettlement(requireStaff(request), request.params.id, request.body.dia),
  );

  // -------------------------------------------------------------------------------------------
  // The board (attendants)

  app.get(
    '/staff/dispatch',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'The dispatch board',
        description:
          'Ready delivery orders (Concluido, in no route), the suggested routes (by neighbourhood, nearest-next ' +
          `from the store), the routes not ended and today’s ended ones, and outside deliveries.\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        response: { 200: dispatchBoardReply, ...staffOnly },
      },
    },
    async (request) => service.board(requireStaff(request)),
  );

  const conflicts = { 404: errorReply, 409: dispatchConflictReply };

  app.post(
    '/staff/routes',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'Put together a route',
        description:
          'The orders in stop order (`ordenar: true`: nearest-next from the store). Refused: an unknown or ' +
          'other store’s order or courier (404), an order not ready, not a delivery or already in a route ' +
          `(409 ORDER_NOT_READY, ORDER_NOT_DELIVERY, ORDER_ALREADY_DISPATCHED).\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        body: createRouteRequest,
        response: { 201: dispatchRoute, 400: errorReply, ...staffOnly, ...conflicts },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.createRoute(requireStaff(request), request.body)),
  );

  app.put(
    '/staff/routes/:id',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'Reassign or reorder a route',
        description: `Only while montando: 409 ROUTE_ALREADY_LEFT with \`rota\` as it is now.\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        params: routeIdParams,
        body: updateRouteRequest,
        response: { 200: dispatchRoute, 400: errorReply, ...staffOnly, ...conflicts },
      },
    },
    async (request) => service.updateRoute(requireStaff(request), request.params.id, request.body),
  );

  app.delete(
    '/staff/routes/:id',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'Undo a route not yet left',
        description: `Its orders go back to the ready list. After it left: 409 ROUTE_ALREADY_LEFT.\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        params: routeIdParams,
        response: { 204: z.null().describe('Removed'), ...staffOnly, ...conflicts },
      },
    },
    async (request, reply) => {
      await service.deleteRoute(requireStaff(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/staff/routes/:id/depart',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'The route leaves the store',
        description:
          'Its orders are “saiu para entrega” (the customers’ tracking and the board hear it). Twice: 409 ' +
          `ROUTE_ALREADY_LEFT with the route; the courier still on another route: 409 COURIER_BUSY.\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        params: routeIdParams,
        response: { 200: dispatchRoute, ...staffOnly, ...conflicts },
      },
    },
    async (request) => service.depart(requireStaff(request), request.params.id),
  );

  app.post(
    '/staff/routes/:id/back',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'The route is back at the store',
        description: `Once every stop is marked (409 ROUTE_STOPS_PENDING).\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        params: routeIdParams,
        response: { 200: dispatchRoute, ...staffOnly, ...conflicts },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return service.back(staff.storeId, { staffId: staff.staffId }, request.params.id);
    },
  );

  app.post(
    '/staff/routes/:id/stops/:stopId/delivered',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'Mark a stop delivered',
        description:
          'The order becomes Entregue (points, takings and events as the board’s own move). Twice: 409 ' +
          `STOP_ALREADY_MARKED with the stop.\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        params: routeStopParams,
        response: { 200: dispatchStop, ...staffOnly, ...conflicts },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return service.markStop(
        staff.storeId,
        { staffId: staff.staffId },
        request.params.stopId,
        { delivered: true },
        request.params.id,
      );
    },
  );

  app.post(
    '/staff/routes/:id/stops/:stopId/not-delivered',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'Mark a stop not delivered, with the reason',
        description: `The order returns to the ready list, flagged. Twice: 409 STOP_ALREADY_MARKED.\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        params: routeStopParams,
        body: notDeliveredRequest,
        response: { 200: dispatchStop, 400: errorReply, ...staffOnly, ...conflicts },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return service.markStop(
        staff.storeId,
        { staffId: staff.staffId },
        request.params.stopId,
        { delivered: false, reason: request.body.motivo },
        request.params.id,
      );
    },
  );

  app.post(
    '/staff/routes/outside',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'Hand a ready order to the outside courier company',
        description:
          'The company (iFood Shipping, or the local stand-in) is asked for a courier; its progress comes by ' +
          'its notifications and shows on the board and the customer’s tracking. 409 as for a route, or ' +
          `COURIER_PROVIDER_OFF; 503 COURIER_PROVIDER_FAILED when the company refuses or does not answer.\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        body: outsideDeliveryRequest,
        response: { 201: outsideDelivery, 400: errorReply, ...staffOnly, ...conflicts, 503: errorReply },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.requestOutside(requireStaff(request), request.store.slug, request.body.pedido_id),
        ),
  );

  app.post(
    '/staff/routes/outside/:id/cancel',
    {
      config: { capability: 'dispatch.manage' },
      schema: {
        tags,
        summary: 'Cancel an outside delivery',
        description:
          'The company is asked to cancel; the order is ready to dispatch again. Until the courier picks it up: ' +
          'picked up, delivered, cancelled or not yet accepted by the company is 409 OUTSIDE_NOT_CANCELLABLE with ' +
          '`externo` as it is now; another store’s: 404 OUTSIDE_NOT_FOUND; the company refusing or silent: 503 ' +
          `COURIER_PROVIDER_FAILED and nothing changes. Cancelling the order cancels its outside delivery too.\n\n${DISPATCHERS}`,
        security: SECURITY_BEARER,
        params: outsideIdParams,
        response: {
          200: outsideDelivery,
          400: errorReply,
          ...staffOnly,
          404: errorReply,
          409: dispatchConflictReply,
          503: errorReply,
        },
      },
    },
    async (request) => service.cancelOutside(requireStaff(request), request.params.id),
  );

  app.get(
    '/staff/dispatch/outside-provider',
    {
      config: { capability: 'couriers.manage' },
      schema: {
        tags,
        summary: 'The store’s outside courier company',
        description:
          'The provider (iFood Shipping or the stand-in) and the store’s merchant id there; the client id and ' +
          `secret are never shown (\`segredos_definidos\` names the ones kept).\n\n${MANAGERS}`,
        security: SECURITY_BEARER,
        response: { 200: outsideProviderReply, ...staffOnly },
      },
    },
    async (request) => service.outsideProvider(requireStaff(request)),
  );

  app.put(
    '/staff/dispatch/outside-provider',
    {
      config: { capability: 'couriers.manage' },
      schema: {
        tags,
        summary: 'Set the store’s outside courier company',
        description:
          'Provider, merchant id, client id and secret (sealed; left out or empty keeps the stored ones while ' +
          'the provider stays). Confirmed with the caller’s own password (403 OWNER_PASSWORD_REQUIRED / ' +
          'OWNER_PASSWORD_WRONG), written to the change history. 400 INVALID_PROVIDER_SETTINGS naming the ' +
          `field; 409 PAYMENT_SECRETS_UNAVAILABLE without a secrets key. Any refusal changes nothing.\n\n${MANAGERS}`,
        security: SECURITY_BEARER,
        body: outsideProviderRequest,
        response: { 200: outsideProviderReply, 400: errorReply, ...staffOnly, 409: errorReply },
      },
    },
    async (request) => service.changeOutsideProvider(requireStaff(request), request.body),
  );

  // The company's notifications need their raw body (the signature is over the exact bytes).
  ctx.app.register(async (scope: FastifyInstance) => {
    const raw = (_request: FastifyRequest, body: Buffer, done: (error: null, body: Buffer) => void) =>
      done(null, body);
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, raw);
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, raw);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/integracoes/v1/entregas/:provider',
      {
        schema: {
          tags,
          summary: 'The outside courier company’s notification of a delivery’s progress',
          description:
            'iFood Shipping’s events (X-IFood-Signature over the raw body): assigned, picked up, delivered, ' +
            'cancelled. 401 NOTIFICATION_REFUSED for a bad signature; events of unknown deliveries or that would ' +
            'move one back are ignored.',
          params: z.object({ provider: z.enum(['ifood']) }),
          response: { 200: z.object({ applied: z.number().int() }), 401: errorReply, 404: errorReply },
        },
      },
      async (request) =>
        service.outsideNotification(
          request.store.id,
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers,
        ),
    );
  });

  // -------------------------------------------------------------------------------------------
  // The courier's page

  const courierOf = (request: FastifyRequest) =>
    service.courierOfToken(request.store.id, courierToken(request));
  const courierErrors = { 401: errorReply, 404: errorReply, 409: dispatchConflictReply };

  app.get(
    '/courier/v1/route',
    {
      schema: {
        tags,
        summary: 'The courier’s current route',
        description: `The route on its way, else the one being put together; null when none.\n\n${COURIER_AUTH}`,
        response: { 200: courierRouteReply, 401: errorReply },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.courierRoute(await courierOf(request));
    },
  );

  app.post(
    '/courier/v1/stops/:stopId/delivered',
    {
      preValidation: async (request) => {
        await courierOf(request);
      },
      schema: {
        tags,
        summary: 'The courier marks a stop delivered',
        description: `Only their own route’s stops (another’s: 404). Twice: 409 STOP_ALREADY_MARKED.\n\n${COURIER_AUTH}`,
        params: courierStopParams,
        response: { 200: dispatchStop, ...courierErrors },
      },
    },
    async (request) => {
      const courierPrincipal = await courierOf(request);
      return service.markStop(courierPrincipal.storeId, courierPrincipal, request.params.stopId, {
        delivered: true,
      });
    },
  );

  app.post(
    '/courier/v1/stops/:stopId/not-delivered',
    {
      preValidation: async (request) => {
        await courierOf(request);
      },
      schema: {
        tags,
        summary: 'The courier marks a stop not delivered, with the reason',
        description: `Only their own route’s stops (another’s: 404). Twice: 409 STOP_ALREADY_MARKED.\n\n${COURIER_AUTH}`,
        params: courierStopParams,
        body: notDeliveredRequest,
        response: { 200: dispatchStop, 400: errorReply, ...courierErrors },
      },
    },
    async (request) => {
      const courierPrincipal = await courierOf(request);
      return service.markStop(courierPrincipal.storeId, courierPrincipal, request.params.stopId, {
        delivered: false,
        reason: request.body.motivo,
      });
    },
  );

  app.post(
    '/courier/v1/route/back',
    {
      schema: {
        tags,
        summary: 'The courier is back at the store',
        description: `Once every stop is marked (409 ROUTE_STOPS_PENDING).\n\n${COURIER_AUTH}`,
        response: { 200: dispatchRoute, ...courierErrors },
      },
    },
    async (request) => service.courierBack(await courierOf(request)),
  );
}
