import type { Centavos } from './money.ts';
import { assertCentavos } from './percent.ts';

/*
 * Table mode (spec sections 2 "Table self-checkout entry", 4 "Source", 6 "Local (table) mode"):
 * where a visit came from, and the table's running tab: every round a table orders joins one tab,
 * which the store closes with an optional service fee, split evenly or by items.
 */

/** The first path segments that open table mode; self-checkout is stored as local (spec section 4). */
export const TABLE_SOURCES = ['local', 'self-checkout'] as const;

/** The source of an installed app opened from the home screen (spec section 4). */
export const STANDALONE_SOURCE = 'mobile';

/**
 * Campaign links the store may publish (`/instagram`, `/whatsapp`…): the first path segment names
 * the source, stored and sent as `forma_entrada`. Anything else in the first segment is not a source.
 */
export const CAMPAIGN_SOURCES = [
  'instagram',
  'whatsapp',
  'facebook',
  'google',
  'tiktok',
  'site',
  'qrcode',
  'panfleto',
] as const;

export type VisitEntry =
  | { kind: 'table'; source: 'local'; tableId: string }
  | { kind: 'campaign'; source: string }
  | null;

/** A table id in a QR address: a positive integer, as the tables list names them. */
const TABLE_ID = /^[1-9]\d{0,9}$/;

/** Whether a QR address's table segment can name a table at all ('mesa-9', '0' cannot). */
export function isTableId(segment: string): boolean {
  return TABLE_ID.test(segment);
}

/** A table segment kept as the visit's table (a short URL-safe word): anything else is no entry. */
const TABLE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * What the page's path says about the visit: `/local/7` and `/self-checkout/7` are table 7 (source
 * local); `/instagram` is a campaign source; anything else (the menu, a screen) says nothing.
 * A table source without a table segment (or with one that is not a short word) says nothing.
 */
export function visitEntryOfPath(pathname: string): VisitEntry {
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const first = segments[0]?.toLowerCase();
  if (!first) return null;
  if ((TABLE_SOURCES as readonly string[]).includes(first)) {
    const tableId = segments[1];
    // A segment that names no table ('/local/mesa-9', '/local/0') is still a table entry: the
    // banner says 'Mesa não encontrada' (spec section 8) instead of the ordinary menu.
    return tableId && TABLE_SEGMENT.test(tableId) ? { kind: 'table', source: 'local', tableId } : null;
  }
  if (segments.length === 1 && (CAMPAIGN_SOURCES as readonly string[]).includes(first)) {
    return { kind: 'campaign', source: first };
  }
  return null;
}

/** A service fee is a whole percent of the tab, at most this (Brazil's customary one is 10%). */
export const SERVICE_FEE_PERCENT_MAX = 30;

/** A table's lock code: this many digits, given by the waiter when the table is opened. */
export const TABLE_CODE_LENGTH = 4;

/** The most people a tab may be split evenly between. */
export const TAB_SPLIT_MAX_PEOPLE = 30;

/** Guests' calls: waiter or bill. */
export const TABLE_CALL_KINDS = ['waiter', 'bill'] as const;
export type TableCallKind = (typeof TABLE_CALL_KINDS)[number];

/**
 * Calls one table may make in TABLE_CALL_WINDOW_SECONDS, whatever their kind; and while a call of a
 * kind waits for the staff, calling again of that kind adds nothing (the same call is answered).
 */
export const TABLE_CALL_LIMIT = 6;
export const TABLE_CALL_WINDOW_SECONDS = 600;

/** A tab's life: open (rounds join it), closing (the bill is fixed, shares being paid), closed. */
export const TAB_STATUSES = ['open', 'closing', 'closed'] as const;
export type TabStatus = (typeof TAB_STATUSES)[number];

export interface TabRound {
  /** The round's order total, as placed (its discounts included). */
  total: Centavos;
  /** Paid in the app when it was ordered (a table whose store requires it): nothing left to pay. */
  paidOnline: boolean;
  /** A cancelled round is not on the bill. */
  cancelled: boolean;
}

export interface TabTotals {
  /** Σ totals of the rounds not cancelled. */
  consumed: Centavos;
  /** Of those, what was paid in the app round by round. */
  paidOnline: Centavos;
  /** consumed − paidOnline: what the bill asks for before the service fee. */
  due: Centavos;
  /** servicePercent of due, rounded to the centavo (half up). */
  serviceFee: Centavos;
  /** due + serviceFee. */
  total: Centavos;
}

function assertServicePercent(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0 || percent > SERVICE_FEE_PERCENT_MAX) {
    throw new RangeError(`service fee percent must be a whole number from 0 to ${SERVICE_FEE_PERCENT_MAX}`);
  }
}

/** The service fee on an amount: a whole percent, rounded half up to the centavo. */
export function serviceFeeOf(amount: Centavos, percent: number): Centavos {
  assertCentavos('amount', amount);
  assertServicePercent(percent);
  return Math.floor((amount * percent + 50) / 100);
}

/**
 * A tab's bill: the rounds not cancelled, less what was paid in the app, plus the service fee on
 * the rest (a fee is charged only on what is paid at the table).
 */
export function tabTotals(rounds: readonly TabRound[], servicePercent: number): TabTotals {
  let consumed = 0;
  let paidOnline = 0;
  for (const round of rounds) {
    assertCentavos('round total', round.total);
    if (round.cancelled) continue;
    consumed += round.total;
    if (round.paidOnline) paidOnline += round.total;
  }
  const due = consumed - paidOnline;
  const serviceFee = serviceFeeOf(due, servicePercent);
  return { consumed, paidOnline, due, serviceFee, total: due + serviceFee };
}

