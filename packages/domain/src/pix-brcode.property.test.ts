import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brCodeText, buildBrCode, checkBrCode, parseBrCode } from './pix-brcode.ts';

const account = fc.oneof(
  fc.record({
    key: fc.oneof(
      fc.uuid(),
      fc.stringMatching(/^[a-z0-9._]{1,30}@[a-z]{1,15}\.com(\.br)?$/),
      fc.stringMatching(/^\+55\d{11}$/),
    ),
  }),
  fc.record({ location: fc.stringMatching(/^pix\.[a-z]{1,20}\.com\.br\/v2\/[0-9a-f]{32}$/) }),
);
// Names as stores type them: accents, symbols the code drops, runs of spaces.
const storeText = fc
  .string({ unit: fc.constantFrom(...'AaÁáÃãÇçÉéÕõ Zz09&.-/*"ªº'), minLength: 1, maxLength: 40 })
  .filter((text) => /[A-Za-z0-9]/.test(text.normalize('NFD')));
const input = fc.record({
  account,
  amount: fc.option(fc.integer({ min: 1, max: 999_999_999_999 }), { nil: null }),
  merchantName: storeText,
  merchantCity: storeText,
  txid: fc.option(fc.stringMatching(/^[A-Za-z0-9]{1,25}$/), { nil: undefined }),
});

describe('BR Code properties', () => {
  it('parsing a built code gives back what was built', () => {
    fc.assert(
      fc.property(input, ({ account, ...rest }) => {
        const parsed = parseBrCode(buildBrCode({ ...account, ...rest }));
        expect(parsed.ok && parsed.fields).toMatchObject({
          payloadFormatIndicator: '01',
          pointOfInitiation: 'location' in account ? '12' : null,
          gui: 'br.gov.bcb.pix',
          key: 'key' in account ? account.key : null,
          location: 'location' in account ? account.location : null,
          currency: '986',
          amount: rest.amount,
          country: 'BR',
          merchantName: brCodeText(rest.merchantName, 25),
          merchantCity: brCodeText(rest.merchantCity, 15),
          txid: rest.txid ?? '***',
        });
      }),
    );
  });

  it('every built code passes the check for its own amount', () => {
    fc.assert(
      fc.property(input, ({ account, ...rest }) => {
        expect(
          checkBrCode(buildBrCode({ ...account, ...rest }), { amount: rest.amount, ...account }),
        ).toMatchObject({
          ok: true,
        });
      }),
    );
  });

  it('any one character changed before the CRC is refused', () => {
    const tampering = input.chain(({ account, ...rest }) => {
      const code = buildBrCode({ ...account, ...rest });
      return fc.record({
        code: fc.constant(code),
        at: fc.nat({ max: code.length - 5 }),
        by: fc.constantFrom(...'0123456789ABCDEFabcdef .*'),
      });
    });
    fc.assert(
      fc.property(tampering, ({ code, at, by }) => {
        fc.pre(code[at] !== by);
        const tampered = code.slice(0, at) + by + code.slice(at + 1);
        expect(parseBrCode(tampered).ok).toBe(false);
      }),
    );
  });
});
