import { STORE_UTC_OFFSET_MINUTES } from '@comanda/domain';

/*
 * Instants of the store document (ISO 8601 with an offset, e.g. 2026-12-31T23:59:59-03:00) as
 * people read and type them: store time, UTC-3, whatever the phone's own time zone (spec section 9).
 * The conversions go through the fixed offset, never through the browser's local time.
 */

const OFFSET_MS = STORE_UTC_OFFSET_MINUTES * 60_000;
/** '-03:00' */
const OFFSET_TEXT = (() => {
  const minutes = Math.abs(STORE_UTC_OFFSET_MINUTES);
  const sign = STORE_UTC_OFFSET_MINUTES < 0 ? '-' : '+';
  return `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
})();

/** The instant shifted so that its UTC fields read store time; null when it is not an instant. */
function storeFields(iso: string): Date | null {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : new Date(at + OFFSET_MS);
}

/** 'YYYY-MM-DDTHH:MM' in store time, as a datetime-local input holds it; '' for none. */
export function isoToStoreInput(iso: string | null): string {
  if (!iso) return '';
  const shifted = storeFields(iso);
  return shifted ? shifted.toISOString().slice(0, 16) : '';
}

const INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A datetime-local value typed in store time as the document's instant: the start of that minute
 * (`edge: 'start'`, ':00') or its last second (`edge: 'end'`, ':59', so a coupon 'until 23:59' lasts
 * the whole minute; the document's end is inclusive). '' is null; anything else that is not a real
 * date and time is undefined.
 */
export function storeInputToIso(value: string, edge: 'start' | 'end'): string | null | undefined {
  if (value.trim() === '') return null;
  const match = INPUT.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // Date.UTC rolls 31 February over into March: such a date was never typed.
  if (asUtc.getUTCMonth() !== month - 1 || asUtc.getUTCDate() !== day || hour > 23 || minute > 59)
    return undefined;
  return `${value.trim()}:${edge === 'start' ? '00' : '59'}${OFFSET_TEXT}`;
}

/** '31/12/2026 23:59' in store time, as people in Brazil write it; '' when it is not an instant. */
export function formatStoreDateTime(iso: string): string {
  const shifted = storeFields(iso);
  if (!shifted) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${two(shifted.getUTCDate())}/${two(shifted.getUTCMonth() + 1)}/${shifted.getUTCFullYear()} ` +
    `${two(shifted.getUTCHours())}:${two(shifted.getUTCMinutes())}`
  );
}
