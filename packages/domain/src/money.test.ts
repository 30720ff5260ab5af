import { describe, expect, it } from 'vitest';
import { formatBRL, parseReais, reaisToCentavos } from './money.ts';

describe('formatBRL', () => {
  it("shows 'R$' with a no-break space (never alone on a line), comma decimals and dot thousands", () => {
    expect(formatBRL(123456)).toBe('R$\u00a01.234,56');
  });

  it('groups every three digits of the reais', () => {
    expect(formatBRL(123456789)).toBe('R$\u00a01.234.567,89');
  });

  it('always shows two decimals', () => {
    expect(formatBRL(0)).toBe('R$\u00a00,00');
    expect(formatBRL(5)).toBe('R$\u00a00,05');
    expect(formatBRL(1290)).toBe('R$\u00a012,90');
  });

  it('puts the minus sign before R$ for a negative amount', () => {
    expect(formatBRL(-100)).toBe('-R$\u00a01,00');
    expect(formatBRL(-123456)).toBe('-R$\u00a01.234,56');
  });

  it('shows a fractional amount rounded to the nearest centavo', () => {
    expect(formatBRL(1663.333)).toBe('R$\u00a016,63');
    expect(formatBRL(1663.5)).toBe('R$\u00a016,64');
  });

  it('never shows a negative zero', () => {
    expect(formatBRL(-0.4)).toBe('R$\u00a00,00');
    expect(formatBRL(-0)).toBe('R$\u00a00,00');
  });

  it('refuses what is not a number of centavos', () => {
    expect(() => formatBRL(Number.NaN)).toThrow(RangeError);
    expect(() => formatBRL(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('reaisToCentavos', () => {
  it("reads a comma decimal: '12,90' is 1290", () => {
    expect(reaisToCentavos('12,90')).toBe(1290);
  });

  it("reads a dot decimal: '12.90' is 1290", () => {
    expect(reaisToCentavos('12.90')).toBe(1290);
  });

  it('reads a number without float drift', () => {
    expect(reaisToCentavos(12.9)).toBe(1290);
    expect(reaisToCentavos(0.1 + 0.2)).toBe(30);
    expect(reaisToCentavos(19.99)).toBe(1999);
  });

  it('rounds a third decimal half up as written, where multiplying by 100 would not', () => {
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(reaisToCentavos(1.005)).toBe(101);
    expect(reaisToCentavos('1,004')).toBe(100);
  });

  it('reads whole reais and a bare decimal part', () => {
    expect(reaisToCentavos('12')).toBe(1200);
    expect(reaisToCentavos(',5')).toBe(50);
    expect(reaisToCentavos('7,')).toBe(700);
    expect(reaisToCentavos(7)).toBe(700);
  });

  it('reads formatted amounts with the R$ prefix and thousands separators', () => {
    expect(reaisToCentavos('R$ 1.234,56')).toBe(123456);
    expect(reaisToCentavos('1,234.56')).toBe(123456);
    expect(reaisToCentavos('1.234.567')).toBe(123456700);
    expect(reaisToCentavos(' R$\u00a012,90 ')).toBe(1290);
  });

  it('takes a single separator as the decimal mark, so a database numeric keeps its value', () => {
    expect(reaisToCentavos('12.900')).toBe(1290);
  });

  it('reads negative amounts', () => {
    expect(reaisToCentavos('-R$ 1,00')).toBe(-100);
    expect(reaisToCentavos('R$ -1,00')).toBe(-100);
    expect(reaisToCentavos(-2.5)).toBe(-250);
  });

  it('reads a tiny number as zero centavos', () => {
    expect(reaisToCentavos(1e-7)).toBe(0);
    expect(Object.is(reaisToCentavos('-0,00'), 0)).toBe(true);
  });

  it('throws a RangeError for text that is not an amount', () => {
    for (const text of ['', 'abc', '1.2.3', '1,23,4', '12,3a', 'R$', '-', '1.234,5.6', '12..5']) {
      expect(() => reaisToCentavos(text), text).toThrow(RangeError);
    }
  });

  it('throws a RangeError for a number that is not finite or too large', () => {
    expect(() => reaisToCentavos(Number.NaN)).toThrow(RangeError);
    expect(() => reaisToCentavos(1e21)).toThrow(RangeError);
  });
});

describe('parseReais', () => {
  it('returns null instead of throwing for text that is not an amount', () => {
    expect(parseReais('doze reais')).toBeNull();
    expect(parseReais('12,90')).toBe(1290);
  });
});
