import { describe, expect, it } from 'vitest';
import { maskPixKey } from './pix-key-mask.ts';

describe('maskPixKey', () => {
  it('keeps only the last four characters', () => {
    expect(maskPixKey('12345678901')).toBe('••••8901');
    expect(maskPixKey('loja@pizzaria.com.br')).toBe('••••m.br');
    expect(maskPixKey('+5511987654321')).toBe('••••4321');
  });
  it('hides a short key whole, and shows nothing for none', () => {
    expect(maskPixKey('abcd')).toBe('••••');
    expect(maskPixKey('')).toBeNull();
    expect(maskPixKey('  ')).toBeNull();
    expect(maskPixKey(null)).toBeNull();
  });
});
