import { describe, expect, it } from 'vitest';
import {
  ADDRESS_MESSAGES,
  type AddressTextInput,
  checkAddressText,
  cleanAddressText,
  formatAddressLine,
  isNoNumber,
  NO_NUMBER,
} from './address-rules.ts';

const valid: AddressTextInput = {
  name: 'Casa',
  street: 'Rua Augusta',
  number: '1500',
  complement: 'Apto 12',
};
const wizard = { emptyNumberIsNoNumber: true };
const olderForm = { emptyNumberIsNoNumber: false };

describe('new address rules (spec section 5)', () => {
  it('accepts a complete address and cleans its spaces', () => {
    expect(
      checkAddressText({ ...valid, street: '  Rua   Augusta ', complement: ' Apto\t12 ' }, olderForm),
    ).toEqual({
      ok: true,
      value: { name: 'Casa', street: 'Rua Augusta', number: '1500', complement: 'Apto 12' },
    });
  });

  it("street is required: 'Este campo é obrigatório'", () => {
    expect(checkAddressText({ ...valid, street: '   ' }, olderForm)).toEqual({
      ok: false,
      error: { field: 'street', code: 'FIELD_REQUIRED', message: 'Este campo é obrigatório' },
    });
  });

  it("street needs at least 5 characters: 'Informe pelo menos 5 letras'", () => {
    expect(checkAddressText({ ...valid, street: 'Rua ' }, olderForm)).toEqual({
      ok: false,
      error: { field: 'street', code: 'STREET_TOO_SHORT', message: 'Informe pelo menos 5 letras' },
    });
    expect(checkAddressText({ ...valid, street: 'Rua A' }, olderForm).ok).toBe(true);
  });

  it('number: letters and digits only, at most 10', () => {
    for (const number of ['12-A', '1 500', '15;']) {
      expect(checkAddressText({ ...valid, number }, olderForm)).toMatchObject({
        ok: false,
        error: { field: 'number', code: 'INVALID_NUMBER' },
      });
    }
    expect(checkAddressText({ ...valid, number: '12345678901' }, olderForm)).toMatchObject({
      ok: false,
      error: { field: 'number', code: 'INVALID_NUMBER', message: 'Máximo de 10 caracteres' },
    });
    expect(checkAddressText({ ...valid, number: '1234567890' }, olderForm).ok).toBe(true);
    expect(checkAddressText({ ...valid, number: '12A' }, olderForm).ok).toBe(true);
  });

  it('number is required in the older form; empty is "no number" in the wizard', () => {
    expect(checkAddressText({ ...valid, number: '' }, olderForm)).toMatchObject({
      ok: false,
      error: { field: 'number', code: 'FIELD_REQUIRED', message: ADDRESS_MESSAGES.required },
    });
    expect(checkAddressText({ ...valid, number: null }, wizard)).toMatchObject({
      ok: true,
      value: { number: NO_NUMBER },
    });
  });

  it("'S/N', 'sn' and 'sem número' mean no number in either form", () => {
    expect(['S/N', 'sn', 'Sem número', 'sem numero', '12'].map(isNoNumber)).toEqual([
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(checkAddressText({ ...valid, number: 's/n' }, olderForm)).toMatchObject({
      ok: true,
      value: { number: 'S/N' },
    });
  });

  it("complement at most 100 characters: 'Máximo de 100 caracteres'", () => {
    expect(checkAddressText({ ...valid, complement: 'x'.repeat(100) }, olderForm).ok).toBe(true);
    expect(checkAddressText({ ...valid, complement: 'x'.repeat(101) }, olderForm)).toEqual({
      ok: false,
      error: { field: 'complement', code: 'TEXT_TOO_LONG', message: 'Máximo de 100 caracteres' },
    });
  });

  it('the complement is optional', () => {
    expect(checkAddressText({ ...valid, complement: undefined }, olderForm)).toMatchObject({
      ok: true,
      value: { complement: '' },
    });
  });

  it('the name is required and short', () => {
    expect(checkAddressText({ ...valid, name: ' ' }, olderForm)).toMatchObject({
      ok: false,
      error: { field: 'name', code: 'FIELD_REQUIRED' },
    });
    expect(checkAddressText({ ...valid, name: 'x'.repeat(41) }, olderForm)).toMatchObject({
      ok: false,
      error: { field: 'name', code: 'TEXT_TOO_LONG' },
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkAddressText({ ...valid, complement: '😀'.repeat(100) }, olderForm).ok).toBe(true);
  });

  it('drops control characters', () => {
    expect(cleanAddressText('Rua\u0000Augusta\n')).toBe('Rua Augusta');
  });
});

describe('formatAddressLine', () => {
  it('joins street, number, complement, neighbourhood, city and state', () => {
    expect(
      formatAddressLine({
        street: 'Rua Augusta',
        number: '1500',
        complement: 'Apto 12',
        district: 'Consolação',
        city: 'São Paulo',
        state: 'SP',
      }),
    ).toBe('Rua Augusta, 1500 - Apto 12 - Consolação, São Paulo - SP');
  });

  it('leaves out the empty parts', () => {
    expect(formatAddressLine({ street: 'Rua Galvão Bueno', number: 'S/N', city: 'São Paulo' })).toBe(
      'Rua Galvão Bueno, S/N, São Paulo',
    );
  });
});
