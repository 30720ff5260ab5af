import { getCountryCallingCode } from 'libphonenumber-js/mobile';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHONE_COUNTRY,
  isBrazilianLoginDigits,
  isPhoneCountry,
  PHONE_COUNTRIES,
  PHONE_RULES,
} from './phone.ts';

describe('allowed countries', () => {
  it('are the 12 allowed countries, Brazil by default', () => {
    expect(PHONE_COUNTRIES).toEqual(['BR', 'UY', 'US', 'PT', 'AR', 'MX', 'PY', 'DE', 'CN', 'AU', 'GB', 'CA']);
    expect(DEFAULT_PHONE_COUNTRY).toBe('BR');
  });

  it('other countries are not allowed', () => {
    expect([isPhoneCountry('FR'), isPhoneCountry('BR')]).toEqual([false, true]);
  });

  it.each(PHONE_COUNTRIES)('%s has its calling code of the numbering plan', (country) => {
    expect(PHONE_RULES[country].dialCode).toBe(getCountryCallingCode(country));
  });
});

describe('Brazilian login digits', () => {
  it('are an area code, a 9 and eight digits', () => {
    expect(isBrazilianLoginDigits('11987654321')).toBe(true);
  });

  it.each([
    ['Uruguay', '59894123456'],
    ['Australia', '61412345678'],
    ['the United States', '12125550123'],
    ['Portugal', '351912345678'],
  ])('are told apart from the login digits of %s', (_country, digits) => {
    expect(isBrazilianLoginDigits(digits)).toBe(false);
  });
});
