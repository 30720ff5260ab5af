import {
  errorReply,
  mapsAutocompleteQuery,
  mapsGeocodeQuery,
  mapsPlace,
  mapsPlaceList,
  mapsReverseQuery,
  STREET_TILE,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { addressKey } from '../../plugins/rate-limit.ts';
import type { MapsService } from './service.ts';

const tags = ['maps'];
const LIMIT_TEXT =
  'No sign-in needed. Limited per client address (300 calls per 10 minutes, shared by the three maps ' +
  'calls): beyond it 429 TOO_MANY_ATTEMPTS with Retry-After.';
const STAND_IN_TEXT =
  'The local maps stand-in: a committed street list of the demo cities (São Paulo around Consolação, ' +
  'Bela Vista, Liberdade, Pinheiros, Vila Mariana, Jardim Paulista, República, Perdizes; Osasco), house ' +
  'numbers interpolated along each street. Stores with a google_maps_key use Google Maps in the browser ' +
  'instead; these calls answer the same either way. district_id and city_id are the store’s when it ' +
  'has a city and a (not deleted) neighbourhood of those names, else null.';

/** The maps stand-in for the storefront's address wizard (GET /core/v2/maps/*). */
export function registerMapsRoutes(ctx: AppContext, services: { maps: MapsService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.maps;

  app.get(
    '/core/v2/maps/autocomplete',
    {
      schema: {
        tags,
        summary: 'Address suggestions for typed text',
        description:
          `${STAND_IN_TEXT} Matches the street name by prefix or substring, ignoring accents, case and ` +
          "abbreviations ('av.', 'r.'); other words may name the neighbourhood or city. A trailing number " +
          "('augusta 1500') places the result at that number. Fewer than 3 letters: no results. At most " +
          '8 results (limit, default 5), those inside the viewport (default: around the store) and ' +
          `nearest its centre first. ${LIMIT_TEXT}`,
        querystring: mapsAutocompleteQuery,
        response: { 200: mapsPlaceList, 400: errorReply, 429: errorReply },
      },
    },
    (request) => service.autocomplete(request.store, request.query, addressKey(request.ip)),
  );

  app.get(
    '/core/v2/maps/geocode',
    {
      schema: {
        tags,
        summary: 'The position of a street address',
        description:
          `${STAND_IN_TEXT} The street by its exact name first (accents, case and abbreviations aside), ` +
          'else the first street starting with it; in that city when given. Without a number (or S/N) the ' +
          `middle of the street. Unknown street: 404 LOCATION_NOT_FOUND. ${LIMIT_TEXT}`,
        querystring: mapsGeocodeQuery,
        response: { 200: mapsPlace, 400: errorReply, 404: errorReply, 429: errorReply },
      },
    },
    (request) => service.geocode(request.store, request.query, addressKey(request.ip)),
  );

  app.get(
    '/core/v2/maps/reverse',
    {
      schema: {
        tags,
        summary: 'The street address at a position (use my location)',
        description:
          `${STAND_IN_TEXT} The nearest street within 300 m, with the house number interpolated at the ` +
          'nearest point; latitude and longitude are the position asked. Nothing within 300 m: 404 ' +
          `LOCATION_NOT_FOUND. ${LIMIT_TEXT}`,
        querystring: mapsReverseQuery,
        response: { 200: mapsPlace, 400: errorReply, 404: errorReply, 429: errorReply },
      },
    },
    (request) => service.reverse(request.store, request.query.lat, request.query.lng, addressKey(request.ip)),
  );

  app.get(
    '/core/v2/maps/tile',
    {
      schema: {
        tags,
        summary: 'A street map picture around a position (the wizard’s map with the stand-in)',
        description:
          `${STAND_IN_TEXT} An SVG image (image/svg+xml) ${STREET_TILE.width}x${STREET_TILE.height} px at ` +
          `${STREET_TILE.metresPerPixel} m a pixel, north up, the position at its centre, the streets of ` +
          `the list drawn and named; no pin. Cached for a day. ${LIMIT_TEXT}`,
        querystring: mapsReverseQuery,
        response: { 400: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const svg = await service.tile(
        request.store,
        request.query.lat,
        request.query.lng,
        addressKey(request.ip),
      );
      // Not JSON: no 200 schema, so Fastify sends the text as is (the typed reply expects the errors' shape).
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(svg as never);
    },
  );
}
