/**
 * Money is integer centavos everywhere (docs/decisions/0003-money-as-centavos-on-the-wire.md).
 * Reais with decimals only exist at the edges: what a person types and what a screen shows.
 */
export type Centavos = number;

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * 'R$ 1.234,56' (spec section 9: 'R$', two decimals, comma). A negative amount is '-R$ 1,00'.
 * A fractional amount (the payload value of a 'Média' item can be one) is shown rounded to the
 * nearest centavo, halves away from zero.
 */
export function formatBRL(centavos: Centavos): string {
  const { sign, digits } = reaisParts(centavos);
  // A no-break space: 'R$' never wraps onto a line of its own.
  return `${sign}R$\u00a0${digits}`;
}

/**
 * The amount as a person types it in a field that shows 'R$' beside it: '1.234,56' for 123456,
 * '-5,00' for -500; rounded as `formatBRL` rounds. `parseReais` reads it back.
 */
export function formatReais(centavos: Centavos): string {
  const { sign, digits } = reaisParts(centavos);
  return `${sign}${digits}`;
}

function reaisParts(centavos: Centavos): { sign: '' | '-'; digits: string } {
  if (!Number.isFinite(centavos)) throw new RangeError(`Not an amount of centavos: ${centavos}`);
  const magnitude = Math.round(Math.abs(centavos));
  const reais = Math.floor(magnitude / 100)
    .toString()
    .replace(THOUSANDS, '.');
  const cents = (magnitude % 100).toString().padStart(2, '0');
  return { sign: centavos < 0 && magnitude > 0 ? '-' : '', digits: `${reais},${cents}` };
}

/**
 * Reais written as text to centavos, or null when the text is not an amount.
 *
 * Accepts '12,90', '12.90', '12', ',5', 'R$ 1.234,56', '1,234.56', '1.234.567' and a leading '-'.
 * With both separators the last one is the decimal mark; a separator that repeats groups thousands
 * (groups of exactly three digits); a single separator is always the decimal mark, so '12.900' (a
 * database numeric) is R$ 12,90 and never R$ 12.900,00. Digits past the second decimal round half
 * away from zero. The arithmetic is on the digits, never on a binary float, so nothing drifts.
 */
export function parseReais(text: string): Centavos | null {
  let body = text.replace(/\s+/g, '');
  let negative = false;
  if (body.startsWith('-')) {
    negative = true;
    body = body.slice(1);
  }
  if (body.startsWith('R$')) body = body.slice(2);
  if (!negative && body.startsWith('-')) {
    negative = true;
    body = body.slice(1);
  }
  if (!/^[\d.,]+$/.test(body)) return null;

  const split = splitDecimal(body);
  if (!split) return null;
  const { integer, fraction } = split;
  if (integer === '' && fraction === '') return null;

  const reais = Number(integer === '' ? '0' : integer);
  const cents = Number(fraction.slice(0, 2).padEnd(2, '0'));
  const roundUp = fraction.length > 2 && fraction.charAt(2) >= '5' ? 1 : 0;
  const magnitude = reais * 100 + cents + roundUp;
  if (!Number.isSafeInteger(magnitude)) return null;
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}

function splitDecimal(body: string): { integer: string; fraction: string } | null {
  const lastComma = body.lastIndexOf(',');
  const lastDot = body.lastIndexOf('.');
  if (lastComma === -1 && lastDot === -1) return { integer: body, fraction: '' };

  if (lastComma !== -1 && lastDot !== -1) {
    const decimalAt = Math.max(lastComma, lastDot);
    const grouping = decimalAt === lastComma ? '.' : ',';
    const integer = body.slice(0, decimalAt);
    const fraction = body.slice(decimalAt + 1);
    if (!isGrouped(integer, grouping) || !/^\d*$/.test(fraction)) return null;
    return { integer: integer.split(grouping).join(''), fraction };
  }

  const separator = lastComma !== -1 ? ',' : '.';
  const parts = body.split(separator);
  if (parts.length === 2) return { integer: parts[0] ?? '', fraction: parts[1] ?? '' };
  if (!isGrouped(body, separator)) return null;
  return { integer: parts.join(''), fraction: '' };
}

function isGrouped(integer: string, separator: ',' | '.'): boolean {
  if (!integer.includes(separator)) return /^\d+$/.test(integer);
  const escaped = separator === '.' ? '\\.' : ',';
  return new RegExp(`^\\d{1,3}(${escaped}\\d{3})+$`).test(integer);
}

/**
 * Reais to integer centavos: text as in `parseReais`, or a number such as 12.9. A number is read
 * through its shortest decimal form (String(1.005) is '1.005'), so 12.9 is 1290 and 1.005 rounds
 * half up to 101, where Math.round(1.005 * 100) would give 100. Throws a RangeError when the
 * value is not an amount.
 */
export function reaisToCentavos(value: string | number): Centavos {
  const centavos = typeof value === 'number' ? numberToCentavos(value) : parseReais(value);
  if (centavos === null) throw new RangeError(`Not an amount in reais: '${value}'`);
  return centavos;
}

function numberToCentavos(value: number): Centavos | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  if (text.includes('e')) {
    // Exponent form only happens below 1e-6 (far under half a centavo) or at 1e21 and above.
    return Math.abs(value) < 1 ? 0 : null;
  }
  return parseReais(text);
}

/**
 * The largest centavos `centavosToReaisNumber` writes: a decimal of up to 15 significant digits
 * survives the trip through a double and back to its shortest text (IEEE 754 binary64 holds 15
 * decimal digits exactly); past that the number a JSON body carries could read as other reais.
 */
export const MAX_REAIS_NUMBER_CENTAVOS = 999_999_999_999_999;

/**
 * Centavos to reais written as a decimal with two places, from the digits and not through a
 * float: 1290 → '12.90', 5 → '0.05', -1290 → '-12.90'. What an API that takes money as text
 * (the Central Bank's API Pix) receives. Throws a RangeError for anything but whole centavos.
 */
export function centavosToDecimalReais(centavos: Centavos): string {
  if (!Number.isSafeInteger(centavos)) throw new RangeError(`Not a whole number of centavos: ${centavos}`);
  const digits = String(Math.abs(centavos)).padStart(3, '0');
  const sign = centavos < 0 ? '-' : '';
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/**
 * Centavos to reais as a number for an API that takes money as a JSON number (Mercado Pago):
 * 1290 → 12.9. The number is read from the exact decimal text, so its shortest form, which is
 * what JSON.stringify writes, is that decimal. Throws a RangeError past MAX_REAIS_NUMBER_CENTAVOS.
 */
export function centavosToReaisNumber(centavos: Centavos): number {
  const text = centavosToDecimalReais(centavos);
  if (Math.abs(centavos) > MAX_REAIS_NUMBER_CENTAVOS) {
    throw new RangeError(`Too many centavos to write exactly as a number of reais: ${centavos}`);
  }
  return Number(text);
}

const DECIMAL_REAIS = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A provider's reais (the number 12.9 or the text '12.90') to centavos, exactly: null for
 * anything else, including more than two decimals (12.345 is not rounded, it is refused), a
 * value that is not finite, exponent forms and amounts past the safe integers. A number is read
 * through its shortest decimal text, the text a JSON body held.
 */
export function centavosFromDecimalReais(value: unknown): Centavos | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value;
  } else {
    return null;
  }
  const match = DECIMAL_REAIS.exec(text);
  if (!match) return null;
  const [, sign, reais = '', fraction = ''] = match;
  const magnitude = Number(reais) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(magnitude)) return null;
  // Written this way so -0 never comes out of '-0.00'.
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}
