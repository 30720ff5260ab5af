import type { DocumentCity } from '@comanda/contract';
import { pointInPolygon } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import {
  areaText,
  cornersOf,
  distanceText,
  fitZoom,
  fromMetres,
  metresFromKm,
  newCity,
  newNeighbourhood,
  parsePoints,
  pointsText,
  refFrom,
  ringAreaSquareMetres,
  ringOf,
  scaleBar,
  searchCities,
  tileCentres,
  toMetres,
} from './delivery-model.ts';

const neighbourhood = (ref: string, descricao: string) => ({
  ref,
  descricao,
  valor_entrega: 500,
  valor_entrega_desconto: null,
  discount_minimum_order: 0,
  ativo: true,
});
const cities: DocumentCity[] = [
  {
    ref: 'sao-paulo',
    nome: 'São Paulo',
    estado: 'SP',
    ativo: true,
    neighbourhoods: [neighbourhood('consolacao', 'Consolação'), neighbourhood('bela-vista', 'Bela Vista')],
  },
  {
    ref: 'osasco',
    nome: 'Osasco',
    estado: 'SP',
    ativo: true,
    neighbourhoods: [neighbourhood('centro', 'Centro')],
  },
];

describe('cities and neighbourhoods', () => {
  it('get refs from their names, unique among the store’s', () => {
    expect(refFrom('São João Clímaco', new Set())).toBe('sao-joao-climaco');
    expect(refFrom('Centro', new Set(['centro', 'centro-2']))).toBe('centro-3');
    expect(refFrom('!!!', new Set(), 'bairro')).toBe('bairro');
    // Neighbourhood refs are unique across cities: Osasco's Centro is taken.
    expect(newNeighbourhood(cities, 'Centro')).toMatchObject({
      ref: 'centro-2',
      descricao: 'Centro',
      ativo: true,
    });
    expect(newCity(cities, 'Osasco', 'SP').ref).toBe('osasco-2');
  });

  it('are searched without accents or case: a city by name shows all of it, else its matching neighbourhoods', () => {
    expect(searchCities(cities, '')).toEqual([
      { cityIndex: 0, neighbourhoods: [0, 1] },
      { cityIndex: 1, neighbourhoods: [0] },
    ]);
    expect(searchCities(cities, 'consolacao')).toEqual([{ cityIndex: 0, neighbourhoods: [0] }]);
    expect(searchCities(cities, 'OSAS')).toEqual([{ cityIndex: 1, neighbourhoods: [0] }]);
    expect(searchCities(cities, 'centro')).toEqual([{ cityIndex: 1, neighbourhoods: [0] }]);
    expect(searchCities(cities, 'Moema')).toEqual([]);
  });
});

describe('distances', () => {
  it('read in metres or kilometres, typed in kilometres', () => {
    expect(distanceText(800)).toBe('800 m');
    expect(distanceText(2500)).toBe('2,5 km');
    expect(distanceText(6000, 'en')).toBe('6 km');
    expect(metresFromKm('2,5')).toBe(2500);
    expect(metresFromKm('0.75')).toBe(750);
    expect(metresFromKm('dois')).toBeNull();
    expect(metresFromKm('')).toBeNull();
  });
});

describe('an area’s ring', () => {
  const square = [
    [-23.55, -46.64],
    [-23.55, -46.63],
    [-23.56, -46.63],
    [-23.56, -46.64],
  ] as [number, number][];

  it('is closed when written back (last = first) and edited as its corners', () => {
    const ring = ringOf(square);
    expect(ring).toHaveLength(5);
    expect(ring.at(-1)).toEqual(ring[0]);
    expect(cornersOf(ring)).toEqual(square);
    // Fewer than three corners stay open: the server refuses them as not closed.
    expect(ringOf(square.slice(0, 2))).toHaveLength(2);
  });

  it('is read from typed lines or pasted JSON, a closing repeat dropped', () => {
    expect(parsePoints('-23.55, -46.64\n-23.55;-46.63\n\n(-23.56 -46.63)\n-23.55, -46.64')).toEqual({
      ok: true,
      corners: [
        [-23.55, -46.64],
        [-23.55, -46.63],
        [-23.56, -46.63],
      ],
    });
    expect(parsePoints(JSON.stringify(ringOf(square)))).toEqual({ ok: true, corners: square });
    expect(parsePoints('-23.55, -46.64\nRua Augusta')).toEqual({ ok: false, line: 2, text: 'Rua Augusta' });
    expect(parsePoints('-23.55, -46.64\n-95, 10')).toEqual({ ok: false, line: 2, text: '-95, 10' });
    expect(parsePoints(pointsText(square))).toEqual({ ok: true, corners: square });
  });

  it('drawn on the plane lands where the fee rules look for an address', () => {
    const store: [number, number] = [-23.5558, -46.6623];
    // A square 1 km a side around the store, drawn in metres.
    const corners = [
      { x: -500, y: 500 },
      { x: 500, y: 500 },
      { x: 500, y: -500 },
      { x: -500, y: -500 },
    ].map((m) => fromMetres(m, store));
    const ring = ringOf(corners);
    expect(pointInPolygon({ lat: store[0], lng: store[1] }, ring)).toBe(true);
    const east600 = fromMetres({ x: 600, y: 0 }, store);
    expect(pointInPolygon({ lat: east600[0], lng: east600[1] }, ring)).toBe(false);
    const back = toMetres(corners[1]!, store);
    expect(back.x).toBeCloseTo(500, 0);
    expect(back.y).toBeCloseTo(500, 0);
    expect(ringAreaSquareMetres(corners, store) / 1e6).toBeCloseTo(1, 2);
    expect(areaText(1_000_000)).toBe('1 km²');
    expect(areaText(4500)).toBe('4.500 m²');
    expect(areaText(12_400_000, 'en')).toBe('12 km²');
  });
});

describe('the drawer’s plane', () => {
  it('zooms to show every corner, at the street picture’s scale when they are near', () => {
    expect(fitZoom([{ x: 200, y: 150 }], 480, 400)).toBe(1.25);
    expect(fitZoom([{ x: 2000, y: -1500 }], 480, 400)).toBe(10);
    expect(fitZoom([{ x: 90_000, y: 0 }], 480, 400)).toBe(80);
  });

  it('has a scale bar of a round length', () => {
    expect(scaleBar(10, 120)).toEqual({ metres: 1000, pixels: 100 });
    expect(scaleBar(2.5, 120)).toEqual({ metres: 200, pixels: 80 });
  });

  it('lays street pictures only where they are drawn at least at half their size', () => {
    expect(tileCentres(1.25, 480, 400)).toEqual([
      { x: 0, y: -400 },
      { x: 0, y: 0 },
      { x: 0, y: 400 },
    ]);
    expect(tileCentres(2.5, 480, 400)).toHaveLength(9);
    expect(tileCentres(5, 480, 400)).toEqual([]);
    // Moved east: the pictures of the store's grid that the view reaches (600 m wide each).
    expect(tileCentres(1.25, 480, 400, { x: 700, y: 0 }).map(({ x }) => x)).toEqual([
      600, 1200, 600, 1200, 600, 1200,
    ]);
    expect(tileCentres(1.25, 480, 400, { x: 300, y: 0 }).map(({ x }) => x)).toEqual([0, 600, 0, 600, 0, 600]);
  });
});
