import {
  DEFAULT_PHONE_COUNTRY,
  isPhoneCountry,
  PHONE_COUNTRIES,
  PHONE_RULES,
  type PhoneCountry,
} from '@comanda/domain';
import { validatePhone } from '@comanda/domain/phone-validation';

/** Login digits are 11 (Brazil) to 14 digits; anything outside 8–15 cannot name an account. */
const LOGIN_DIGITS = /^\d{8,15}$/;

/** The login digits of a sign-in, lookup or recovery field: its digits, or null when it cannot be a phone. */
export function loginDigitsOf(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  return LOGIN_DIGITS.test(digits) ? digits : null;
}

/**
 * The country of the sign-up's `ddi`: an ISO code ('BR') or a calling code ('55', '+55', 55).
 * +1 reads as the United States; a Canadian number under it is still valid, and the account
 * records Canada (see `parseSignUpPhone`). Absent: Brazil.
 */
export function countryOfDdi(ddi: string | number | undefined): PhoneCountry | null {
  if (ddi === undefined || ddi === '') return DEFAULT_PHONE_COUNTRY;
  const text = String(ddi).trim().toUpperCase();
  if (isPhoneCountry(text)) return text;
  const code = text.replace(/^\+/, '');
  if (!/^\d{1,4}$/.test(code)) return null;
  return PHONE_COUNTRIES.find((country) => PHONE_RULES[country].dialCode === code) ?? null;
}

export interface SignUpPhone {
  /** The number's own country: Canada for a Canadian number sent with `ddi` 1. */
  country: PhoneCountry;
  /** What the account is looked up and signed in by. */
  loginDigits: string;
}

/**
 * A sign-up's cellphone for its country: as typed nationally, or with the country code (with or
 * without '+'). Null when it is not a valid mobile of that country.
 */
export function parseSignUpPhone(country: PhoneCountry, cellphone: string): SignUpPhone | null {
  let result = validatePhone(country, cellphone);
  const digits = cellphone.replace(/\D/g, '');
  const { dialCode, maxLength } = PHONE_RULES[country];
  // With its country code and spaces a number can pass the input's 15 characters: '+351 912 345 678'.
  if (!result.valid && digits.startsWith(dialCode) && digits.length > maxLength) {
    result = validatePhone(country, `+${digits}`);
  }
  return result.valid ? { country: result.country, loginDigits: result.loginDigits } : null;
}

/** E.164 of an account's phone, for the SMS provider. */
export function e164(country: string, loginDigits: string): string {
  if (country === 'BR') return `+${PHONE_RULES.BR.dialCode}${loginDigits}`;
  return `+${loginDigits}`;
}
