import { haversineMetres, type LatLng } from './delivery-fee.ts';
import type { Centavos } from './money.ts';

/*
 * Delivery dispatch (issue 35, docs/decisions/0070): the suggested routes of the ready delivery
 * orders, the nearest-next order of a route's stops, a courier's pay for a day, and the plain links
 * that open a stop in Google Maps, Waze, the phone and WhatsApp. Pure: the server reads and writes.
 */

export const COURIER_VEHICLES = ['moto', 'bicicleta', 'carro', 'a_pe'] as const;
export type CourierVehicle = (typeof COURIER_VEHICLES)[number];

/** Bands of a km-band pay. */
export const COURIER_PAY_MAX_BANDS = 10;
/** A 'Não entregue' reason's length. */
export const DISPATCH_REASON_MAX_LENGTH = 200;
/** The most stops a suggested route holds. */
export const SUGGESTED_ROUTE_MAX_STOPS = 4;

export type CourierPayRule =
  | { modelo: 'por_entrega'; valor_entrega: Centavos }
  | { modelo: 'faixa_km'; faixas: readonly { ate_km: number; valor: Centavos }[] }
  | { modelo: 'diaria_mais_entrega'; diaria: Centavos; valor_entrega: Centavos };

/** Why a km-band pay is refused: its bands must go strictly up. Null when it is fine. */
export function payBandsRefusal(pay: CourierPayRule): 'NOT_ASCENDING' | null {
  if (pay.modelo !== 'faixa_km') return null;
  for (let i = 1; i < pay.faixas.length; i++) {
    if (pay.faixas[i]!.ate_km <= pay.faixas[i - 1]!.ate_km) return 'NOT_ASCENDING';
  }
  return null;
}

/** Something with a place: an order to deliver. `at` null when its address has no coordinates. */
export interface DispatchPoint {
  id: number;
  at: LatLng | null;
}

/**
 * The stops in nearest-next order: from the store, always the closest stop not yet visited. Stops
 * without coordinates go last, in the order given; with no store coordinates the order is kept.
 */
export function nearestNextOrder<T extends DispatchPoint>(store: LatLng | null, points: readonly T[]): T[] {
  if (!store) return [...points];
  const placed = points.filter((point) => point.at !== null);
  const unplaced = points.filter((point) => point.at === null);
  const ordered: T[] = [];
  let here = store;
  while (placed.length > 0) {
    let best = 0;
    let bestDistance = Number.POSITIVE_INFINITY;
    placed.forEach((point, index) => {
      const distance = haversineMetres(here, point.at!);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = index;
      }
    });
    const [next] = placed.splice(best, 1);
    ordered.push(next!);
    here = next!.at!;
  }
  return [...ordered, ...unplaced];
}

export interface ReadyPoint extends DispatchPoint {
  /** The neighbourhood's name; null when the address has none. */
  neighbourhood: string | null;
}

/** A suggested route: one neighbourhood's orders (null: those without one), in nearest-next order. */
export interface SuggestedRoute {
  neighbourhood: string | null;
  ids: number[];
}

const fold = (name: string) =>
  name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The ready orders grouped for the board: by neighbourhood (spelled alike, whatever the case or
 * accents), nearest neighbourhoods first; each group in nearest-next order from the store and cut
 * into routes of at most `maxStops`. Orders without a neighbourhood form their own group, last.
 */
export function suggestRoutes(
  store: LatLng | null,
  orders: readonly ReadyPoint[],
  maxStops = SUGGESTED_ROUTE_MAX_STOPS,
): SuggestedRoute[] {
  const groups = new Map<string, { name: string | null; points: ReadyPoint[] }>();
  for (const order of orders) {
    const name = order.neighbourhood?.trim() || null;
    const key = name === null ? '' : fold(name);
    const group = groups.get(key);
    if (group) group.points.push(order);
    else groups.set(key, { name, points: [order] });
  }
  const nearest = (points: readonly ReadyPoint[]) =>
    Math.min(
      ...points.map((point) =>
        store && point.at ? haversineMetres(store, point.at) : Number.POSITIVE_INFINITY,
      ),
    );
  const sorted = [...groups.values()].sort((a, b) => {
    if ((a.name === null) !== (b.name === null)) return a.name === null ? 1 : -1;
    const byDistance = nearest(a.points) - nearest(b.points);
    if (byDistance !== 0 && !Number.isNaN(byDistance)) return byDistance;
    return (a.name ?? '').localeCompare(b.name ?? '', 'pt-BR');
  });
  const routes: SuggestedRoute[] = [];
  for (const group of sorted) {
    const ordered = nearestNextOrder(store, group.points);
    for (let start = 0; start < ordered.length; start += maxStops) {
      routes.push({
        neighbourhood: group.name,
        ids: ordered.slice(start, start + maxStops).map((point) => point.id),
      });
    }
  }
  return routes;
}

