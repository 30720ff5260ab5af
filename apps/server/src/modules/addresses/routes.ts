import {
  addressDeleteReply,
  addressDeleteRequest,
  addressIdParams,
  addressListReply,
  addressQuote,
  addressQuoteQuery,
  deliveryCheckQuery,
  deliveryCheckReply,
  errorReply,
  formatQuery,
  olderAddressReply,
  olderAddressRequest,
  upsertAddressesReply,
  upsertAddressesRequest,
} from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { requireCustomer, SECURITY_BEARER } from '../../plugins/auth.ts';
import type { AddressService } from './service.ts';

const tags = ['addresses'];
const signedIn = { 401: errorReply, 403: errorReply };

const RULES_TEXT =
  'Rules (spec section 5), each a 400 naming the request field in `field`, nothing saved: street required ' +
  "and at least 5 characters (STREET_TOO_SHORT 'Informe pelo menos 5 letras'); number letters and digits " +
  "only, at most 10 (INVALID_NUMBER), 'S/N' for none; complement at most 100 (TEXT_TOO_LONG 'Máximo de " +
  "100 caracteres'); name required, at most 40; missing required fields FIELD_REQUIRED 'Este campo é " +
  "obrigatório'. Stores that charge by neighbourhood: city and neighbourhood required (by id, or by " +
  'name), the store’s, active and of each other (CITY_NOT_FOUND, CITY_INACTIVE, DISTRICT_NOT_FOUND for ' +
  'unknown, deleted or of another city, DISTRICT_INACTIVE). Stores that charge by radius or area: the ' +
  "city is free text, the neighbourhood may be absent ('Sem bairro'); the position decides the fee, so " +
  'when the street is one the maps stand-in knows, latitude/longitude must be within 500 m of that ' +
  "street address (LOCATION_TOO_FAR 'informed local too far'); without a position the server geocodes " +
  'the street with the stand-in, else LOCATION_REQUIRED. latitude and longitude go together ' +
  '(INVALID_LOCATION). At most 50 saved addresses per customer (409 TOO_MANY_ADDRESSES).';

const ADDRESS_TEXT =
  'Each address carries the server shape of spec section 3 (full_address, active flags, delivery_fee, ' +
  'original_delivery_fee, discount_minimum_order) and the client shape (street, streetNumber, city_id, ' +
  'district, latitude, …, deliverable, and reason + reason_detail when not deliverable), computed now ' +
  'with the store’s fee model: by neighbourhood (its fees; inactive or deleted neighbourhood or city: ' +
  'not deliverable), by radius (the tier of the distance from the store, up to delivery_max_radius) or ' +
  'by area (the first polygon containing it); radius and area fees take the store’s ' +
  'delivery_discounted_fee from delivery_discount_minimum_order up. The order pays delivery_fee when its ' +
  'subtotal is at or above discount_minimum_order (0: always), else original_delivery_fee.';

