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
  it('reads as a clock in each language', () => {
    const moment = new Date(2030, 0, 1, 20, 35).getTime();
    expect(formatClockTime(moment, 'pt_br')).toBe('20:35');
    expect(formatClockTime(moment, 'en')).toBe('8:35 PM');
  });
});
