import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isOpenAt, type Shift, schedulePeriods, shiftsByWeekday } from './opening-hours.ts';
import { storeLocalTime } from './store-time.ts';

const SAO_PAULO = 'America/Sao_Paulo';

/** A store-local wall-clock time (UTC-3) as an instant. 2026-05-04 is a Monday. */
const local = (dateTime: string) => new Date(`${dateTime}-03:00`);

const shift = (dia_semana: number, hr_inicio: string, hr_fim: string, turno: 1 | 2 = 1): Shift => ({
  dia_semana,
  turno,
  hr_inicio,
  hr_fim,
});

const MONDAY = 1;
const TUESDAY = 2;

describe('storeLocalTime', () => {
  it('converts an instant to store weekday, minutes since midnight and date', () => {
    expect(storeLocalTime(local('2026-05-04T18:30:00'), SAO_PAULO)).toEqual({
      weekday: MONDAY,
      minutes: 18 * 60 + 30,
      dateISO: '2026-05-04',
    });
  });

  it('02:00 UTC is still the previous day in store time', () => {
    expect(storeLocalTime(new Date('2026-05-05T02:00:00Z'), SAO_PAULO)).toEqual({
      weekday: MONDAY,
      minutes: 23 * 60,
      dateISO: '2026-05-04',
    });
  });

  it('03:00 UTC is store-local midnight of the next day', () => {
    expect(storeLocalTime(new Date('2026-05-05T03:00:00Z'), SAO_PAULO)).toEqual({
      weekday: TUESDAY,
      minutes: 0,
      dateISO: '2026-05-05',
    });
  });
});

