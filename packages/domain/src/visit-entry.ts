/*
 * Where a visit came from (spec sections 2 "Table self-checkout entry" and 4 "Source"): a table's QR
 * address, a campaign link, or an installed app. Apart from the tab (table-tab.ts) because the
 * storefront reads it on every first load, and the tab's rules only in table mode's screens.
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
