import { tzOffset } from '@date-fns/tz/tzOffset';

/**
 * Store time: a store's wall clock in its own IANA time zone (docs/decisions/0043). Brazil has four
 * offsets (UTC-2 to UTC-5); the offsets come from the runtime's time zone data through
 * @date-fns/tz, never from a number written here.
 */

/** Every IANA zone of Brazil; a store may be in any of them. */
export const BRAZIL_TIME_ZONES = [
  'America/Sao_Paulo',
  'America/Bahia',
  'America/Fortaleza',
  'America/Recife',
  'America/Belem',
  'America/Maceio',
  'America/Araguaina',
  'America/Santarem',
  'America/Noronha',
  'America/Manaus',
  'America/Boa_Vista',
  'America/Porto_Velho',
  'America/Cuiaba',
  'America/Campo_Grande',
  'America/Rio_Branco',
  'America/Eirunepe',
] as const;
export type StoreTimeZone = (typeof BRAZIL_TIME_ZONES)[number];

export const DEFAULT_STORE_TIME_ZONE: StoreTimeZone = 'America/Sao_Paulo';

export function isStoreTimeZone(value: unknown): value is StoreTimeZone {
  return typeof value === 'string' && (BRAZIL_TIME_ZONES as readonly string[]).includes(value);
}

/** The short list the store editor offers, one per offset, named by the cities people know. */
export const STORE_TIME_ZONE_CHOICES: readonly {
  zone: StoreTimeZone;
  label: { pt_br: string; en: string };
}[] = [
  { zone: 'America/Sao_Paulo', label: { pt_br: 'Horário de Brasília', en: 'Brasília time' } },
  { zone: 'America/Manaus', label: { pt_br: 'Manaus (AM, RR, RO)', en: 'Manaus (AM, RR, RO)' } },
  { zone: 'America/Cuiaba', label: { pt_br: 'Cuiabá (MT, MS)', en: 'Cuiabá (MT, MS)' } },
  { zone: 'America/Rio_Branco', label: { pt_br: 'Rio Branco (AC)', en: 'Rio Branco (AC)' } },
  { zone: 'America/Noronha', label: { pt_br: 'Fernando de Noronha', en: 'Fernando de Noronha' } },
];

const MS_PER_MINUTE = 60_000;
const two = (value: number) => String(value).padStart(2, '0');

export interface StoreLocalTime {
  /** 0 = Sunday … 6 = Saturday, in store time. */
  weekday: number;
  /** Minutes since store-local midnight, 0–1439. */
  minutes: number;
  /** Store-local calendar date, 'YYYY-MM-DD'. */
  dateISO: string;
}

/** The store's UTC offset at an instant, in minutes (-180 for São Paulo, -240 for Manaus). */
export function storeOffsetMinutes(at: Date, timeZone: string): number {
  const offset = tzOffset(timeZone, at);
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: '${timeZone}'`);
  return offset;
}

/** The store's wall clock at an instant: date, weekday and minutes since its midnight. */
export function storeLocalTime(at: Date, timeZone: string): StoreLocalTime {
  const shifted = new Date(at.getTime() + storeOffsetMinutes(at, timeZone) * MS_PER_MINUTE);
  return {
    weekday: shifted.getUTCDay(),
    minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
    dateISO: shifted.toISOString().slice(0, 10),
  };
}

/** The instant of a store-local date ('YYYY-MM-DD') and minutes since its midnight (may pass 1440). */
export function storeInstant(dateISO: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = dateISO.split('-').map(Number) as [number, number, number];
  const wallClockAsUtc = Date.UTC(year, month - 1, day, 0, minutes);
  if (Number.isNaN(wallClockAsUtc)) throw new RangeError(`Not a store date: '${dateISO}'`);
  // The offset is the one in force at the instant itself: read it at a first guess, then again at
  // the instant that guess gives, which settles it unless the wall-clock time falls in a change.
  const guess = wallClockAsUtc - storeOffsetMinutes(new Date(wallClockAsUtc), timeZone) * MS_PER_MINUTE;
  return new Date(wallClockAsUtc - storeOffsetMinutes(new Date(guess), timeZone) * MS_PER_MINUTE);
}

/** A store day as the half-open interval [from, to) of instants, for reports and ledgers. */
export function storeDayBounds(dateISO: string, timeZone: string): { from: Date; to: Date } {
  const [year, month, day] = dateISO.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  return { from: storeInstant(dateISO, 0, timeZone), to: storeInstant(next, 0, timeZone) };
}

/** An instant as 'HH:MM' on the store's clock. */
export function storeClockText(at: Date, timeZone: string): string {
  const { minutes } = storeLocalTime(at, timeZone);
  return `${two(Math.floor(minutes / 60))}:${two(minutes % 60)}`;
}

/** The store's offset at an instant as ISO 8601 text, e.g. '-03:00'. */
export function storeOffsetText(at: Date, timeZone: string): string {
  const offset = storeOffsetMinutes(at, timeZone);
  const sign = offset < 0 ? '-' : '+';
  return `${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

/**
 * An instant as ISO 8601 in store time with its offset, e.g. 2026-12-31T23:59:59-04:00 in
 * Manaus; milliseconds only when the instant has them, unless `milliseconds` asks for them.
 */
export function storeIsoText(at: Date, timeZone: string, milliseconds?: boolean): string {
  const shifted = new Date(at.getTime() + storeOffsetMinutes(at, timeZone) * MS_PER_MINUTE);
  const withMs = milliseconds ?? at.getUTCMilliseconds() !== 0;
  return `${shifted.toISOString().slice(0, withMs ? 23 : 19)}${storeOffsetText(at, timeZone)}`;
}

/** An instant for people: 'dd/mm/aaaa hh:mm' on the store's clock (pt-BR). */
export function storeDateTimeText(at: Date, timeZone: string): string {
  const { dateISO } = storeLocalTime(at, timeZone);
  const [year, month, day] = dateISO.split('-');
  return `${day}/${month}/${year} ${storeClockText(at, timeZone)}`;
}
