import { describe, expect, it } from 'vitest';
import {
  brCodeText,
  buildBrCode,
  checkBrCode,
  cityOfAddress,
  crc16ccitt,
  parseBrCode,
  pixKeyForBrCode,
} from './pix-brcode.ts';

/*
 * Published vectors. The central bank manual ("Manual de Padrões para Iniciação do Pix") gives a
 * static and a dynamic example; the dynamic one is quoted as the manual's in public BR Code test
 * suites (saskenuba/pix-toolbelt, crates/br-code-spec/src/lexer.rs, among others). The rest are
 * from stone-payments/ex-pix-brcode (test/ex_pix_brcode/decoder_test.exs): codes banks issued in
 * November 2020 (fields redacted) and edge cases of field 54.
 */
const MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const MANUAL_DYNAMIC =
  '00020101021226700014br.gov.bcb.pix2548pix.example.com/8b3da2f39a4140d1a91abd93113bd4415204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***630464E4';
const CITY_WITH_ACCENT =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASÍLIA62070503***6304B4F6';
const BANK_STATIC_CAPITAL_GUI =
  '00020126580014BR.GOV.BCB.PIX013611111111-1111-1111-1111-11111111111152040000530398654040.015802BR5925TESTE DO TESTE DO TESTEIE6009SAO PAULO6226052211111111111111111111116304642D';
const BANK_DYNAMIC_WITH_AMOUNT =
  '00020101021226850014br.gov.bcb.pix2563exemplodeurl2.com.br/qr/v2/11111111-1111-1111-1111-11111111111152040000530398654041.005802BR5925TESTE DO TESTE DO TESTEIE6009NOVA LIMA62070503***63040B0F';
const NAME_OF_26_CHARACTERS =
  '00020126830014br.gov.bcb.pix01364004901d-bd85-4769-8e52-cb4c42c506dc0221Jornada pagador 57768520400005303986540573.625802BR5926BANCOCENTRALDOBRASIL0003816008BRASILIA62080504oooo6304EFF5';
const AMOUNT_10 =
  '00020126490014BR.GOV.BCB.PIX0111111111111110212Vacina covid5204000053039865402105802BR5904CARL6010SAN.FIERRO62090505o1ab46304970D';
const AMOUNT_10_DOT =
  '00020126490014BR.GOV.BCB.PIX0111111111111110212Vacina covid520400005303986540310.5802BR5904CARL6010SAN.FIERRO62100506b4b4c463049878';
const AMOUNT_0_9 =
  '00020126490014BR.GOV.BCB.PIX0111111111111110212Vacina covid52040000530398654030.95802BR5904CARL6010SAN.FIERRO62100506b4b4c463044D69';

const KEY = '123e4567-e12b-12d1-a456-426655440000';

/** Ends a payload with field 63 and its CRC, so a test can break one rule and keep the CRC right. */
function withCrc(payload: string): string {
  return `${payload}6304${crc16ccitt(`${payload}6304`)}`;
}

/** The manual's static example with one field's text replaced, CRC recomputed. */
function manualStaticWith(from: string, to: string): string {
  return withCrc(MANUAL_STATIC.slice(0, -8).replace(from, to));
}

const ourCode = (amount: number | null = 4590) =>
  buildBrCode({
    key: KEY,
    amount,
    merchantName: 'Forno & Brasa',
    merchantCity: 'São Paulo',
    txid: 'PEDIDO123',
  });

describe('CRC16/CCITT-FALSE', () => {
  it('gives 29B1 for "123456789", the catalogue check value', () => {
    expect(crc16ccitt('123456789')).toBe('29B1');
  });

  it("gives 1D3D for the manual's static example, up to and including 6304", () => {
    expect(crc16ccitt(MANUAL_STATIC.slice(0, -4))).toBe('1D3D');
  });

  it("gives 64E4 for the manual's dynamic example, up to and including 6304", () => {
    expect(crc16ccitt(MANUAL_DYNAMIC.slice(0, -4))).toBe('64E4');
  });
});

