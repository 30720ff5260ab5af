import { STANDALONE_SOURCE, visitEntryOfPath } from '@comanda/domain';
import { enterTableMode, isLocalMode, leaveTableMode, SOURCE_KEY, tableModeExpired } from './source.ts';
import { writeStorage } from './storage.ts';

/** An installed app opened from the home screen (spec section 4 "Source"). */
export function isStandalone(): boolean {
  return (
    (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches) ||
    (navigator as { standalone?: boolean }).standalone === true
  );
}

function menuAddress(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `/?${query}` : '/';
}

/**
 * Spec section 4 "Source", read once at start: `/local/{table}?token=…` and
 * `/self-checkout/{table}?token=…` enter table mode (source local, the table, its token, the time);
 * a campaign path (`/instagram`…) is the source; otherwise table mode ends 12 hours after its entry,
 * and an installed app is source 'mobile' unless it is at a table. Returns the address to show
 * instead of an entry path (the menu, its query kept but the token), or null to stay.
 */
export function captureVisitEntry(
  place: { pathname: string; search: string },
  { now = Date.now(), standalone = false }: { now?: number; standalone?: boolean } = {},
): string | null {
  const entry = visitEntryOfPath(place.pathname);
  const params = new URLSearchParams(place.search);
  if (entry?.kind === 'table') {
    enterTableMode(entry.tableId, params.get('token'), now);
    params.delete('token');
    return menuAddress(params);
  }
  if (entry?.kind === 'campaign') {
    const source = standalone ? STANDALONE_SOURCE : entry.source;
    if (isLocalMode()) leaveTableMode(source);
    else writeStorage(SOURCE_KEY, source);
    return menuAddress(params);
  }
  if (tableModeExpired(now)) leaveTableMode();
  else if (standalone && !isLocalMode()) writeStorage(SOURCE_KEY, STANDALONE_SOURCE);
  return null;
}
