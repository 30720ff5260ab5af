import { STREET_TILE } from '@comanda/contract';
import type { LatLng } from './provider.ts';
import type { StreetSegment } from './street-list.ts';

const METRES_PER_DEGREE_LAT = 111_195;

interface Point {
  x: number;
  y: number;
}

/** The part of a line inside the tile (Liang–Barsky), or null when it misses it. */
function clip(a: Point, b: Point, width: number, height: number): [Point, Point] | null {
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  for (const [p, q] of [
    [-dx, a.x],
    [dx, width - a.x],
    [-dy, a.y],
    [dy, height - a.y],
  ] as const) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return null;
  }
  return [
    { x: a.x + t0 * dx, y: a.y + t0 * dy },
    { x: a.x + t1 * dx, y: a.y + t1 * dy },
  ];
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A street-map picture of the segments around a position, north up, the position at the centre:
 * avenues wider and yellow, streets white on a neutral ground, each named along its line. No pin:
 * the wizard draws it over the picture, so it stays centred while the picture is dragged.
 */
export function drawStreetTile(segments: readonly StreetSegment[], centre: LatLng): string {
  const { width, height, metresPerPixel } = STREET_TILE;
  const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((centre.lat * Math.PI) / 180);
  const toPixels = ([lat, lng]: readonly [number, number]): Point => ({
    x: width / 2 + ((lng - centre.lng) * metresPerDegreeLng) / metresPerPixel,
    y: height / 2 - ((lat - centre.lat) * METRES_PER_DEGREE_LAT) / metresPerPixel,
  });
  const lines: { from: Point; to: Point; avenue: boolean; name: string }[] = [];
  for (const segment of segments) {
    const visible = clip(toPixels(segment.start), toPixels(segment.end), width, height);
    if (!visible) continue;
    // Names read left to right.
    const [from, to] = visible[0].x <= visible[1].x ? visible : [visible[1], visible[0]];
    lines.push({ from, to, avenue: /^(Avenida|Av\.)/.test(segment.street), name: segment.street });
  }
  const path = ({ from, to }: { from: Point; to: Point }) =>
    `M${round1(from.x)} ${round1(from.y)}L${round1(to.x)} ${round1(to.y)}`;
  const casings = lines
    .map((line) => `<path d="${path(line)}" stroke="#c9c6bd" stroke-width="${line.avenue ? 17 : 12}"/>`)
    .join('');
  const fills = lines
    .map(
      (line) =>
        `<path d="${path(line)}" stroke="${line.avenue ? '#fbe3a0' : '#ffffff'}" stroke-width="${line.avenue ? 14 : 9}"/>`,
    )
    .join('');
  const labels = lines
    .map((line, i) => ({ line, i, length: Math.hypot(line.to.x - line.from.x, line.to.y - line.from.y) }))
    .filter(({ line, length }) => length > line.name.length * 6.2 + 16)
    .map(
      ({ line, i }) =>
        `<path id="s${i}" d="${path(line)}"/><text dy="3.5"><textPath href="#s${i}" startOffset="50%">${escapeXml(line.name)}</textPath></text>`,
    )
    .join('');
  // Faint city blocks, so the ground between the listed streets reads as a map, not a blank.
  const blocks = `<pattern id="blocks" width="64" height="48" patternUnits="userSpaceOnUse"><rect x="3" y="3" width="58" height="42" rx="5" fill="#e6e2d6"/></pattern>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${blocks}</defs><rect width="${width}" height="${height}" fill="#efece3"/><rect width="${width}" height="${height}" fill="url(#blocks)"/>` +
    `<g fill="none" stroke-linecap="round">${casings}${fills}</g>` +
    `<g font-family="system-ui, sans-serif" font-size="10.5" fill="#4a4a44" text-anchor="middle" stroke="#ffffff" stroke-width="3" paint-order="stroke">${labels}</g>` +
    '</svg>'
  );
}
