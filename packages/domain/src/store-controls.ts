import { firstOpenInstant, isOpenAt, type Shift } from './opening-hours.ts';

/**
 * The store's own switches over its hours (issue 16, docs/decisions/0024): 'auto' follows the
 * opening hours, 'open' and 'closed' override them until changed; a pause closes the store until
 * its end whatever the mode.
 */
export const OPEN_MODES = ['auto', 'open', 'closed'] as const;
export type OpenMode = (typeof OPEN_MODES)[number];

/** A pause lasts 5 minutes to 4 hours. */
export const PAUSE_MINUTES = { min: 5, max: 240 } as const;
export const PAUSE_REASON_MAX_LENGTH = 120;

/** A store's preset reasons for refusing or cancelling an order: at most this many, each this long. */
export const ORDER_REASONS_LIMITS = { maxCount: 8, maxLength: 80 } as const;

/** The presets a store starts with (and gets back by saving an empty list). */
export const DEFAULT_REFUSAL_REASONS: readonly string[] = [
  'Fora da nossa área de entrega',
  'Item em falta',
  'Cozinha cheia no momento',
  'Loja fechando',
];
export const DEFAULT_CANCEL_REASONS: readonly string[] = [
  'O cliente pediu para cancelar',
  'Item em falta',
  'Não conseguimos entregar',
  'Pagamento não confirmado',
];

/**
 * What is wrong with a list of preset reasons, or null: blank entries, entries too long, too many,
 * or the same reason twice (compared without case or surrounding spaces).
 */
export function orderReasonsProblem(
  reasons: readonly string[],
): 'blank' | 'too_long' | 'too_many' | 'repeated' | null {
  if (reasons.length > ORDER_REASONS_LIMITS.maxCount) return 'too_many';
  const seen = new Set<string>();
  for (const reason of reasons) {
    const trimmed = reason.trim();
    if (trimmed === '') return 'blank';
    if (trimmed.length > ORDER_REASONS_LIMITS.maxLength) return 'too_long';
    const key = trimmed.toLocaleLowerCase('pt-BR');
    if (seen.has(key)) return 'repeated';
    seen.add(key);
  }
  return null;
}

export interface StoreControls {
  mode: OpenMode;
  /** The end of the current pause; a past instant (or null) means no pause. */
  pausedUntil: Date | null;
}

export type ClosedBy = 'hours' | 'pause' | 'mode';

export interface StoreOpenState {
  open: boolean;
  /** Why the store is closed; null while open. */
  closedBy: ClosedBy | null;
  /** When it takes orders again without anyone acting; null while open or when nobody knows. */
  reopensAt: Date | null;
}

/** Whether a store takes orders for now at `now`, and when it opens again when it does not. */
export function storeOpenState(
  controls: StoreControls,
  shifts: readonly Shift[],
  now: Date,
  timeZone: string,
  holidays: readonly string[] = [],
): StoreOpenState {
  if (controls.mode === 'closed') return { open: false, closedBy: 'mode', reopensAt: null };
  const pauseEnd = controls.pausedUntil && controls.pausedUntil > now ? controls.pausedUntil : null;
  if (pauseEnd) {
    const reopensAt =
      controls.mode === 'open' ? pauseEnd : firstOpenInstant(shifts, pauseEnd, timeZone, holidays);
    return { open: false, closedBy: 'pause', reopensAt };
  }
  if (controls.mode === 'open' || isOpenAt(shifts, now, timeZone, holidays)) {
    return { open: true, closedBy: null, reopensAt: null };
  }
  return { open: false, closedBy: 'hours', reopensAt: firstOpenInstant(shifts, now, timeZone, holidays) };
}
