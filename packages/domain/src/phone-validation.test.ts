import examples from 'libphonenumber-js/mobile/examples';
import { describe, expect, it } from 'vitest';
import { PHONE_COUNTRIES, PHONE_RULES, type PhoneCountry } from './phone.ts';
import { isPhoneInputComplete, nationalNumber, phoneLoginDigits, validatePhone } from './phone-validation.ts';

describe('Brazilian mobile numbers', () => {
  it('area code + 9 + 8 digits is valid', () => {
    expect(validatePhone('BR', '(11) 98765-4321')).toEqual({
      valid: true,
      country: 'BR',
      national: '11987654321',
      international: '5511987654321',
      loginDigits: '11987654321',
    });
  });

  it.each(['(11) 98765-4321', '(21) 99876-5432', '(61) 99123-4567', '(85) 98123-4567'])(
    'the real mobile %s is a valid cellphone',
    (input) => {
      expect(validatePhone('BR', input).valid).toBe(true);
    },
  );

  it.each(['(23) 98765-4321', '(25) 98765-4321', '(29) 98765-4321'])(
    'an area code that does not exist, %s, is not a valid cellphone',
    (input) => {
      expect(validatePhone('BR', input)).toEqual({ valid: false, reason: 'INVALID' });
    },
  );

  it('a landline is not a valid cellphone', () => {
    expect(validatePhone('BR', '(11) 3255-0000').valid).toBe(false);
  });

  it('a number without the 9 is not a mobile', () => {
    expect(validatePhone('BR', '(11) 8765-4321')).toEqual({ valid: false, reason: 'TOO_SHORT' });
  });

  it('a 10-digit radio number (area code + 7) is not taken as a mobile', () => {
    expect(validatePhone('BR', '(11) 7123-4567').valid).toBe(false);
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

  it('a long-distance carrier code after the trunk 0 is ignored', () => {
    expect(validatePhone('BR', '015 11987654321')).toMatchObject({ valid: true, national: '11987654321' });
  });

  it('the country code after + is ignored', () => {
    expect(validatePhone('BR', '+5511987654321')).toMatchObject({ valid: true, national: '11987654321' });
  });

  it('the country code without + is ignored', () => {
    expect(validatePhone('BR', '5511987654321')).toMatchObject({ valid: true, national: '11987654321' });
  });

  it('a number of another country is not valid for Brazil', () => {
    expect(validatePhone('BR', '+44 7400 123456')).toEqual({ valid: false, reason: 'INVALID' });
  });

  it('too many digits are too long', () => {
    expect(validatePhone('BR', '119876543210')).toEqual({ valid: false, reason: 'TOO_LONG' });
  });

  it('a number with an extension is not a valid cellphone', () => {
    expect(validatePhone('BR', '11987654321 x5').valid).toBe(false);
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
    ['AR', '01115 2345 6789', '5491123456789'],
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
    ['UY', '2915 1234'],
    ['US', '(012) 555-0123'],
    ['US', '800 555 0123'],
    ['CA', '(416) 055-0123'],
    ['PT', '212 345 678'],
    ['AR', '0800 123 4567'],
    ['MX', '800 123 4567'],
    ['PY', '021 123 456'],
    ['DE', '030 12345678'],
    ['CN', '128 0013 8000'],
    ['AU', '02 9876 5432'],
    ['GB', '020 7946 0018'],
  ];

  it.each(invalid)('a %s landline or malformed number %s is not a valid cellphone', (country, input) => {
    expect(validatePhone(country, input).valid).toBe(false);
  });

  it.each(PHONE_COUNTRIES)(
    "the numbering plan's example mobile of %s is valid and fits the input",
    (country) => {
      const example = examples[country]!;
      expect(validatePhone(country, example)).toMatchObject({ valid: true, national: example });
      expect(example.length).toBeLessThanOrEqual(PHONE_RULES[country].maxLength);
    },
  );

  it('an invalid number has no sign-in digits', () => {
    expect(phoneLoginDigits('PT', '212 345 678')).toBeNull();
  });

  it('a US number with the leading 1 is the same number', () => {
    expect(nationalNumber('US', '1 212 555 0123')).toBe('2125550123');
  });

  it('a Canadian number chosen as the United States (same +1) is valid, as Canadian', () => {
    expect(validatePhone('US', '416 555 0123')).toMatchObject({ valid: true, country: 'CA' });
  });

  it("a mobile of a territory in the chosen country's plan (Guernsey, +44) is valid for it", () => {
    expect(validatePhone('GB', '07911 123456')).toMatchObject({ valid: true, country: 'GB' });
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
