import { storeDateTimeText, storeInstant, storeIsoText } from '@comanda/domain';
import { pageStoreTimeZone } from '../../lib/store-time-zone.ts';

/*
 * Instants of the store document (ISO 8601 with an offset, e.g. 2026-12-31T23:59:59-04:00 in
 * Manaus) as people read and type them: on the store's clock, in its own time zone (docs/decisions/
 * 0043), whatever the phone's own time zone. Never through the browser's local time.
 */

/** The instant; null when it is not one. */
function instantOf(iso: string): Date | null {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : new Date(at);
}

/** 'YYYY-MM-DDTHH:MM' in store time, as a datetime-local input holds it; '' for none. */
export function isoToStoreInput(iso: string | null): string {
  if (!iso) return '';
  const at = instantOf(iso);
  return at ? storeIsoText(at, pageStoreTimeZone(), false).slice(0, 16) : '';
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
  const timeZone = pageStoreTimeZone();
  const start = storeInstant(value.trim().slice(0, 10), hour * 60 + minute, timeZone);
  return storeIsoText(new Date(start.getTime() + (edge === 'start' ? 0 : 59_000)), timeZone, false);
}

/** '31/12/2026 23:59' in store time, as people in Brazil write it; '' when it is not an instant. */
export function formatStoreDateTime(iso: string): string {
  const at = instantOf(iso);
  return at ? storeDateTimeText(at, pageStoreTimeZone()) : '';
}
