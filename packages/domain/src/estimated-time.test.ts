import { describe, expect, it } from 'vitest';
import { estimatedTime } from './estimated-time.ts';
import { storeClockText } from './store-time.ts';

const timeZone = 'America/Sao_Paulo';

describe('estimated time', () => {
  const now = new Date('2026-05-04T18:00:00-03:00');

  it('delivery: now + delivery_time minutes, shown as HH:MM in UTC-3', () => {
    expect(estimatedTime({ timeZone, now, deliveryType: 'Entregar', delivery_time: 45 }).text).toBe('18:45');
  });

  it('pickup: now + pickup_time minutes', () => {
    expect(estimatedTime({ timeZone, now, deliveryType: 'Retirada', pickup_time: 20 }).text).toBe('18:20');
  });

  it('delivery defaults to 80 minutes', () => {
    expect(estimatedTime({ timeZone, now, deliveryType: 'Entregar' }).text).toBe('19:20');
  });

  it('pickup defaults to 50 minutes', () => {
    expect(estimatedTime({ timeZone, now, deliveryType: 'Retirada', delivery_time: null }).text).toBe(
      '18:50',
    );
  });

  it('eating in uses the pickup time', () => {
    expect(
      estimatedTime({ timeZone, now, deliveryType: 'Vem comer', pickup_time: 15, delivery_time: 90 }).text,
    ).toBe('18:15');
  });

  it('an estimate past midnight wraps to the next day', () => {
    const late = new Date('2026-05-04T23:30:00-03:00');
    expect(estimatedTime({ timeZone, now: late, deliveryType: 'Entregar', delivery_time: 45 }).text).toBe(
      '00:15',
    );
  });

  it('any instant shows as HH:MM in store time', () => {
    expect(storeClockText(new Date('2026-05-05T02:05:00Z'), timeZone)).toBe('23:05');
  });

  it('returns the estimated instant too', () => {
    expect(estimatedTime({ timeZone, now, deliveryType: 'Entregar' }).at.toISOString()).toBe(
      '2026-05-04T22:20:00.000Z',
    );
  });
});
