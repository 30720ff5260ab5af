import { NOT_DELIVERABLE_REASONS } from '@comanda/domain';
import { z } from 'zod';
import { centavos, freeText } from './common.ts';

/*
 * Saved addresses, their delivery fee, and the maps stand-in (spec sections 3 "Server address",
 * "Address" shapes, 5 "New address", 7 "Addresses and cards", 9 "Delivery fee and totals").
 *
 * Request schemas check types and cap every string generously; the rules with the spec's messages
 * (street at least 5 characters, number letters and digits, complement at most 100, required
 * fields, the store's neighbourhoods) are checked by the server, which answers `{detail, code,
 * field}` with the codes of `ADDRESS_ERROR_CODES`. `field` names the request field: `rua`, `numero`…
 * for the older call, `addresses.<index>.<field>` for the upsert.
 */

const MAX_ID = 2_147_483_647;
/** Wire caps: beyond these the request is malformed (400 INVALID_INPUT); the rules are tighter. */
const TEXT_CAP = 200;
const LONG_TEXT_CAP = 300;
const NUMBER_CAP = 20;

export const ADDRESSES_PER_REQUEST_MAX = 20;
export const ADDRESSES_PER_CUSTOMER_MAX = 50;
export const MAPS_RESULTS_MAX = 8;

/** Stable `code` values of the address and maps calls' refusals (besides INVALID_INPUT). */
export const ADDRESS_ERROR_CODES = [
  /** 'Este campo é obrigatório' (name, street, number in the older form, city, neighbourhood). */
  'FIELD_REQUIRED',
  /** 'Informe pelo menos 5 letras'. */
  'STREET_TOO_SHORT',
  /** Number not letters and digits, or longer than 10. */
  'INVALID_NUMBER',
  /** 'Máximo de 100 caracteres' (complement) and the other length caps. */
  'TEXT_TOO_LONG',
  /** A city id or name the store does not have. */
  'CITY_NOT_FOUND',
  /** The store's city exists but is inactive. */
  'CITY_INACTIVE',
  /** A neighbourhood the store does not have, a deleted one, or one of another city. */
  'DISTRICT_NOT_FOUND',
  /** The store's neighbourhood exists but is inactive. */
  'DISTRICT_INACTIVE',
  /** Only one of latitude and longitude. */
  'INVALID_LOCATION',
  /** A radius or area store needs coordinates and the server could not find the street. */
  'LOCATION_REQUIRED',
  /** 'informed local too far': coordinates more than 500 m from the named street. */
  'LOCATION_TOO_FAR',
  /** Reverse geocoding: no street within 300 m; geocoding: no such street. */
  'LOCATION_NOT_FOUND',
  /** Unknown id, another customer's address, or a deleted one (never 403: ids cannot be probed). */
  'ADDRESS_NOT_FOUND',
  /** The same id twice in one upsert. */
  'DUPLICATE_ADDRESS',
  /** More than 50 saved addresses. */
  'TOO_MANY_ADDRESSES',
  /** cliente of the older call is not the signed-in customer. */
  'FORBIDDEN',
  'NOT_AUTHENTICATED',
  'TOO_MANY_ATTEMPTS',
] as const;
export type AddressErrorCode = (typeof ADDRESS_ERROR_CODES)[number];

/** Why an address is not deliverable (`reason`); see NOT_DELIVERABLE_REASONS of @comanda/domain. */
export const notDeliverableReason = z.enum(NOT_DELIVERABLE_REASONS);

/** An id as a number or a numeric string (form selects send strings). */
const idRef = z.union([z.number().int().positive().max(MAX_ID), z.string().regex(/^\d{1,10}$/)]);
/** A house number as typed; a number is accepted too. */
const houseNumber = z.union([freeText(NUMBER_CAP), z.number().int().min(0).max(9_999_999_999)]);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);

// ---------------------------------------------------------------------------------------------
// A saved address as the server answers it

/**
 * A saved address: the server shape of spec section 3 (id … discount_minimum_order) plus the
 * client shape a storefront needs (street … location), both computed by the server at read time
 * with the store's fee model. Deleted addresses are never listed.
 */
