import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isTableCode,
  serviceFeeOf,
  splitByItems,
  splitEvenly,
  splitInProportion,
  tabJoinRefusal,
  tabTotals,
} from './table-tab.ts';
import { isTableId, visitEntryOfPath } from './visit-entry.ts';

describe('the visit entry of a path (spec sections 2 and 4)', () => {
  it('a table source then a table id opens table mode as source local', () => {
    expect(visitEntryOfPath('/local/7')).toEqual({ kind: 'table', source: 'local', tableId: '7' });
  });

  it('self-checkout maps to local', () => {
    expect(visitEntryOfPath('/self-checkout/12/')).toEqual({ kind: 'table', source: 'local', tableId: '12' });
  });

  it('a table source without a table segment is not a table entry', () => {
    expect(visitEntryOfPath('/local')).toBeNull();
    expect(visitEntryOfPath(`/local/${'9'.repeat(65)}`)).toBeNull();
    expect(visitEntryOfPath('/local/a%20b')).toBeNull();
  });

  it('a table segment that names no table is still a table entry (the banner says it is not found)', () => {
    expect(visitEntryOfPath('/local/mesa-99')).toEqual({
      kind: 'table',
      source: 'local',
      tableId: 'mesa-99',
    });
    expect(visitEntryOfPath('/local/0')).toEqual({ kind: 'table', source: 'local', tableId: '0' });
    expect([isTableId('7'), isTableId('mesa-99'), isTableId('0')]).toEqual([true, false, false]);
  });

  it('a known campaign source in the first segment is stored as the source', () => {
    expect(visitEntryOfPath('/instagram')).toEqual({ kind: 'campaign', source: 'instagram' });
    expect(visitEntryOfPath('/WhatsApp/')).toEqual({ kind: 'campaign', source: 'whatsapp' });
  });

  it('screens and unknown paths say nothing about the source', () => {
    for (const path of ['/', '/home', '/cart', '/mobile/orders/3', '/instagram/extra', '/qualquer']) {
      expect(visitEntryOfPath(path)).toBeNull();
    }
  });
});

describe('a tab’s bill', () => {
  it('adds the rounds not cancelled and charges the fee on what is paid at the table', () => {
    const totals = tabTotals(
      [
        { total: 5000, paidOnline: false, cancelled: false },
        { total: 3000, paidOnline: true, cancelled: false },
        { total: 9900, paidOnline: false, cancelled: true },
        { total: 2990, paidOnline: false, cancelled: false },
      ],
      10,
    );
    expect(totals).toEqual({ consumed: 10990, paidOnline: 3000, due: 7990, serviceFee: 799, total: 8789 });
  });

  it('a service fee rounds half up to the centavo', () => {
    expect(serviceFeeOf(1005, 10)).toBe(101);
    expect(serviceFeeOf(1004, 10)).toBe(100);
    expect(serviceFeeOf(1000, 0)).toBe(0);
  });

  it('refuses a fee percent that is not whole or over the cap', () => {
    expect(() => serviceFeeOf(1000, 10.5)).toThrow(RangeError);
    expect(() => serviceFeeOf(1000, 31)).toThrow(RangeError);
  });
});

describe('splitting a bill', () => {
  it('evenly: the odd centavos go to the first shares', () => {
    expect(splitEvenly({ due: 10000, serviceFee: 1000 }, 3)).toEqual([
      { amount: 3667, serviceFee: 334 },
      { amount: 3667, serviceFee: 333 },
      { amount: 3666, serviceFee: 333 },
    ]);
  });

  it('evenly between 1 to 30 people only', () => {
    expect(() => splitEvenly({ due: 100, serviceFee: 0 }, 0)).toThrow(RangeError);
    expect(() => splitEvenly({ due: 100, serviceFee: 0 }, 31)).toThrow(RangeError);
  });

  it('by items: each share pays its lines, with the fee in the same proportion', () => {
    const lines = [
      { id: 1, value: 6000 },
      { id: 2, value: 2000 },
      { id: 3, value: 2000 },
    ];
    const result = splitByItems({ due: 10000, serviceFee: 1000 }, lines, [[1], [2, 3]]);
    expect(result).toEqual({
      ok: true,
      shares: [
        { amount: 6600, serviceFee: 600 },
        { amount: 4400, serviceFee: 400 },
      ],
    });
  });

  it('by items: refuses a line in no share, in two, unknown, or an empty share', () => {
    const lines = [
      { id: 1, value: 100 },
      { id: 2, value: 100 },
    ];
    const totals = { due: 200, serviceFee: 0 };
    expect(splitByItems(totals, lines, [[1]])).toEqual({ ok: false, reason: 'LINE_UNASSIGNED', lineId: 2 });
    expect(splitByItems(totals, lines, [[1, 2], [2]])).toEqual({
      ok: false,
      reason: 'LINE_TWICE',
      lineId: 2,
    });
    expect(splitByItems(totals, lines, [[1, 2, 9]])).toEqual({
      ok: false,
      reason: 'LINE_UNKNOWN',
      lineId: 9,
    });
    expect(splitByItems(totals, lines, [[1, 2], []])).toEqual({ ok: false, reason: 'EMPTY_SHARE' });
  });

  it('shares always add up to the bill exactly', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 30 }),
        (amount, weights) => {
          const parts = splitInProportion(amount, weights);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
          expect(parts.every((part) => part >= 0)).toBe(true);
        },
      ),
    );
  });
});

it('a lock code is four digits', () => {
  expect(isTableCode('0427')).toBe(true);
  expect(isTableCode('427')).toBe(false);
  expect(isTableCode('04a7')).toBe(false);
});

describe('a round joining its table’s tab (lock table)', () => {
  const open = (code: string | null = null) => ({ status: 'open' as const, code });

  it('joins an open tab, or opens one, at a store without codes', () => {
    expect(tabJoinRefusal({ requiresCode: false, tab: null, code: null })).toBeNull();
    expect(tabJoinRefusal({ requiresCode: false, tab: open(), code: null })).toBeNull();
  });

  it('never joins a tab being closed', () => {
    const closing = { status: 'closing' as const, code: '1234' };
    expect(tabJoinRefusal({ requiresCode: false, tab: closing, code: null })).toBe('TAB_NOT_OPEN');
    expect(tabJoinRefusal({ requiresCode: true, tab: closing, code: '1234' })).toBe('TAB_NOT_OPEN');
  });

  it('a store with codes: a table nobody opened is locked', () => {
    expect(tabJoinRefusal({ requiresCode: true, tab: null, code: '1234' })).toBe('TABLE_LOCKED');
  });

  it('a store with codes: the waiter’s code, and only it, opens the way', () => {
    expect(tabJoinRefusal({ requiresCode: true, tab: open('0427'), code: '0427' })).toBeNull();
    expect(tabJoinRefusal({ requiresCode: true, tab: open('0427'), code: ' 0427 ' })).toBeNull();
    expect(tabJoinRefusal({ requiresCode: true, tab: open('0427'), code: '0428' })).toBe(
      'TABLE_CODE_INVALID',
    );
    expect(tabJoinRefusal({ requiresCode: true, tab: open('0427'), code: null })).toBe('TABLE_CODE_INVALID');
  });

  it('a tab opened before the store asked for codes takes rounds without one', () => {
    expect(tabJoinRefusal({ requiresCode: true, tab: open(null), code: null })).toBeNull();
  });
});
