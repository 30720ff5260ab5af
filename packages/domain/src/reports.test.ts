import { describe, expect, it } from 'vitest';
import {
  averageTicket,
  deliveryTypeWord,
  isCalendarDate,
  percentChange,
  previousRange,
  rangeDays,
  reportRangeProblem,
  spreadsheetMoney,
} from './reports.ts';

describe('report periods', () => {
  it('knows calendar days', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-2-1')).toBe(false);
  });

  it('refuses reversed, too long and impossible periods; a year of 366 days is allowed', () => {
    expect(reportRangeProblem('2026-05-05', '2026-05-05')).toBeNull();
    expect(reportRangeProblem('2026-05-06', '2026-05-05')).toBe('reversed');
    expect(reportRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(reportRangeProblem('2024-01-01', '2025-01-01')).toBe('too_long');
    expect(reportRangeProblem('2026-02-31', '2026-03-01')).toBe('not_a_date');
  });

  it('compares with the period of equal length just before', () => {
    expect(previousRange('2026-05-01', '2026-05-07')).toEqual({ from: '2026-04-24', to: '2026-04-30' });
    expect(previousRange('2026-03-01', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(rangeDays('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('computes the change in percent, null when there was nothing before', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 0)).toBe(0);
    expect(averageTicket(1001, 2)).toBe(501);
    expect(averageTicket(0, 0)).toBe(0);
  });

  it('writes money and delivery types for a pt-BR spreadsheet', () => {
    expect(spreadsheetMoney(123456)).toBe('1234,56');
    expect(spreadsheetMoney(-5)).toBe('-0,05');
    expect(spreadsheetMoney(0)).toBe('0,00');
    expect(deliveryTypeWord('Entregar')).toBe('Entrega');
    expect(deliveryTypeWord('Vem comer')).toBe('Comer no local');
    expect(deliveryTypeWord('Retirada', 'en')).toBe('Pickup');
  });
});
