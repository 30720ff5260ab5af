import { describe, expect, it } from 'vitest';
import { formatClockTime, formatCountdown } from './countdown.ts';

describe('formatCountdown', () => {
  it('shows minutes and seconds, two digits each', () => {
    expect(formatCountdown(300)).toBe('05:00');
    expect(formatCountdown(299)).toBe('04:59');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
  });

  it('never shows a negative time', () => {
    expect(formatCountdown(-3)).toBe('00:00');
  });
});

describe('formatClockTime', () => {
  it("reads as a clock in each language, on the store's clock", () => {
    const moment = Date.UTC(2030, 0, 1, 23, 35);
    expect(formatClockTime(moment, 'pt_br', 'America/Sao_Paulo')).toBe('20:35');
    expect(formatClockTime(moment, 'en', 'America/Sao_Paulo')).toBe('8:35 PM');
    // Before ten, two digits in Portuguese ('Pague até 09:50'), whatever the phone's zone.
    expect(formatClockTime(Date.UTC(2030, 0, 1, 12, 50), 'pt_br', 'America/Sao_Paulo')).toBe('09:50');
    expect(formatClockTime(Date.UTC(2030, 0, 1, 12, 50), 'pt_br', 'America/Manaus')).toBe('08:50');
  });
});