describe('isOpenAt', () => {
  const lunch = [shift(MONDAY, '11:00:00', '15:00:00')];

  it('is open inside a shift', () => {
    expect(isOpenAt(lunch, local('2026-05-04T12:00:00'), SAO_PAULO)).toBe(true);
  });

  it('opens exactly at the shift start', () => {
    expect(isOpenAt(lunch, local('2026-05-04T11:00:00'), SAO_PAULO)).toBe(true);
  });

  it('is closed one second before the shift start', () => {
    expect(isOpenAt(lunch, local('2026-05-04T10:59:59'), SAO_PAULO)).toBe(false);
  });

  it('is open in the last second before the shift end', () => {
    expect(isOpenAt(lunch, local('2026-05-04T14:59:59'), SAO_PAULO)).toBe(true);
  });

  it('closes exactly at the shift end', () => {
    expect(isOpenAt(lunch, local('2026-05-04T15:00:00'), SAO_PAULO)).toBe(false);
  });

  it('is closed on a weekday without shifts', () => {
    expect(isOpenAt(lunch, local('2026-05-05T12:00:00'), SAO_PAULO)).toBe(false);
  });

  it('judges the weekday in store time, not UTC', () => {
    const mondayNight = [shift(MONDAY, '20:00:00', '23:00:00')];
    // 22:00 on Monday in store time is already Tuesday 01:00 UTC.
    expect(isOpenAt(mondayNight, new Date('2026-05-05T01:00:00Z'), SAO_PAULO)).toBe(true);
  });

  it('an end of 23:59:00 stays open until 23:59:59', () => {
    const allDay = [shift(MONDAY, '00:00:00', '23:59:00')];
    expect(isOpenAt(allDay, local('2026-05-04T23:59:59'), SAO_PAULO)).toBe(true);
  });

  it('an end of 23:59:00 does not spill into the next day', () => {
    const allDay = [shift(MONDAY, '00:00:00', '23:59:00')];
    expect(isOpenAt(allDay, local('2026-05-05T00:00:00'), SAO_PAULO)).toBe(false);
  });

  it('a shift from 00:00 opens at midnight', () => {
    const allDay = [shift(MONDAY, '00:00:00', '23:59:00')];
    expect(isOpenAt(allDay, local('2026-05-04T00:00:00'), SAO_PAULO)).toBe(true);
  });

  describe('a shift that ends before it starts crosses midnight', () => {
    const overnight = [shift(MONDAY, '18:00:00', '02:00:00')];

    it('is open late on its own day', () => {
      expect(isOpenAt(overnight, local('2026-05-04T23:30:00'), SAO_PAULO)).toBe(true);
    });

    it("counts in the next day's early hours", () => {
      expect(isOpenAt(overnight, local('2026-05-05T01:59:59'), SAO_PAULO)).toBe(true);
    });

    it('closes at its end on the next day', () => {
      expect(isOpenAt(overnight, local('2026-05-05T02:00:00'), SAO_PAULO)).toBe(false);
    });

    it("does not open in its own day's early hours", () => {
      expect(isOpenAt(overnight, local('2026-05-04T01:00:00'), SAO_PAULO)).toBe(false);
    });

    it('is closed before it starts', () => {
      expect(isOpenAt(overnight, local('2026-05-04T17:59:00'), SAO_PAULO)).toBe(false);
    });

    it('Saturday night continues into Sunday early hours', () => {
      const saturday = [shift(6, '19:00:00', '01:00:00')];
      expect(isOpenAt(saturday, local('2026-05-10T00:30:00'), SAO_PAULO)).toBe(true);
    });
  });

  describe('two shifts a day', () => {
    const twoShifts = [shift(MONDAY, '18:00:00', '23:00:00', 2), shift(MONDAY, '11:00:00', '14:00:00', 1)];

    it('is open in the first shift', () => {
      expect(isOpenAt(twoShifts, local('2026-05-04T12:00:00'), SAO_PAULO)).toBe(true);
    });

    it('is closed between the shifts', () => {
      expect(isOpenAt(twoShifts, local('2026-05-04T16:00:00'), SAO_PAULO)).toBe(false);
    });

    it('is open in the second shift', () => {
      expect(isOpenAt(twoShifts, local('2026-05-04T19:00:00'), SAO_PAULO)).toBe(true);
    });
  });

  describe('holidays', () => {
    const shifts = [shift(MONDAY, '11:00:00', '15:00:00'), shift(7, '18:00:00', '22:00:00')];
    const holidays = ['2026-05-04'];

    it("on a holiday the holiday shifts apply instead of the weekday's", () => {
      expect(isOpenAt(shifts, local('2026-05-04T19:00:00'), SAO_PAULO, holidays)).toBe(true);
    });

    it("on a holiday the weekday's shifts do not apply", () => {
      expect(isOpenAt(shifts, local('2026-05-04T12:00:00'), SAO_PAULO, holidays)).toBe(false);
    });

    it('holiday shifts do not apply on ordinary days', () => {
      expect(isOpenAt(shifts, local('2026-05-04T19:00:00'), SAO_PAULO)).toBe(false);
    });

    it('a holiday without holiday shifts is closed', () => {
      const weekdayOnly = [shift(MONDAY, '11:00:00', '15:00:00')];
      expect(isOpenAt(weekdayOnly, local('2026-05-04T12:00:00'), SAO_PAULO, holidays)).toBe(false);
    });

    it('an overnight holiday shift continues into the next, ordinary, day', () => {
      const overnightHoliday = [shift(7, '18:00:00', '02:00:00')];
      expect(isOpenAt(overnightHoliday, local('2026-05-05T01:00:00'), SAO_PAULO, holidays)).toBe(true);
    });

    it("the weekday's overnight shift does not spill out of a holiday eve that was a holiday", () => {
      const overnightMonday = [shift(MONDAY, '18:00:00', '02:00:00')];
      expect(isOpenAt(overnightMonday, local('2026-05-05T01:00:00'), SAO_PAULO, holidays)).toBe(false);
    });

    it('is matched by the store-local date, not the UTC date', () => {
      // 22:30 store time on 2026-05-03 (Sunday) is already 2026-05-04 in UTC.
      const sunday = [shift(0, '18:00:00', '23:00:00')];
      expect(isOpenAt(sunday, local('2026-05-03T22:30:00'), SAO_PAULO, holidays)).toBe(true);
    });
  });

  it('rejects a malformed shift time', () => {
    expect(() =>
      isOpenAt([shift(MONDAY, '25:00:00', '26:00:00')], local('2026-05-04T12:00:00'), SAO_PAULO),
    ).toThrow(RangeError);
  });

  it('property: a 00:00–23:59 shift every day means always open', () => {
    const everyDay = Array.from({ length: 7 }, (_, day) => shift(day, '00:00:00', '23:59:00'));
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (at) => isOpenAt(everyDay, at, SAO_PAULO),
      ),
    );
  });
});

