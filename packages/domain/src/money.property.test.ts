import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBRL, parseReais, reaisToCentavos } from './money.ts';

const amount = fc.integer({ min: -1e13, max: 1e13 });

describe('money properties', () => {
  it('reading a formatted amount gives the same centavos back', () => {
    fc.assert(
      fc.property(amount, (centavos) => {
        expect(parseReais(formatBRL(centavos))).toBe(centavos);
      }),
    );
  });

  it('reais as a number convert to the exact centavos', () => {
    fc.assert(
      fc.property(amount, (centavos) => {
        expect(reaisToCentavos(centavos / 100)).toBe(centavos);
      }),
    );
  });

  it('comma and dot decimals read the same', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e9 }), fc.nat({ max: 99 }), (reais, cents) => {
        const fraction = String(cents).padStart(2, '0');
        expect(reaisToCentavos(`${reais},${fraction}`)).toBe(reais * 100 + cents);
        expect(reaisToCentavos(`${reais}.${fraction}`)).toBe(reais * 100 + cents);
      }),
    );
  });
});
