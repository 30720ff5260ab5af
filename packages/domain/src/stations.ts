/**
 * Which station (Cozinha, Bar, Balcão…) prepares which line of an order (docs/decisions/0052). A
 * product goes where it is routed itself, else where its category is routed, else to the store's
 * first station; a store without stations prepares everything in one place (null).
 */
export const STATION_NAME_MAX_LENGTH = 40;
export const STATIONS_PER_STORE_MAX = 20;

export interface StationRouting {
  /** The first station by position: what nothing routes elsewhere goes there; null without stations. */
  defaultStationId: number | null;
  /** Every routed product id → its station (its own or its category's). */
  productStations: Readonly<Record<number, number>>;
}

export interface RoutedProduct {
  id: number;
  stationId: number | null;
  categoryStationId: number | null;
}

/** The routing of a store's products, from each product's own station and its category's. */
export function stationRouting(
  stationIdsByPosition: readonly number[],
  products: readonly RoutedProduct[],
): StationRouting {
  const known = new Set(stationIdsByPosition);
  const productStations: Record<number, number> = {};
  for (const product of products) {
    const station = [product.stationId, product.categoryStationId].find((id) => id !== null && known.has(id));
    if (station !== undefined && station !== null) productStations[product.id] = station;
  }
  return { defaultStationId: stationIdsByPosition[0] ?? null, productStations };
}

/** The station that prepares a product; null when the store has no stations. */
export function stationOfProduct(routing: StationRouting, productId: number): number | null {
  return routing.productStations[productId] ?? routing.defaultStationId;
}

/** The lines a station prepares, in the order's order. */
export function linesForStation<Line extends { produto: number }>(
  routing: StationRouting,
  lines: readonly Line[],
  stationId: number,
): Line[] {
  return lines.filter((line) => stationOfProduct(routing, line.produto) === stationId);
}

/**
 * An order's lines by the station that prepares them, stations in the order their lines first
 * appear; without stations, one group keyed null holding every line.
 */
export function linesByStation<Line extends { produto: number }>(
  routing: StationRouting,
  lines: readonly Line[],
): Map<number | null, Line[]> {
  const groups = new Map<number | null, Line[]>();
  for (const line of lines) {
    const station = stationOfProduct(routing, line.produto);
    const group = groups.get(station);
    if (group) group.push(line);
    else groups.set(station, [line]);
  }
  return groups;
}
