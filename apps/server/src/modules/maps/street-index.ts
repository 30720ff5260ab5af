import { haversineMetres, normalizeForSearch } from '@comanda/domain';
import type { FoundPlace, LatLng, Viewport } from './provider.ts';
import type { StreetSegment } from './street-list.ts';

/** Reverse geocoding finds a street only this close (metres). */
export const REVERSE_MAX_METRES = 300;
export const MIN_QUERY_LENGTH = 3;
export const MAX_RESULTS = 8;

const ABBREVIATIONS: Record<string, string> = {
  r: 'rua',
  av: 'avenida',
  avda: 'avenida',
  al: 'alameda',
  tv: 'travessa',
  trav: 'travessa',
  pca: 'praca',
  pc: 'praca',
  est: 'estrada',
  lgo: 'largo',
  brig: 'brigadeiro',
  cons: 'conselheiro',
  dr: 'doutor',
  prof: 'professor',
  pres: 'presidente',
  sta: 'santa',
  sto: 'santo',
};
const STREET_TYPES = new Set(['rua', 'avenida', 'alameda', 'travessa', 'praca', 'estrada', 'largo', 'viela']);

/** Lower case, no accents, punctuation as spaces, common abbreviations spelled out ('Av.' → 'avenida'). */
export function streetKey(text: string): string {
  return normalizeForSearch(text.replace(/[.,;:()/'"-]/g, ' '))
    .split(' ')
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

/** The key without its leading street type ('rua augusta' → 'augusta'). */
function bareKey(key: string): string {
  const [first, ...rest] = key.split(' ');
  return first && STREET_TYPES.has(first) && rest.length > 0 ? rest.join(' ') : key;
}

/** The leading digits of a house number ('12A' → 12); null for 'S/N' and the like. */
export function houseNumberValue(number: string | null | undefined): number | null {
  const match = /^\s*(\d{1,9})/.exec(number ?? '');
  return match ? Number(match[1]) : null;
}

interface Street {
  street: string;
  city: string;
  state: string;
  key: string;
  bare: string;
  cityKey: string;
  /** Street, neighbourhoods and city, for matching the typed words. */
  haystack: string;
  segments: StreetSegment[];
  middle: LatLng;
}

interface Projection {
  metres: number;
  /** 0 at the segment's start, 1 at its end. */
  t: number;
}

/** Distance from a point to a segment on a local flat projection (fine at street scale). */
function projectOnSegment(point: LatLng, segment: StreetSegment): Projection {
  const metresPerDegreeLat = 111_195;
  const metresPerDegreeLng = metresPerDegreeLat * Math.cos((point.lat * Math.PI) / 180);
  const ax = (segment.start[1] - point.lng) * metresPerDegreeLng;
  const ay = (segment.start[0] - point.lat) * metresPerDegreeLat;
  const bx = (segment.end[1] - point.lng) * metresPerDegreeLng;
  const by = (segment.end[0] - point.lat) * metresPerDegreeLat;
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / lengthSquared));
  return { metres: Math.hypot(ax + t * dx, ay + t * dy), t };
}

function pointAt(segment: StreetSegment, t: number): LatLng {
  return {
    lat: segment.start[0] + (segment.end[0] - segment.start[0]) * t,
    lng: segment.start[1] + (segment.end[1] - segment.start[1]) * t,
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

function insideViewport(point: LatLng, viewport: Viewport): boolean {
  return (
    point.lat >= viewport.south &&
    point.lat <= viewport.north &&
    point.lng >= viewport.west &&
    point.lng <= viewport.east
  );
}

/** Searches, geocodes and reverse-geocodes over a street list; pure and synchronous. */
export class StreetIndex {
  private readonly streets: Street[];

  constructor(segments: readonly StreetSegment[]) {
    const byStreet = new Map<string, StreetSegment[]>();
    for (const segment of segments) {
      const id = `${streetKey(segment.street)}|${streetKey(segment.city)}`;
      byStreet.set(id, [...(byStreet.get(id) ?? []), segment]);
    }
    this.streets = [...byStreet.values()].map((list) => {
      const sorted = [...list].sort((a, b) => a.from - b.from);
      const first = sorted[0]!;
      const key = streetKey(first.street);
      const middleSegment = sorted[Math.floor((sorted.length - 1) / 2)]!;
      return {
        street: first.street,
        city: first.city,
        state: first.state,
        key,
        bare: bareKey(key),
        cityKey: streetKey(first.city),
        haystack: [key, ...new Set(sorted.map((s) => streetKey(s.district))), streetKey(first.city)].join(
          ' ',
        ),
        segments: sorted,
        middle: pointAt(middleSegment, sorted.length % 2 === 0 ? 1 : 0.5),
      };
    });
  }

  /** The street a saved address names, by its exact name (abbreviations and accents aside) and city. */
  findStreet(street: string, city: string | null | undefined): Street | undefined {
    const key = streetKey(street);
    const cityKey = city ? streetKey(city) : null;
    return this.streets.find(
      (candidate) =>
        (candidate.key === key || candidate.bare === key) &&
        (cityKey === null || candidate.cityKey === cityKey),
    );
  }

  /**
   * Streets matching the typed text, best first: the street's name starting with the text, then
   * containing it, then every word found in the street, neighbourhood or city; ties go to the street
   * inside the viewport and nearest its centre. A trailing number places the result on the street.
   */
  search(query: string, viewport?: Viewport): FoundPlace[] {
    const parsed = /^(.*?)[\s,]+(?:n[º°o]?\s*)?(\d{1,6}[a-z]?)$/.exec(normalizeForSearch(query));
    const text = streetKey(parsed ? parsed[1]! : query);
    const number = parsed ? parsed[2]!.toUpperCase() : null;
    if (text.replace(/ /g, '').length < MIN_QUERY_LENGTH) return [];
    const words = text.split(' ');
    const centre = viewport
      ? { lat: (viewport.south + viewport.north) / 2, lng: (viewport.west + viewport.east) / 2 }
      : null;
    const ranked = this.streets
      .map((street) => {
        let rank: number;
        if (street.key.startsWith(text) || street.bare.startsWith(text)) rank = 0;
        else if (street.key.includes(text)) rank = 1;
        else if (words.every((word) => street.haystack.includes(word))) rank = 2;
        else return null;
        const outside = viewport && !insideViewport(street.middle, viewport) ? 1 : 0;
        const distance = centre ? haversineMetres(centre, street.middle) : 0;
        return { street, rank, outside, distance };
      })
      .filter((entry) => entry !== null)
      .sort(
        (a, b) =>
          a.rank - b.rank ||
          a.outside - b.outside ||
          a.distance - b.distance ||
          a.street.street.localeCompare(b.street.street, 'pt-BR'),
      );
    return ranked.slice(0, MAX_RESULTS).map(({ street }) => this.place(street, number));
  }

  /** A street address: the exact street first, else the best search match; null when none. */
  geocode(
    street: string,
    number: string | null | undefined,
    city: string | null | undefined,
  ): FoundPlace | null {
    const found =
      this.findStreet(street, city) ??
      this.streets.find(
        (candidate) =>
          (city ? candidate.cityKey === streetKey(city) : true) &&
          (candidate.key.startsWith(streetKey(street)) || candidate.bare.startsWith(streetKey(street))),
      );
    if (!found) return null;
    const value = houseNumberValue(number);
    return this.place(found, value === null ? null : (number ?? '').trim().toUpperCase());
  }

  /** The nearest street within REVERSE_MAX_METRES, with the house number interpolated there. */
  reverse(point: LatLng): FoundPlace | null {
    let best: { street: Street; segment: StreetSegment; projection: Projection } | null = null;
    for (const street of this.streets) {
      for (const segment of street.segments) {
        const projection = projectOnSegment(point, segment);
        if (!best || projection.metres < best.projection.metres) best = { street, segment, projection };
      }
    }
    if (!best || best.projection.metres > REVERSE_MAX_METRES) return null;
    const { street, segment, projection } = best;
    const number = Math.max(1, Math.round(segment.from + (segment.to - segment.from) * projection.t));
    return {
      street: street.street,
      number: String(number),
      district: segment.district,
      city: street.city,
      state: street.state,
      latitude: round6(point.lat),
      longitude: round6(point.lng),
    };
  }

  /** Every segment with an end or its middle within `metres` of the point (a street tile's). */
  segmentsNear(point: LatLng, metres: number): StreetSegment[] {
    return this.streets.flatMap((street) =>
      street.segments.filter((segment) => projectOnSegment(point, segment).metres <= metres),
    );
  }

  /**
   * How far a position is from the address it claims: from the interpolated house number, or from
   * the street itself when there is no number.
   */
  distanceFromStreet(street: Street, number: string | null | undefined, point: LatLng): number {
    const value = houseNumberValue(number);
    if (value === null) {
      return Math.min(...street.segments.map((segment) => projectOnSegment(point, segment).metres));
    }
    const position = this.positionOf(street, value);
    return haversineMetres(point, position.point);
  }

  private positionOf(street: Street, value: number): { point: LatLng; segment: StreetSegment } {
    const segment =
      street.segments.find((candidate) => value >= candidate.from && value <= candidate.to) ??
      [...street.segments].sort(
        (a, b) =>
          Math.min(Math.abs(value - a.from), Math.abs(value - a.to)) -
          Math.min(Math.abs(value - b.from), Math.abs(value - b.to)),
      )[0]!;
    const span = segment.to - segment.from;
    const t = span === 0 ? 0 : Math.min(1, Math.max(0, (value - segment.from) / span));
    return { point: pointAt(segment, t), segment };
  }

  private place(street: Street, number: string | null): FoundPlace {
    const value = houseNumberValue(number);
    const { point, segment } =
      value === null
        ? { point: street.middle, segment: street.segments[Math.floor((street.segments.length - 1) / 2)]! }
        : this.positionOf(street, value);
    return {
      street: street.street,
      number: value === null ? null : number,
      district: segment.district,
      city: street.city,
      state: street.state,
      latitude: round6(point.lat),
      longitude: round6(point.lng),
    };
  }
}

export type { Street as IndexedStreet };