export const savedAddress = z.object({
  id: z.number().int(),
  name: z.string().describe('The save-as name (Casa, Trabalho, …)'),
  full_address: z.string().describe("'Rua Augusta, 1500 - Apto 12 - Consolação, São Paulo - SP'"),
  district_active: z.boolean().describe('The neighbourhood is active (true when the address has none)'),
  city_active: z.boolean().describe('The city is active (true when the address has no city of the store)'),
  bairro_excluido: z.boolean().describe('The neighbourhood was deleted by the store'),
  ativo_cidade: z.boolean().describe('Same as city_active'),
  excluido: z.boolean().describe('Always false: deleted addresses are not listed'),
  delivery_fee: centavos.describe('The fee from discount_minimum_order up (0 when not deliverable)'),
  original_delivery_fee: centavos.describe('The fee below discount_minimum_order (0 when not deliverable)'),
  discount_minimum_order: centavos.describe('Subtotal from which delivery_fee applies; 0 means always'),
  // client shape
  street: z.string(),
  streetNumber: z.string().describe("The number, or 'S/N'"),
  street_number: z.string().describe('Same as streetNumber'),
  complement: z.string(),
  city_id: z.number().int().nullable().describe("The store's city, or null (free-text city)"),
  city: z.string(),
  district_id: z.number().int().nullable().describe("The store's neighbourhood, or null ('Sem bairro')"),
  district: z.string(),
  state: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  deliverable: z.boolean().describe('Only deliverable addresses may be chosen for a delivery'),
  reason: notDeliverableReason.optional().describe('Why not deliverable; absent when deliverable'),
  reason_detail: z
    .string()
    .optional()
    .describe("'Esse endereço não está disponível para entrega'; absent when deliverable"),
  search: z.string().nullable().describe('What the customer searched for'),
  location: z.boolean().describe("Whether the customer used 'my location'"),
});
export type SavedAddress = z.infer<typeof savedAddress>;

/** GET /core/v2/app/customer/addresses/ */
export const addressListReply = z.object({ addresses: z.array(savedAddress) });
export type AddressListReply = z.infer<typeof addressListReply>;

// ---------------------------------------------------------------------------------------------
// POST /core/v2/app/customer/upsert-addresses/

/** Spec section 3 "Address, sent shape". */
export const addressSent = z.object({
  id: z
    .union([z.number().int().positive().max(MAX_ID), z.string().regex(/^\d{1,10}$/)])
    .nullable()
    .optional()
    .describe("null or absent: a new address; otherwise one of the customer's own addresses"),
  name: freeText(TEXT_CAP).nullable().optional().describe('Required; at most 40 characters'),
  street: z
    .string()
    .max(TEXT_CAP)
    .nullable()
    .optional()
    .describe("Required, at least 5 characters ('Rua sem nome' for an unnamed street)"),
  street_number: houseNumber
    .nullable()
    .optional()
    .describe("Letters and digits, at most 10; empty, null or 'S/N' means no number"),
  complement: freeText(LONG_TEXT_CAP).nullable().optional().describe('At most 100 characters'),
  city_id: idRef
    .nullable()
    .optional()
    .describe('A city of the store; required (or city_name of one) for stores that charge by neighbourhood'),
  city_name: freeText(TEXT_CAP).nullable().optional().describe('Free text for radius and area stores'),
  district_id: idRef
    .nullable()
    .optional()
    .describe(
      'A neighbourhood of that city; required (or district_name of one) for stores that charge by neighbourhood',
    ),
  district_name: z
    .string()
    .max(TEXT_CAP)
    .nullable()
    .optional()
    .describe("Free text for radius and area stores; empty means 'Sem bairro'"),
  latitude: latitude.nullable().optional(),
  longitude: longitude.nullable().optional(),
  search: freeText(LONG_TEXT_CAP).nullable().optional(),
  location: z.boolean().nullable().optional(),
});
export type AddressSent = z.infer<typeof addressSent>;

export const upsertAddressesRequest = z.object({
  addresses: z.array(addressSent).min(1).max(ADDRESSES_PER_REQUEST_MAX),
});
export type UpsertAddressesRequest = z.infer<typeof upsertAddressesRequest>;

export const upsertAddressesReply = z.object({
  success: z.literal(true),
  detail: z.string(),
  inserted_ids: z.array(z.number().int()).describe('Ids of the new addresses, in request order'),
  ids: z.array(z.number().int()).describe('The id of every address sent, in request order'),
  addresses: z.array(savedAddress).describe('The saved addresses, with their fees'),
});
export type UpsertAddressesReply = z.infer<typeof upsertAddressesReply>;

// ---------------------------------------------------------------------------------------------
// POST /core/endereco_register_app/ and PATCH /core/endereco_register_app/{id}/

/** Spec section 3 "Older address-creation shape". */
export const olderAddressRequest = z.object({
  cidade: z
    .union([idRef, freeText(TEXT_CAP)])
    .nullable()
    .optional()
    .describe('City id (or name) of the store; free text for radius and area stores'),
  bairro: z
    .union([idRef, freeText(TEXT_CAP)])
    .nullable()
    .optional()
    .describe('Neighbourhood id (or name) of that city; may be empty for radius and area stores'),
  numero: houseNumber.nullable().optional().describe("Required: letters and digits, at most 10, or 'S/N'"),
  nome: freeText(TEXT_CAP).nullable().optional(),
  rua: freeText(TEXT_CAP).nullable().optional(),
  complemento: freeText(LONG_TEXT_CAP).nullable().optional(),
  cliente: idRef.nullable().optional().describe('The signed-in customer id (another id: 403)'),
});
export type OlderAddressRequest = z.infer<typeof olderAddressRequest>;

