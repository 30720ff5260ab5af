import type { CourierRouteReply, Stop, StopState } from '../../../lib/dispatch-types.ts';
import { readJson, removeStorage, writeStorage } from '../../../lib/storage.ts';

/*
 * The courier's page (issue 35 item 3), its pure parts: the route kept on the phone for when the
 * network goes, the stops in order, what a mark's answer means.
 */

/** Kept per link: the last route read, and when. */
export interface SavedRoute {
  savedAt: string;
  reply: CourierRouteReply;
}

/** The key of a link's saved route: a prefix of the token (enough to tell two links apart on one phone). */
export const savedRouteKey = (token: string) => `courier_route_${token.slice(0, 12)}`;

export function readSavedRoute(token: string): SavedRoute | null {
  const saved = readJson<SavedRoute>(savedRouteKey(token));
  return saved && typeof saved.savedAt === 'string' && saved.reply ? saved : null;
}

export function saveRoute(token: string, reply: CourierRouteReply, now: Date): void {
  writeStorage(savedRouteKey(token), JSON.stringify({ savedAt: now.toISOString(), reply }));
}

/** A revoked link forgets what it showed: nothing of the route stays on the phone. */
export function forgetRoute(token: string): void {
  removeStorage(savedRouteKey(token));
}

/** A stop marked here, put into the saved route (so it survives a reload without network). */
export function withStop(reply: CourierRouteReply, stop: Stop): CourierRouteReply {
  if (!reply.rota) return reply;
  return {
    ...reply,
    rota: {
      ...reply.rota,
      paradas: reply.rota.paradas.map((each) =>
        each.id === stop.id ? { ...each, ...stop, links: each.links } : each,
      ),
    },
  };
}

export function stopsInOrder(reply: CourierRouteReply): Stop[] {
  return [...(reply.rota?.paradas ?? [])].sort((a, b) => a.posicao - b.posicao);
}

/** The stop to go to now: the first one not marked. */
export function currentStop(reply: CourierRouteReply): Stop | null {
  return stopsInOrder(reply).find((stop) => stop.estado === 'pendente') ?? null;
}

/** Every stop marked: the route ends back at the store. */
export function allMarked(reply: CourierRouteReply): boolean {
  const stops = stopsInOrder(reply);
  return stops.length > 0 && stops.every((stop) => stop.estado !== 'pendente');
}

/** 'Ana Souza' → 'Ana': the courier calls the customer by their first name. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * A mark answered 409 STOP_ALREADY_MARKED carries the stop as it is: when it is what this phone
 * asked for (a retry after a lost answer), the mark counts as done; otherwise someone else marked
 * it differently (the store, from the board) and the phone shows that.
 */
export function markOutcome(
  wanted: StopState,
  current: Stop | null,
): { kind: 'done'; stop: Stop } | { kind: 'other'; stop: Stop } | { kind: 'unknown' } {
  if (!current || typeof current !== 'object' || typeof current.estado !== 'string')
    return { kind: 'unknown' };
  return current.estado === wanted ? { kind: 'done', stop: current } : { kind: 'other', stop: current };
}

/** The store's own address for the last leg: Google Maps directions (plain URL, no key). */
export function backToStoreMapsUrl(loja: CourierRouteReply['loja']): string {
  const destination = loja.lat !== null && loja.lng !== null ? `${loja.lat},${loja.lng}` : loja.endereco;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}&travelmode=driving`;
}

/** The last leg in Waze, when the store's coordinates are known. */
export function backToStoreWazeUrl(loja: CourierRouteReply['loja']): string | null {
  return loja.lat !== null && loja.lng !== null
    ? `https://waze.com/ul?ll=${loja.lat},${loja.lng}&navigate=yes`
    : null;
}
