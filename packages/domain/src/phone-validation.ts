/**
 * Mobile phone numbers for sign-in (spec section 5 "Phone"), validated against the numbering
 * plans of libphonenumber-js (Google's libphonenumber metadata), mobile numbers only. Imported as
 * `@comanda/domain/phone-validation` by the sign-in screens and the server, and not re-exported by
 * the package's index: the plans and their code (about 34 KB gzip) stay out of the menu's first
 * load.
 */
import parsePhoneNumber, { validatePhoneNumberLength } from 'libphonenumber-js/mobile';
import { isPhoneCountry, PHONE_INPUT_MAX_LENGTH, PHONE_RULES, type PhoneCountry } from './phone.ts';

export type PhoneValidation =
  | {
      valid: true;
      /** The number's country: the chosen one, or an allowed one sharing its calling code. */
      country: PhoneCountry;
      /** National significant number (NSN): what follows the country code, no trunk prefix. */
      national: string;
      /** Country code + NSN, digits only. */
      international: string;
      /**
       * What the phone lookup and sign-in use: the 11 national digits for Brazil, the
       * international digits (country code first) elsewhere.
       */
      loginDigits: string;
    }
  | { valid: false; reason: 'TOO_SHORT' | 'TOO_LONG' | 'INVALID' };

/**
 * Argentinians type a mobile at home as area code + number (10 digits), without the 9 that marks
 * a mobile from abroad nor the 15 dialled after the area code; the plan reads those 10 digits as a
 * landline, so the 9 is put back. Login digits of such numbers have always carried it.
 */
function withArgentineMobileNine(input: string): string {
  const digits = input.replace(/\D/g, '');
  const national =
    input.trim().startsWith('+') && digits.startsWith(PHONE_RULES.AR.dialCode)
      ? digits.slice(PHONE_RULES.AR.dialCode.length)
      : digits.replace(/^0/, '');
  return /^[1-3]\d{9}$/.test(national) ? `+${PHONE_RULES.AR.dialCode}9${national}` : input;
}

function parse(country: PhoneCountry, input: string) {
  const text = country === 'AR' ? withArgentineMobileNine(input) : input;
  return { text, phone: parsePhoneNumber(text, { defaultCountry: country, extract: false }) };
}

/**
 * The NSN digits of what was typed, complete or not: the country code after '+' and a trunk
 * prefix are dropped when the numbering plan says so.
 */
export function nationalNumber(country: PhoneCountry, input: string): string {
  const { text, phone } = parse(country, input);
  return phone?.nationalNumber ?? text.replace(/\D/g, '');
}

const MOBILE_TYPES: ReadonlySet<string | undefined> = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE']);

/** A valid mobile number for the chosen country (checked before the phone lookup). */
export function validatePhone(country: PhoneCountry, input: string): PhoneValidation {
  if (input.length > PHONE_INPUT_MAX_LENGTH) return { valid: false, reason: 'TOO_LONG' };
  const { text, phone } = parse(country, input);
  if (!phone) {
    const length = validatePhoneNumberLength(text, country);
    return { valid: false, reason: length === 'TOO_SHORT' || length === 'TOO_LONG' ? length : 'INVALID' };
  }
  // A calling code's plan can span several countries (+1: the United States, Canada and the
  // Caribbean; +44: the United Kingdom, Jersey, Guernsey and Man; +61: Australia and its islands).
  // The whole plan of the chosen country's code is taken, as the hand-written rules this replaces
  // did, so accounts made with such numbers keep signing in; the sign-up sends only the calling
  // code, and login digits do not depend on the country within the plan. The number is recorded
  // under its own country when that is allowed (Canada), else under the chosen one.
  if (phone.countryCallingCode !== PHONE_RULES[country].dialCode || phone.ext) {
    return { valid: false, reason: 'INVALID' };
  }
  const own = phone.country && isPhoneCountry(phone.country) ? phone.country : country;
  const national = phone.nationalNumber;
  if (national.length > PHONE_RULES[own].maxLength) return { valid: false, reason: 'TOO_LONG' };
  if (!phone.isValid() || !MOBILE_TYPES.has(phone.getType())) {
    return { valid: false, reason: national.length < PHONE_RULES[own].maxLength ? 'TOO_SHORT' : 'INVALID' };
  }
  // The plan still lists Brazil's 10-digit trunked-radio numbers (area code + 7…) as mobiles; sign-in
  // takes the 11-digit mobiles (area code + 9 + 8 digits) whose 11 digits are the login digits.
  if (own === 'BR' && national.length !== PHONE_RULES.BR.maxLength)
    return { valid: false, reason: 'TOO_SHORT' };
  const international = `${phone.countryCallingCode}${national}`;
  return {
    valid: true,
    country: own,
    national,
    international,
    loginDigits: own === 'BR' ? national : international,
  };
}

/** The login digits of a valid mobile (see `PhoneValidation`), or null. */
export function phoneLoginDigits(country: PhoneCountry, input: string): string | null {
  const result = validatePhone(country, input);
  return result.valid ? result.loginDigits : null;
}

/** Input stops once the number is as long as a mobile can be, or at 15 characters. */
export function isPhoneInputComplete(country: PhoneCountry, input: string): boolean {
  if (input.length >= PHONE_INPUT_MAX_LENGTH) return true;
  return nationalNumber(country, input).length >= PHONE_RULES[country].maxLength;
}
