import { getCountryCallingCode } from 'libphonenumber-js/mobile';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHONE_COUNTRY,
  formatBrazilianPhone,
  isBrazilianLoginDigits,
  isPhoneCountry,
  maskBrazilianPhoneInput,
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

describe('formatBrazilianPhone', () => {
  it('reads a stored WhatsApp number with or without the country code as (11) 99999-0000', () => {
    expect(formatBrazilianPhone('5511999990000')).toBe('(11)\u00a099999-0000');
    expect(formatBrazilianPhone('11999990000')).toBe('(11)\u00a099999-0000');
    expect(formatBrazilianPhone('+55 (11) 99999-0000')).toBe('(11)\u00a099999-0000');
  });

  it('formats a landline, shows other countries with +, leaves links alone', () => {
    expect(formatBrazilianPhone('1133330000')).toBe('(11)\u00a03333-0000');
    expect(formatBrazilianPhone('351912345678')).toBe('+351912345678');
    expect(formatBrazilianPhone(' https://wa.me/5511999990000 ')).toBe('https://wa.me/5511999990000');
    expect(formatBrazilianPhone('')).toBe('');
  });
});

describe('maskBrazilianPhoneInput', () => {
  it('groups the digits as they are typed', () => {
    expect(maskBrazilianPhoneInput('1')).toBe('(1');
    expect(maskBrazilianPhoneInput('11')).toBe('(11');
    expect(maskBrazilianPhoneInput('119')).toBe('(11) 9');
    expect(maskBrazilianPhoneInput('1199999')).toBe('(11) 9999-9');
    expect(maskBrazilianPhoneInput('1133330000')).toBe('(11) 3333-0000');
    expect(maskBrazilianPhoneInput('11999990000')).toBe('(11) 99999-0000');
  });

  it('regroups after a deletion and keeps an international entry as typed', () => {
    expect(maskBrazilianPhoneInput('(11) 99999-000')).toBe('(11) 9999-9000');
    expect(maskBrazilianPhoneInput('(11) ')).toBe('(11');
    expect(maskBrazilianPhoneInput('')).toBe('');
    expect(maskBrazilianPhoneInput('+55 11 9')).toBe('+55 11 9');
    expect(maskBrazilianPhoneInput('551199999000')).toBe('551199999000');
  });
});
