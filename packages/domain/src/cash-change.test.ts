import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashChangeVerdict, MAX_CHANGE_INPUT, parseChangeFor } from './cash-change.ts';

describe('cash change', () => {
  it('no amount means no change is needed', () => {
    expect(cashChangeVerdict({ total: 4500, changeFor: null })).toEqual({
      ok: true,
      changeFor: null,
      change: 0,
    });
  });

  it('an amount greater than the total counts, with the change to bring', () => {
    expect(cashChangeVerdict({ total: 4500, changeFor: 5000 })).toEqual({
      ok: true,
      changeFor: 5000,
      change: 500,
    });
  });

  it('an amount equal to the total does not count as change', () => {
    expect(cashChangeVerdict({ total: 4500, changeFor: 4500 })).toEqual({
      ok: true,
      changeFor: null,
      change: 0,
    });
  });

  it('an amount below the total resets the payment type', () => {
    expect(cashChangeVerdict({ total: 4500, changeFor: 4499 })).toEqual({
      ok: false,
      reason: 'BELOW_TOTAL',
      resetPaymentType: true,
    });
  });

  it('change for exactly the total plus R$ 200 is accepted', () => {
    expect(cashChangeVerdict({ total: 4500, changeFor: 24_500 })).toEqual({
      ok: true,
      changeFor: 24_500,
      change: 20_000,
    });
  });

  it('change for more than the total plus R$ 200 is refused', () => {
    expect(cashChangeVerdict({ total: 4500, changeFor: 24_501 })).toEqual({
      ok: false,
      reason: 'ABOVE_MAXIMUM',
      maximum: 24_500,
      resetPaymentType: false,
    });
  });

  it('the input maximum is R$ 99.999,00', () => {
    expect(cashChangeVerdict({ total: 9_990_000, changeFor: MAX_CHANGE_INPUT + 1 })).toMatchObject({
      ok: false,
      reason: 'ABOVE_INPUT_MAXIMUM',
    });
  });

  it('property: an accepted amount is between the total and the total plus R$ 200', () => {
    const amount = fc.integer({ min: 0, max: 200_000 });
    fc.assert(
      fc.property(amount, amount, (total, changeFor) => {
        const verdict = cashChangeVerdict({ total, changeFor });
        if (!verdict.ok || verdict.changeFor === null) return true;
        return verdict.changeFor > total && verdict.changeFor <= total + 20_000 && verdict.change > 0;
      }),
    );
  });
});

describe('change-for input', () => {
  it('reads reais with comma decimals', () => {
    expect(parseChangeFor('50,5')).toBe(5050);
  });

  it('reads reais with dot decimals', () => {
    expect(parseChangeFor('50.25')).toBe(5025);
  });

  it('reads whole reais', () => {
    expect(parseChangeFor('100')).toBe(10_000);
  });

  it('reads thousands grouped with dots', () => {
    expect(parseChangeFor('R$ 1.234,56')).toBe(123_456);
  });

  it('accepts at most 2 decimals', () => {
    expect(parseChangeFor('50,123')).toBeNull();
  });

  it('refuses text that is not an amount', () => {
    expect([parseChangeFor('abc'), parseChangeFor('-5'), parseChangeFor('')]).toEqual([null, null, null]);
  });
});
