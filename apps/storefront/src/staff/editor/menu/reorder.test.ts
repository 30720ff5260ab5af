import { describe, expect, it } from 'vitest';
import { dropIndex, edgeScroll, makeRoomOffset } from './reorder.ts';

/** Four rows 80 px high, 8 px apart. */
const rows = [0, 88, 176, 264].map((top) => ({ top, height: 80 }));

describe('dragging a row', () => {
  it('lands after every row whose middle its own middle passed', () => {
    expect(dropIndex(rows, 0, 0)).toBe(0);
    // Row 1's middle is 88 px below row 0's.
    expect(dropIndex(rows, 0, 87)).toBe(0);
    expect(dropIndex(rows, 0, 89)).toBe(1);
    expect(dropIndex(rows, 0, 500)).toBe(3);
    expect(dropIndex(rows, 3, -100)).toBe(2);
    expect(dropIndex(rows, 3, -180)).toBe(1);
    expect(dropIndex(rows, 3, -500)).toBe(0);
  });

  it('makes room: the rows it passes slide one place towards where it came from', () => {
    const step = 88;
    expect([0, 1, 2, 3].map((i) => makeRoomOffset(i, 0, 2, step))).toEqual([0, -88, -88, 0]);
    expect([0, 1, 2, 3].map((i) => makeRoomOffset(i, 3, 1, step))).toEqual([0, 88, 88, 0]);
    expect([0, 1, 2, 3].map((i) => makeRoomOffset(i, 1, 1, step))).toEqual([0, 0, 0, 0]);
  });

  it('scrolls the page when held near the top, or near the bottom above the save bar', () => {
    expect(edgeScroll(400, 844, 72, 80)).toBe(0);
    expect(edgeScroll(10, 844, 72, 80)).toBeLessThan(0);
    expect(edgeScroll(700, 844, 72, 80)).toBeGreaterThan(0);
    expect(edgeScroll(600, 844, 72, 80)).toBe(0);
  });
});
