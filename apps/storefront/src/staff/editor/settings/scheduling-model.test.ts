import type { DocumentShift } from '@comanda/contract';
import { schedulePeriods } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import { dayStartTimes, firstOpenWeekday } from './scheduling-model.ts';

const hours: DocumentShift[] = [
  { dia_semana: 2, turno: 1, hr_inicio: '11:30:00', hr_fim: '13:00:00' },
  { dia_semana: 2, turno: 2, hr_inicio: '18:00:00', hr_fim: '19:00:00' },
  { dia_semana: 5, turno: 1, hr_inicio: '23:00', hr_fim: '00:30' },
];

describe('the start times scheduling offers', () => {
  it('are every step from each shift’s opening, before its closing', () => {
    expect(dayStartTimes(hours, 2, 30)).toEqual(['11:30', '12:00', '12:30', '18:00', '18:30']);
    expect(dayStartTimes(hours, 2, 45)).toEqual(['11:30', '12:15', '18:00', '18:45']);
    expect(dayStartTimes(hours, 1, 30)).toEqual([]);
  });

  it('run past midnight in an overnight shift', () => {
    expect(dayStartTimes(hours, 5, 20)).toEqual(['23:00', '23:20', '23:40', '00:00', '00:20']);
  });

  it('are the times the server lists for that day', () => {
    // Tuesday 2026-05-05, from 00:00 in São Paulo (03:00 UTC), without lead time.
    const periods = schedulePeriods(hours, new Date('2026-05-05T03:00:00Z'), {
      days: 1,
      stepMinutes: 30,
      leadMinutes: 0,
      timeZone: 'America/Sao_Paulo',
    }).map(({ period }) => new Date(Date.parse(period) - 3 * 3_600_000).toISOString().slice(11, 16));
    expect(periods).toEqual(dayStartTimes(hours, 2, 30));
  });

  it('give an example from the first day that opens', () => {
    expect(firstOpenWeekday(hours, 3)).toBe(5);
    expect(firstOpenWeekday(hours, 6)).toBe(2);
    expect(firstOpenWeekday([], 0)).toBeNull();
  });
});
