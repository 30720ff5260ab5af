import { errorReply, storeCreateReply, storeCreateRequest } from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { StoreService } from './service.ts';

/** An owner opens another store on the deployment (issue 17, docs/decisions/0032). */
export function registerStoreRoutes(ctx: AppContext, services: { stores: StoreService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/staff/stores',
    {
      config: { capability: 'stores.create' },
      schema: {
        tags: ['staff-editor'],
        summary: 'Create a new store from a template, with its first owner',
        description:
          'The new store answers at its own sub-domain (`slug`: 2 to 63 lower-case letters, digits and ' +
          'dashes; 400 INVALID_SLUG, SLUG_RESERVED for names such as www, api, staff or admin; 409 ' +
          'SLUG_TAKEN). `blank`: one example category and product, every day 11:00–22:00, pickup only, ' +
          'cash and card; `pizzaria`: the demo pizzeria’s menu and hours without its name, contact, ' +
          'pictures of its brand, delivery areas, PIX key, online payments, coupons and loyalty. It starts ' +
          'closed: its owner (owner_phone with password, checked as on POST /staff/team) signs in at ' +
          '`url`/staff, fills it in and opens it. Owners only (403 FORBIDDEN otherwise); 10 stores a day ' +
          'per owner (429).',
        security: SECURITY_BEARER,
        body: storeCreateRequest,
        response: {
          201: storeCreateReply,
          400: errorReply,
          401: errorReply,
          403: errorReply,
          409: errorReply,
          429: errorReply,
        },
      },
    },
    async (request, reply) => {
      const created = await services.stores.create(requireStaff(request), request.body);
      return reply.status(201).send(created);
    },
  );
}
