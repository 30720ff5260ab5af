import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AddressDistrict,
  chooseDeliveryFee,
  type DeliveryArea,
  type DistrictFee,
  feeByArea,
  feeByDistrict,
  feeByRadius,
  feeForAddress,
  feeForDistance,
  feesWithDiscount,
  haversineMetres,
  type PolygonPoint,
  pointInPolygon,
  radiusKmText,
  resolveDeliveryFeeType,
  type StoreFeeModel,
} from './delivery-fee.ts';

describe('resolveDeliveryFeeType', () => {
  it('radius and area are their own types', () => {
    expect([resolveDeliveryFeeType('radius'), resolveDeliveryFeeType('area')]).toEqual(['radius', 'area']);
  });

  it('anything else is by neighbourhood', () => {
    expect([resolveDeliveryFeeType('bairro'), resolveDeliveryFeeType(null)]).toEqual([
      'neighbourhood',
      'neighbourhood',
    ]);
  });
});

describe('fee by neighbourhood', () => {
  const table = new Map<number, DistrictFee>([
    [10, { delivery_fee: 500, original_delivery_fee: 800, discount_minimum_order: 5000, active: true }],
    [11, { delivery_fee: 700, original_delivery_fee: 700, discount_minimum_order: 0, active: false }],
  ]);

  it("an active district gives the district's fees", () => {
    expect(feeByDistrict(table, 10)).toEqual({
      deliverable: true,
      delivery_fee: 500,
      original_delivery_fee: 800,
      discount_minimum_order: 5000,
    });
  });

  it('an inactive district is not deliverable', () => {
    expect(feeByDistrict(table, 11)).toEqual({ deliverable: false, reason: 'DISTRICT_INACTIVE' });
  });

  it('an unknown district is not deliverable', () => {
    expect(feeByDistrict(table, 99)).toEqual({ deliverable: false, reason: 'DISTRICT_INACTIVE' });
  });
});

