import { describe, expect, it } from 'vitest';
import { acceptPhoneInput, countryOptionLabel, phoneFromLoginDigits, regionNames } from './phone-entry.ts';

describe('phone entry (spec section 5 "Phone")', () => {
  it('takes digits and separators, nothing else', () => {
    expect(acceptPhoneInput('BR', '', '(11) 9x8')).toBe('(11) 98');
  });

  it('stops once the number is complete for the country', () => {
    expect(acceptPhoneInput('BR', '11987654321', '119876543210')).toBe('11987654321');
    expect(acceptPhoneInput('PT', '912345678', '9123456789')).toBe('912345678');
    expect(acceptPhoneInput('BR', '1198765432', '11987654321')).toBe('(11) 98765-4321');
  });

  it('stops at 15 characters', () => {
    expect(acceptPhoneInput('BR', '', '+55 (11) 9 8765-4321')).toBe('+55 (11) 9 8765');
  });

  it('always lets the customer delete or edit in place', () => {
    expect(acceptPhoneInput('BR', '11987654321', '1198765432')).toBe('(11) 9876-5432');
    expect(acceptPhoneInput('BR', '11987654321', '11987654320')).toBe('(11) 98765-4320');
  });

  it('groups a Brazilian number while it is typed, other countries as typed (issue 34, #14)', () => {
    expect(acceptPhoneInput('BR', '', '1')).toBe('(1');
    expect(acceptPhoneInput('BR', '(11', '(119')).toBe('(11) 9');
    expect(acceptPhoneInput('BR', '(11) 9999-9000', '(11) 9999-90000')).toBe('(11) 99999-0000');
    expect(acceptPhoneInput('PT', '', '912')).toBe('912');
  });

  it('reads the country back from login digits', () => {
    expect(phoneFromLoginDigits('11987654321')).toEqual({ country: 'BR', input: '(11) 98765-4321' });
    expect(phoneFromLoginDigits('351912345678')).toEqual({ country: 'PT', input: '912345678' });
    expect(phoneFromLoginDigits('447911123456')).toEqual({ country: 'GB', input: '7911123456' });
    expect(phoneFromLoginDigits('12125550123')).toEqual({ country: 'US', input: '2125550123' });
    expect(phoneFromLoginDigits('123')).toEqual({ country: 'BR', input: '' });
    expect(phoneFromLoginDigits(undefined)).toEqual({ country: 'BR', input: '' });
  });

  it('names the countries in the interface language with their calling code', () => {
    expect(countryOptionLabel('BR', regionNames('pt-BR'))).toBe('Brasil (+55)');
    expect(countryOptionLabel('DE', regionNames('en'))).toBe('Germany (+49)');
    expect(countryOptionLabel('CA', null)).toBe('CA (+1)');
  });
});
