import { describe, expect, it } from 'vitest';
import {
  collectAtDoor,
  courierDayPay,
  nearestNextOrder,
  payBandsRefusal,
  routeMapsLink,
  stopLinks,
  suggestRoutes,
} from './dispatch.ts';

const STORE = { lat: -23.5558, lng: -46.6623 };
/** Points east of the store, about 100 m per 0.001° of longitude. */
const east = (thousandths: number) => ({ lat: STORE.lat, lng: STORE.lng + thousandths / 1000 });

describe('nearest-next order', () => {
  it('goes from the store to the closest stop, then the closest to that one', () => {
    const points = [
      { id: 1, at: east(31) },
      { id: 2, at: east(5) },
      { id: 3, at: east(-6) },
      { id: 4, at: east(12) },
    ];
    // From the store: 2 (500 m), then 4 (700 m on), then 3 (1.8 km back), then 1 (3.7 km).
    expect(nearestNextOrder(STORE, points).map((p) => p.id)).toEqual([2, 4, 3, 1]);
  });

  it('puts stops without coordinates last, and keeps the order without the store’s', () => {
    const points = [
      { id: 1, at: null },
      { id: 2, at: east(20) },
      { id: 3, at: east(1) },
    ];
    expect(nearestNextOrder(STORE, points).map((p) => p.id)).toEqual([3, 2, 1]);
    expect(nearestNextOrder(null, points).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});

describe('suggested routes', () => {
  it('group by neighbourhood (case and accents aside), nearest neighbourhood first, at most four stops', () => {
    const routes = suggestRoutes(STORE, [
      { id: 1, at: east(40), neighbourhood: 'Pinheiros' },
      { id: 2, at: east(3), neighbourhood: 'Consolação' },
      { id: 3, at: east(2), neighbourhood: 'consolacao' },
      { id: 4, at: null, neighbourhood: null },
      { id: 5, at: east(41), neighbourhood: 'Pinheiros' },
      { id: 6, at: east(4), neighbourhood: 'Consolação' },
      { id: 7, at: east(5), neighbourhood: 'Consolação' },
      { id: 8, at: east(6), neighbourhood: 'Consolação' },
    ]);
    expect(routes).toEqual([
      { neighbourhood: 'Consolação', ids: [3, 2, 6, 7] },
      { neighbourhood: 'Consolação', ids: [8] },
      { neighbourhood: 'Pinheiros', ids: [1, 5] },
      { neighbourhood: null, ids: [4] },
    ]);
  });
});

describe('a courier’s day pay', () => {
  const bands = {
    modelo: 'faixa_km' as const,
    faixas: [
      { ate_km: 2, valor: 500 },
      { ate_km: 5, valor: 800 },
      { ate_km: 8, valor: 1200 },
    ],
  };

  it('pays each delivery by its km band, the last band covering the rest, an unknown distance as the first', () => {
    const pay = courierDayPay(bands, [
      { distanceMetres: 1999 },
      { distanceMetres: 2000 },
      { distanceMetres: 2001 },
      { distanceMetres: 12_000 },
      { distanceMetres: null },
    ]);
    expect(pay.bands).toEqual([
      { upToKm: 2, deliveries: 3, amount: 1500 },
      { upToKm: 5, deliveries: 1, amount: 800 },
      { upToKm: 8, deliveries: 1, amount: 1200 },
    ]);
    expect(pay.owed).toBe(3500);
    expect(pay.distanceMetres).toBe(18_000);
  });

  it('pays per delivery, and the daily rate only on a day worked', () => {
    expect(
      courierDayPay({ modelo: 'por_entrega', valor_entrega: 700 }, [
        { distanceMetres: 1 },
        { distanceMetres: 2 },
      ]).owed,
    ).toBe(1400);
    const daily = { modelo: 'diaria_mais_entrega' as const, diaria: 5000, valor_entrega: 300 };
    expect(courierDayPay(daily, []).owed).toBe(0);
    expect(courierDayPay(daily, [], true).owed).toBe(5000);
    expect(courierDayPay(daily, [{ distanceMetres: 900 }])).toMatchObject({ dailyRate: 5000, owed: 5300 });
  });

  it('refuses km bands that do not go up', () => {
    expect(payBandsRefusal(bands)).toBeNull();
    expect(
      payBandsRefusal({
        modelo: 'faixa_km',
        faixas: [
          { ate_km: 3, valor: 1 },
          { ate_km: 3, valor: 2 },
        ],
      }),
    ).toBe('NOT_ASCENDING');
    expect(payBandsRefusal({ modelo: 'por_entrega', valor_entrega: 1 })).toBeNull();
  });
});

describe('at the door', () => {
  it('collects the total and brings the change for the note', () => {
    expect(collectAtDoor(4790, 10_000)).toEqual({ valor: 4790, troco_para: 10_000, troco: 5210 });
    expect(collectAtDoor(4790, null)).toEqual({ valor: 4790, troco_para: null, troco: null });
    expect(collectAtDoor(4790, 4790)).toEqual({ valor: 4790, troco_para: null, troco: null });
  });
});

describe('links', () => {
  it('open a stop in Google Maps, Waze, the phone and WhatsApp without a key', () => {
    const links = stopLinks({
      at: { lat: -23.5535, lng: -46.6585 },
      address: 'Rua Augusta, 1500',
      phone: '(11) 98888-7777',
      vehicle: 'bicicleta',
    });
    expect(links).toEqual({
      maps: 'https://www.google.com/maps/dir/?api=1&destination=-23.553500%2C-46.658500&travelmode=bicycling',
      waze: 'https://waze.com/ul?ll=-23.553500%2C-46.658500&navigate=yes',
      telefone: 'tel:+5511988887777',
      whatsapp: 'https://wa.me/5511988887777',
    });
    const noPlace = stopLinks({ at: null, address: 'Rua Augusta, 1500', phone: '123', vehicle: 'moto' });
    expect(noPlace.maps).toContain('destination=Rua%20Augusta%2C%201500');
    expect(noPlace.waze).toContain('q=Rua%20Augusta');
    expect(noPlace.telefone).toBeNull();
  });

  it('open the whole route from the store, through the stops, back to the store', () => {
    const link = routeMapsLink(STORE, [east(5), null, east(9)], 'moto');
    expect(link).toContain('origin=-23.555800%2C-46.662300');
    expect(link).toContain('destination=-23.555800%2C-46.662300');
    expect(decodeURIComponent(link!)).toContain('waypoints=-23.555800,-46.657300|-23.555800,-46.653300');
    expect(routeMapsLink(null, [east(5)], 'moto')).toBeNull();
  });
});
