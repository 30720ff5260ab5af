import { describe, expect, it } from 'vitest';
import { estimatedTime } from './estimated-time.ts';
import { isOpenAt, type Shift, schedulePeriods, shiftKind, shiftSpanOf } from './opening-hours.ts';
import { orderStartedAt } from './orders.ts';
import {
  BRAZIL_TIME_ZONES,
  isStoreTimeZone,
  STORE_TIME_ZONE_CHOICES,
  storeClockText,
  storeDateTimeText,
  storeDayBounds,
  storeInstant,
  storeIsoText,
  storeLocalTime,
  storeOffsetMinutes,
} from './store-time.ts';

/** Brazil's four offsets, each with a zone of the editor's short list. 2026-05-04 is a Monday. */
const OFFSETS = [
  { zone: 'America/Noronha', hours: -2 },
  { zone: 'America/Sao_Paulo', hours: -3 },
  { zone: 'America/Manaus', hours: -4 },
  { zone: 'America/Rio_Branco', hours: -5 },
] as const;

/** A wall-clock time at a fixed offset as an instant, e.g. at('2026-05-04T18:00', -4). */
const at = (wallClock: string, hours: number) =>
  new Date(`${wallClock}:00${hours < 0 ? '-' : '+'}${String(Math.abs(hours)).padStart(2, '0')}:00`);

const shift = (dia_semana: number, hr_inicio: string, hr_fim: string): Shift => ({
  dia_semana,
  turno: 1,
  hr_inicio,
  hr_fim,
});
const MONDAY = 1;

describe('Brazil’s time zones', () => {
  it('accepts every IANA zone of Brazil and nothing else', () => {
    for (const zone of BRAZIL_TIME_ZONES) expect(isStoreTimeZone(zone)).toBe(true);
    for (const zone of ['America/Lisbon', 'Europe/Lisbon', 'UTC', '-03:00', '', 'america/sao_paulo', 3]) {
      expect(isStoreTimeZone(zone)).toBe(false);
    }
  });

  it('offers one zone per offset, each named in Portuguese and English', () => {
    const offsets = STORE_TIME_ZONE_CHOICES.map(({ zone }) =>
      storeOffsetMinutes(new Date('2026-05-04T12:00:00Z'), zone),
    );
    expect(new Set(offsets)).toEqual(new Set([-120, -180, -240, -300]));
    for (const { zone, label } of STORE_TIME_ZONE_CHOICES) {
      expect(isStoreTimeZone(zone)).toBe(true);
      expect(label.pt_br.length).toBeGreaterThan(0);
      expect(label.en.length).toBeGreaterThan(0);
    }
  });

  it('refuses an unknown zone instead of guessing an offset', () => {
    expect(() => storeLocalTime(new Date(), 'Nowhere/Town')).toThrow(RangeError);
    expect(() => storeInstant('2026-05-04', 0, 'Nowhere/Town')).toThrow(RangeError);
  });
});

