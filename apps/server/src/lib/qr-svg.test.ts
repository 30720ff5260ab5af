import { buildBrCode } from '@comanda/domain';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { qrSvgDataUrl } from './qr-svg.ts';

const PREFIX = 'data:image/svg+xml;base64,';
const QUIET_ZONE = 4;

const brCode = (amount: number) =>
  buildBrCode({
    key: '123e4567-e12b-12d1-a456-426655440000',
    amount,
    merchantName: 'Forno & Brasa',
    merchantCity: 'São Paulo',
    txid: 'PEDIDO123',
  });

function svgOf(dataUrl: string): string {
  return Buffer.from(dataUrl.slice(PREFIX.length), 'base64').toString('utf8');
}

/**
 * The dark modules the SVG draws, read back from its path: rows of `M x y` (start of a run),
 * `m dx 0` (skip light modules) and `h n` (n dark modules), as the qrcode package writes them.
 */
function drawnModules(svg: string): { size: number; dark: Set<string> } {
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path stroke="#000000" d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g)) {
    if (command === 'M') [x, y] = [Number(a), Math.floor(Number(b))];
    else if (command === 'm') x += Number(a);
    else for (let n = 0; n < Number(a); n++) dark.add(`${x++},${y}`);
  }
  return { size, dark };
}

/** The dark modules of the text's QR symbol at level M, placed inside the quiet zone. */
function expectedModules(text: string): { size: number; dark: Set<string> } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const dark = new Set<string>();
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (modules.get(row, col)) dark.add(`${col + QUIET_ZONE},${row + QUIET_ZONE}`);
  return { size: modules.size + 2 * QUIET_ZONE, dark };
}

describe('the PIX QR image', () => {
  it('is an SVG as a base64 data URL', async () => {
    const url = await qrSvgDataUrl(brCode(4590));
    expect(url.startsWith(PREFIX)).toBe(true);
    expect(svgOf(url)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>\s*$/s);
  });

  it("draws exactly the modules of the BR Code's QR symbol at error correction level M", async () => {
    const code = brCode(4590);
    expect(drawnModules(svgOf(await qrSvgDataUrl(code)))).toEqual(expectedModules(code));
  });

  it('leaves a quiet zone of four light modules around the symbol', async () => {
    const { size, dark } = drawnModules(svgOf(await qrSvgDataUrl(brCode(4590))));
    const inZone = [...dark].filter((module) =>
      module
        .split(',')
        .map(Number)
        .some((at) => at < QUIET_ZONE || at >= size - QUIET_ZONE),
    );
    expect(dark.size).toBeGreaterThan(0);
    expect(inZone).toEqual([]);
  });

  it('draws the same image for the same code', async () => {
    expect(await qrSvgDataUrl(brCode(4590))).toBe(await qrSvgDataUrl(brCode(4590)));
  });

  it('draws different images for codes that differ in one amount', async () => {
    expect(await qrSvgDataUrl(brCode(4590))).not.toBe(await qrSvgDataUrl(brCode(4591)));
  });
});
