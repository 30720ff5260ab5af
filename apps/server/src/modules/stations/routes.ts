import {
  errorReply,
  positiveIdParam,
  stationCreateRequest,
  stationRoutesRequest,
  stationsReply,
  stationUpdateRequest,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { StationsService } from './service.ts';

const tags = ['staff'];
const staffOnly = { 401: errorReply, 403: errorReply };

const ROLES =
  'Every member reads the stations (the board and the kitchen display split orders by them); adding, ' +
  'renaming, reordering, removing and routing need a manager or the owner (403 FORBIDDEN otherwise).';

/** The store's stations and the routing of its categories and products to them (docs/decisions/0052). */
export function registerStationRoutes(ctx: AppContext, services: { stations: StationsService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.stations;
  const changeReply = { 200: stationsReply, 400: errorReply, 404: errorReply, 409: errorReply, ...staffOnly };

  app.get(
    '/staff/stations',
    {
      config: { capability: 'stations.read' },
      schema: {
        tags,
        summary: 'The store’s stations and which products each prepares',
        description: ROLES,
        security: SECURITY_BEARER,
        response: { 200: stationsReply, ...staffOnly },
      },
    },
    async (request) => service.stations(requireStaff(request).storeId),
  );

  app.post(
    '/staff/stations',
    {
      config: { capability: 'stations.manage' },
      schema: {
        tags,
        summary: 'Add a station at the end of the list',
        description: `409 STATION_NAME_TAKEN for a name the store already has, STATIONS_LIMIT past 20.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: stationCreateRequest,
        response: changeReply,
      },
    },
    async (request) => service.create(requireStaff(request), request.body.name),
  );

  app.patch(
    '/staff/stations/:id',
    {
      config: { capability: 'stations.manage' },
      schema: {
        tags,
        summary: 'Rename a station or move it in the list (position 0 takes what nothing routes elsewhere)',
        description: ROLES,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        body: stationUpdateRequest,
        response: changeReply,
      },
    },
    async (request) => service.update(requireStaff(request), request.params.id, request.body),
  );

  app.delete(
    '/staff/stations/:id',
    {
      config: { capability: 'stations.manage' },
      schema: {
        tags,
        summary: 'Remove a station; what it prepared goes back to its category’s station or the first',
        description: ROLES,
        security: SECURITY_BEARER,
        params: positiveIdParam,
        response: changeReply,
      },
    },
    async (request) => service.remove(requireStaff(request), request.params.id),
  );

  app.put(
    '/staff/stations/routes',
    {
      config: { capability: 'stations.manage' },
      schema: {
        tags,
        summary: 'Route categories and products to stations (null: the category’s station, or the first)',
        description: `Only the categories and products named change. 400 UNKNOWN_STATION, UNKNOWN_CATEGORY or UNKNOWN_PRODUCT for ids the store does not have; nothing changes then.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        body: stationRoutesRequest,
        response: changeReply,
      },
    },
    async (request) => service.route(requireStaff(request), request.body),
  );
}
