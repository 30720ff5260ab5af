import { describe, expect, it } from 'vitest';
import { RATING_WINDOW_DAYS, ratingRefusal, summarizeRatings } from './ratings.ts';

const delivered = new Date('2026-11-20T15:00:00Z');
const day = 24 * 60 * 60 * 1000;

describe('ratingRefusal', () => {
  it('lets a delivered order be rated once, within the window', () => {
    const order = { status: 'Entregue', deliveredAt: delivered, rated: false };
    expect(ratingRefusal(order, new Date(delivered.getTime() + day))).toBeNull();
    expect(ratingRefusal(order, new Date(delivered.getTime() + RATING_WINDOW_DAYS * day))).toBeNull();
    expect(ratingRefusal(order, new Date(delivered.getTime() + RATING_WINDOW_DAYS * day + 1))).toBe(
      'window_closed',
    );
    expect(ratingRefusal({ ...order, rated: true }, new Date(delivered.getTime() + day))).toBe(
      'already_rated',
    );
  });

  it('refuses an order that was not delivered', () => {
    for (const status of ['Solicitado', 'Preparo', 'Concluido', 'Cancelado']) {
      expect(ratingRefusal({ status, deliveredAt: null, rated: false }, delivered)).toBe('not_delivered');
    }
  });
});

describe('summarizeRatings', () => {
  it('counts each star and averages to one decimal', () => {
    const counts = (stars: number[]) => stars.map((value) => ({ stars: value, count: 1 }));
    expect(summarizeRatings(counts([5, 4, 4, 1]))).toEqual({
      count: 4,
      average: 3.5,
      byStars: [1, 0, 0, 2, 1],
    });
    expect(
      summarizeRatings([
        { stars: 5, count: 2 },
        { stars: 4, count: 1 },
      ]),
    ).toEqual({
      count: 3,
      average: 4.7,
      byStars: [0, 0, 0, 1, 2],
    });
    expect(summarizeRatings([])).toEqual({ count: 0, average: null, byStars: [0, 0, 0, 0, 0] });
  });
});
