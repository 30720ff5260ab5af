import { describe, expect, it } from 'vitest';
import { scheduleDays, scheduleText } from './schedule-times.ts';

// Monday 2026-11-23 at 16:00 in São Paulo (19:00 UTC).
const NOW = new Date('2026-11-23T19:00:00Z');

describe('schedule times (spec section 9: UTC-3, pt-BR)', () => {
  it('groups the free periods by store-local day: Hoje, Amanhã, then the weekday', () => {
    const periods = [
      '2026-11-24T14:30:00.000Z',
      '2026-11-23T22:30:00.000Z',
      '2026-11-25T14:30:00.000Z',
      '2026-11-24T02:30:00.000Z', // 23:30 on Monday in store time, still 'Hoje'
      '2026-11-23T21:30:00.000Z',
    ];
    const days = scheduleDays(periods, NOW, 'pt_br');
    expect(days.map((day) => day.label)).toEqual(['Hoje', 'Amanhã', 'Quarta-feira, 25/11']);
    expect(days[0]!.times.map((entry) => entry.time)).toEqual(['18:30', '19:30', '23:30']);
    expect(days[1]!.times).toEqual([{ period: '2026-11-24T14:30:00.000Z', time: '11:30' }]);
  });

  it('names the days in English too', () => {
    const days = scheduleDays(['2026-11-24T14:30:00.000Z', '2026-11-26T14:30:00.000Z'], NOW, 'en');
    expect(days.map((day) => day.label)).toEqual(['Tomorrow', 'Thursday, 11/26']);
  });

  it('writes a chosen period as the customer reads it, never as a timestamp', () => {
    expect(scheduleText('2026-11-24T00:30:00.000Z', NOW, 'pt_br')).toBe('hoje às 21:30');
    expect(scheduleText('2026-11-24T14:30:00.000Z', NOW, 'pt_br')).toBe('amanhã às 11:30');
    expect(scheduleText('2026-11-25T14:30:00.000Z', NOW, 'pt_br')).toBe('quarta-feira, 25/11 às 11:30');
    expect(scheduleText('2026-11-24T14:30:00.000Z', NOW, 'en')).toBe('tomorrow at 11:30');
  });
});
