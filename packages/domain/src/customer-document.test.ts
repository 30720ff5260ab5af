import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  documentKind,
  documentPending,
  documentRequired,
  formatDocument,
  isValidDocument,
  normalizeDocument,
} from './customer-document.ts';

describe('normalizing the document', () => {
  it('only digits are kept', () => {
    expect(normalizeDocument('529.982.247-25')).toBe('52998224725');
  });

  it('keeps at most 14 characters', () => {
    expect(normalizeDocument('11.222.333/0001-8199')).toBe('11222333000181');
  });

  it('keeps CNPJ letters, upper-cased', () => {
    expect(normalizeDocument('12.abc.345/01de-35')).toBe('12ABC34501DE35');
  });

  it('drops letters where a CNPJ only has check digits', () => {
    expect(normalizeDocument('12ABC34501DEX35')).toBe('12ABC34501DE35');
  });

  it('drops letters outside A-Z', () => {
    expect(normalizeDocument('12ÁBC')).toBe('12BC');
  });
});

describe('formatting the document while typing', () => {
  it('up to 11 digits it is shown as a CPF', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
  });

  it('a partial CPF is formatted as far as typed', () => {
    expect([formatDocument('529'), formatDocument('5299'), formatDocument('529982247')]).toEqual([
      '529',
      '529.9',
      '529.982.247',
    ]);
  });

  it('beyond 11 digits it is shown as a CNPJ', () => {
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
  });

  it('a partial CNPJ is formatted as far as typed', () => {
    expect(formatDocument('112223330001')).toBe('11.222.333/0001');
  });

  it('a letter makes it a CNPJ', () => {
    expect(formatDocument('12abc')).toBe('12.ABC');
  });

  it('an alphanumeric CNPJ is formatted like a numeric one', () => {
    expect(formatDocument('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('reformatting a formatted value changes nothing', () => {
    expect(formatDocument('11.222.333/0001-81')).toBe('11.222.333/0001-81');
  });
});

describe('validating the document', () => {
  it('a CPF with valid check digits is valid', () => {
    expect([isValidDocument('529.982.247-25'), isValidDocument('12345678909')]).toEqual([true, true]);
  });

  it('a CPF with a wrong check digit is invalid', () => {
    expect(isValidDocument('529.982.247-24')).toBe(false);
  });

  it('a CPF of repeated digits is invalid', () => {
    expect(isValidDocument('111.111.111-11')).toBe(false);
  });

  it('a CNPJ with valid check digits is valid', () => {
    expect(isValidDocument('11.222.333/0001-81')).toBe(true);
  });

  it('a CNPJ with a wrong check digit is invalid', () => {
    expect(isValidDocument('11.222.333/0001-82')).toBe(false);
  });

  it('a CNPJ of repeated digits is invalid', () => {
    expect(isValidDocument('00.000.000/0000-00')).toBe(false);
  });

  it('an alphanumeric CNPJ with valid check digits is valid', () => {
    expect(isValidDocument('12.ABC.345/01DE-35')).toBe(true);
  });

  it('an alphanumeric CNPJ typed in lower case is valid', () => {
    expect(isValidDocument('12abc34501de35')).toBe(true);
  });

  it('an alphanumeric CNPJ with a wrong check digit is invalid', () => {
    expect(isValidDocument('12ABC34501DE36')).toBe(false);
  });

  it('a document must be 11 or 14 characters', () => {
    expect([isValidDocument('5299822472'), isValidDocument('1122233300018'), isValidDocument('')]).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('tells a CPF from a CNPJ', () => {
    expect([documentKind('529.982.247-25'), documentKind('12ABC34501DE35'), documentKind('123')]).toEqual([
      'CPF',
      'CNPJ',
      null,
    ]);
  });

  it('property: changing one digit of a valid CPF makes it invalid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = [...'52998224725'].map(Number);
        digits[position] = ((digits[position] ?? 0) + delta) % 10;
        return !isValidDocument(digits.join(''));
      }),
    );
  });
});

describe('when the document is required', () => {
  const delivery = { deliveryType: 'Entregar' as const, companyRequiresForDelivery: true, typedValue: '' };

  it('is required for delivery when the company requires it', () => {
    expect(documentRequired(delivery)).toBe(true);
  });

  it('is not required for pickup when nothing is typed', () => {
    expect(documentRequired({ ...delivery, deliveryType: 'Retirada' })).toBe(false);
  });

  it('is not required for delivery when the company does not require it', () => {
    expect(documentRequired({ ...delivery, companyRequiresForDelivery: false })).toBe(false);
  });

  it('is required whenever a value is typed but invalid', () => {
    expect(documentRequired({ ...delivery, deliveryType: 'Retirada', typedValue: '123.456' })).toBe(true);
  });

  it('a valid document typed for pickup is not required', () => {
    expect(documentRequired({ ...delivery, deliveryType: 'Retirada', typedValue: '529.982.247-25' })).toBe(
      false,
    );
  });

  it('a valid document is pending while a required one is missing', () => {
    expect(documentPending(delivery)).toBe(true);
  });

  it('a valid document is no longer pending once typed', () => {
    expect(documentPending({ ...delivery, typedValue: '529.982.247-25' })).toBe(false);
  });

  it('an invalid typed value keeps the document pending', () => {
    expect(documentPending({ ...delivery, deliveryType: 'Vem comer', typedValue: '111.111.111-11' })).toBe(
      true,
    );
  });
});
