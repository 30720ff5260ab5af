import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centavosFromDecimalReais,
  centavosToDecimalReais,
  centavosToReaisNumber,
  formatBRL,
  MAX_REAIS_NUMBER_CENTAVOS,
  parseReais,
  reaisToCentavos,
} from './money.ts';

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

  it('centavos written as decimal reais read back as the same centavos, with two places', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger().filter((n) => n >= -Number.MAX_SAFE_INTEGER),
        (centavos) => {
          const text = centavosToDecimalReais(centavos);
          expect(text).toMatch(/^-?\d+\.\d{2}$/);
          expect(centavosFromDecimalReais(text)).toBe(centavos);
        },
      ),
    );
  });

  it('reais as a JSON number are the exact decimal and read back as the same centavos', () => {
    const centavosInRange = fc.integer({ min: -MAX_REAIS_NUMBER_CENTAVOS, max: MAX_REAIS_NUMBER_CENTAVOS });
    fc.assert(
      fc.property(centavosInRange, (centavos) => {
        const sent = JSON.stringify(centavosToReaisNumber(centavos));
        // The shortest text of the number is the decimal with its trailing zeros dropped.
        expect(sent).toBe(centavosToDecimalReais(centavos).replace(/\.?0+$/, '') || '0');
        expect(centavosFromDecimalReais(JSON.parse(sent))).toBe(centavos);
      }),
    );
  });

  it('a provider amount with a third decimal is refused, never rounded', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e9 }), fc.integer({ min: 1, max: 9 }), (centavos, extra) => {
        const text = `${centavosToDecimalReais(centavos)}${extra}`;
        expect(centavosFromDecimalReais(text)).toBeNull();
        expect(centavosFromDecimalReais(Number(text))).toBeNull();
      }),
    );
  });

  it('any double either reads as whole centavos that write back to it, or is refused', () => {
    fc.assert(
      fc.property(fc.double(), (reais) => {
        const centavos = centavosFromDecimalReais(reais);
        if (centavos === null) return;
        expect(Number.isSafeInteger(centavos)).toBe(true);
        expect(Number(centavosToDecimalReais(centavos))).toBe(reais === 0 ? 0 : reais);
      }),
    );
  });
});
