import {
  PASSWORD_MAX_LENGTH as CONTRACT_MAX,
  PASSWORD_MIN_LENGTH as CONTRACT_PASSWORD_MIN_LENGTH,
} from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import {
  isEmailOrEmpty,
  isFullName,
  isPasswordLongEnough,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from './account-rules.ts';

describe('account rules (spec section 5)', () => {
  it('uses the same password limits as the server', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(CONTRACT_PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MAX_LENGTH).toBe(CONTRACT_MAX);
  });

  it('a password has at least 8 characters', () => {
    expect(isPasswordLongEnough('1234567')).toBe(false);
    expect(isPasswordLongEnough('12345678')).toBe(true);
  });

  it('a name has a space and two words of more than one character', () => {
    expect(isFullName('Maria')).toBe(false);
    expect(isFullName('Maria S')).toBe(false);
    expect(isFullName('M Souza')).toBe(false);
    expect(isFullName('  Maria   Souza ')).toBe(true);
    expect(isFullName('Maria da Silva')).toBe(true);
    expect(isFullName('Zé Lu')).toBe(true);
  });

  it('an e-mail is optional but well-formed', () => {
    expect(isEmailOrEmpty('')).toBe(true);
    expect(isEmailOrEmpty('maria@example.com')).toBe(true);
    expect(isEmailOrEmpty('maria@example')).toBe(false);
  });
});
