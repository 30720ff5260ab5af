import { describe, expect, it } from 'vitest';
import { firstOpenInstant, type Shift } from './opening-hours.ts';
import { storeOpenState } from './store-controls.ts';

const SAO_PAULO = 'America/Sao_Paulo';

// Lunch and dinner on weekdays (1–5); closed on weekends.
const SHIFTS: Shift[] = [1, 2, 3, 4, 5].flatMap((dia_semana) => [
  { dia_semana, turno: 1 as const, hr_inicio: '11:30', hr_fim: '14:30' },
  { dia_semana, turno: 2 as const, hr_inicio: '18:00', hr_fim: '23:00' },
]);
const at = (local: string) => new Date(`${local}-03:00`);
const auto = { mode: 'auto' as const, pausedUntil: null };

describe('firstOpenInstant', () => {
  it('is the instant itself while open, else the next shift start, across days and weekends', () => {
    expect(firstOpenInstant(SHIFTS, at('2026-05-05T12:00:00'), SAO_PAULO)).toEqual(at('2026-05-05T12:00:00'));
    expect(firstOpenInstant(SHIFTS, at('2026-05-05T15:00:00'), SAO_PAULO)).toEqual(at('2026-05-05T18:00:00'));
    expect(firstOpenInstant(SHIFTS, at('2026-05-05T23:30:00'), SAO_PAULO)).toEqual(at('2026-05-06T11:30:00'));
    // Friday night → Monday lunch.
    expect(firstOpenInstant(SHIFTS, at('2026-05-08T23:30:00'), SAO_PAULO)).toEqual(at('2026-05-11T11:30:00'));
  });

  it('skips a holiday without shifts, and is null for a store with no shifts', () => {
    expect(firstOpenInstant(SHIFTS, at('2026-05-05T23:30:00'), SAO_PAULO, ['2026-05-06'])).toEqual(
      at('2026-05-07T11:30:00'),
    );
    expect(firstOpenInstant([], at('2026-05-05T12:00:00'), SAO_PAULO)).toBeNull();
  });
});

describe('storeOpenState', () => {
  it('auto follows the hours and says when they open again', () => {
    expect(storeOpenState(auto, SHIFTS, at('2026-05-05T12:00:00'), SAO_PAULO)).toEqual({
      open: true,
      closedBy: null,
      reopensAt: null,
    });
    expect(storeOpenState(auto, SHIFTS, at('2026-05-05T15:00:00'), SAO_PAULO)).toEqual({
      open: false,
      closedBy: 'hours',
      reopensAt: at('2026-05-05T18:00:00'),
    });
  });

  it('a pause closes until its end, or until the hours open after it', () => {
    const paused = { mode: 'auto' as const, pausedUntil: at('2026-05-05T12:30:00') };
    expect(storeOpenState(paused, SHIFTS, at('2026-05-05T12:00:00'), SAO_PAULO)).toEqual({
      open: false,
      closedBy: 'pause',
      reopensAt: at('2026-05-05T12:30:00'),
    });
    const pastLunch = { mode: 'auto' as const, pausedUntil: at('2026-05-05T15:00:00') };
    expect(storeOpenState(pastLunch, SHIFTS, at('2026-05-05T14:00:00'), SAO_PAULO).reopensAt).toEqual(
      at('2026-05-05T18:00:00'),
    );
    expect(storeOpenState(paused, SHIFTS, at('2026-05-05T12:30:00'), SAO_PAULO).open).toBe(true);
  });

  it('open and closed override the hours; closed has no reopening time; a pause beats open', () => {
    expect(
      storeOpenState({ mode: 'open', pausedUntil: null }, SHIFTS, at('2026-05-09T03:00:00'), SAO_PAULO).open,
    ).toBe(true);
    expect(
      storeOpenState({ mode: 'closed', pausedUntil: null }, SHIFTS, at('2026-05-05T12:00:00'), SAO_PAULO),
    ).toEqual({
      open: false,
      closedBy: 'mode',
      reopensAt: null,
    });
    const pausedOpen = { mode: 'open' as const, pausedUntil: at('2026-05-09T03:20:00') };
    expect(storeOpenState(pausedOpen, SHIFTS, at('2026-05-09T03:00:00'), SAO_PAULO)).toEqual({
      open: false,
      closedBy: 'pause',
      reopensAt: at('2026-05-09T03:20:00'),
    });
  });
});