/**
 * Splits an amount in proportion to weights, in whole centavos that add up to the amount exactly:
 * each part gets its floor, and the centavos left go one each to the largest remainders (the
 * earlier part first on a tie). All-zero weights split evenly.
 */
export function splitInProportion(amount: Centavos, weights: readonly number[]): Centavos[] {
  assertCentavos('amount', amount);
  if (weights.length === 0) throw new RangeError('at least one share');
  for (const weight of weights) {
    if (!Number.isInteger(weight) || weight < 0) throw new RangeError('weights are whole, not negative');
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  const effective = sum === 0 ? weights.map(() => 1) : weights;
  const total = sum === 0 ? weights.length : sum;
  const parts = effective.map((weight) => Math.floor((amount * weight) / total));
  const remainders = effective.map((weight, index) => ({ index, rest: (amount * weight) % total }));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of remainders) {
    if (left === 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

export interface TabShare {
  /** What this share pays: its part of the due and of the fee. */
  amount: Centavos;
  /** Of amount, the service fee. */
  serviceFee: Centavos;
}

/** Splits a bill evenly between `people`: the odd centavos go to the first shares. */
export function splitEvenly(totals: Pick<TabTotals, 'due' | 'serviceFee'>, people: number): TabShare[] {
  if (!Number.isInteger(people) || people < 1 || people > TAB_SPLIT_MAX_PEOPLE) {
    throw new RangeError(`people must be from 1 to ${TAB_SPLIT_MAX_PEOPLE}`);
  }
  const weights = Array.from({ length: people }, () => 1);
  return sharesOf(totals, weights);
}

export interface TabLine {
  /** The order line's id. */
  id: number;
  /** The line's value (its valor_total). */
  value: Centavos;
}

export type SplitByItemsResult =
  | { ok: true; shares: TabShare[] }
  | { ok: false; reason: 'LINE_UNASSIGNED' | 'LINE_TWICE' | 'LINE_UNKNOWN' | 'EMPTY_SHARE'; lineId?: number };

/**
 * Splits a bill by items: each share names the tab's lines it takes (every line in exactly one
 * share, no share empty); shares pay the due and the fee in proportion to their lines' value, so
 * the round's discounts are shared the same way and the shares add up to the bill exactly.
 */
export function splitByItems(
  totals: Pick<TabTotals, 'due' | 'serviceFee'>,
  lines: readonly TabLine[],
  shares: readonly (readonly number[])[],
): SplitByItemsResult {
  if (shares.length === 0 || shares.length > TAB_SPLIT_MAX_PEOPLE)
    return { ok: false, reason: 'EMPTY_SHARE' };
  const lineValues = new Map(lines.map((line) => [line.id, line.value]));
  const taken = new Set<number>();
  const weights: number[] = [];
  for (const share of shares) {
    if (share.length === 0) return { ok: false, reason: 'EMPTY_SHARE' };
    let weight = 0;
    for (const lineId of share) {
      const value = lineValues.get(lineId);
      if (value === undefined) return { ok: false, reason: 'LINE_UNKNOWN', lineId };
      if (taken.has(lineId)) return { ok: false, reason: 'LINE_TWICE', lineId };
      taken.add(lineId);
      weight += value;
    }
    weights.push(weight);
  }
  const missing = lines.find((line) => !taken.has(line.id));
  if (missing) return { ok: false, reason: 'LINE_UNASSIGNED', lineId: missing.id };
  return { ok: true, shares: sharesOf(totals, weights) };
}

function sharesOf(totals: Pick<TabTotals, 'due' | 'serviceFee'>, weights: readonly number[]): TabShare[] {
  const amounts = splitInProportion(totals.due + totals.serviceFee, weights);
  const fees = splitInProportion(totals.serviceFee, weights);
  return amounts.map((amount, index) => ({ amount, serviceFee: fees[index]! }));
}

/** A lock code is TABLE_CODE_LENGTH digits (what the waiter reads out). */
export function isTableCode(value: string): boolean {
  return new RegExp(`^\\d{${TABLE_CODE_LENGTH}}$`).test(value);
}

/** Why a round may not join its table's tab (each refused with nothing written). */
export type TabJoinRefusal = 'TAB_NOT_OPEN' | 'TABLE_LOCKED' | 'TABLE_CODE_INVALID';

/**
 * Whether a round ordered at a table may join the table's tab (issue 19, 'lock table'): never a
 * tab being closed; at a store that opens its tables with the waiter's code, only a tab the staff
 * opened, and with its code. A tab opened before the store asked for codes has none and takes
 * rounds without one. `tab` is the table's tab that is not closed, or null.
 */
export function tabJoinRefusal(input: {
  requiresCode: boolean;
  tab: { status: TabStatus; code: string | null } | null;
  code: string | null;
}): TabJoinRefusal | null {
  const { tab } = input;
  if (tab && tab.status !== 'open') return 'TAB_NOT_OPEN';
  if (!input.requiresCode) return null;
  if (!tab) return 'TABLE_LOCKED';
  if (tab.code === null) return null;
  return input.code !== null && input.code.trim() === tab.code ? null : 'TABLE_CODE_INVALID';
}