describe('building a BR Code', () => {
  it("writes the manual's static example from its key, name and city", () => {
    expect(
      buildBrCode({ key: KEY, amount: null, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' }),
    ).toBe(MANUAL_STATIC);
  });

  it("writes the manual's dynamic example from its location, name and city", () => {
    const location = 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441';
    expect(
      buildBrCode({ location, amount: null, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' }),
    ).toBe(MANUAL_DYNAMIC);
  });

  it('writes the amount from whole centavos with two decimals', () => {
    expect(ourCode(1005)).toContain('540510.05');
    expect(ourCode(1)).toContain('54040.01');
    expect(ourCode(123456789)).toContain('54101234567.89');
  });

  it('cleans accents from the merchant name and city and cuts them to 25 and 15 characters', () => {
    const code = buildBrCode({
      key: KEY,
      amount: 100,
      merchantName: 'Pão de Açúcar Padaria & Confeitaria',
      merchantCity: 'São José dos Campos',
    });
    expect(code).toContain('5925Pao de Acucar Padaria & C6015Sao Jose dos Ca62');
  });

  it('never leaves a space at the end of a cut name', () => {
    expect(brCodeText('Forno & Brasa Pizzaria e Lanches', 25)).toBe('Forno & Brasa Pizzaria e');
  });

  it('drops characters outside the BR Code alphabet and doubled spaces', () => {
    expect(brCodeText('  Sushi*Bar   "Sakura"™  ', 25)).toBe('SushiBar Sakura');
  });

  it('refuses an amount that is not a positive whole number of centavos', () => {
    expect(() => ourCode(0)).toThrow(RangeError);
    expect(() => ourCode(-100)).toThrow(RangeError);
    expect(() => ourCode(10.5)).toThrow(RangeError);
    expect(() => ourCode(10_000_000_000_000)).toThrow(RangeError);
  });

  it('refuses a txid that is not 1 to 25 letters and digits', () => {
    const code = (txid: string) => () =>
      buildBrCode({ key: KEY, amount: 100, merchantName: 'Loja', merchantCity: 'Recife', txid });
    expect(code('PEDIDO-123')).toThrow(RangeError);
    expect(code('A'.repeat(26))).toThrow(RangeError);
  });

  it('refuses a location written with its scheme', () => {
    expect(() =>
      buildBrCode({
        location: 'https://pix.example.com/cob/1',
        amount: 100,
        merchantName: 'Loja',
        merchantCity: 'Recife',
      }),
    ).toThrow(RangeError);
  });

  it('refuses a merchant name with nothing left once cleaned', () => {
    expect(() => buildBrCode({ key: KEY, amount: 100, merchantName: '★★★', merchantCity: 'Recife' })).toThrow(
      RangeError,
    );
  });
});

describe('parsing a BR Code', () => {
  it("reads the manual's static example field by field", () => {
    expect(parseBrCode(MANUAL_STATIC)).toEqual({
      ok: true,
      fields: {
        payloadFormatIndicator: '01',
        pointOfInitiation: null,
        gui: 'br.gov.bcb.pix',
        key: KEY,
        location: null,
        merchantCategoryCode: '0000',
        currency: '986',
        amount: null,
        country: 'BR',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
        txid: '***',
        crc: '1D3D',
      },
    });
  });

  it("reads the manual's dynamic example: paid once, a location instead of a key", () => {
    const parsed = parseBrCode(MANUAL_DYNAMIC);
    expect(parsed.ok && parsed.fields).toMatchObject({
      pointOfInitiation: '12',
      key: null,
      location: 'pix.example.com/8b3da2f39a4140d1a91abd93113bd441',
      amount: null,
      crc: '64E4',
    });
  });

  it('reads the amount in centavos as banks write it: 10, 10., 0.9, 0.01, 1.00', () => {
    const amount = (code: string) => {
      const parsed = parseBrCode(code);
      return parsed.ok ? parsed.fields.amount : parsed.reason;
    };
    expect(
      [AMOUNT_10, AMOUNT_10_DOT, AMOUNT_0_9, BANK_STATIC_CAPITAL_GUI, BANK_DYNAMIC_WITH_AMOUNT].map(amount),
    ).toEqual([1000, 1000, 90, 1, 100]);
  });

  it('reads the txid from the additional data template', () => {
    const parsed = parseBrCode(BANK_STATIC_CAPITAL_GUI);
    expect(parsed.ok && parsed.fields.txid).toBe('1111111111111111111111');
  });

  it('counts lengths in characters and runs the CRC over UTF-8 bytes', () => {
    const parsed = parseBrCode(CITY_WITH_ACCENT);
    expect(parsed.ok && parsed.fields.merchantCity).toBe('BRASÍLIA');
  });

  it('refuses a code with one character changed (CRC_MISMATCH)', () => {
    expect(parseBrCode(MANUAL_STATIC.replace('Fulano', 'Fulana'))).toEqual({
      ok: false,
      reason: 'CRC_MISMATCH',
    });
  });

  it('refuses a code whose CRC digits were changed (CRC_MISMATCH)', () => {
    expect(parseBrCode(MANUAL_STATIC.replace(/1D3D$/, '1D3E'))).toEqual({
      ok: false,
      reason: 'CRC_MISMATCH',
    });
  });

  it('refuses a code without field 63 at its end (CRC_MISSING)', () => {
    expect(parseBrCode(MANUAL_STATIC.slice(0, -8))).toEqual({ ok: false, reason: 'CRC_MISSING' });
    expect(parseBrCode('')).toEqual({ ok: false, reason: 'CRC_MISSING' });
  });

  it('refuses a code whose CRC sits inside another field (MALFORMED)', () => {
    const hidden = `${MANUAL_STATIC.slice(0, -8)}99086304`;
    expect(parseBrCode(hidden + crc16ccitt(hidden))).toEqual({ ok: false, reason: 'MALFORMED' });
  });

  it('refuses a length that runs past the end of the code (MALFORMED)', () => {
    expect(parseBrCode(withCrc('000201269900'))).toEqual({ ok: false, reason: 'MALFORMED' });
  });

  it('refuses a code that does not start with the payload format indicator (MALFORMED)', () => {
    expect(parseBrCode(withCrc(MANUAL_STATIC.slice(6, -8)))).toEqual({ ok: false, reason: 'MALFORMED' });
  });

  it('refuses the same field twice (FIELD_REPEATED)', () => {
    expect(parseBrCode(manualStaticWith('5802BR', '54041.005802BR54049.99'))).toEqual({
      ok: false,
      reason: 'FIELD_REPEATED',
    });
  });

  it('refuses a code without a key or location (FIELD_MISSING)', () => {
    expect(
      parseBrCode(manualStaticWith(`26580014br.gov.bcb.pix0136${KEY}`, '26180014br.gov.bcb.pix')),
    ).toEqual({
      ok: false,
      reason: 'FIELD_MISSING',
    });
  });

  it('refuses a code without a merchant city (FIELD_MISSING)', () => {
    expect(parseBrCode(manualStaticWith('6008BRASILIA', ''))).toEqual({ ok: false, reason: 'FIELD_MISSING' });
  });

  it('refuses an amount with three decimals (AMOUNT_MALFORMED)', () => {
    expect(parseBrCode(manualStaticWith('5802BR', '540610.0005802BR'))).toEqual({
      ok: false,
      reason: 'AMOUNT_MALFORMED',
    });
  });

  it('refuses a code longer than 512 characters (TOO_LONG)', () => {
    const unreserved = ['80', '81', '82', '83', '84'].map((id) => `${id}99${'x'.repeat(99)}`).join('');
    expect(parseBrCode(manualStaticWith('5802BR', `5802BR${unreserved}`))).toEqual({
      ok: false,
      reason: 'TOO_LONG',
    });
  });
});

describe('checking a BR Code against the order', () => {
  it('accepts a code we built, for the order total', () => {
    expect(checkBrCode(ourCode(4590), { amount: 4590, key: KEY, txid: 'PEDIDO123' }).ok).toBe(true);
  });

  it('accepts the GUI in capitals, as the manual writes it in places', () => {
    expect(checkBrCode(BANK_STATIC_CAPITAL_GUI, { amount: 1 }).ok).toBe(true);
  });

  it('accepts a dynamic code that leaves the amount to the payload at its location', () => {
    expect(checkBrCode(MANUAL_DYNAMIC, { amount: 4590 }).ok).toBe(true);
  });

  it('accepts a dynamic code that states the order total', () => {
    expect(checkBrCode(BANK_DYNAMIC_WITH_AMOUNT, { amount: 100 }).ok).toBe(true);
  });

  it('refuses an amount that differs from the order total (AMOUNT_MISMATCH)', () => {
    expect(checkBrCode(ourCode(4590), { amount: 4591 })).toEqual({ ok: false, reason: 'AMOUNT_MISMATCH' });
    expect(checkBrCode(BANK_DYNAMIC_WITH_AMOUNT, { amount: 1000 })).toEqual({
      ok: false,
      reason: 'AMOUNT_MISMATCH',
    });
  });

  it('refuses an amount where the payer was to type it (AMOUNT_MISMATCH)', () => {
    expect(checkBrCode(ourCode(4590), { amount: null })).toEqual({ ok: false, reason: 'AMOUNT_MISMATCH' });
  });

  it('refuses a static code that lets the payer type any amount (AMOUNT_MISSING)', () => {
    expect(checkBrCode(MANUAL_STATIC, { amount: 4590 })).toEqual({ ok: false, reason: 'AMOUNT_MISSING' });
  });

  it('refuses a tampered code before reading its amount (CRC_MISMATCH)', () => {
    const tampered = ourCode(4590).replace('540545.90', '540545.00');
    expect(checkBrCode(tampered, { amount: 4500 })).toEqual({ ok: false, reason: 'CRC_MISMATCH' });
  });

  it('refuses a payload format indicator other than 01', () => {
    expect(checkBrCode(manualStaticWith('000201', '000202'), { amount: null })).toEqual({
      ok: false,
      reason: 'PAYLOAD_FORMAT_NOT_01',
    });
  });

  it('refuses a point of initiation other than 11 or 12', () => {
    expect(checkBrCode(manualStaticWith('000201', '000201010213'), { amount: null })).toEqual({
      ok: false,
      reason: 'POINT_OF_INITIATION_INVALID',
    });
  });

  it('refuses an account template of another arrangement (NOT_PIX)', () => {
    expect(
      checkBrCode(manualStaticWith('26580014br.gov.bcb.pix', '26560012br.com.outro'), { amount: null }),
    ).toEqual({
      ok: false,
      reason: 'NOT_PIX',
    });
  });

  it('refuses a location written with its scheme', () => {
    const code = MANUAL_DYNAMIC.slice(0, -8).replace(
      '26700014br.gov.bcb.pix2548pix',
      '26780014br.gov.bcb.pix2556https://pix',
    );
    expect(checkBrCode(withCrc(code), { amount: null })).toEqual({
      ok: false,
      reason: 'LOCATION_WITH_SCHEME',
    });
  });

  it('refuses a currency other than the real (986)', () => {
    expect(checkBrCode(manualStaticWith('5303986', '5303840'), { amount: null })).toEqual({
      ok: false,
      reason: 'CURRENCY_NOT_BRL',
    });
  });

  it('refuses a country other than BR', () => {
    expect(checkBrCode(manualStaticWith('5802BR', '5802PT'), { amount: null })).toEqual({
      ok: false,
      reason: 'COUNTRY_NOT_BR',
    });
  });

  it('refuses a merchant name over 25 characters', () => {
    expect(checkBrCode(NAME_OF_26_CHARACTERS, { amount: 7362 })).toEqual({
      ok: false,
      reason: 'MERCHANT_NAME_TOO_LONG',
    });
  });

  it('refuses a merchant city over 15 characters', () => {
    expect(
      checkBrCode(manualStaticWith('6008BRASILIA', '6019SAO JOSE DOS CAMPOS'), { amount: null }),
    ).toEqual({
      ok: false,
      reason: 'MERCHANT_CITY_TOO_LONG',
    });
  });

  it("refuses another receiver's key", () => {
    expect(checkBrCode(ourCode(), { amount: 4590, key: 'loja@example.com' })).toEqual({
      ok: false,
      reason: 'KEY_MISMATCH',
    });
  });

  it("refuses another provider's location", () => {
    expect(checkBrCode(MANUAL_DYNAMIC, { amount: null, location: 'pix.example.com/outra' })).toEqual({
      ok: false,
      reason: 'LOCATION_MISMATCH',
    });
  });

  it("refuses another charge's txid", () => {
    expect(checkBrCode(ourCode(), { amount: 4590, txid: 'PEDIDO124' })).toEqual({
      ok: false,
      reason: 'TXID_MISMATCH',
    });
  });
});

describe("the store's own key at the counter", () => {
  it('writes the key as a BR Code carries it, by its type', () => {
    expect(pixKeyForBrCode('(11) 98888-0000', 'telefone')).toBe('+5511988880000');
    expect(pixKeyForBrCode('+55 11 98888-0000', 'telefone')).toBe('+5511988880000');
    expect(pixKeyForBrCode('123.456.789-09', 'cpf')).toBe('12345678909');
    expect(pixKeyForBrCode('12.345.678/0001-95', 'cnpj')).toBe('12345678000195');
    expect(pixKeyForBrCode(' Pix@FornoEBrasa.example ', 'email')).toBe('pix@fornoebrasa.example');
    expect(pixKeyForBrCode('ABC-123', null)).toBe('ABC-123');
  });

  it('finds the city of a one-line address', () => {
    expect(cityOfAddress('Rua Augusta, 1500 - Consolação, São Paulo - SP')).toBe('São Paulo');
    expect(cityOfAddress('Av. Paulista, 900 - Bela Vista, São Paulo – SP ')).toBe('São Paulo');
    expect(cityOfAddress('Rua sem cidade')).toBeNull();
    expect(cityOfAddress('')).toBeNull();
  });
});
