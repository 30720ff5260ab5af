import { describe, expect, it } from 'vitest';
import { linesByStation, linesForStation, stationOfProduct, stationRouting } from './stations.ts';

const KITCHEN = 1;
const BAR = 2;

describe('station routing', () => {
  const routing = stationRouting(
    [KITCHEN, BAR],
    [
      { id: 10, stationId: null, categoryStationId: null },
      { id: 11, stationId: null, categoryStationId: BAR },
      { id: 12, stationId: KITCHEN, categoryStationId: BAR },
      { id: 13, stationId: 99, categoryStationId: BAR },
    ],
  );

  it('routes a product to its own station before its category’s, and the rest to the first station', () => {
    expect(stationOfProduct(routing, 10)).toBe(KITCHEN);
    expect(stationOfProduct(routing, 11)).toBe(BAR);
    expect(stationOfProduct(routing, 12)).toBe(KITCHEN);
    expect(stationOfProduct(routing, 404)).toBe(KITCHEN);
  });

  it('ignores a station the store does not have', () => {
    expect(stationOfProduct(routing, 13)).toBe(BAR);
  });

  it('gives a station only its own lines, in the order’s order', () => {
    const lines = [{ produto: 11 }, { produto: 10 }, { produto: 12 }, { produto: 11, qtd: 2 }];
    expect(linesForStation(routing, lines, BAR)).toEqual([{ produto: 11 }, { produto: 11, qtd: 2 }]);
    expect([...linesByStation(routing, lines).entries()]).toEqual([
      [BAR, [{ produto: 11 }, { produto: 11, qtd: 2 }]],
      [KITCHEN, [{ produto: 10 }, { produto: 12 }]],
    ]);
  });

  it('keeps every line together in a store without stations', () => {
    const none = stationRouting([], [{ id: 10, stationId: null, categoryStationId: null }]);
    expect(stationOfProduct(none, 10)).toBeNull();
    expect([...linesByStation(none, [{ produto: 10 }, { produto: 11 }]).entries()]).toEqual([
      [null, [{ produto: 10 }, { produto: 11 }]],
    ]);
  });
});
