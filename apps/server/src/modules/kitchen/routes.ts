import {
  errorReply,
  kitchenBumpRequest,
  kitchenQuery,
  kitchenRecallRequest,
  kitchenReply,
  orderIdParams,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { KitchenService } from './service.ts';

const tags = ['staff'];
const staffOnly = { 401: errorReply, 403: errorReply };

const AUTH =
  'Every member of the store (capability kitchen.bump): without a token 401, with a customer’s token 403. ' +
  'Orders and stations of other stores do not exist here (404 ORDER_NOT_FOUND, 400 UNKNOWN_STATION).';

/** The kitchen display's calls (docs/decisions/0055). */
export function registerKitchenRoutes(ctx: AppContext, services: { kitchen: KitchenService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.kitchen;

  app.get(
    '/staff/kitchen',
    {
      config: { capability: 'kitchen.bump' },
      schema: {
        tags,
        summary: 'A station’s orders in preparation (Preparo, Finalização) with its lines only',
        description:
          '`station`: a station’s id (GET /staff/stations); absent: every station. An order is listed while ' +
          'a line of the station is not bumped, the longest waiting first; `accepted_at` is when the store ' +
          `accepted it. \`last_bump\` is what the recall call would undo here.\n\n${AUTH}`,
        security: SECURITY_BEARER,
        querystring: kitchenQuery,
        response: { 200: kitchenReply, 400: errorReply, ...staffOnly },
      },
    },
    async (request) => service.view(requireStaff(request).storeId, request.query.station),
  );

  app.post(
    '/staff/kitchen/orders/:id/bump',
    {
      config: { capability: 'kitchen.bump' },
      schema: {
        tags,
        summary: 'Mark a line, or a station’s part of an order, done',
        description:
          '`station_id` absent or null: every station; `line`: one line (its `seq`), else every line of the ' +
          'station. Bumping what is bumped already changes nothing (200). The bump that leaves no line of ' +
          'the order to prepare moves it to Concluido (ready) once, with its event, however many screens ' +
          'bump at the same time. Replies with the view bumped from. 400 UNKNOWN_STATION, UNKNOWN_LINE, ' +
          'LINE_NOT_AT_STATION, NOTHING_AT_STATION; 409 ORDER_NOT_IN_PREPARATION (with `current_status`).' +
          `\n\n${AUTH}`,
        security: SECURITY_BEARER,
        params: orderIdParams,
        body: kitchenBumpRequest,
        response: { 200: kitchenReply, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => service.bump(requireStaff(request), request.params.id, request.body),
  );

  app.post(
    '/staff/kitchen/orders/:id/recall',
    {
      config: { capability: 'kitchen.bump' },
      schema: {
        tags,
        summary: 'Take back the order’s newest bump at a station (any station when absent)',
        description:
          'A ready order (Concluido) whose bump is recalled goes back to Preparo, recorded and announced; a ' +
          'delivered or cancelled one is refused with 409 ORDER_MOVED_ON. 409 NOTHING_TO_RECALL when the ' +
          `order has no bump there. Replies with the view recalled from.\n\n${AUTH}`,
        security: SECURITY_BEARER,
        params: orderIdParams,
        body: kitchenRecallRequest,
        response: { 200: kitchenReply, 400: errorReply, ...staffOnly, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => service.recall(requireStaff(request), request.params.id, request.body),
  );
}
