import { STATION_NAME_MAX_LENGTH, STATIONS_PER_STORE_MAX } from '@comanda/domain';
import { z } from 'zod';
import { freeText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// Stations (docs/decisions/0052): where each category and product is prepared.

const stationId = z.number().int().positive().max(2_147_483_647);

export const station = z.object({ id: z.number().int(), name: z.string(), position: z.number().int() });
export type Station = z.infer<typeof station>;

const routedProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its own station; null: its category's. */
  station_id: z.number().int().nullable(),
});

/** GET /staff/stations and the reply of every change to them. */
export const stationsReply = z.object({
  stations: z.array(station).describe('In listing order; the first takes what nothing routes elsewhere'),
  default_station_id: z.number().int().nullable(),
  /** Every product id → the station that prepares it (its own, its category's or the first). */
  product_stations: z.record(z.string(), z.number().int()),
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      station_id: z.number().int().nullable(),
      products: z.array(routedProduct),
    }),
  ),
});
export type StationsReply = z.infer<typeof stationsReply>;

const stationName = freeText(STATION_NAME_MAX_LENGTH).refine((name) => name.trim().length > 0, {
  message: 'Informe o nome da estação.',
});

/** POST /staff/stations */
export const stationCreateRequest = z.object({ name: stationName }).strict();

/** PATCH /staff/stations/:id */
export const stationUpdateRequest = z
  .object({
    name: stationName.optional(),
    position: z
      .number()
      .int()
      .min(0)
      .max(STATIONS_PER_STORE_MAX - 1)
      .optional(),
  })
  .strict()
  .refine((body) => body.name !== undefined || body.position !== undefined, {
    message: 'Informe name ou position.',
  });

const route = z.object({ id: stationId, station_id: stationId.nullable() }).strict();

/** PUT /staff/stations/routes: only the categories and products named change. */
export const stationRoutesRequest = z
  .object({
    categories: z.array(route).max(2000).optional(),
    products: z.array(route).max(20000).optional(),
  })
  .strict();