export const olderAddressReply = savedAddress.extend({
  success: z.literal(true),
  detail: z.string(),
});
export type OlderAddressReply = z.infer<typeof olderAddressReply>;

export const addressIdParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID),
});

/** Only the soft delete of spec section 7. */
export const addressDeleteRequest = z.object({ excluido: z.literal(true) });
export type AddressDeleteRequest = z.infer<typeof addressDeleteRequest>;

export const addressDeleteReply = z.object({
  success: z.literal(true),
  id: z.number().int(),
  excluido: z.literal(true),
});
export type AddressDeleteReply = z.infer<typeof addressDeleteReply>;

// ---------------------------------------------------------------------------------------------
// GET /core/v2/app/customer/addresses/{id}/quote/

export const addressQuoteQuery = z.object({
  subtotal: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000_000)
    .default(0)
    .describe('Products plus extras, centavos'),
});

/** The fee the order would pay for this address and subtotal (spec section 9). */
export const addressQuote = z.object({
  deliverable: z.boolean(),
  reason: notDeliverableReason.optional(),
  detail: z
    .string()
    .optional()
    .describe("'Esse endereço não está disponível para entrega' when not deliverable"),
  fee: centavos.describe(
    'delivery_fee at or above discount_minimum_order, else original_delivery_fee; 0 when not deliverable',
  ),
  address_text: z.string(),
  address: savedAddress,
});
export type AddressQuote = z.infer<typeof addressQuote>;

// ---------------------------------------------------------------------------------------------
// GET /core/v2/app/customer/delivery-check/

/** A place the address wizard found, before it is saved: does the store deliver there? */
export const deliveryCheckQuery = z.object({
  latitude: z.coerce.number().min(-90).max(90),
  longitude: z.coerce.number().min(-180).max(180),
  city: z
    .string()
    .max(100)
    .optional()
    .describe("The place's city name (stores that charge by neighbourhood)"),
  district: z.string().max(100).optional().describe("The place's neighbourhood name (same)"),
  format: z.string().optional(),
});

export const deliveryCheckReply = z.object({
  deliverable: z.boolean(),
  reason: notDeliverableReason.optional(),
  detail: z
    .string()
    .optional()
    .describe("'Esse endereço não está disponível para entrega' when not deliverable"),
});
export type DeliveryCheckReply = z.infer<typeof deliveryCheckReply>;

// ---------------------------------------------------------------------------------------------
// Maps stand-in: GET /core/v2/maps/autocomplete, /geocode, /reverse

/** A place found by the maps provider, with the store's city and neighbourhood ids when it has them. */
export const mapsPlace = z.object({
  description: z.string().describe("One line: 'Rua Augusta, 1500 - Consolação, São Paulo - SP'"),
  street: z.string(),
  number: z.string().nullable().describe('The house number, when the query or position gave one'),
  district: z.string().nullable(),
  district_id: z
    .number()
    .int()
    .nullable()
    .describe("The store's neighbourhood of that name in that city (not deleted), or null"),
  city: z.string(),
  city_id: z.number().int().nullable().describe("The store's city of that name, or null"),
  state: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type MapsPlace = z.infer<typeof mapsPlace>;

export const mapsPlaceList = z.object({ results: z.array(mapsPlace) });
export type MapsPlaceList = z.infer<typeof mapsPlaceList>;

export const mapsAutocompleteQuery = z.object({
  q: freeText(100).describe("Street (and number): 'augusta 1500'; accents and case ignored"),
  limit: z.coerce.number().int().min(1).max(MAPS_RESULTS_MAX).default(5),
  viewport: z
    .string()
    .max(100)
    .optional()
    .describe("'south,west,north,east' in degrees: results inside it come first (default: near the store)"),
});

export const mapsGeocodeQuery = z.object({
  street: freeText(TEXT_CAP).min(1),
  number: freeText(NUMBER_CAP).optional(),
  city: freeText(TEXT_CAP).optional(),
});

export const mapsReverseQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});

/**
 * The maps stand-in's street picture around a position (GET /core/v2/maps/tile): an SVG this many
 * pixels wide and high, at this many metres a pixel, the position at its centre. The wizard turns a
 * drag of the picture into metres with it.
 */
export const STREET_TILE = { width: 480, height: 320, metresPerPixel: 1.25 } as const;
