import { storeInstant, storeLocalTime } from './store-time.ts';

/**
 * Operating hours in store time: each store's own IANA time zone (docs/decisions/0043), read
 * through store-time.ts.
 */

/** dia_semana value whose shifts apply on the dates listed as holidays. */
export const HOLIDAY_WEEKDAY = 7;

const MINUTES_PER_DAY = 24 * 60;
const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = MINUTES_PER_DAY * MS_PER_MINUTE;

/** Display defaults for a shift without times (spec section 9 "Display"). */
const DEFAULT_START = '00:00';
const DEFAULT_END = '23:59';

export interface Shift {
  /** 0 = Sunday … 6 = Saturday, 7 = holiday. */
  dia_semana: number;
  turno: 1 | 2;
  /** 'HH:MM:SS' (or 'HH:MM'); null means the display default 00:00. */
  hr_inicio: string | null;
  /** 'HH:MM:SS' (or 'HH:MM'); null means the display default 23:59. */
  hr_fim: string | null;
}

/** Minutes since midnight of 'HH:MM' or 'HH:MM:SS' (seconds ignored); null when it is not a clock time. */
export function shiftClockMinutes(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(value.trim());
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/**
 * The shift rules: a shift as a half-open interval [start, end) in minutes from the midnight of the
 * day it belongs to. An end of 23:59 (with any seconds) means "until midnight", so 23:59:59 is
 * still open. An end before the start crosses midnight, so `end` goes past 1440. A shift that ends
 * when it starts is empty.
 */
export interface ShiftSpan {
  start: number;
  end: number;
}

/** A shift's span by the shift rules; null when one of its times is not a clock time. */
export function shiftSpanOf(shift: Pick<Shift, 'hr_inicio' | 'hr_fim'>): ShiftSpan | null {
  const start = shiftClockMinutes(shift.hr_inicio ?? DEFAULT_START);
  let end = shiftClockMinutes(shift.hr_fim ?? DEFAULT_END);
  if (start === null || end === null) return null;
  if (end === MINUTES_PER_DAY - 1) end = MINUTES_PER_DAY;
  if (end < start) end += MINUTES_PER_DAY;
  return { start, end };
}

/** How the shift rules read a shift, to say it beside it: all day, crossing midnight, empty, or plain. */
export type ShiftKind = 'allDay' | 'overnight' | 'empty' | null;

export function shiftKind(shift: Pick<Shift, 'hr_inicio' | 'hr_fim'>): ShiftKind {
  const span = shiftSpanOf(shift);
  if (!span) return null;
  if (span.start === 0 && span.end === MINUTES_PER_DAY) return 'allDay';
  if (span.end === span.start) return 'empty';
  if (span.end > MINUTES_PER_DAY) return 'overnight';
  return null;
}

/** Whether two shifts of a day overlap (a second shift starting before the first has ended). */
export function shiftSpansOverlap(a: ShiftSpan, b: ShiftSpan): boolean {
  return a.start < b.end && b.start < a.end;
}

function shiftSpan(shift: Shift): ShiftSpan {
  const span = shiftSpanOf(shift);
  if (!span) throw new RangeError(`Invalid shift time: '${shift.hr_inicio}'–'${shift.hr_fim}'`);
  return span;
}

function weekdayOfDate(dateISO: string): number {
  return new Date(`${dateISO}T00:00:00Z`).getUTCDay();
}

function addDays(dateISO: string, days: number): string {
  return new Date(Date.parse(`${dateISO}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The shifts that govern a store-local date: the holiday (7) shifts on a holiday, else the weekday's. */
function spansForDate(shifts: readonly Shift[], dateISO: string, holidays: readonly string[]): ShiftSpan[] {
  const day = holidays.includes(dateISO) ? HOLIDAY_WEEKDAY : weekdayOfDate(dateISO);
  return shifts.filter((shift) => shift.dia_semana === day).map(shiftSpan);
}

/**
 * Whether the store is open at an instant. On a holiday date only the holiday shifts count (none
 * means closed). The early hours after an overnight shift belong to the shift of the previous date,
 * so they follow that date's holiday status.
 */
export function isOpenAt(
  shifts: readonly Shift[],
  at: Date,
  timeZone: string,
  holidays: readonly string[] = [],
): boolean {
  const local = storeLocalTime(at, timeZone);
  const today = spansForDate(shifts, local.dateISO, holidays);
  if (today.some(({ start, end }) => local.minutes >= start && local.minutes < end)) return true;
  const yesterday = spansForDate(shifts, addDays(local.dateISO, -1), holidays);
  const sincePreviousMidnight = local.minutes + MINUTES_PER_DAY;
  return yesterday.some(({ start, end }) => sincePreviousMidnight >= start && sincePreviousMidnight < end);
}

export interface DisplayShift {
  turno: 1 | 2;
  /** 'HH:MM' */
  start: string;
  /** 'HH:MM' */
  end: string;
}

export interface DayShifts {
  /** 0 = Sunday … 6 = Saturday, 7 = holiday. */
  weekday: number;
  shifts: DisplayShift[];
}

/** Shifts grouped for the store-info hours tab: index = weekday (0–7), at most two shifts, by turno. */
export function shiftsByWeekday(shifts: readonly Shift[]): DayShifts[] {
  return Array.from({ length: HOLIDAY_WEEKDAY + 1 }, (_, weekday) => ({
    weekday,
    shifts: shifts
      .filter((shift) => shift.dia_semana === weekday)
      .sort((a, b) => a.turno - b.turno)
      .slice(0, 2)
      .map((shift) => ({
        turno: shift.turno,
        start: (shift.hr_inicio ?? DEFAULT_START).slice(0, 5),
        end: (shift.hr_fim ?? DEFAULT_END).slice(0, 5),
      })),
  }));
}

export interface SchedulePeriodsOptions {
  /** Store-local calendar days to list, starting with the date of `from`. */
  days: number;
  /** Minutes between consecutive start times, counted from each shift's start. */
  stepMinutes: number;
  /** A period must start at least this many minutes after `from`. */
  leadMinutes: number;
  holidays?: readonly string[];
  /** The store's IANA time zone. */
  timeZone: string;
  /** Orders already booked per period, keyed by the period's ISO string. */
  taken?: ReadonlyMap<string, number>;
  /** Orders accepted per period; undefined means unlimited. */
  capacity?: number;
}

export interface SchedulePeriod {
  /** Start instant, `Date#toISOString()` (UTC, 'Z'). */
  period: string;
  free: boolean;
}

/**
 * Future start times inside open shifts, sorted and without duplicates. The early-hours part of an
 * overnight shift that began the day before `from` is included.
 */
export function schedulePeriods(
  shifts: readonly Shift[],
  from: Date,
  options: SchedulePeriodsOptions,
): SchedulePeriod[] {
  const { days, stepMinutes, leadMinutes, holidays = [], timeZone, taken, capacity } = options;
  if (!Number.isInteger(stepMinutes) || stepMinutes <= 0) {
    throw new RangeError(`stepMinutes must be a positive integer, got ${stepMinutes}`);
  }
  if (days <= 0) return [];
  const earliest = from.getTime() + leadMinutes * MS_PER_MINUTE;
  const firstDate = storeLocalTime(from, timeZone).dateISO;
  const starts = new Set<number>();
  for (let offset = -1; offset < days; offset++) {
    const dateISO = addDays(firstDate, offset);
    for (const { start, end } of spansForDate(shifts, dateISO, holidays)) {
      for (let minutes = start; minutes < end; minutes += stepMinutes) {
        const instant = storeInstant(dateISO, minutes, timeZone).getTime();
        if (instant >= earliest) starts.add(instant);
      }
    }
  }
  return [...starts]
    .sort((a, b) => a - b)
    .map((instant) => {
      const period = new Date(instant).toISOString();
      const free = capacity === undefined || (taken?.get(period) ?? 0) < capacity;
      return { period, free };
    });
}

/**
 * The first instant at or after `from` when the hours have the store open, looking a week ahead
 * (null when no shift opens in that week).
 */
export function firstOpenInstant(
  shifts: readonly Shift[],
  from: Date,
  timeZone: string,
  holidays: readonly string[] = [],
): Date | null {
  if (isOpenAt(shifts, from, timeZone, holidays)) return from;
  const firstDate = storeLocalTime(from, timeZone).dateISO;
  let first: number | null = null;
  for (let offset = 0; offset <= 7; offset++) {
    const dateISO = addDays(firstDate, offset);
    for (const { start, end } of spansForDate(shifts, dateISO, holidays)) {
      const instant = storeInstant(dateISO, start, timeZone).getTime();
      if (end > start && instant > from.getTime() && (first === null || instant < first)) first = instant;
    }
  }
  return first === null ? null : new Date(first);
}
