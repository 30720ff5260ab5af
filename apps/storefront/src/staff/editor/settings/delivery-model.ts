import type { DocumentCity, DocumentNeighbourhood } from '@comanda/contract';

/*
 * The delivery screen's pure parts: refs for new cities and neighbourhoods, the search through a
 * long neighbourhood list, distances as people read them, and the geometry of the area drawer (a
 * flat plane in metres around the store, good at a city's scale, as the fee rules themselves are).
 */

// ---------------------------------------------------------------------------------------------
// Refs and search

/** 'São João' → 'sao-joao': accents and case aside, for refs and searching. */
export function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** A new ref from a name, unique among `taken` (a number added when needed). */
export function refFrom(name: string, taken: ReadonlySet<string>, fallback = 'item'): string {
  const base =
    plain(name)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 70) || fallback;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Every neighbourhood ref of the store (they are unique across its cities). */
export function neighbourhoodRefs(cities: readonly DocumentCity[]): Set<string> {
  return new Set(cities.flatMap((city) => city.neighbourhoods.map((neighbourhood) => neighbourhood.ref)));
}

export interface CityMatch {
  cityIndex: number;
  /** The neighbourhoods to show, by their place in the city. */
  neighbourhoods: number[];
}

/**
 * What a search shows: a city whose name matches with all its neighbourhoods, else the city with
 * only its matching neighbourhoods; cities with nothing matching are left out. An empty search
 * shows everything.
 */
export function searchCities(cities: readonly DocumentCity[], query: string): CityMatch[] {
  const wanted = plain(query);
  return cities.flatMap((city, cityIndex) => {
    const all = city.neighbourhoods.map((_, index) => index);
    if (!wanted || plain(city.nome).includes(wanted)) return [{ cityIndex, neighbourhoods: all }];
    const found = all.filter((index) => plain(city.neighbourhoods[index]!.descricao).includes(wanted));
    return found.length > 0 ? [{ cityIndex, neighbourhoods: found }] : [];
  });
}

export function newNeighbourhood(cities: readonly DocumentCity[], name: string): DocumentNeighbourhood {
  return {
    ref: refFrom(name, neighbourhoodRefs(cities), 'bairro'),
    descricao: name,
    valor_entrega: 0,
    valor_entrega_desconto: null,
    discount_minimum_order: 0,
    ativo: true,
  };
}

export function newCity(cities: readonly DocumentCity[], name: string, state: string): DocumentCity {
  return {
    ref: refFrom(name, new Set(cities.map((city) => city.ref)), 'cidade'),
    nome: name,
    estado: state,
    ativo: true,
    neighbourhoods: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Distances

/** '800 m', '2 km', '2,5 km' (pt-BR decimals). */
export function distanceText(metres: number, language: 'pt_br' | 'en' = 'pt_br'): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const km = Math.round(metres / 100) / 10;
  return `${language === 'pt_br' ? String(km).replace('.', ',') : String(km)} km`;
}

/** Kilometres typed ('2,5') to whole metres; null when not a number. */
export function metresFromKm(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '' || !/^\d*\.?\d*$/.test(trimmed)) return null;
  const km = Number(trimmed);
  return Number.isFinite(km) ? Math.round(km * 1000) : null;
}

export function kmFromMetres(metres: number, language: 'pt_br' | 'en' = 'pt_br'): string {
  const km = String(Math.round(metres) / 1000);
  return language === 'pt_br' ? km.replace('.', ',') : km;
}

// ---------------------------------------------------------------------------------------------
// Rings: the document's polygon is closed (its last point repeats the first); the drawer edits the
// corners only and closes the ring again when it writes back.

export type Point = [number, number];

const samePoint = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

/** The corners of a polygon: its closing point left out. */
export function cornersOf(polygon: readonly (readonly [number, number])[]): Point[] {
  const points = polygon.map(([lat, lng]) => [lat, lng] as Point);
  if (points.length > 1 && samePoint(points[0], points.at(-1))) points.pop();
  return points;
}

/**
 * The polygon of some corners: closed (the first repeated at the end) from three corners on.
 * Fewer stay as they are, and the server refuses them as not closed, naming the area.
 */
export function ringOf(corners: readonly Point[]): Point[] {
  if (corners.length < 3) return corners.map(([lat, lng]) => [lat, lng]);
  return [...corners.map(([lat, lng]) => [lat, lng] as Point), [corners[0]![0], corners[0]![1]]];
}

export type ParsedPoints = { ok: true; corners: Point[] } | { ok: false; line: number; text: string };

/**
 * Points typed or pasted: one 'latitude, longitude' a line (commas, semicolons, spaces or tabs
 * between them), or a JSON list of [latitude, longitude] pairs. A last point repeating the first
 * closes the ring and is dropped (the drawer closes it again).
 */
export function parsePoints(text: string): ParsedPoints {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    try {
      const list = JSON.parse(trimmed) as unknown;
      if (
        Array.isArray(list) &&
        list.every(
          (pair) =>
            Array.isArray(pair) &&
            pair.length === 2 &&
            pair.every((n) => typeof n === 'number' && Number.isFinite(n)),
        )
      )
        return checked(list as Point[], () => 1);
    } catch {
      // Not JSON: read it line by line below.
    }
  }
  const corners: Point[] = [];
  const lines: number[] = [];
  const rows = text.split(/\r?\n/);
  for (const [index, row] of rows.entries()) {
    const line = row.trim();
    if (line === '') continue;
    const match = /^\(?\s*(-?\d+(?:\.\d+)?)\s*[,;\s]\s*(-?\d+(?:\.\d+)?)\s*\)?[,;]?$/.exec(line);
    if (!match) return { ok: false, line: index + 1, text: line };
    corners.push([Number(match[1]), Number(match[2])]);
    lines.push(index + 1);
  }
  return checked(corners, (i) => lines[i] ?? 1);
}

