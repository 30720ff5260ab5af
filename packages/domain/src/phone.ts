/**
 * Phone countries for sign-in (spec section 5 "Phone"): which countries, their calling codes and
 * how long a mobile number can grow. Whether a number is a valid mobile is decided in
 * `phone-validation.ts` with the numbering plans of libphonenumber-js: that module is imported
 * only by the sign-in screens and the server (`@comanda/domain/phone-validation`), never through
 * this package's index, so the menu's first load does not carry the plans.
 */

export type PhoneCountry = 'BR' | 'UY' | 'US' | 'PT' | 'AR' | 'MX' | 'PY' | 'DE' | 'CN' | 'AU' | 'GB' | 'CA';

/** The allowed countries, in the order the picker lists them. */
export const PHONE_COUNTRIES: readonly PhoneCountry[] = [
  'BR',
  'UY',
  'US',
  'PT',
  'AR',
  'MX',
  'PY',
  'DE',
  'CN',
  'AU',
  'GB',
  'CA',
];

export const DEFAULT_PHONE_COUNTRY: PhoneCountry = 'BR';

/** Input stops at 15 characters (spec section 9). */
export const PHONE_INPUT_MAX_LENGTH = 15;

export interface PhoneCountryRule {
  /** Country calling code, digits only. */
  dialCode: string;
  /**
   * The longest national significant number (what follows the country code, without a trunk
   * prefix) of a mobile: input stops there. Validity is the numbering plan's, not this length's.
   */
  maxLength: number;
}

export const PHONE_RULES: Readonly<Record<PhoneCountry, PhoneCountryRule>> = {
  // Area code + 9 + 8 digits.
  BR: { dialCode: '55', maxLength: 11 },
  UY: { dialCode: '598', maxLength: 8 },
  US: { dialCode: '1', maxLength: 10 },
  PT: { dialCode: '351', maxLength: 9 },
  // 9 + area code + number: the 9 marks a mobile when dialled from abroad.
  AR: { dialCode: '54', maxLength: 11 },
  MX: { dialCode: '52', maxLength: 10 },
  PY: { dialCode: '595', maxLength: 9 },
  // 015x: 11 digits; 016x and 017x: 10 or 11.
  DE: { dialCode: '49', maxLength: 11 },
  CN: { dialCode: '86', maxLength: 11 },
  AU: { dialCode: '61', maxLength: 9 },
  GB: { dialCode: '44', maxLength: 10 },
  CA: { dialCode: '1', maxLength: 10 },
};

export function isPhoneCountry(value: string): value is PhoneCountry {
  return (PHONE_COUNTRIES as readonly string[]).includes(value);
}

/**
 * Whether login digits (see `phoneLoginDigits`) are a Brazilian mobile's 11 national digits
 * rather than another country's code and number, without the numbering plans. Among the allowed
 * countries only Uruguay (598 9…), Australia (61 4…) and North America (1 + area code) also give
 * 11 digits, and none of them has a 9 in third place (no North American area code has 9 as its
 * middle digit), while every Brazilian mobile does (area code, then 9).
 */
export function isBrazilianLoginDigits(digits: string): boolean {
  return /^\d{2}9\d{8}$/.test(digits);
}

const nationalGroups = (digits: string, separator: string): string => {
  const cut = digits.length === 11 ? 7 : 6;
  return `(${digits.slice(0, 2)})${separator}${digits.slice(2, cut)}-${digits.slice(cut)}`;
};

/**
 * A Brazilian phone as people read it: '5511999990000' or '11999990000' → '(11) 99999-0000', a
 * landline's 10 digits → '(11) 3333-0000', the area code and the number joined by a no-break space
 * so they never wrap apart. A number of another country is shown as '+<digits>'; a text that is
 * not a number (a wa.me link) is returned as it was typed, trimmed.
 */
export function formatBrazilianPhone(value: string): string {
  const trimmed = value.trim();
  if (/[a-z]/i.test(trimmed)) return trimmed;
  let digits = trimmed.replace(/\D/g, '');
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
  if (digits.length === 10 || digits.length === 11) return nationalGroups(digits, '\u00a0');
  return digits.length >= 8 ? `+${digits}` : trimmed;
}

/**
 * The Brazilian phone field's mask while typing: the digits typed so far grouped as
 * '(11) 99999-0000' ('(11', '(11) 9999', '(11) 9999-000' on the way; a landline as '(11) 3333-0000').
 * A number typed with its country code ('+55…') or longer than 11 digits is left as typed.
 */
export function maskBrazilianPhoneInput(typed: string): string {
  if (typed.trim().startsWith('+')) return typed;
  const digits = typed.replace(/\D/g, '');
  if (digits.length > 11) return typed;
  if (digits.length === 0) return '';
  if (digits.length <= 2) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 2)}) ${digits.slice(2)}`;
  if (digits.length <= 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return nationalGroups(digits, ' ');
}
