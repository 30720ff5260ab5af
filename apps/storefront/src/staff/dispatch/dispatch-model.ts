import type { DispatchBoard, ReadyOrder, Route, Stop } from '../../lib/dispatch-types.ts';

/*
 * The 'Entregas' screen's pure parts (issue 35): what a ready order's card says, the suggested
 * groups as the board shows them, a route being built and reordered, and a route's progress.
 */

/** Metres as people read a distance from the store: '850 m' is '0,9 km', '12,3 km'; null when unknown. */
export function distanceText(metres: number | null, language: 'pt_br' | 'en' = 'pt_br'): string | null {
  if (metres === null || !Number.isFinite(metres) || metres < 0) return null;
  const km = Math.round(metres / 100) / 10;
  return `${km.toLocaleString(language === 'en' ? 'en' : 'pt-BR', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  })} km`;
}

/** Minutes waiting as '8 min', '1 h 05 min'; null when unknown. */
export function waitingText(minutes: number | null): string | null {
  if (minutes === null || !Number.isFinite(minutes)) return null;
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < 60) return `${whole} min`;
  return `${Math.floor(whole / 60)} h ${String(whole % 60).padStart(2, '0')} min`;
}

/** A ready order waits too long past this: its card is marked (the food gets cold). */
export const LATE_AFTER_MIN = 15;

export function isLate(order: Pick<ReadyOrder, 'aguardando_min'>): boolean {
  return (order.aguardando_min ?? 0) >= LATE_AFTER_MIN;
}

/** The orders already on a route that has not ended: they cannot be put on another. */
export function ordersOnActiveRoutes(routes: readonly Route[]): Set<number> {
  const taken = new Set<number>();
  for (const route of routes) {
    if (route.estado === 'encerrada') continue;
    for (const stop of route.paradas) if (stop.estado === 'pendente') taken.add(stop.pedido.id);
  }
  return taken;
}

/** The ready orders not on a route yet, flagged ("não entregue") first, then longest waiting first. */
export function waitingOrders(board: Pick<DispatchBoard, 'prontos' | 'rotas'>): ReadyOrder[] {
  const taken = ordersOnActiveRoutes(board.rotas);
  return board.prontos
    .filter((order) => !taken.has(order.id))
    .sort(
      (a, b) =>
        Number(b.nao_entregue !== null) - Number(a.nao_entregue !== null) ||
        (b.aguardando_min ?? 0) - (a.aguardando_min ?? 0) ||
        a.id - b.id,
    );
}

export interface SuggestedGroup {
  bairro: string | null;
  orders: ReadyOrder[];
}

/**
 * The server's suggested groups as orders, in the server's stop order, leaving out orders that are
 * no longer waiting (a route took them since); a group left empty is dropped.
 */
export function suggestedGroups(board: DispatchBoard): SuggestedGroup[] {
  const waiting = new Map(waitingOrders(board).map((order) => [order.id, order]));
  return board.sugestao
    .map((group) => ({
      bairro: group.bairro,
      orders: group.pedidos.flatMap((id) => {
        const order = waiting.get(id);
        return order ? [order] : [];
      }),
    }))
    .filter((group) => group.orders.length > 0);
}

/** Selecting an order for a route: added at the end, or taken out. */
export function toggleSelected(selected: readonly number[], id: number): number[] {
  return selected.includes(id) ? selected.filter((each) => each !== id) : [...selected, id];
}

/** One stop moved up (-1) or down (+1); the list as it was when it cannot move. */
export function moveStop<T>(stops: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= stops.length || target < 0 || target >= stops.length) return [...stops];
  const moved = [...stops];
  const [item] = moved.splice(index, 1);
  moved.splice(target, 0, item as T);
  return moved;
}

/** The route's orders in stop order. */
export function routeOrderIds(route: Pick<Route, 'paradas'>): number[] {
  return [...route.paradas].sort((a, b) => a.posicao - b.posicao).map((stop) => stop.pedido.id);
}

export function sortedStops(route: Pick<Route, 'paradas'>): Stop[] {
  return [...route.paradas].sort((a, b) => a.posicao - b.posicao);
}

export interface RouteProgress {
  total: number;
  delivered: number;
  notDelivered: number;
  pending: number;
  /** Every stop marked: the courier may come back. */
  finished: boolean;
}

export function routeProgress(route: Pick<Route, 'paradas'>): RouteProgress {
  const delivered = route.paradas.filter((stop) => stop.estado === 'entregue').length;
  const notDelivered = route.paradas.filter((stop) => stop.estado === 'nao_entregue').length;
  const total = route.paradas.length;
  const pending = total - delivered - notDelivered;
  return { total, delivered, notDelivered, pending, finished: total > 0 && pending === 0 };
}

/** Routes as the board lists them: being built, then on the street, then today's ended ones (newest first). */
export function routesInOrder(routes: readonly Route[]): Route[] {
  const rank = { montando: 0, em_rota: 1, encerrada: 2 } as const;
  return [...routes].sort(
    (a, b) =>
      rank[a.estado] - rank[b.estado] ||
      Date.parse(b.saiu_em ?? b.criada_em) - Date.parse(a.saiu_em ?? a.criada_em) ||
      b.id - a.id,
  );
}

/** The sum to collect on a route in cash (what the courier brings back), and the change to take out. */
export function routeCash(route: Pick<Route, 'paradas'>): { collect: number; change: number } {
  let collect = 0;
  let change = 0;
  for (const stop of route.paradas) {
    const cash = stop.pedido.cobrar;
    if (!cash) continue;
    collect += cash.valor;
    change += cash.troco ?? 0;
  }
  return { collect, change };
}