function checked(points: Point[], lineOf: (index: number) => number): ParsedPoints {
  for (const [i, [lat, lng]] of points.entries())
    if (Math.abs(lat) > 90 || Math.abs(lng) > 180)
      return { ok: false, line: lineOf(i), text: `${lat}, ${lng}` };
  return { ok: true, corners: cornersOf(points) };
}

/** The corners as the drawer's text: one 'latitude, longitude' a line, six decimals (about 10 cm). */
export function pointsText(corners: readonly Point[]): string {
  return corners.map(([lat, lng]) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`).join('\n');
}

// ---------------------------------------------------------------------------------------------
// The plane: metres east (x) and north (y) of the store.

export const METRES_PER_DEGREE_LAT = 111_195;
const metresPerDegreeLng = (lat: number) => METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);

export interface Metres {
  x: number;
  y: number;
}

export function toMetres([lat, lng]: readonly [number, number], centre: readonly [number, number]): Metres {
  return {
    x: (lng - centre[1]) * metresPerDegreeLng(centre[0]),
    y: (lat - centre[0]) * METRES_PER_DEGREE_LAT,
  };
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** The point so many metres from the centre, to six decimals (as the drawer writes it). */
export function fromMetres({ x, y }: Metres, centre: readonly [number, number]): Point {
  return [
    round6(centre[0] + y / METRES_PER_DEGREE_LAT),
    round6(centre[1] + x / metresPerDegreeLng(centre[0])),
  ];
}

/** The drawer's zoom steps, metres per plane pixel; the stand-in's street picture is drawn at 1.25. */
export const ZOOMS = [1.25, 2.5, 5, 10, 20, 40, 80] as const;

/** The closest zoom showing every point within a plane of width × height (with a margin). */
export function fitZoom(points: readonly Metres[], width: number, height: number, margin = 24): number {
  const reach = points.reduce(
    (most, { x, y }) => ({ x: Math.max(most.x, Math.abs(x)), y: Math.max(most.y, Math.abs(y)) }),
    { x: 0, y: 0 },
  );
  return (
    ZOOMS.find((zoom) => reach.x / zoom <= width / 2 - margin && reach.y / zoom <= height / 2 - margin) ??
    ZOOMS[ZOOMS.length - 1]!
  );
}

/** A scale bar of a round length (1, 2 or 5 × 10ⁿ metres) at most `maxPixels` long. */
export function scaleBar(metresPerPixel: number, maxPixels: number): { metres: number; pixels: number } {
  const most = metresPerPixel * maxPixels;
  const power = 10 ** Math.floor(Math.log10(most));
  const metres = [5, 2, 1].map((step) => step * power).find((length) => length <= most) ?? power;
  return { metres, pixels: metres / metresPerPixel };
}

/** The area of a ring in square metres (shoelace on the plane). */
export function ringAreaSquareMetres(corners: readonly Point[], centre: readonly [number, number]): number {
  if (corners.length < 3) return 0;
  const plane = corners.map((corner) => toMetres(corner, centre));
  let twice = 0;
  for (let i = 0; i < plane.length; i++) {
    const a = plane[i]!;
    const b = plane[(i + 1) % plane.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** '0,8 km²', '12 km²', '4.500 m²': an area's size as people read it. */
export function areaText(squareMetres: number, language: 'pt_br' | 'en' = 'pt_br'): string {
  const locale = language === 'pt_br' ? 'pt-BR' : 'en';
  if (squareMetres < 100_000) return `${Math.round(squareMetres).toLocaleString(locale)} m²`;
  const km2 = squareMetres / 1e6;
  return `${km2.toLocaleString(locale, { maximumFractionDigits: km2 < 10 ? 1 : 0 })} km²`;
}

/**
 * The street pictures (maps stand-in, 600 × 400 m each at 1.25 m a pixel) that cover a plane of
 * width × height pixels at this zoom, as their centres in metres; none when the pictures would be
 * drawn smaller than half their size (their streets and names are unreadable then) — the plane
 * shows a plain grid instead.
 */
export const TILE_METRES = { width: 600, height: 400 } as const;
export const TILE_MAX_ZOOM = 2.5;

export function tileCentres(
  metresPerPixel: number,
  width: number,
  height: number,
  view: Metres = { x: 0, y: 0 },
): Metres[] {
  if (metresPerPixel > TILE_MAX_ZOOM) return [];
  const halfWidth = (width * metresPerPixel) / 2 + TILE_METRES.width / 2;
  const halfHeight = (height * metresPerPixel) / 2 + TILE_METRES.height / 2;
  const centres: Metres[] = [];
  const rows = [
    Math.floor((view.y - halfHeight) / TILE_METRES.height) + 1,
    Math.ceil((view.y + halfHeight) / TILE_METRES.height) - 1,
  ];
  const columns = [
    Math.floor((view.x - halfWidth) / TILE_METRES.width) + 1,
    Math.ceil((view.x + halfWidth) / TILE_METRES.width) - 1,
  ];
  for (let row = rows[0]!; row <= rows[1]!; row++)
    for (let column = columns[0]!; column <= columns[1]!; column++)
      centres.push({ x: column * TILE_METRES.width || 0, y: row * TILE_METRES.height || 0 });
  return centres;
}
