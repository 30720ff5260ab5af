import type { OrderChannel, OrderHistoryEntry } from '@comanda/contract';

/*
 * The history screen's filters as people type them and as GET /staff/orders/history takes them
 * (docs/decisions/0049). Days are typed dd/mm/aaaa (docs/decisions/0034), never through the
 * browser's date picker, and mean the store's days: the server reads them in its time zone.
 */

export interface HistoryFilters {
  number: string;
  name: string;
  phone: string;
  /** As typed: dd/mm/aaaa, or ''. */
  from: string;
  to: string;
  status: string;
  channel: '' | OrderChannel;
  payment: string;
}

export const EMPTY_FILTERS: HistoryFilters = {
  number: '',
  name: '',
  phone: '',
  from: '',
  to: '',
  status: '',
  channel: '',
  payment: '',
};

const TYPED_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A day typed dd/mm/aaaa as YYYY-MM-DD; null when nothing was typed; undefined when it is not a
 * day of the calendar (31/02, 2026-05-04, 5/13/2026).
 */
export function typedDateToIso(typed: string): string | null | undefined {
  const text = typed.trim();
  if (text === '') return null;
  const match = TYPED_DATE.exec(text);
  if (!match) return undefined;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return date.toISOString().slice(0, 10);
}

/** YYYY-MM-DD as dd/mm/aaaa. */
export function isoToTypedDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

/**
 * What is typed in a date field, slashes put in as the digits come (0405 → 04/05): a phone's
 * numeric keyboard has no slash.
 */
export function maskTypedDate(typed: string): string {
  const withDay = /^(\d{2})\/(\d{3,6})$/.exec(typed);
  if (withDay) return `${withDay[1]}/${withDay[2]!.slice(0, 2)}/${withDay[2]!.slice(2)}`;
  if (!/^\d{3,8}$/.test(typed)) return typed.slice(0, 10);
  if (typed.length <= 4) return `${typed.slice(0, 2)}/${typed.slice(2)}`;
  return `${typed.slice(0, 2)}/${typed.slice(2, 4)}/${typed.slice(4)}`;
}

export type FilterProblem = 'badFrom' | 'badTo' | 'fromAfterTo' | 'badNumber' | 'shortPhone';

/**
 * The query string of a search (without `before`), or the first problem of the filters: the
 * server refuses the same things, this only says so before the round trip.
 */
export function historyQuery(filters: HistoryFilters): { query: string } | { problem: FilterProblem } {
  const params = new URLSearchParams();
  const number = filters.number.replace(/\D/g, '');
  if (filters.number.trim() !== '') {
    if (number === '' || number.length > 9) return { problem: 'badNumber' };
    params.set('number', String(Number(number)));
  }
  if (filters.name.trim() !== '') params.set('name', filters.name.trim());
  const phone = filters.phone.replace(/\D/g, '');
  if (filters.phone.trim() !== '') {
    if (phone.length < 3) return { problem: 'shortPhone' };
    params.set('phone', phone);
  }
  const from = typedDateToIso(filters.from);
  if (from === undefined) return { problem: 'badFrom' };
  const to = typedDateToIso(filters.to);
  if (to === undefined) return { problem: 'badTo' };
  if (from && to && from > to) return { problem: 'fromAfterTo' };
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (filters.status) params.set('status', filters.status);
  if (filters.channel) params.set('channel', filters.channel);
  if (filters.payment) params.set('payment', filters.payment);
  return { query: params.toString() };
}

/** The results of every page loaded so far, a page's repeat (a double tap) left out. */
export function appendPage(shown: readonly OrderHistoryEntry[], page: readonly OrderHistoryEntry[]) {
  const seen = new Set(shown.map((order) => order.id));
  return [...shown, ...page.filter((order) => !seen.has(order.id))];
}