describe.each(OFFSETS)('store time in $zone (UTC$hours)', ({ zone, hours }) => {
  it('reads the wall clock, weekday and date at an instant', () => {
    expect(storeLocalTime(at('2026-05-04T18:30', hours), zone)).toEqual({
      weekday: MONDAY,
      minutes: 18 * 60 + 30,
      dateISO: '2026-05-04',
    });
    expect(storeClockText(at('2026-05-04T23:05', hours), zone)).toBe('23:05');
  });

  it('turns a store date and time into the instant, and back', () => {
    expect(storeInstant('2026-05-04', 18 * 60, zone)).toEqual(at('2026-05-04T18:00', hours));
    expect(storeInstant('2026-05-04', 24 * 60 + 30, zone)).toEqual(at('2026-05-05T00:30', hours));
  });

  it('a store day runs from its midnight to the next', () => {
    expect(storeDayBounds('2026-05-04', zone)).toEqual({
      from: at('2026-05-04T00:00', hours),
      to: at('2026-05-05T00:00', hours),
    });
    expect(storeDayBounds('2026-12-31', zone).to).toEqual(at('2027-01-01T00:00', hours));
  });

  it('writes instants with the store’s offset, and for people as dd/mm/aaaa hh:mm', () => {
    const instant = at('2026-12-31T23:59', hours);
    const offset = `-0${Math.abs(hours)}:00`;
    expect(storeIsoText(instant, zone)).toBe(`2026-12-31T23:59:00${offset}`);
    expect(storeIsoText(instant, zone, true)).toBe(`2026-12-31T23:59:00.000${offset}`);
    expect(new Date(storeIsoText(instant, zone))).toEqual(instant);
    expect(storeDateTimeText(instant, zone)).toBe('31/12/2026 23:59');
  });

  it('is open at its own hours: 23:59 means midnight', () => {
    const allEvening = [shift(MONDAY, '18:00', '23:59')];
    expect(isOpenAt(allEvening, at('2026-05-04T17:59', hours), zone)).toBe(false);
    expect(isOpenAt(allEvening, at('2026-05-04T18:00', hours), zone)).toBe(true);
    expect(isOpenAt(allEvening, new Date(at('2026-05-04T23:59', hours).getTime() + 59_000), zone)).toBe(true);
    expect(isOpenAt(allEvening, at('2026-05-05T00:00', hours), zone)).toBe(false);
  });

  it('a shift crossing midnight stays open into the next day’s early hours', () => {
    const lateNight = [shift(MONDAY, '22:00', '02:00')];
    expect(isOpenAt(lateNight, at('2026-05-04T21:59', hours), zone)).toBe(false);
    expect(isOpenAt(lateNight, at('2026-05-05T01:30', hours), zone)).toBe(true);
    expect(isOpenAt(lateNight, at('2026-05-05T02:00', hours), zone)).toBe(false);
    const periods = schedulePeriods(lateNight, at('2026-05-04T20:00', hours), {
      days: 1,
      stepMinutes: 60,
      leadMinutes: 0,
      timeZone: zone,
    });
    expect(periods.map((p) => storeClockText(new Date(p.period), zone))).toEqual([
      '22:00',
      '23:00',
      '00:00',
      '01:00',
    ]);
    expect(periods[0]!.period).toBe(at('2026-05-04T22:00', hours).toISOString());
  });

  it('estimates and reads offset-less timestamps on the store’s clock', () => {
    const now = at('2026-05-04T23:30', hours);
    expect(estimatedTime({ now, timeZone: zone, deliveryType: 'Entregar', delivery_time: 45 }).text).toBe(
      '00:15',
    );
    expect(orderStartedAt('2026-05-04 18:00:00', zone)).toEqual(at('2026-05-04T18:00', hours));
  });
});

describe('the same instant in two zones', () => {
  it('São Paulo’s 18:00 is 17:00 in Manaus: a shift opening at 18:00 differs by an hour', () => {
    const instant = new Date('2026-05-04T21:00:00Z');
    const dinner = [shift(MONDAY, '18:00', '23:00')];
    expect(isOpenAt(dinner, instant, 'America/Sao_Paulo')).toBe(true);
    expect(isOpenAt(dinner, instant, 'America/Manaus')).toBe(false);
  });
});

describe('the shift rules', () => {
  it('read a shift as the hours it covers', () => {
    expect(shiftSpanOf({ hr_inicio: '18:00', hr_fim: '23:59:00' })).toEqual({ start: 1080, end: 1440 });
    expect(shiftSpanOf({ hr_inicio: '22:00', hr_fim: '02:00' })).toEqual({ start: 1320, end: 1560 });
    expect(shiftSpanOf({ hr_inicio: null, hr_fim: null })).toEqual({ start: 0, end: 1440 });
    expect(shiftSpanOf({ hr_inicio: '25:00', hr_fim: '02:00' })).toBeNull();
  });

  it('name what a shift is', () => {
    expect(shiftKind({ hr_inicio: '00:00', hr_fim: '23:59' })).toBe('allDay');
    expect(shiftKind({ hr_inicio: '22:00', hr_fim: '02:00' })).toBe('overnight');
    expect(shiftKind({ hr_inicio: '10:00', hr_fim: '10:00' })).toBe('empty');
    expect(shiftKind({ hr_inicio: '11:00', hr_fim: '15:00' })).toBeNull();
    expect(shiftKind({ hr_inicio: 'x', hr_fim: '15:00' })).toBeNull();
  });
});
