import { RATING_COMMENT_MAX_LENGTH, RATING_MAX_STARS, RATING_MIN_STARS } from '@comanda/domain';
import { z } from 'zod';
import { freeText } from './common.ts';

// ---------------------------------------------------------------------------------------------
// A customer's rating of a delivered order (issue 34, docs/decisions/0068).

/** Stable `code` values of the rating calls' refusals. */
export const RATING_ERROR_CODES = [
  'ORDER_NOT_DELIVERED',
  'RATING_WINDOW_CLOSED',
  'ORDER_ALREADY_RATED',
] as const;

const stars = z.number().int().min(RATING_MIN_STARS).max(RATING_MAX_STARS);

/** The rating on the order record (`avaliacao`): null until the customer rates it. */
export const orderRating = z.object({
  nota: stars,
  comentario: z.string().nullable(),
  /** When it was given (ISO 8601, UTC). */
  at: z.string(),
});
export type OrderRating = z.infer<typeof orderRating>;

/** POST /bar/v2/orders/{id}/rating */
export const rateOrderRequest = z
  .object({
    nota: stars,
    comentario: freeText(RATING_COMMENT_MAX_LENGTH).optional(),
  })
  .strict();
export type RateOrderRequest = z.infer<typeof rateOrderRequest>;

/** GET /staff/ratings: the store's ratings, newest first, and their summary. */
export const staffRatingsQuery = z.object({
  /** Only ratings up to N stars (the ones to act on). */
  max_nota: z.coerce.number().int().min(RATING_MIN_STARS).max(RATING_MAX_STARS).optional(),
  /** Ratings given before this one (its `at`, ISO 8601), for the next page. */
  before: z.iso.datetime().optional(),
});
export type StaffRatingsQuery = z.infer<typeof staffRatingsQuery>;

export const staffRating = z.object({
  pedido: z.number().int(),
  /** The order's number in its store, as the board and the customer see it (docs/decisions/0065). */
  numero: z.number().int().nullable(),
  cliente: z.string(),
  nota: stars,
  comentario: z.string().nullable(),
  at: z.string(),
  tipo_entrega: z.string(),
});
export type StaffRating = z.infer<typeof staffRating>;

export const staffRatingsReply = z.object({
  /** Over every rating of the store (not only this page). */
  resumo: z.object({
    total: z.number().int(),
    media: z.number().nullable(),
    /** Counts of 1 to 5 stars. */
    por_nota: z.array(z.number().int()).length(5),
  }),
  avaliacoes: z.array(staffRating),
  /** Pass as `before` for older ratings; null at the end. */
  proximo: z.string().nullable(),
});
export type StaffRatingsReply = z.infer<typeof staffRatingsReply>;