describe('fee by radius', () => {
  const tiers = [
    { upToMetres: 5000, fee: 1000 },
    { upToMetres: 2000, fee: 500 },
  ];

  it('haversine distance: one degree of latitude is about 111.2 km', () => {
    expect(haversineMetres({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111_195, 0);
  });

  it('haversine distance between two points in São Paulo', () => {
    // Praça da Sé to MASP, about 2.6 km.
    const se = { lat: -23.5503, lng: -46.6339 };
    const masp = { lat: -23.5614, lng: -46.6559 };
    expect(haversineMetres(se, masp)).toBeGreaterThan(2500);
    expect(haversineMetres(se, masp)).toBeLessThan(2600);
  });

  it('a delivery inside the first radius is charged the first tier fee', () => {
    expect(feeForDistance(tiers, 1500, 5000)).toMatchObject({ deliverable: true, delivery_fee: 500 });
  });

  it("a delivery exactly on the radius is charged that tier's fee", () => {
    expect(feeForDistance(tiers, 2000, 5000)).toMatchObject({ deliverable: true, delivery_fee: 500 });
  });

  it("a delivery one metre past a radius is charged the next tier's fee", () => {
    expect(feeForDistance(tiers, 2001, 5000)).toMatchObject({ deliverable: true, delivery_fee: 1000 });
  });

  it('a radius fee has no discounted variant', () => {
    expect(feeForDistance(tiers, 1500, 5000)).toEqual({
      deliverable: true,
      delivery_fee: 500,
      original_delivery_fee: 500,
      discount_minimum_order: 0,
    });
  });

  it('a delivery exactly on delivery_max_radius is deliverable', () => {
    expect(feeForDistance(tiers, 5000, 5000)).toMatchObject({ deliverable: true, delivery_fee: 1000 });
  });

  it('a delivery beyond delivery_max_radius is out of range', () => {
    expect(feeForDistance(tiers, 5001, 5000)).toEqual({ deliverable: false, reason: 'OUT_OF_RANGE' });
  });

  it('delivery_max_radius wins over a larger tier', () => {
    expect(feeForDistance(tiers, 4000, 3000)).toEqual({ deliverable: false, reason: 'OUT_OF_RANGE' });
  });

  it('a delivery beyond the last tier is out of range', () => {
    expect(feeForDistance(tiers, 6000, 10_000)).toEqual({ deliverable: false, reason: 'OUT_OF_RANGE' });
  });

  it('measures from the store to the address, on the whole metre', () => {
    const store = { lat: -23.5, lng: -46.6 };
    const address = { lat: -23.49, lng: -46.6 }; // 1111.95 m north
    const result = feeByRadius({
      store,
      address,
      tiers: [{ upToMetres: 1112, fee: 300 }],
      maxRadiusMetres: 5000,
    });
    expect(result).toMatchObject({ deliverable: true, delivery_fee: 300 });
  });

  it('the delivery radius is shown in km, rounded', () => {
    expect([radiusKmText(5000), radiusKmText(5499), radiusKmText(5500), radiusKmText(400)]).toEqual([
      '5',
      '5',
      '6',
      '0',
    ]);
  });
});

describe('fee by area', () => {
  const square: PolygonPoint[] = [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 0],
  ];
  const triangle: PolygonPoint[] = [
    [0, 0],
    [2, 0],
    [0, 2],
  ];

  it('a point inside the polygon is inside', () => {
    expect(pointInPolygon({ lat: 0.5, lng: 0.5 }, square)).toBe(true);
  });

  it('a point outside the polygon is outside', () => {
    expect(pointInPolygon({ lat: 1.5, lng: 0.5 }, square)).toBe(false);
  });

  it('a point on an edge counts as inside', () => {
    expect(pointInPolygon({ lat: 0.5, lng: 1 }, square)).toBe(true);
  });

  it('a vertex counts as inside', () => {
    expect(pointInPolygon({ lat: 1, lng: 1 }, square)).toBe(true);
  });

  it('a point on a diagonal edge counts as inside', () => {
    expect(pointInPolygon({ lat: 0.7, lng: 1.3 }, triangle)).toBe(true);
  });

  it('a point just past a diagonal edge is outside', () => {
    expect(pointInPolygon({ lat: 0.7, lng: 1.31 }, triangle)).toBe(false);
  });

  it('a concave polygon excludes its notch', () => {
    const u: PolygonPoint[] = [
      [0, 0],
      [0, 3],
      [3, 3],
      [3, 2],
      [1, 2],
      [1, 1],
      [3, 1],
      [3, 0],
    ];
    expect([pointInPolygon({ lat: 2, lng: 1.5 }, u), pointInPolygon({ lat: 0.5, lng: 1.5 }, u)]).toEqual([
      false,
      true,
    ]);
  });

  it('an empty polygon contains nothing', () => {
    expect(pointInPolygon({ lat: 0, lng: 0 }, [])).toBe(false);
  });

  const areas: DeliveryArea[] = [
    { fee: 400, polygon: square },
    { fee: 900, polygon: triangle },
  ];

  it("the first matching area's fee applies", () => {
    expect(feeByArea(areas, { lat: 0.2, lng: 0.2 })).toEqual({
      deliverable: true,
      delivery_fee: 400,
      original_delivery_fee: 400,
      discount_minimum_order: 0,
    });
  });

  it('a later area applies where the first does not reach', () => {
    expect(feeByArea(areas, { lat: 1.5, lng: 0.2 })).toMatchObject({ deliverable: true, delivery_fee: 900 });
  });

  it('an address in no area is not deliverable', () => {
    expect(feeByArea(areas, { lat: 5, lng: 5 })).toEqual({ deliverable: false, reason: 'NO_AREA' });
  });

  it('property: every vertex and edge midpoint of a random triangle is inside it', () => {
    const coordinate = fc.double({ min: -50, max: 50, noNaN: true });
    const point = fc.tuple(coordinate, coordinate);
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        const polygon: PolygonPoint[] = [a, b, c];
        return polygon.every((vertex, i) => {
          const next = polygon[(i + 1) % 3]!;
          const midpoint = { lat: (vertex[0] + next[0]) / 2, lng: (vertex[1] + next[1]) / 2 };
          return (
            pointInPolygon({ lat: vertex[0], lng: vertex[1] }, polygon) && pointInPolygon(midpoint, polygon)
          );
        });
      }),
    );
  });
});

describe('chooseDeliveryFee', () => {
  const fees = { delivery_fee: 300, original_delivery_fee: 800, discount_minimum_order: 5000 };

  it('subtotal equal to the threshold gets the discounted fee', () => {
    expect(chooseDeliveryFee({ ...fees, subtotal: 5000 })).toBe(300);
  });

  it('subtotal above the threshold gets the discounted fee', () => {
    expect(chooseDeliveryFee({ ...fees, subtotal: 9000 })).toBe(300);
  });

  it('subtotal below the threshold pays the original fee', () => {
    expect(chooseDeliveryFee({ ...fees, subtotal: 4999 })).toBe(800);
  });

  it('a threshold of 0 means the delivery fee always applies', () => {
    expect(chooseDeliveryFee({ ...fees, discount_minimum_order: 0, subtotal: 0 })).toBe(300);
  });

  it('without an original fee the delivery fee applies', () => {
    expect(chooseDeliveryFee({ ...fees, original_delivery_fee: null, subtotal: 100 })).toBe(300);
  });
});

