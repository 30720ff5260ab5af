/**
 * WCAG 2.x colour contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), used to keep the
 * store's own colours readable: text on the primary colour is black or white, whichever contrasts
 * more, and the primary colour used as text is darkened or lightened until it reaches AA.
 */
export type Rgb = readonly [number, number, number];

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColour(value: string): boolean {
  return HEX.test(value.trim());
}

export function parseHex(value: string): Rgb | null {
  const match = HEX.exec(value.trim());
  if (!match) return null;
  let hex = match[1]!;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const n = Number.parseInt(hex, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** '#000000' or '#ffffff', whichever has the higher contrast on `background` (ties: white). */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  const bg = parseHex(background);
  if (!bg) return '#ffffff';
  return contrastRatio(BLACK, bg) > contrastRatio(WHITE, bg) ? '#000000' : '#ffffff';
}

/**
 * `colour` moved towards black (on light backgrounds) or white (on dark ones) in small steps until
 * it reaches `minRatio` against every background; unchanged when it already does.
 */
export function ensureContrast(colour: string, backgrounds: readonly string[], minRatio = 4.5): string {
  const fg = parseHex(colour);
  const bgs = backgrounds.map(parseHex).filter((bg): bg is Rgb => bg !== null);
  if (!fg || bgs.length === 0) return colour;
  const passes = (c: Rgb) => bgs.every((bg) => contrastRatio(c, bg) >= minRatio);
  if (passes(fg)) return toHex(fg);
  const darkBackgrounds = bgs.every((bg) => relativeLuminance(bg) < 0.5);
  const target = darkBackgrounds ? WHITE : BLACK;
  for (let step = 1; step <= 20; step++) {
    const t = step / 20;
    const mixed: Rgb = [0, 1, 2].map((i) => fg[i]! + (target[i]! - fg[i]!) * t) as unknown as Rgb;
    const rounded = parseHex(toHex(mixed))!;
    if (passes(rounded)) return toHex(rounded);
  }
  return toHex(target);
}