/** Saved addresses (spec section 7 "Addresses and cards"). */
export function registerAddressRoutes(ctx: AppContext, services: { addresses: AddressService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.addresses;

  app.get(
    '/core/v2/app/customer/addresses/',
    {
      schema: {
        tags,
        summary: 'The signed-in customer’s saved addresses',
        description: `The same list as enderecos of GET /core/cliente_app/{id}: not deleted, oldest first. ${ADDRESS_TEXT}`,
        security: SECURITY_BEARER,
        querystring: formatQuery,
        response: { 200: addressListReply, ...signedIn },
      },
    },
    async (request) => service.list(await requireCustomer(request)),
  );

  app.post(
    '/core/v2/app/customer/upsert-addresses/',
    {
      schema: {
        tags,
        summary: 'Save new addresses or change the customer’s own (sent shape)',
        description:
          'addresses: 1 to 20 in the sent shape of spec section 3; id null or absent adds one, an id changes ' +
          'that address (every field replaced). The batch is one transaction: one refusal saves nothing. An ' +
          'id that is not one of the customer’s own addresses (unknown, deleted, another customer’s): 404 ' +
          'ADDRESS_NOT_FOUND; the same id twice: 400 DUPLICATE_ADDRESS. The reply adds ids (every address, ' +
          `in request order) and the saved addresses to the spec's {success, detail, inserted_ids}. ${RULES_TEXT}`,
        security: SECURITY_BEARER,
        querystring: formatQuery,
        body: upsertAddressesRequest,
        response: {
          200: upsertAddressesReply,
          400: errorReply,
          ...signedIn,
          404: errorReply,
          409: errorReply,
        },
      },
    },
    async (request) => service.upsert(await requireCustomer(request), request.body),
  );

  app.post(
    '/core/endereco_register_app/',
    {
      schema: {
        tags,
        summary: 'Add an address (older creation shape)',
        description:
          'cidade and bairro are ids of the store’s city and neighbourhood (names are accepted too; for ' +
          'radius and area stores cidade may be any city name and bairro empty); numero is required (S/N for ' +
          'none); cliente, when sent, must be the signed-in customer (else 403). No position is sent: for ' +
          'radius and area stores the server locates the street with the maps stand-in (LOCATION_REQUIRED ' +
          `when it cannot). The reply is the saved address with success and detail. ${RULES_TEXT}`,
        security: SECURITY_BEARER,
        querystring: formatQuery,
        body: olderAddressRequest,
        response: { 201: olderAddressReply, 400: errorReply, ...signedIn, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const saved = await service.registerOlder(await requireCustomer(request), request.body);
      return reply.status(201).send(saved);
    },
  );

  app.patch(
    '/core/endereco_register_app/:id/',
    {
      schema: {
        tags,
        summary: 'Delete one of the customer’s addresses (soft delete)',
        description:
          'Only {excluido: true}. The address is no longer listed nor quotable; past orders keep their ' +
          'address text. Deleting it again answers the same. Another customer’s or an unknown id: 404 ' +
          'ADDRESS_NOT_FOUND (never 403, so ids cannot be probed).',
        security: SECURITY_BEARER,
        params: addressIdParams,
        querystring: formatQuery,
        body: addressDeleteRequest,
        response: { 200: addressDeleteReply, 400: errorReply, ...signedIn, 404: errorReply },
      },
    },
    async (request) => service.remove(await requireCustomer(request), request.params.id),
  );

  app.get(
    '/core/v2/app/customer/delivery-check/',
    {
      schema: {
        tags,
        summary: 'Whether the store delivers to a place found by the address wizard, before saving it',
        description:
          'The same rules as a saved address: a store that charges by neighbourhood delivers to its active ' +
          'city and neighbourhood of those names (city, district); by radius or area, to the position. Not ' +
          "deliverable: deliverable false, reason, detail 'Esse endereço não está disponível para entrega'.",
        security: SECURITY_BEARER,
        querystring: deliveryCheckQuery,
        response: { 200: deliveryCheckReply, 400: errorReply, ...signedIn },
      },
    },
    async (request) => service.checkDelivery(await requireCustomer(request), request.query),
  );

  app.get(
    '/core/v2/app/customer/addresses/:id/quote/',
    {
      schema: {
        tags,
        summary: 'The delivery fee an order with this subtotal would pay to this address',
        description:
          'The same computation as order placement (quoteDelivery): fee is delivery_fee when subtotal is at ' +
          'or above discount_minimum_order, else original_delivery_fee; not deliverable: deliverable false, ' +
          "reason, detail 'Esse endereço não está disponível para entrega', fee 0. Another customer’s, " +
          'deleted or unknown address: 404 ADDRESS_NOT_FOUND.',
        security: SECURITY_BEARER,
        params: addressIdParams,
        querystring: addressQuoteQuery,
        response: { 200: addressQuote, 400: errorReply, ...signedIn, 404: errorReply },
      },
    },
    async (request) => {
      const quote = await service.quote(
        await requireCustomer(request),
        request.params.id,
        request.query.subtotal,
      );
      const { addressText, ...rest } = quote;
      return { ...rest, address_text: addressText };
    },
  );
}