describe('shiftsByWeekday', () => {
  it('lists every weekday and the holiday, 0 to 7', () => {
    expect(shiftsByWeekday([]).map((day) => day.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('sorts a day’s shifts by turno and shows times as their first 5 characters', () => {
    const days = shiftsByWeekday([
      shift(MONDAY, '18:00:00', '23:00:00', 2),
      shift(MONDAY, '11:00:00', '14:30:00', 1),
    ]);
    expect(days[MONDAY]?.shifts).toEqual([
      { turno: 1, start: '11:00', end: '14:30' },
      { turno: 2, start: '18:00', end: '23:00' },
    ]);
  });

  it('shows up to two shifts per weekday', () => {
    const days = shiftsByWeekday([
      shift(MONDAY, '08:00:00', '09:00:00', 1),
      shift(MONDAY, '10:00:00', '11:00:00', 2),
      shift(MONDAY, '12:00:00', '13:00:00', 2),
    ]);
    expect(days[MONDAY]?.shifts).toHaveLength(2);
  });

  it('shows missing times as the defaults 00:00 and 23:59', () => {
    const days = shiftsByWeekday([{ dia_semana: 7, turno: 1, hr_inicio: null, hr_fim: null }]);
    expect(days[7]?.shifts).toEqual([{ turno: 1, start: '00:00', end: '23:59' }]);
  });
});

describe('schedulePeriods', () => {
  const dinner = [shift(MONDAY, '18:00:00', '19:00:00')];
  const base = { days: 1, stepMinutes: 30, leadMinutes: 0, timeZone: SAO_PAULO };

  it('lists start times inside the open shift, every step, ending before the shift end', () => {
    const periods = schedulePeriods(dinner, local('2026-05-04T10:00:00'), base);
    expect(periods.map((p) => p.period)).toEqual([
      local('2026-05-04T18:00:00').toISOString(),
      local('2026-05-04T18:30:00').toISOString(),
    ]);
  });

  it('periods are ISO strings in UTC', () => {
    const [first] = schedulePeriods(dinner, local('2026-05-04T10:00:00'), base);
    expect(first?.period).toBe('2026-05-04T21:00:00.000Z');
  });

  it('lists only periods at least leadMinutes after now', () => {
    const periods = schedulePeriods(dinner, local('2026-05-04T17:45:00'), { ...base, leadMinutes: 30 });
    expect(periods.map((p) => p.period)).toEqual([local('2026-05-04T18:30:00').toISOString()]);
  });

  it('a period exactly leadMinutes after now is listed', () => {
    const periods = schedulePeriods(dinner, local('2026-05-04T17:30:00'), { ...base, leadMinutes: 30 });
    expect(periods[0]?.period).toBe(local('2026-05-04T18:00:00').toISOString());
  });

  it('covers the requested number of days', () => {
    const everyDay = Array.from({ length: 7 }, (_, day) => shift(day, '12:00:00', '12:30:00'));
    const periods = schedulePeriods(everyDay, local('2026-05-04T08:00:00'), { ...base, days: 3 });
    expect(periods.map((p) => p.period)).toEqual([
      local('2026-05-04T12:00:00').toISOString(),
      local('2026-05-05T12:00:00').toISOString(),
      local('2026-05-06T12:00:00').toISOString(),
    ]);
  });

  it('lists both shifts of a day in time order', () => {
    const twoShifts = [shift(MONDAY, '18:00:00', '18:30:00', 2), shift(MONDAY, '11:00:00', '11:30:00', 1)];
    const periods = schedulePeriods(twoShifts, local('2026-05-04T08:00:00'), base);
    expect(periods.map((p) => p.period)).toEqual([
      local('2026-05-04T11:00:00').toISOString(),
      local('2026-05-04T18:00:00').toISOString(),
    ]);
  });

  it("an overnight shift lists periods after midnight on the next day's date", () => {
    const overnight = [shift(MONDAY, '23:00:00', '01:00:00')];
    const periods = schedulePeriods(overnight, local('2026-05-04T20:00:00'), { ...base, stepMinutes: 60 });
    expect(periods.map((p) => p.period)).toEqual([
      local('2026-05-04T23:00:00').toISOString(),
      local('2026-05-05T00:00:00').toISOString(),
    ]);
  });

  it("includes the rest of yesterday's overnight shift after midnight", () => {
    const overnight = [shift(MONDAY, '23:00:00', '02:00:00')];
    const periods = schedulePeriods(overnight, local('2026-05-05T00:30:00'), { ...base, stepMinutes: 60 });
    expect(periods.map((p) => p.period)).toEqual([local('2026-05-05T01:00:00').toISOString()]);
  });

  it('uses the holiday shifts on a holiday', () => {
    const shifts = [shift(MONDAY, '11:00:00', '11:30:00'), shift(7, '15:00:00', '15:30:00')];
    const periods = schedulePeriods(shifts, local('2026-05-04T08:00:00'), {
      ...base,
      holidays: ['2026-05-04'],
    });
    expect(periods.map((p) => p.period)).toEqual([local('2026-05-04T15:00:00').toISOString()]);
  });

  it('without a capacity every period is free', () => {
    const taken = new Map([[local('2026-05-04T18:00:00').toISOString(), 50]]);
    const periods = schedulePeriods(dinner, local('2026-05-04T10:00:00'), { ...base, taken });
    expect(periods.every((p) => p.free)).toBe(true);
  });

  it('a period is free while taken is below capacity', () => {
    const taken = new Map([[local('2026-05-04T18:00:00').toISOString(), 1]]);
    const periods = schedulePeriods(dinner, local('2026-05-04T10:00:00'), { ...base, taken, capacity: 2 });
    expect(periods[0]?.free).toBe(true);
  });

  it('a period is not free when taken reaches capacity', () => {
    const taken = new Map([[local('2026-05-04T18:00:00').toISOString(), 2]]);
    const periods = schedulePeriods(dinner, local('2026-05-04T10:00:00'), { ...base, taken, capacity: 2 });
    expect(periods.map((p) => p.free)).toEqual([false, true]);
  });

  it('rejects a step that is not a positive integer', () => {
    expect(() => schedulePeriods(dinner, local('2026-05-04T10:00:00'), { ...base, stepMinutes: 0 })).toThrow(
      RangeError,
    );
  });

  it('property: every listed period is in the future, inside an open shift, and sorted', () => {
    const shifts = [
      shift(MONDAY, '11:00:00', '14:00:00', 1),
      shift(MONDAY, '18:00:00', '02:00:00', 2),
      shift(5, '00:00:00', '23:59:00'),
      shift(7, '10:00:00', '12:00:00'),
    ];
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 0, max: 180 }),
        fc.constantFrom('America/Noronha', SAO_PAULO, 'America/Manaus', 'America/Rio_Branco'),
        (from, stepMinutes, leadMinutes, timeZone) => {
          const holidays = ['2026-05-04', '2026-12-25'];
          const periods = schedulePeriods(shifts, from, {
            days: 3,
            stepMinutes,
            leadMinutes,
            holidays,
            timeZone,
          });
          const instants = periods.map((p) => Date.parse(p.period));
          return (
            instants.every((t) => t >= from.getTime() + leadMinutes * 60_000) &&
            instants.every((t) => isOpenAt(shifts, new Date(t), timeZone, holidays)) &&
            instants.every((t, i) => i === 0 || t > (instants[i - 1] ?? 0))
          );
        },
      ),
    );
  });
});