/** One delivery of the day, for the pay: its straight-line distance from the store (null unknown). */
export interface PaidDelivery {
  distanceMetres: number | null;
}

export interface CourierDayPay {
  /** Per band (km bands), or one band with upToKm null (per-delivery pay). */
  bands: { upToKm: number | null; deliveries: number; amount: Centavos }[];
  dailyRate: Centavos;
  owed: Centavos;
  distanceMetres: number;
}

/**
 * What a courier is owed for a day's deliveries. A km band holds the deliveries up to its `ate_km`
 * (and above the previous band's); the last band holds everything farther. A delivery whose distance
 * is unknown is paid as the first band. The daily rate is owed when the courier delivered at least
 * once or `worked` (a route left that day).
 */
export function courierDayPay(
  pay: CourierPayRule,
  deliveries: readonly PaidDelivery[],
  worked = deliveries.length > 0,
): CourierDayPay {
  const distanceMetres = Math.round(
    deliveries.reduce((sum, delivery) => sum + (delivery.distanceMetres ?? 0), 0),
  );
  if (pay.modelo === 'faixa_km') {
    const bands = pay.faixas.map((band) => ({
      upToKm: band.ate_km as number | null,
      deliveries: 0,
      amount: 0,
    }));
    for (const delivery of deliveries) {
      const metres = delivery.distanceMetres;
      let index = metres === null ? 0 : pay.faixas.findIndex((band) => metres <= band.ate_km * 1000);
      if (index < 0) index = pay.faixas.length - 1;
      bands[index]!.deliveries += 1;
      bands[index]!.amount += pay.faixas[index]!.valor;
    }
    return {
      bands,
      dailyRate: 0,
      owed: bands.reduce((sum, band) => sum + band.amount, 0),
      distanceMetres,
    };
  }
  const perDelivery = pay.valor_entrega * deliveries.length;
  const dailyRate = pay.modelo === 'diaria_mais_entrega' && worked ? pay.diaria : 0;
  return {
    bands: [{ upToKm: null, deliveries: deliveries.length, amount: perDelivery }],
    dailyRate,
    owed: perDelivery + dailyRate,
    distanceMetres,
  };
}

/** What the courier collects at the door of an order not paid online, with the change to bring. */
export function collectAtDoor(total: Centavos, changeFor: Centavos | null) {
  const troco = changeFor !== null && changeFor > total ? changeFor - total : null;
  return { valor: total, troco_para: troco === null ? null : changeFor, troco };
}

const coordinates = (at: LatLng) => `${at.lat.toFixed(6)},${at.lng.toFixed(6)}`;

/** Google Maps' travel mode for the courier's vehicle. */
export function mapsTravelMode(vehicle: CourierVehicle): string {
  return vehicle === 'bicicleta' ? 'bicycling' : vehicle === 'a_pe' ? 'walking' : 'driving';
}

/** A Brazilian phone's digits with the country code (55…); null when it is not one. */
function brazilianNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (/^55\d{10,11}$/.test(digits)) return digits;
  if (/^\d{10,11}$/.test(digits)) return `55${digits}`;
  return null;
}

/**
 * A stop's links (plain URLs, no key): directions in Google Maps and Waze to its coordinates (or,
 * without them, to its address text), and the customer's phone and WhatsApp.
 */
export function stopLinks(stop: {
  at: LatLng | null;
  address: string;
  phone: string;
  vehicle: CourierVehicle;
}) {
  const destination = stop.at ? coordinates(stop.at) : stop.address.trim();
  const phone = brazilianNumber(stop.phone);
  return {
    maps: destination
      ? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}&travelmode=${mapsTravelMode(stop.vehicle)}`
      : null,
    waze: stop.at
      ? `https://waze.com/ul?ll=${encodeURIComponent(coordinates(stop.at))}&navigate=yes`
      : destination
        ? `https://waze.com/ul?q=${encodeURIComponent(destination)}&navigate=yes`
        : null,
    telefone: phone ? `tel:+${phone}` : null,
    whatsapp: phone ? `https://wa.me/${phone}` : null,
  };
}

/**
 * The whole route in Google Maps: from the store through the stops with coordinates, in order, back
 * to the store. Null without the store's coordinates or any stop's.
 */
export function routeMapsLink(
  store: LatLng | null,
  stops: readonly (LatLng | null)[],
  vehicle: CourierVehicle,
) {
  const placed = stops.filter((stop): stop is LatLng => stop !== null);
  if (!store || placed.length === 0) return null;
  const origin = coordinates(store);
  const waypoints = placed.map(coordinates).join('|');
  return (
    `https://www.google.com/maps/dir/?api=1&origin=${encodeURIComponent(origin)}` +
    `&destination=${encodeURIComponent(origin)}&waypoints=${encodeURIComponent(waypoints)}` +
    `&travelmode=${mapsTravelMode(vehicle)}`
  );
}
