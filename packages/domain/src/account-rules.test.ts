import { describe, expect, it } from 'vitest';
import {
  firstName,
  isDisplayName,
  isEmailOrEmpty,
  isFullName,
  isPasswordBlank,
  isPasswordLengthValid,
  isPasswordLongEnough,
  normalizeName,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './account-rules.ts';

describe('account rules (spec section 5)', () => {
  it('a password has 8 to 128 characters', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([8, 128]);
    expect(isPasswordLongEnough('1234567')).toBe(false);
    expect(isPasswordLongEnough('12345678')).toBe(true);
    expect(isPasswordLengthValid('x'.repeat(128))).toBe(true);
    expect(isPasswordLengthValid('x'.repeat(129))).toBe(false);
    expect(isPasswordLengthValid('1234567')).toBe(false);
  });

  it('counts characters, not UTF-16 units, and finds blank passwords', () => {
    expect(isPasswordLongEnough('😀😀😀😀')).toBe(false);
    expect(isPasswordLongEnough('😀😀😀😀😀😀😀😀')).toBe(true);
    expect(isPasswordLengthValid('😀'.repeat(128))).toBe(true);
    expect(isPasswordBlank('        ')).toBe(true);
    expect(isPasswordBlank(' \t\u00a0 \u3000   ')).toBe(true);
    expect(isPasswordBlank('   a    ')).toBe(false);
  });

  it('a name has a space and two words of more than one character', () => {
    expect(isFullName('Maria')).toBe(false);
    expect(isFullName('Maria S')).toBe(false);
    expect(isFullName('M Souza')).toBe(false);
    expect(isFullName('  Maria   Souza ')).toBe(true);
    expect(isFullName('Maria da Silva')).toBe(true);
    expect(isFullName('Zé Lu')).toBe(true);
  });

  it('a name has no control characters or line separators', () => {
    expect(isFullName('Maria\u0000 Souza')).toBe(false);
    expect(isFullName('Maria\u2028Souza Lima')).toBe(false);
    expect(isDisplayName('Ana\u0007')).toBe(false);
  });

  it('a staff display name has at least two characters', () => {
    expect(isDisplayName('A')).toBe(false);
    expect(isDisplayName(' Ana ')).toBe(true);
  });

  it('names are trimmed with inner whitespace collapsed; the first name is the first word', () => {
    expect(normalizeName('  Maria \t da   Silva ')).toBe('Maria da Silva');
    expect(firstName('  Maria da Silva')).toBe('Maria');
  });

  it('an e-mail is optional but well-formed', () => {
    expect(isEmailOrEmpty('')).toBe(true);
    expect(isEmailOrEmpty('  ')).toBe(true);
    expect(isEmailOrEmpty('maria@example.com')).toBe(true);
    expect(isEmailOrEmpty('maria@example')).toBe(false);
    expect(isEmailOrEmpty('ma ria@example.com')).toBe(false);
  });
});
