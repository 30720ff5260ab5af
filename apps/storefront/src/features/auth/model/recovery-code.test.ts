import { describe, expect, it } from 'vitest';
import { formatRecoveryCode, isRecoveryCodeComplete } from './recovery-code.ts';

describe('recovery code (spec section 5 "Recovery")', () => {
  it('is shown as 123-456', () => {
    expect(formatRecoveryCode('123456')).toBe('123-456');
    expect(formatRecoveryCode('123')).toBe('123');
    expect(formatRecoveryCode('1234')).toBe('123-4');
    expect(formatRecoveryCode('12-34 56 78')).toBe('123-456');
  });

  it('is complete with 6 digits (7 characters with the dash)', () => {
    expect(isRecoveryCodeComplete('123-456')).toBe(true);
    expect(isRecoveryCodeComplete('123-45')).toBe(false);
  });
});
