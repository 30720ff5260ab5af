import { describe, expect, it } from 'vitest';
import { scheduleDays, scheduleText } from './schedule-times.ts';

// Monday 2026-11-23 at 16:00 in São Paulo (19:00 UTC).
const NOW = new Date('2026-11-23T19:00:00Z');
const SAO_PAULO = 'America/Sao_Paulo';

describe('schedule times (spec section 9: UTC-3, pt-BR)', () => {
  it('groups the free periods by store-local day: Hoje, Amanhã, then the weekday', () => {
    const periods = [
      '2026-11-24T14:30:00.000Z',
      '2026-11-23T22:30:00.000Z',
      '2026-11-25T14:30:00.000Z',
      '2026-11-24T02:30:00.000Z', // 23:30 on Monday in store time, still 'Hoje'
      '2026-11-23T21:30:00.000Z',
    ];
    const days = scheduleDays(periods, NOW, 'pt_br', SAO_PAULO);
    expect(days.map((day) => day.label)).toEqual(['Hoje', 'Amanhã', 'Quarta-feira, 25/11']);
    expect(days[0]!.times.map((entry) => entry.time)).toEqual(['18:30', '19:30', '23:30']);
    expect(days[1]!.times).toEqual([{ period: '2026-11-24T14:30:00.000Z', time: '11:30' }]);
  });

  it('names the days in English too', () => {
    const days = scheduleDays(['2026-11-24T14:30:00.000Z', '2026-11-26T14:30:00.000Z'], NOW, 'en', SAO_PAULO);
    expect(days.map((day) => day.label)).toEqual(['Tomorrow', 'Thursday, 11/26']);
  });

  it('writes a chosen period as the customer reads it, never as a timestamp', () => {
    expect(scheduleText('2026-11-24T00:30:00.000Z', NOW, 'pt_br', SAO_PAULO)).toBe('hoje às 21:30');
    expect(scheduleText('2026-11-24T14:30:00.000Z', NOW, 'pt_br', SAO_PAULO)).toBe('amanhã às 11:30');
    expect(scheduleText('2026-11-25T14:30:00.000Z', NOW, 'pt_br', SAO_PAULO)).toBe(
      'quarta-feira, 25/11 às 11:30',
    );
    expect(scheduleText('2026-11-24T14:30:00.000Z', NOW, 'en', SAO_PAULO)).toBe('tomorrow at 11:30');
  });

  it('reads the periods on the store’s own clock: Manaus is an hour behind São Paulo', () => {
    // 00:30 UTC on the 24th is 21:30 on the 23rd in São Paulo and 20:30 in Manaus.
    expect(scheduleText('2026-11-24T00:30:00.000Z', NOW, 'pt_br', 'America/Manaus')).toBe('hoje às 20:30');
    // 03:30 UTC on the 24th is already Tuesday in São Paulo, still Monday in Manaus.
    const days = scheduleDays(['2026-11-24T03:30:00.000Z'], NOW, 'pt_br', 'America/Manaus');
    expect(days).toEqual([
      { date: '2026-11-23', label: 'Hoje', times: [{ period: '2026-11-24T03:30:00.000Z', time: '23:30' }] },
    ]);
    expect(scheduleDays(['2026-11-24T03:30:00.000Z'], NOW, 'pt_br', SAO_PAULO)[0]?.label).toBe('Amanhã');
  });
});
