import type { Centavos } from './money.ts';

/*
 * The BR Code of a PIX charge (Banco Central do Brasil, "Manual de Padrões para Iniciação do
 * Pix"): EMV merchant-presented QR data, a sequence of ID (2 digits), length (2 digits) and value
 * fields, ending with a CRC16/CCITT-FALSE of everything before it, field 63 included.
 * Lengths count characters, the CRC runs over the UTF-8 bytes.
 */

export const PIX_GUI = 'br.gov.bcb.pix';

/** EMV merchant-presented mode: the whole code is at most 512 characters. */
const MAX_CODE_LENGTH = 512;
/** Field 59 and 60 limits of the manual. */
export const MERCHANT_NAME_MAX = 25;
export const MERCHANT_CITY_MAX = 15;
/** Field 62-05 of a static code: up to 25 letters and digits ('***' when none). */
export const STATIC_TXID_MAX = 25;
/** Field 54: up to 13 characters, '0.01' to '9999999999.99'. */
const AMOUNT_MAX_LENGTH = 13;

const TXID = /^[A-Za-z0-9]{1,25}$/;
const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

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
  /** At most 25 characters (cleaned and cut to fit). */
  merchantName: string;
  /** At most 15 characters (cleaned and cut to fit). */
  merchantCity: string;
  /** Up to 25 letters and digits; '***' when none. */
  txid?: string;
}

/**
 * Removes accents and characters outside the BR Code's alphabet, then cuts to `max`. Banks print
 * the name and city to the payer, and readers differ on anything outside plain ASCII.
 */
export function brCodeText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,\-/&@]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, max)
    .trimEnd();
}