describe('feesWithDiscount', () => {
  it('without a discount both fees are the normal fee and there is no threshold', () => {
    expect(feesWithDiscount(800, { discountedFee: null, discountMinimumOrder: 5000 })).toEqual({
      delivery_fee: 800,
      original_delivery_fee: 800,
      discount_minimum_order: 0,
    });
  });

  it('a discount makes delivery_fee the discounted fee from the threshold up', () => {
    expect(feesWithDiscount(800, { discountedFee: 0, discountMinimumOrder: 15_000 })).toEqual({
      delivery_fee: 0,
      original_delivery_fee: 800,
      discount_minimum_order: 15_000,
    });
  });

  it('a "discounted" fee above the normal fee never raises it', () => {
    expect(feesWithDiscount(500, { discountedFee: 900, discountMinimumOrder: 0 }).delivery_fee).toBe(500);
  });
});

describe('feeForAddress', () => {
  const district: AddressDistrict = {
    active: true,
    deleted: false,
    cityActive: true,
    fee: 1000,
    discountedFee: 500,
    discountMinimumOrder: 10_000,
  };
  const byDistrict: StoreFeeModel = { type: 'neighbourhood' };
  const store = { lat: -23.5587, lng: -46.6345 };
  const byRadius: StoreFeeModel = {
    type: 'radius',
    store,
    tiers: [
      { upToMetres: 2000, fee: 500 },
      { upToMetres: 4000, fee: 800 },
    ],
    maxRadiusMetres: 4000,
    discount: { discountedFee: 0, discountMinimumOrder: 15_000 },
  };

  it("by neighbourhood: the neighbourhood's fees with its discount", () => {
    expect(feeForAddress(byDistrict, { position: null, district })).toEqual({
      deliverable: true,
      delivery_fee: 500,
      original_delivery_fee: 1000,
      discount_minimum_order: 10_000,
    });
  });

  it('by neighbourhood: an inactive or deleted neighbourhood is not deliverable', () => {
    for (const changed of [{ active: false }, { deleted: true }]) {
      expect(feeForAddress(byDistrict, { position: null, district: { ...district, ...changed } })).toEqual({
        deliverable: false,
        reason: 'DISTRICT_INACTIVE',
      });
    }
  });

  it("by neighbourhood: an inactive city is not deliverable, whatever its neighbourhood's state", () => {
    expect(
      feeForAddress(byDistrict, { position: null, district: { ...district, cityActive: false } }),
    ).toEqual({ deliverable: false, reason: 'CITY_INACTIVE' });
  });

  it('by neighbourhood: an address without a neighbourhood is not deliverable', () => {
    expect(feeForAddress(byDistrict, { position: store, district: null })).toEqual({
      deliverable: false,
      reason: 'NO_DISTRICT',
    });
  });

  it("by radius: the tier fee, with the store's discount, whatever the neighbourhood", () => {
    const position = { lat: store.lat + 0.01, lng: store.lng }; // about 1.1 km
    expect(feeForAddress(byRadius, { position, district: null })).toEqual({
      deliverable: true,
      delivery_fee: 0,
      original_delivery_fee: 500,
      discount_minimum_order: 15_000,
    });
    expect(feeForAddress(byRadius, { position, district: { ...district, active: false } })).toMatchObject({
      deliverable: true,
      original_delivery_fee: 500,
    });
  });

  it('by radius: beyond the maximum radius is out of range', () => {
    const position = { lat: store.lat + 0.05, lng: store.lng }; // about 5.6 km
    expect(feeForAddress(byRadius, { position, district: null })).toEqual({
      deliverable: false,
      reason: 'OUT_OF_RANGE',
    });
  });

  it('by radius: an address or a store without a position is not deliverable', () => {
    expect(feeForAddress(byRadius, { position: null, district })).toEqual({
      deliverable: false,
      reason: 'NO_LOCATION',
    });
    expect(feeForAddress({ ...byRadius, store: null }, { position: store, district: null })).toEqual({
      deliverable: false,
      reason: 'NO_STORE_LOCATION',
    });
  });

  it('by area: the first area containing the address, with the store discount; none outside', () => {
    const byArea: StoreFeeModel = {
      type: 'area',
      areas: [
        {
          fee: 700,
          polygon: [
            [0, 0],
            [0, 1],
            [1, 1],
            [1, 0],
          ],
        },
      ],
      discount: { discountedFee: null, discountMinimumOrder: 0 },
    };
    expect(feeForAddress(byArea, { position: { lat: 1, lng: 0.5 }, district: null })).toEqual({
      deliverable: true,
      delivery_fee: 700,
      original_delivery_fee: 700,
      discount_minimum_order: 0,
    });
    expect(feeForAddress(byArea, { position: { lat: 2, lng: 0.5 }, district: null })).toEqual({
      deliverable: false,
      reason: 'NO_AREA',
    });
    expect(feeForAddress(byArea, { position: null, district: null })).toEqual({
      deliverable: false,
      reason: 'NO_LOCATION',
    });
  });
});
