import type { Centavos } from './money.ts';

/*
 * The BR Code of a PIX charge (Banco Central do Brasil, "Manual de Padrões para Iniciação do
 * Pix"): EMV merchant-presented QR data, a sequence of ID (2 digits), length (2 digits) and value
 * fields, ending with a CRC16/CCITT-FALSE of everything before it, field 63 included.
 */

export const PIX_GUI = 'br.gov.bcb.pix';

function field(id: string, value: string): string {
  const length = [...value].length;
  if (length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) of the text's UTF-8 bytes, as 4 upper-case hex digits. */
export function crc16ccitt(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface BrCodeInput {
  /** Static code: the receiver's PIX key. */
  key?: string;
  /** Dynamic code: the payload location (URL without scheme) the payer's bank fetches. */
  location?: string;
  /** Centavos; null for a code where the payer types the amount. */
  amount: Centavos | null;
  /** At most 25 characters (trimmed to fit). */
  merchantName: string;
  /** At most 15 characters (trimmed to fit). */
  merchantCity: string;
  /** Up to 25 letters and digits; '***' when none. */
  txid?: string;
}

/** Removes accents and characters outside the BR Code's alphabet, then cuts to `max`. */
export function brCodeText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,\-/&@]/g, '')
    .trim()
    .slice(0, max);
}

/** The BR Code of a static (key) or dynamic (location) PIX charge. */
export function buildBrCode(input: BrCodeInput): string {
  if (!input.key === !input.location) throw new RangeError('a BR Code has either a key or a location');
  const account = field('00', PIX_GUI) + (input.key ? field('01', input.key) : field('25', input.location!));
  const amount = input.amount === null ? '' : field('54', (input.amount / 100).toFixed(2));
  const payload =
    field('00', '01') +
    (input.location ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    amount +
    field('58', 'BR') +
    field('59', brCodeText(input.merchantName, 25)) +
    field('60', brCodeText(input.merchantCity, 15)) +
    field('62', field('05', input.txid || '***')) +
    '6304';
  return payload + crc16ccitt(payload);
}
