import { afterEach, describe, expect, it } from 'vitest';
import { resetBoot } from '../../lib/boot.ts';
import { formatStoreDateTime, isoToStoreInput, storeInputToIso } from './store-time.ts';

describe('coupon dates in store time (a page without a store zone: São Paulo)', () => {
  it('shows an instant as São Paulo reads it, whatever offset the document wrote', () => {
    expect(formatStoreDateTime('2026-12-31T23:59:59-03:00')).toBe('31/12/2026 23:59');
    expect(formatStoreDateTime('2027-01-01T02:30:00Z')).toBe('31/12/2026 23:30');
    expect(formatStoreDateTime('2026-06-01T12:00:00+02:00')).toBe('01/06/2026 07:00');
    expect(formatStoreDateTime('not a date')).toBe('');
  });

  it('fills a datetime-local input with the store-time minute', () => {
    expect(isoToStoreInput('2026-12-31T23:59:59-03:00')).toBe('2026-12-31T23:59');
    expect(isoToStoreInput('2027-01-01T00:15:00Z')).toBe('2026-12-31T21:15');
    expect(isoToStoreInput(null)).toBe('');
  });

  it('turns a typed store time into the exact instant: a start at :00, an end through :59 (the end is inclusive)', () => {
    expect(storeInputToIso('2026-05-01T00:00', 'start')).toBe('2026-05-01T00:00:00-03:00');
    expect(storeInputToIso('2026-05-31T23:59', 'end')).toBe('2026-05-31T23:59:59-03:00');
    expect(Date.parse(storeInputToIso('2026-05-01T00:00', 'start')!)).toBe(
      Date.parse('2026-05-01T03:00:00Z'),
    );
    // What is shown is what was typed: the round trip keeps the minute.
    expect(isoToStoreInput(storeInputToIso('2026-02-28T18:45', 'end')!)).toBe('2026-02-28T18:45');
  });

  it('takes an empty box as no date and refuses a date that does not exist', () => {
    expect(storeInputToIso('', 'start')).toBeNull();
    expect(storeInputToIso('2026-02-30T10:00', 'start')).toBeUndefined();
    expect(storeInputToIso('2026-13-01T10:00', 'end')).toBeUndefined();
    expect(storeInputToIso('31/12/2026 23:59', 'end')).toBeUndefined();
  });
});

describe('coupon dates of a store in Manaus (its boot block says America/Manaus)', () => {
  afterEach(() => {
    document.getElementById('boot')?.remove();
    resetBoot();
  });

  it('reads and writes instants on Manaus’s clock, an hour behind São Paulo', () => {
    const boot = document.createElement('script');
    boot.id = 'boot';
    boot.type = 'application/json';
    boot.textContent = JSON.stringify({ company: [{ time_zone: 'America/Manaus' }] });
    document.body.append(boot);
    resetBoot();
    expect(formatStoreDateTime('2027-01-01T02:30:00Z')).toBe('31/12/2026 22:30');
    expect(isoToStoreInput('2026-12-31T23:59:59-03:00')).toBe('2026-12-31T22:59');
    expect(storeInputToIso('2026-05-31T23:59', 'end')).toBe('2026-05-31T23:59:59-04:00');
  });
});
