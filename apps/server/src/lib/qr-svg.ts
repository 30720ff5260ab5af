import QRCode from 'qrcode';

/*
 * The PIX QR image when a provider gives only the BR Code (a static key always does): an SVG, so
 * it stays sharp at any size and weighs a few kilobytes.
 */

/** Level M restores 15% of the symbol: a phone screen with glare, a scratched print. */
const ERROR_CORRECTION = 'M';
/** The QR specification asks for a quiet zone of 4 modules; readers miss codes drawn closer to other ink. */
const QUIET_ZONE_MODULES = 4;

/** The BR Code drawn as a QR code, as a `data:image/svg+xml;base64,…` URL for an `<img>`. */
export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: ERROR_CORRECTION,
    margin: QUIET_ZONE_MODULES,
  });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
