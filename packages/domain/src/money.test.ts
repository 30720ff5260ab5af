import { describe, expect, it } from 'vitest';
import {
  centavosFromDecimalReais,
  centavosToDecimalReais,
  centavosToReaisNumber,
  formatBRL,
  formatReais,
  MAX_REAIS_NUMBER_CENTAVOS,
  parseReais,
  reaisToCentavos,
} from './money.ts';

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

describe('exact reais for payment providers', () => {
  it('writes centavos as reais with two places from the digits', () => {
    expect(centavosToDecimalReais(1290)).toBe('12.90');
    expect(centavosToDecimalReais(5)).toBe('0.05');
    expect(centavosToDecimalReais(0)).toBe('0.00');
    expect(centavosToDecimalReais(-1290)).toBe('-12.90');
    expect(centavosToDecimalReais(123456789)).toBe('1234567.89');
  });

  it('writes centavos as the JSON number of reais: 1290 is 12.9 and 29 is 0.29', () => {
    expect(JSON.stringify({ amount: centavosToReaisNumber(1290) })).toBe('{"amount":12.9}');
    expect(JSON.stringify({ amount: centavosToReaisNumber(29) })).toBe('{"amount":0.29}');
    expect(JSON.stringify({ amount: centavosToReaisNumber(100) })).toBe('{"amount":1}');
  });

  it('refuses to write what is not whole centavos or too large to be exact as a number', () => {
    expect(() => centavosToDecimalReais(12.5)).toThrow(RangeError);
    expect(() => centavosToDecimalReais(Number.NaN)).toThrow(RangeError);
    expect(() => centavosToDecimalReais(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => centavosToReaisNumber(MAX_REAIS_NUMBER_CENTAVOS + 1)).toThrow(RangeError);
  });

  it('reads a provider amount as centavos without a float: 0.29 is 29, not 28', () => {
    expect(Math.trunc(0.29 * 100)).toBe(28);
    expect(centavosFromDecimalReais(0.29)).toBe(29);
    expect(centavosFromDecimalReais('0.29')).toBe(29);
    expect(centavosFromDecimalReais(12.9)).toBe(1290);
    expect(centavosFromDecimalReais('12.90')).toBe(1290);
    expect(centavosFromDecimalReais('12.9')).toBe(1290);
    expect(centavosFromDecimalReais(12)).toBe(1200);
    expect(centavosFromDecimalReais(-3.5)).toBe(-350);
    expect(centavosFromDecimalReais(-0)).toBe(0);
  });

  it('refuses a provider amount with more than two decimals, not finite or not reais', () => {
    for (const value of [
      12.345,
      '12.345',
      1.005,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e21,
      1e-7,
      '12,90',
      '1e3',
      ' 12.90',
      '',
      '.5',
      '12.',
      null,
      undefined,
      '90071992547409.92',
      {},
    ]) {
      expect(centavosFromDecimalReais(value), String(value)).toBeNull();
    }
  });
});

describe('formatReais', () => {
  it('writes the amount as typed beside an R$ label, and parseReais reads it back', () => {
    expect(formatReais(1290)).toBe('12,90');
    expect(formatReais(123456)).toBe('1.234,56');
    expect(formatReais(-500)).toBe('-5,00');
    expect(parseReais(formatReais(123456))).toBe(123456);
  });
});
