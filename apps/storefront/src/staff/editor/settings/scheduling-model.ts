import type { DocumentShift } from '@comanda/contract';
import { shiftSpanOf } from '@comanda/domain';
import { shiftsOfDay } from './hours-model.ts';

/*
 * What the scheduling settings give customers, to show the owner before saving: the start times of
 * one day, as the server lists them (packages/domain schedulePeriods: every step from each shift's
 * opening, up to its closing; an overnight shift runs past midnight).
 */

const clock = (minutes: number) => {
  const inDay = minutes % (24 * 60);
  return `${String(Math.floor(inDay / 60)).padStart(2, '0')}:${String(inDay % 60).padStart(2, '0')}`;
};

/** The start times ('HH:MM') a day's shifts offer with this step, in order, without repeats. */
export function dayStartTimes(hours: readonly DocumentShift[], day: number, stepMinutes: number): string[] {
  if (!Number.isInteger(stepMinutes) || stepMinutes <= 0) return [];
  const starts = new Set<number>();
  for (const { shift } of shiftsOfDay(hours, day)) {
    const span = shiftSpanOf(shift);
    if (!span) continue;
    const { start, end } = span;
    for (let minutes = start; minutes < end; minutes += stepMinutes) starts.add(minutes);
  }
  return [...starts].sort((a, b) => a - b).map(clock);
}

/** The first weekday from `from` (0–6) with shifts, to give an example of; null when always closed. */
export function firstOpenWeekday(hours: readonly DocumentShift[], from: number): number | null {
  for (let offset = 0; offset < 7; offset++) {
    const day = (from + offset) % 7;
    if (shiftsOfDay(hours, day).length > 0) return day;
  }
  return null;
}
