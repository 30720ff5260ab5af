/**
 * Mobile phone numbers for sign-in (spec section 5 "Phone"). Rules are for mobile numbers only,
 * written on the national significant number (NSN: what follows the country code, without a
 * trunk prefix), after the numbering plans of each country (ITU-T E.164 national plans).
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
  /** Dialled before the NSN inside the country ('0' in most, '1' in North America); dropped. */
  trunkPrefix: string | null;
  /** Shortest and longest NSN of a mobile number. */
  minLength: number;
  maxLength: number;
  /** A mobile NSN. */
  mobile: RegExp;
}

const NANP: PhoneCountryRule = {
  dialCode: '1',
  trunkPrefix: '1',
  minLength: 10,
  maxLength: 10,
  // NPA-NXX-XXXX: neither the area code nor the exchange starts with 0 or 1.
  mobile: /^[2-9]\d{2}[2-9]\d{6}$/,
};

export const PHONE_RULES: Readonly<Record<PhoneCountry, PhoneCountryRule>> = {
  // Area code (DDD, digits 1-9: no DDD has a 0) + 9 + 8 digits.
  BR: { dialCode: '55', trunkPrefix: '0', minLength: 11, maxLength: 11, mobile: /^[1-9]{2}9\d{8}$/ },
  UY: { dialCode: '598', trunkPrefix: '0', minLength: 8, maxLength: 8, mobile: /^9[1-9]\d{6}$/ },
  US: NANP,
  PT: { dialCode: '351', trunkPrefix: null, minLength: 9, maxLength: 9, mobile: /^9[1236]\d{7}$/ },
  // Internationally a mobile is 9 + area code + number (10 digits); at home people type the
  // 10 digits without the 9, which `nationalNumber` adds.
  AR: { dialCode: '54', trunkPrefix: '0', minLength: 11, maxLength: 11, mobile: /^9[1-3]\d{9}$/ },
  MX: { dialCode: '52', trunkPrefix: null, minLength: 10, maxLength: 10, mobile: /^[2-9]\d{9}$/ },
  PY: { dialCode: '595', trunkPrefix: '0', minLength: 9, maxLength: 9, mobile: /^9[6-9]\d{7}$/ },
  // 015x: 11 digits; 016x and 017x: 10 or 11.
  DE: { dialCode: '49', trunkPrefix: '0', minLength: 10, maxLength: 11, mobile: /^1(?:5\d{9}|[67]\d{8,9})$/ },
  CN: { dialCode: '86', trunkPrefix: '0', minLength: 11, maxLength: 11, mobile: /^1[3-9]\d{9}$/ },
  AU: { dialCode: '61', trunkPrefix: '0', minLength: 9, maxLength: 9, mobile: /^4\d{8}$/ },
  // 07xxx: 070 (personal numbers) and 076 (pagers) are not mobiles.
  GB: { dialCode: '44', trunkPrefix: '0', minLength: 10, maxLength: 10, mobile: /^7[1-57-9]\d{8}$/ },
  CA: NANP,
};

export function isPhoneCountry(value: string): value is PhoneCountry {
  return (PHONE_COUNTRIES as readonly string[]).includes(value);
}

/**
 * The NSN digits of what was typed: non-digits dropped; a leading '+' with this country's code
 * drops the code; a leading trunk prefix is dropped (no mobile NSN here starts with it).
 */
export function nationalNumber(country: PhoneCountry, input: string): string {
  const rule = PHONE_RULES[country];
  let digits = input.replace(/\D/g, '');
  if (input.trim().startsWith('+') && digits.startsWith(rule.dialCode))
    digits = digits.slice(rule.dialCode.length);
  if (rule.trunkPrefix && digits.startsWith(rule.trunkPrefix)) digits = digits.slice(rule.trunkPrefix.length);
  if (country === 'AR' && /^[1-3]\d{9}$/.test(digits)) digits = `9${digits}`;
  return digits;
}

export type PhoneValidation =
  | {
      valid: true;
      country: PhoneCountry;
      /** NSN digits. */
      national: string;
      /** Country code + NSN, digits only. */
      international: string;
    }
  | { valid: false; reason: 'TOO_SHORT' | 'TOO_LONG' | 'INVALID' };

/** A valid mobile number for the chosen country (checked before the phone lookup). */
export function validatePhone(country: PhoneCountry, input: string): PhoneValidation {
  const rule = PHONE_RULES[country];
  if (input.length > PHONE_INPUT_MAX_LENGTH) return { valid: false, reason: 'TOO_LONG' };
  const national = nationalNumber(country, input);
  if (national.length < rule.minLength) return { valid: false, reason: 'TOO_SHORT' };
  if (national.length > rule.maxLength) return { valid: false, reason: 'TOO_LONG' };
  if (!rule.mobile.test(national)) return { valid: false, reason: 'INVALID' };
  return { valid: true, country, national, international: `${rule.dialCode}${national}` };
}

/**
 * The digits the phone lookup and sign-in use: the 11 national digits for Brazil, the full
 * international digits (country code first) elsewhere. Null when the number is not valid.
 */
export function phoneLoginDigits(country: PhoneCountry, national: string): string | null {
  const result = validatePhone(country, national);
  if (!result.valid) return null;
  return country === 'BR' ? result.national : result.international;
}

/** Input stops once the number is as long as a mobile can be, or at 15 characters. */
export function isPhoneInputComplete(country: PhoneCountry, input: string): boolean {
  if (input.length >= PHONE_INPUT_MAX_LENGTH) return true;
  return nationalNumber(country, input).length >= PHONE_RULES[country].maxLength;
}
