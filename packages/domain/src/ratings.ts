/*
 * A customer's rating of a delivered order (issue 34, docs/decisions/0068): stars 1-5 and an
 * optional comment, given once, within a window after delivery, as the delivery apps do.
 */

export const RATING_MIN_STARS = 1;
export const RATING_MAX_STARS = 5;
export const RATING_COMMENT_MAX_LENGTH = 500;
/** Days after the delivery during which the customer may rate the order. */
export const RATING_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

export type RatingRefusal = 'not_delivered' | 'window_closed' | 'already_rated';

/**
 * Whether the order can be rated now: delivered (Entregue), within RATING_WINDOW_DAYS of its
 * delivery, and not rated yet. `deliveredAt` is when it became Entregue (null when it never did).
 */
export function ratingRefusal(
  order: { status: string; deliveredAt: Date | null; rated: boolean },
  now: Date,
): RatingRefusal | null {
  if (order.rated) return 'already_rated';
  if (order.status !== 'Entregue' || order.deliveredAt === null) return 'not_delivered';
  if (now.getTime() - order.deliveredAt.getTime() > RATING_WINDOW_DAYS * DAY_MS) return 'window_closed';
  return null;
}

export interface RatingSummary {
  count: number;
  /** The mean of the stars to one decimal, null without ratings. */
  average: number | null;
  /** How many ratings gave 1, 2, 3, 4 and 5 stars (index 0 is one star). */
  byStars: [number, number, number, number, number];
}

/** The summary of a store's ratings from how many gave each number of stars. */
export function summarizeRatings(counts: readonly { stars: number; count: number }[]): RatingSummary {
  const byStars: RatingSummary['byStars'] = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  for (const { stars, count } of counts) {
    byStars[stars - 1] = (byStars[stars - 1] ?? 0) + count;
    total += count;
    sum += stars * count;
  }
  return { count: total, average: total === 0 ? null : Math.round((sum / total) * 10) / 10, byStars };
}
