import {
  DEFAULT_PHONE_COUNTRY,
  maskBrazilianPhoneInput,
  PHONE_COUNTRIES,
  PHONE_INPUT_MAX_LENGTH,
  PHONE_RULES,
  type PhoneCountry,
} from '@comanda/domain';
import { isPhoneInputComplete, validatePhone } from '@comanda/domain/phone-validation';

/** What may be typed in a phone number: digits and the usual separators. */
const NOT_PHONE_CHARACTER = /[^\d+()\-.\s]/g;

/**
 * The phone field's next value (spec section 5 "Phone"): input stops once the number is complete
 * for the country or past 15 characters; deleting and editing in place always work. A Brazilian
 * number is grouped as it is typed: '(11) 99999-0000'.
 */
export function acceptPhoneInput(country: PhoneCountry, previous: string, typed: string): string {
  const mask = country === 'BR' ? maskBrazilianPhoneInput : (text: string) => text;
  const next = typed.replace(NOT_PHONE_CHARACTER, '');
  if (next.length <= previous.length) return mask(next);
  if (isPhoneInputComplete(country, previous)) return previous;
  return mask(next.slice(0, PHONE_INPUT_MAX_LENGTH));
}

export interface PhoneEntry {
  country: PhoneCountry;
  input: string;
}

/**
 * The country and national number behind login digits (the /signin/{phone} and /forgot/{phone}
 * segment): 11 digits of a Brazilian mobile, else country code + national number. Unknown
 * digits give an empty Brazilian entry.
 */
export function phoneFromLoginDigits(digits: string | undefined): PhoneEntry {
  const clean = (digits ?? '').replace(/\D/g, '');
  for (const country of PHONE_COUNTRIES) {
    const { dialCode } = PHONE_RULES[country];
    if (country !== 'BR' && !clean.startsWith(dialCode)) continue;
    const input = country === 'BR' ? clean : clean.slice(dialCode.length);
    const result = validatePhone(country, input);
    if (result.valid && result.loginDigits === clean) {
      return {
        country: result.country,
        input: result.country === 'BR' ? maskBrazilianPhoneInput(input) : input,
      };
    }
  }
  return { country: DEFAULT_PHONE_COUNTRY, input: '' };
}

/** 'Brasil (+55)': the country's name in the interface language and its calling code. */
export function countryOptionLabel(country: PhoneCountry, names: Intl.DisplayNames | null): string {
  const name = names?.of(country) ?? country;
  return `${name} (+${PHONE_RULES[country].dialCode})`;
}

export function regionNames(locale: string): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    return null;
  }
}
