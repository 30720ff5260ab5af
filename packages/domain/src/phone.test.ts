import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PHONE_COUNTRY,
  isPhoneCountry,
  isPhoneInputComplete,
  nationalNumber,
  PHONE_COUNTRIES,
  type PhoneCountry,
  phoneLoginDigits,
  validatePhone,
} from './phone.ts';

describe('allowed countries', () => {
  it('are the 12 allowed countries, Brazil by default', () => {
    expect(PHONE_COUNTRIES).toEqual(['BR', 'UY', 'US', 'PT', 'AR', 'MX', 'PY', 'DE', 'CN', 'AU', 'GB', 'CA']);
    expect(DEFAULT_PHONE_COUNTRY).toBe('BR');
  });

  it('other countries are not allowed', () => {
    expect([isPhoneCountry('FR'), isPhoneCountry('BR')]).toEqual([false, true]);
  });
});

describe('Brazilian mobile numbers', () => {
  it('area code + 9 + 8 digits is valid', () => {
    expect(validatePhone('BR', '(11) 98765-4321')).toEqual({
      valid: true,
      country: 'BR',
      national: '11987654321',
      international: '5511987654321',
    });
  });

  it('a number without the 9 is not a mobile', () => {
    expect(validatePhone('BR', '(11) 8765-4321')).toEqual({ valid: false, reason: 'TOO_SHORT' });
  });

  it('the third digit must be 9', () => {
    expect(validatePhone('BR', '11 88765-4321')).toEqual({ valid: false, reason: 'INVALID' });
  });

  it('an area code with a 0 is invalid', () => {
    expect(validatePhone('BR', '10 98765-4321')).toEqual({ valid: false, reason: 'INVALID' });
  });

  it('a leading trunk 0 is ignored', () => {
    expect(validatePhone('BR', '011 98765-4321')).toMatchObject({ valid: true, national: '11987654321' });
  });

  it('the country code after + is ignored', () => {
    expect(validatePhone('BR', '+5511987654321')).toMatchObject({ valid: true, national: '11987654321' });
  });

  it('too many digits are too long', () => {
    expect(validatePhone('BR', '119876543210')).toEqual({ valid: false, reason: 'TOO_LONG' });
  });

  it('sign-in uses the 11 national digits', () => {
    expect(phoneLoginDigits('BR', '(11) 98765-4321')).toBe('11987654321');
  });
});

describe('other countries', () => {
  const valid: [PhoneCountry, string, string][] = [
    ['UY', '094 123 456', '59894123456'],
    ['US', '(212) 555-0123', '12125550123'],
    ['CA', '416 555 0123', '14165550123'],
    ['PT', '912 345 678', '351912345678'],
    ['AR', '11 2345-6789', '5491123456789'],
    ['AR', '9 11 2345 6789', '5491123456789'],
    ['MX', '55 1234 5678', '525512345678'],
    ['PY', '0981 123456', '595981123456'],
    ['DE', '0151 23456789', '4915123456789'],
    ['DE', '0170 1234567', '491701234567'],
    ['CN', '138 0013 8000', '8613800138000'],
    ['AU', '0412 345 678', '61412345678'],
    ['GB', '07400 123456', '447400123456'],
  ];

  it.each(valid)('a %s mobile %s signs in with the international digits %s', (country, input, digits) => {
    expect(phoneLoginDigits(country, input)).toBe(digits);
  });

  const invalid: [PhoneCountry, string][] = [
    ['US', '(012) 555-0123'],
    ['PT', '212 345 678'],
    ['GB', '020 7946 0018'],
    ['AU', '02 9876 5432'],
    ['CN', '128 0013 8000'],
    ['PY', '021 123 456'],
  ];

  it.each(invalid)('a %s landline or malformed number %s is not a valid cellphone', (country, input) => {
    expect(validatePhone(country, input).valid).toBe(false);
  });

  it('an invalid number has no sign-in digits', () => {
    expect(phoneLoginDigits('PT', '212 345 678')).toBeNull();
  });

  it('a US number with the leading 1 is the same number', () => {
    expect(nationalNumber('US', '1 212 555 0123')).toBe('2125550123');
  });
});

describe('phone input completeness', () => {
  it('a Brazilian number is complete at 11 digits', () => {
    expect(isPhoneInputComplete('BR', '(11) 98765-4321')).toBe(true);
  });

  it('a Brazilian number is not complete at 10 digits', () => {
    expect(isPhoneInputComplete('BR', '(11) 98765-432')).toBe(false);
  });

  it('a trunk 0 does not count towards completeness', () => {
    expect(isPhoneInputComplete('BR', '0 11 98765-432')).toBe(false);
  });

  it('a German 016x number may still grow to 11 digits', () => {
    expect(isPhoneInputComplete('DE', '0170 1234567')).toBe(false);
  });

  it('input stops at 15 characters', () => {
    expect(isPhoneInputComplete('DE', '0170 123 45 6 7')).toBe(true);
  });

  it('more than 15 characters is too long', () => {
    expect(validatePhone('BR', '  (11) 98765-4321')).toEqual({ valid: false, reason: 'TOO_LONG' });
  });
});
