import type { DocumentShift } from '@comanda/contract';
import { HOLIDAY_WEEKDAY, type ShiftKind, shiftKind, shiftSpanOf, shiftSpansOverlap } from '@comanda/domain';
import { htmlLang, type Language } from '../../../lib/preferences.ts';

/*
 * The opening hours as the hours screen edits them: the document's list of shifts (dia_semana 0–6
 * Sunday..Saturday, 7 = the holidays' hours; turno 1 or 2), kept sorted by day and shift so the
 * server's refusal paths (`hours.3.hr_inicio`) name the row the screen shows. A day without shifts
 * is closed.
 */

/** Sunday..Saturday, then the holidays' row. */
export const DAYS = [0, 1, 2, 3, 4, 5, 6, HOLIDAY_WEEKDAY] as const;
export const WORKDAYS = [1, 2, 3, 4, 5] as const;
export const WEEK = [0, 1, 2, 3, 4, 5, 6] as const;

/** What a new day opens with, and a second shift (an evening after a lunch). */
export const FIRST_SHIFT = { hr_inicio: '11:00', hr_fim: '22:00' } as const;
export const SECOND_SHIFT = { hr_inicio: '18:00', hr_fim: '23:00' } as const;

export interface IndexedShift {
  /** Its place in the document's hours (the path of its refusals). */
  index: number;
  shift: DocumentShift;
}

export function sortHours(hours: readonly DocumentShift[]): DocumentShift[] {
  return [...hours].sort((a, b) => a.dia_semana - b.dia_semana || a.turno - b.turno);
}

/** A day's shifts (at most two), by turno, with their place in the list. */
export function shiftsOfDay(hours: readonly DocumentShift[], day: number): IndexedShift[] {
  return hours
    .map((shift, index) => ({ index, shift }))
    .filter(({ shift }) => shift.dia_semana === day)
    .sort((a, b) => a.shift.turno - b.shift.turno);
}

/** 'HH:MM' of a stored time ('11:00:00'), for a time input. */
export const clockOf = (value: string): string => value.slice(0, 5);

export function setShiftTime(
  hours: readonly DocumentShift[],
  index: number,
  key: 'hr_inicio' | 'hr_fim',
  value: string,
): DocumentShift[] {
  return hours.map((shift, i) => (i === index ? { ...shift, [key]: value } : shift));
}

/** Opens a closed day with one shift, or adds the second shift of a day. */
export function addShift(hours: readonly DocumentShift[], day: number): DocumentShift[] {
  const shifts = shiftsOfDay(hours, day);
  if (shifts.length >= 2) return [...hours];
  const turno = shifts.length === 0 ? 1 : 2;
  const times = turno === 1 ? FIRST_SHIFT : SECOND_SHIFT;
  return sortHours([...hours, { dia_semana: day, turno, ...times }]);
}

/** Removes one shift; a second shift left alone becomes the first. */
export function removeShift(hours: readonly DocumentShift[], day: number, turno: 1 | 2): DocumentShift[] {
  return sortHours(
    hours
      .filter((shift) => !(shift.dia_semana === day && shift.turno === turno))
      .map((shift) =>
        shift.dia_semana === day && shift.turno === 2 ? { ...shift, turno: 1 as const } : shift,
      ),
  );
}

export function closeDay(hours: readonly DocumentShift[], day: number): DocumentShift[] {
  return hours.filter((shift) => shift.dia_semana !== day);
}

/** The days in `targets` get the shifts of `from` (a closed day copies as closed). */
export function copyDay(
  hours: readonly DocumentShift[],
  from: number,
  targets: readonly number[],
): DocumentShift[] {
  const source = shiftsOfDay(hours, from).map(({ shift }) => shift);
  const others = hours.filter((shift) => shift.dia_semana === from || !targets.includes(shift.dia_semana));
  const copies = targets
    .filter((day) => day !== from)
    .flatMap((day) => source.map((shift) => ({ ...shift, dia_semana: day })));
  return sortHours([...others, ...copies]);
}

/**
 * What the opening-hours rules (packages/domain/src/opening-hours.ts) make of a shift, to say it
 * beside it: an end before the start crosses midnight (the early hours belong to this day's shift);
 * an end equal to the start is an empty shift (never open); 00:00–23:59 is the whole day.
 */
export type ShiftNote = ShiftKind;

export function shiftNote(shift: Pick<DocumentShift, 'hr_inicio' | 'hr_fim'>): ShiftNote {
  return shiftKind(shift);
}

/** Whether a day's second shift starts before its first has ended (both then just add up). */
export function shiftsOverlap(shifts: readonly Pick<DocumentShift, 'hr_inicio' | 'hr_fim'>[]): boolean {
  const [first, second] = shifts;
  const a = first && shiftSpanOf(first);
  const b = second && shiftSpanOf(second);
  return a && b ? shiftSpansOverlap(a, b) : false;
}

// Holidays: dates ('YYYY-MM-DD') on which the holidays' row (dia_semana 7) replaces the weekday's.

export function addHoliday(holidays: readonly string[], date: string): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || holidays.includes(date)) return [...holidays];
  return [...holidays, date].sort();
}

export function removeHoliday(holidays: readonly string[], date: string): string[] {
  return holidays.filter((holiday) => holiday !== date);
}

/** 'sexta-feira, 25 de dezembro de 2026': a date as people read it (never the ISO string). */
export function holidayLabel(date: string, language: Language): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(htmlLang(language), {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
}

// The typed times and dates live in staff/lib (the reports type dates too).
export { dateFromTyped, typedClock, typedDate } from '../../lib/typed-dates.ts';
