import {
  errorReply,
  orderIdParams,
  orderRating,
  rateOrderRequest,
  staffRatingsQuery,
  staffRatingsReply,
} from '@comanda/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireCustomer, requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { RatingsService } from './service.ts';

const signedIn = { 401: errorReply, 403: errorReply };

/** Who is calling is checked before the input (401/403 before 400). */
const customerFirst = async (request: FastifyRequest) => {
  await requireCustomer(request);
};

/** A customer rates a delivered order; the store reads the ratings (docs/decisions/0068). */
export function registerRatingRoutes(ctx: AppContext, services: { ratings: RatingsService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.ratings;

  app.post(
    '/bar/v2/orders/:id/rating',
    {
      preValidation: customerFirst,
      schema: {
        tags: ['orders'],
        summary: 'Rate one of the signed-in customer’s delivered orders',
        description:
          'Stars 1-5 (`nota`) and an optional comment (`comentario`, up to 500 characters), once per ' +
          'order, within 30 days of its delivery. 404 ORDER_NOT_FOUND for another customer’s order or an ' +
          'unknown id; 409 ORDER_NOT_DELIVERED, RATING_WINDOW_CLOSED or ORDER_ALREADY_RATED. The order ' +
          'record then carries it as `avaliacao`.',
        security: SECURITY_BEARER,
        params: orderIdParams,
        body: rateOrderRequest,
        response: { 201: orderRating, 400: errorReply, ...signedIn, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const rating = await service.rate(await requireCustomer(request), request.params.id, request.body);
      return reply.code(201).send(rating);
    },
  );

  app.get(
    '/staff/ratings',
    {
      config: { capability: 'ratings.read' },
      schema: {
        tags: ['staff'],
        summary: 'The customers’ ratings of the store’s orders, newest first, and their summary',
        description:
          '30 per page (`before` = the last one’s `at` for the next); `max_nota` keeps the ratings up to ' +
          'that many stars. The summary counts every rating of the store. Managers and the owner ' +
          '(a store may open it to attendants or keep it to the owner).',
        security: SECURITY_BEARER,
        querystring: staffRatingsQuery,
        response: { 200: staffRatingsReply, 400: errorReply, ...signedIn },
      },
    },
    async (request) => service.list(requireStaff(request), request.query),
  );
}