/** '12.34' from 1234 centavos, on integers so no binary fraction creeps in. */
function amountText(amount: Centavos): string {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`A BR Code amount must be a positive whole number of centavos, got ${amount}`);
  }
  const text = `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
  if (text.length > AMOUNT_MAX_LENGTH) throw new RangeError(`A BR Code amount has at most 13 characters`);
  return text;
}

/** The BR Code of a static (key) or dynamic (location) PIX charge. Throws RangeError for what no bank would read. */
export function buildBrCode(input: BrCodeInput): string {
  if (!input.key === !input.location) throw new RangeError('a BR Code has either a key or a location');
  if (input.location && URL_SCHEME.test(input.location)) {
    throw new RangeError('a BR Code location is a URL without its scheme');
  }
  const txid = input.txid || '***';
  if (txid !== '***' && !TXID.test(txid)) {
    throw new RangeError('a BR Code txid is 1 to 25 letters and digits');
  }
  const merchantName = brCodeText(input.merchantName, MERCHANT_NAME_MAX);
  const merchantCity = brCodeText(input.merchantCity, MERCHANT_CITY_MAX);
  if (!merchantName || !merchantCity) throw new RangeError('a BR Code needs a merchant name and city');

  const account = field('00', PIX_GUI) + (input.key ? field('01', input.key) : field('25', input.location!));
  const amount = input.amount === null ? '' : field('54', amountText(input.amount));
  const payload =
    field('00', '01') +
    (input.location ? field('01', '12') : '') +
    field('26', account) +
    field('52', '0000') +
    field('53', '986') +
    amount +
    field('58', 'BR') +
    field('59', merchantName) +
    field('60', merchantCity) +
    field('62', field('05', txid)) +
    '6304';
  return payload + crc16ccitt(payload);
}

/** A BR Code's fields by name, as written in the code. */
export interface BrCodeFields {
  /** Field 00; '01' in every version so far. */
  payloadFormatIndicator: string;
  /** Field 01: '12' for a code paid once, '11' (or absent, null) for a reusable one. */
  pointOfInitiation: string | null;
  /** Field 26-00, as written (some banks write 'BR.GOV.BCB.PIX'). */
  gui: string;
  /** Field 26-01: the receiver's key (static code). */
  key: string | null;
  /** Field 26-25: the payload location (dynamic code). */
  location: string | null;
  /** Field 52. */
  merchantCategoryCode: string;
  /** Field 53, ISO 4217 numeric: '986' is the real. */
  currency: string;
  /** Field 54 in centavos; null when the payer types the amount (or a dynamic code's payload carries it). */
  amount: Centavos | null;
  /** Field 58, ISO 3166-1 alpha-2. */
  country: string;
  /** Field 59. */
  merchantName: string;
  /** Field 60. */
  merchantCity: string;
  /** Field 62-05 ('***' means none); null when absent. */
  txid: string | null;
  /** Field 63 as written. */
  crc: string;
}

/** Why a text is not a BR Code at all. */
export type BrCodeParseRefusal =
  /** Longer than the 512 characters of an EMV code. */
  | 'TOO_LONG'
  /** Not a sequence of ID-length-value fields starting with field 00 (or a template that is not). */
  | 'MALFORMED'
  /** Does not end with field 63 of 4 hex digits. */
  | 'CRC_MISSING'
  /** The CRC does not match the text: a character was changed or lost. */
  | 'CRC_MISMATCH'
  /** The same field twice, at the top or inside a template. */
  | 'FIELD_REPEATED'
  /** A mandatory field is absent or empty: 26 with its GUI and a key or location, 52, 53, 58, 59, 60. */
  | 'FIELD_MISSING'
  /** Field 54 is not an amount with a dot and at most two decimals. */
  | 'AMOUNT_MALFORMED';

/** Why a BR Code is not the PIX charge we expect. */
export type BrCodeRefusal =
  | BrCodeParseRefusal
  | 'PAYLOAD_FORMAT_NOT_01'
  | 'POINT_OF_INITIATION_INVALID'
  /** The account template's GUI is not br.gov.bcb.pix. */
  | 'NOT_PIX'
  | 'LOCATION_WITH_SCHEME'
  | 'CURRENCY_NOT_BRL'
  | 'COUNTRY_NOT_BR'
  | 'MERCHANT_NAME_TOO_LONG'
  | 'MERCHANT_CITY_TOO_LONG'
  /** A static code without an amount: the payer would type any amount. */
  | 'AMOUNT_MISSING'
  | 'AMOUNT_MISMATCH'
  | 'KEY_MISMATCH'
  | 'LOCATION_MISMATCH'
  | 'TXID_MISMATCH';

export type BrCodeParse = { ok: true; fields: BrCodeFields } | { ok: false; reason: BrCodeParseRefusal };
export type BrCodeCheck = { ok: true; fields: BrCodeFields } | { ok: false; reason: BrCodeRefusal };

type FieldsRead =
  | { ok: true; ids: string[]; values: Map<string, string> }
  | { ok: false; reason: 'MALFORMED' | 'FIELD_REPEATED' };

/** Reads ID-length-value fields until the text ends; lengths count characters, not bytes. */
function readFields(text: string): FieldsRead {
  const chars = [...text];
  const ids: string[] = [];
  const values = new Map<string, string>();
  let at = 0;
  while (at < chars.length) {
    const id = chars.slice(at, at + 2).join('');
    const length = chars.slice(at + 2, at + 4).join('');
    if (!/^\d\d$/.test(id) || !/^\d\d$/.test(length)) return { ok: false, reason: 'MALFORMED' };
    const end = at + 4 + Number(length);
    if (end > chars.length) return { ok: false, reason: 'MALFORMED' };
    if (values.has(id)) return { ok: false, reason: 'FIELD_REPEATED' };
    ids.push(id);
    values.set(id, chars.slice(at + 4, end).join(''));
    at = end;
  }
  return { ok: true, ids, values };
}

const AMOUNT = /^(\d+)(?:\.(\d{0,2}))?$/;

/** '10', '10.', '10.5' and '10.50' are all R$ 10,50 or R$ 10,00 as banks write them. */
function amountCentavos(text: string): Centavos | null {
  const match = AMOUNT.exec(text);
  if (!match || text.length > AMOUNT_MAX_LENGTH) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The fields of a BR Code, once its structure and CRC hold; the values are not judged here (see checkBrCode). */
export function parseBrCode(code: string): BrCodeParse {
  const refuse = (reason: BrCodeParseRefusal): BrCodeParse => ({ ok: false, reason });
  if ([...code].length > MAX_CODE_LENGTH) return refuse('TOO_LONG');
  if (!/6304[0-9A-Fa-f]{4}$/.test(code)) return refuse('CRC_MISSING');
  if (crc16ccitt(code.slice(0, -4)) !== code.slice(-4).toUpperCase()) return refuse('CRC_MISMATCH');

  const top = readFields(code);
  if (!top.ok) return top;
  // The CRC seen at the end must be field 63 itself, not the tail of another field's value.
  if (top.ids[0] !== '00' || top.ids.at(-1) !== '63') return refuse('MALFORMED');

  const account = readFields(top.values.get('26') ?? '');
  if (!account.ok) return account;
  const additional = readFields(top.values.get('62') ?? '');
  if (!additional.ok) return additional;

  // An empty mandatory field is as good as none.
  const format = top.values.get('00') || null;
  const gui = account.values.get('00') || null;
  const key = account.values.get('01') || null;
  const location = account.values.get('25') || null;
  const categoryCode = top.values.get('52') || null;
  const currency = top.values.get('53') || null;
  const country = top.values.get('58') || null;
  const merchantName = top.values.get('59') || null;
  const merchantCity = top.values.get('60') || null;
  if (
    format === null ||
    gui === null ||
    (key === null && location === null) ||
    categoryCode === null ||
    currency === null ||
    country === null ||
    merchantName === null ||
    merchantCity === null
  ) {
    return refuse('FIELD_MISSING');
  }

  const amountField = top.values.get('54');
  const amount = amountField === undefined ? null : amountCentavos(amountField);
  if (amountField !== undefined && amount === null) return refuse('AMOUNT_MALFORMED');

  return {
    ok: true,
    fields: {
      payloadFormatIndicator: format,
      pointOfInitiation: top.values.get('01') ?? null,
      gui,
      key,
      location,
      merchantCategoryCode: categoryCode,
      currency,
      amount,
      country,
      merchantName,
      merchantCity,
      txid: additional.values.get('05') ?? null,
      crc: top.values.get('63')!,
    },
  };
}

/** What the code must charge, and (when known) to whom and under which id. */
export interface BrCodeExpectation {
  /** The order total in centavos; null for a code where the payer types the amount. */
  amount: Centavos | null;
  /** The store's key (static code). */
  key?: string;
  /** The provider's payload location (dynamic code). */
  location?: string;
  txid?: string;
}

/**
 * Every BR Code we build or receive from a provider goes through this before a customer sees it:
 * a PIX code (format 01, GUI br.gov.bcb.pix in any case), in reais in Brazil, with the manual's
 * name and city limits, for exactly the order's total, with an intact CRC.
 *
 * A dynamic code may leave field 54 out: the amount is then in the payload its location serves
 * (the manual's own dynamic example has none), and the provider's charge is what carries it.
 */
export function checkBrCode(code: string, expected: BrCodeExpectation): BrCodeCheck {
  const parsed = parseBrCode(code);
  if (!parsed.ok) return parsed;
  const { fields } = parsed;
  const refusal = brCodeRefusal(fields, expected);
  return refusal ? { ok: false, reason: refusal } : parsed;
}

function brCodeRefusal(fields: BrCodeFields, expected: BrCodeExpectation): BrCodeRefusal | null {
  if (fields.payloadFormatIndicator !== '01') return 'PAYLOAD_FORMAT_NOT_01';
  if (fields.pointOfInitiation !== null && !['11', '12'].includes(fields.pointOfInitiation)) {
    return 'POINT_OF_INITIATION_INVALID';
  }
  if (fields.gui.toLowerCase() !== PIX_GUI) return 'NOT_PIX';
  if (fields.location !== null && URL_SCHEME.test(fields.location)) return 'LOCATION_WITH_SCHEME';
  if (fields.currency !== '986') return 'CURRENCY_NOT_BRL';
  if (fields.country !== 'BR') return 'COUNTRY_NOT_BR';
  if ([...fields.merchantName].length > MERCHANT_NAME_MAX) return 'MERCHANT_NAME_TOO_LONG';
  if ([...fields.merchantCity].length > MERCHANT_CITY_MAX) return 'MERCHANT_CITY_TOO_LONG';
  if (expected.amount === null) {
    if (fields.amount !== null) return 'AMOUNT_MISMATCH';
  } else if (fields.amount === null) {
    if (fields.location === null) return 'AMOUNT_MISSING';
  } else if (fields.amount !== expected.amount) {
    return 'AMOUNT_MISMATCH';
  }
  if (expected.key !== undefined && fields.key !== expected.key) return 'KEY_MISMATCH';
  if (expected.location !== undefined && fields.location !== expected.location) return 'LOCATION_MISMATCH';
  if (expected.txid !== undefined && fields.txid !== expected.txid) return 'TXID_MISMATCH';
  return null;
}

// ---------------------------------------------------------------------------------------------
// The store's own key at the counter (issue 33, docs/decisions/0058)

/**
 * A store's PIX key as a BR Code carries it, by the key's type as the store saved it: a phone as
 * +55 and its digits, a CPF or CNPJ as digits, an e-mail or random key lower-case, trimmed.
 */
export function pixKeyForBrCode(key: string, type: string | null): string {
  const text = key.trim();
  const digits = text.replace(/\D/g, '');
  switch (type) {
    case 'telefone':
      if (text.startsWith('+')) return `+${digits}`;
      return digits.length <= 11 ? `+55${digits}` : `+${digits}`;
    case 'cpf':
    case 'cnpj':
      return digits;
    case 'email':
    case 'aleatoria':
      return text.toLowerCase();
    default:
      return text;
  }
}

/** The city of a store's one-line address ('Rua Augusta, 1500 - Consolação, São Paulo - SP'); null when none. */
export function cityOfAddress(address: string): string | null {
  const match = /,\s*([^,]+?)\s*[-–]\s*[A-Z]{2}\s*$/.exec(address.trim());
  return match?.[1]?.trim() || null;
}
