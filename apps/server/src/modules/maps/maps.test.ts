import { errorReply, type MapsPlace, mapsPlace, mapsPlaceList } from '@comanda/contract';
import { EARTH_RADIUS_METRES, haversineMetres } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, neighbourhoods } from '../../db/schema.ts';
import { findStoreBySlug } from '../../plugins/tenant.ts';
import { nextAddress, PIZZARIA, SAKURA } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { LocalMapsProvider } from './local-provider.ts';
import { MAPS_PER_ADDRESS, parseViewport } from './service.ts';
import { houseNumberValue, REVERSE_MAX_METRES, StreetIndex, streetKey } from './street-index.ts';
import { STREET_LIST, type StreetSegment } from './street-list.ts';

const METRES_PER_DEGREE = (EARTH_RADIUS_METRES * Math.PI) / 180;

describe('the street index of the maps stand-in', () => {
  // A street along the equator: number 1 at lng 0, number 1001 about 1112 m east.
  const line: StreetSegment = {
    street: 'Rua Reta',
    district: 'Centro',
    city: 'Cidade Teste',
    state: 'SP',
    start: [0, 0],
    end: [0, 0.01],
    from: 1,
    to: 1001,
  };
  const second: StreetSegment = {
    ...line,
    district: 'Norte',
    start: [0, 0.01],
    end: [0, 0.02],
    from: 1001,
    to: 2001,
  };
  const index = new StreetIndex([line, second]);

  it('spells out abbreviations and ignores accents, case and punctuation', () => {
    expect(streetKey('Av. Brig. Luís Antônio')).toBe('avenida brigadeiro luis antonio');
    expect(streetKey('R. Treze-de-Maio')).toBe('rua treze de maio');
  });

  it('reads the leading digits of a house number', () => {
    expect([houseNumberValue('12A'), houseNumberValue('S/N'), houseNumberValue(null)]).toEqual([
      12,
      null,
      null,
    ]);
  });

  it('interpolates house numbers along the street, in the segment holding the number', () => {
    const place = index.geocode('rua reta', '501', null)!;
    expect(place).toMatchObject({ number: '501', district: 'Centro', latitude: 0 });
    expect(place.longitude).toBeCloseTo(0.005, 6);
    expect(index.geocode('Rua Reta', '1501', null)).toMatchObject({ district: 'Norte', longitude: 0.015 });
  });

  it('a number beyond the street’s range sits at its nearest end', () => {
    expect(index.geocode('Rua Reta', '9000', null)).toMatchObject({ longitude: 0.02, number: '9000' });
  });

  it('reverse: the nearest street within 300 m, with the number at the nearest point', () => {
    const on = index.reverse({ lat: 0, lng: 0.005 });
    expect(on).toMatchObject({ street: 'Rua Reta', number: '501', district: 'Centro' });
    const near = index.reverse({ lat: (REVERSE_MAX_METRES - 1) / METRES_PER_DEGREE, lng: 0.005 });
    expect(near).toMatchObject({ street: 'Rua Reta' });
    expect(index.reverse({ lat: (REVERSE_MAX_METRES + 1) / METRES_PER_DEGREE, lng: 0.005 })).toBeNull();
  });

  it('distance from an address: from the house number, or from the street without one', () => {
    const point = { lat: 0, lng: 0.015 };
    const street = index.findStreet('Rua Reta', 'cidade teste')!;
    expect(index.distanceFromStreet(street, 'S/N', point)).toBeCloseTo(0, 3);
    expect(index.distanceFromStreet(street, '501', point)).toBeCloseTo(1112, -1);
    expect(index.findStreet('Rua Reta', 'Outra Cidade')).toBeUndefined();
  });

  it('reads a viewport as south,west,north,east', () => {
    expect(parseViewport('-23.7,-46.8,-23.4,-46.5')).toEqual({
      south: -23.7,
      west: -46.8,
      north: -23.4,
      east: -46.5,
    });
    for (const bad of ['', '1,2,3', 'a,b,c,d', '-23.4,-46.8,-23.7,-46.5'])
      expect(parseViewport(bad)).toBeUndefined();
  });
});

describe('the committed street list', () => {
  const provider = new LocalMapsProvider();

  it('has 30 to 60 streets of São Paulo and a few of Osasco', () => {
    const streetsOf = (city: string) =>
      new Set(STREET_LIST.filter((s) => s.city === city).map((s) => s.street));
    expect(streetsOf('São Paulo').size).toBeGreaterThanOrEqual(30);
    expect(streetsOf('São Paulo').size).toBeLessThanOrEqual(60);
    expect(streetsOf('Osasco').size).toBeGreaterThanOrEqual(3);
  });

  it('covers every neighbourhood of the demo pizzaria', () => {
    const districts = new Set(STREET_LIST.map((s) => `${s.city}/${s.district}`));
    for (const name of [
      'São Paulo/Consolação',
      'São Paulo/Bela Vista',
      'São Paulo/Liberdade',
      'São Paulo/Pinheiros',
      'São Paulo/Vila Mariana',
      'São Paulo/Jardim Paulista',
      'São Paulo/República',
      'São Paulo/Perdizes',
      'Osasco/Centro',
      'Osasco/Presidente Altino',
    ]) {
      expect(districts, name).toContain(name);
    }
  });

  it('keeps every segment plausible: in Greater São Paulo, under 4 km, numbers increasing', () => {
    for (const s of STREET_LIST) {
      for (const [lat, lng] of [s.start, s.end]) {
        expect(lat, s.street).toBeGreaterThan(-23.75);
        expect(lat, s.street).toBeLessThan(-23.45);
        expect(lng, s.street).toBeGreaterThan(-46.85);
        expect(lng, s.street).toBeLessThan(-46.55);
      }
      const length = haversineMetres({ lat: s.start[0], lng: s.start[1] }, { lat: s.end[0], lng: s.end[1] });
      expect(length, s.street).toBeLessThan(4000);
      expect(s.to, s.street).toBeGreaterThan(s.from);
    }
  });

  it('places the demo sakura (Rua Galvão Bueno, 300) at its settings position', async () => {
    const place = await provider.geocode({ street: 'Rua Galvão Bueno', number: '300', city: 'São Paulo' });
    expect(
      haversineMetres({ lat: place!.latitude, lng: place!.longitude }, { lat: -23.5587, lng: -46.6345 }),
    ).toBeLessThan(100);
  });
});

describe('maps endpoints (GET /core/v2/maps/*)', () => {
  let t: TestApp;
  const spIds = {} as Record<string, number>;

  beforeAll(async () => {
    t = await buildTestApp();
    const store = (await findStoreBySlug(t.database.db, 'pizzaria'))!;
    const rows = await t.database.db
      .select({ id: neighbourhoods.id, descricao: neighbourhoods.descricao, city: cities.nome })
      .from(neighbourhoods)
      .innerJoin(cities, eq(cities.id, neighbourhoods.cityId))
      .where(eq(neighbourhoods.storeId, store.id));
    for (const row of rows) spIds[`${row.city}/${row.descricao}`] = row.id;
    const cityRows = await t.database.db.select().from(cities).where(eq(cities.storeId, store.id));
    for (const row of cityRows) spIds[row.nome] = row.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, host = PIZZARIA, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'GET', url, headers: { host }, remoteAddress });
  const autocomplete = async (q: string, extra = '', host = PIZZARIA): Promise<MapsPlace[]> => {
    const response = await get(`/core/v2/maps/autocomplete?q=${encodeURIComponent(q)}${extra}`, host);
    expect(response.statusCode, response.body).toBe(200);
    return mapsPlaceList.parse(response.json()).results;
  };

  describe('autocomplete', () => {
    it("finds a street by a part of its name, with the store's city and neighbourhood ids", async () => {
      const [first] = await autocomplete('augusta');
      expect(first).toMatchObject({
        street: 'Rua Augusta',
        number: null,
        city: 'São Paulo',
        city_id: spIds['São Paulo'],
        state: 'SP',
      });
      expect(first!.district_id).toBe(spIds[`São Paulo/${first!.district}`]);
    });

    it('ignores accents and case, and places a trailing number on the right stretch', async () => {
      const [consolacao] = await autocomplete('RUA AUGUSTA 1500');
      expect(consolacao).toMatchObject({
        number: '1500',
        district: 'Consolação',
        district_id: spIds['São Paulo/Consolação'],
        description: 'Rua Augusta, 1500 - Consolação, São Paulo - SP',
      });
      const [jardins] = await autocomplete('augusta, 2500');
      expect(jardins).toMatchObject({
        district: 'Jardim Paulista',
        district_id: spIds['São Paulo/Jardim Paulista'],
      });
      const [liberdade] = await autocomplete('galvao bueno 300');
      expect(liberdade).toMatchObject({ street: 'Rua Galvão Bueno', district: 'Liberdade', number: '300' });
    });

    it('matches prefixes first, then substrings, then words of the neighbourhood or city', async () => {
      const results = await autocomplete('liberdade', '&limit=8');
      expect(results[0]!.street).toBe('Avenida da Liberdade');
      expect(results.slice(1).every((place) => place.district === 'Liberdade')).toBe(true);
      const [osasco] = await autocomplete('antonio agu osasco');
      expect(osasco).toMatchObject({
        street: 'Rua Antônio Agu',
        city: 'Osasco',
        city_id: spIds.Osasco,
        district: 'Centro',
        district_id: spIds['Osasco/Centro'],
      });
    });

    it('spells out abbreviations', async () => {
      expect((await autocomplete('av. paulista'))[0]!.street).toBe('Avenida Paulista');
    });

    it('answers at most 8 results, 5 by default, and nothing under 3 letters', async () => {
      expect(await autocomplete('rua')).toHaveLength(5);
      expect(await autocomplete('rua', '&limit=8')).toHaveLength(8);
      expect(await autocomplete('ru')).toEqual([]);
      expect(await autocomplete('zzzzzz')).toEqual([]);
      const tooMany = await get('/core/v2/maps/autocomplete?q=rua&limit=9');
      expect(tooMany.statusCode).toBe(400);
      expect(errorReply.parse(tooMany.json())).toMatchObject({ code: 'INVALID_INPUT', field: 'limit' });
      expect((await get(`/core/v2/maps/autocomplete?q=${'a'.repeat(101)}`)).statusCode).toBe(400);
    });

    it('ranks the streets inside the viewport first', async () => {
      const osascoViewport = '&viewport=-23.55,-46.80,-23.51,-46.75';
      const [first] = await autocomplete('avenida', `${osascoViewport}&limit=8`);
      expect(first!.city).toBe('Osasco');
      const [nearSakura] = await autocomplete('avenida', '', SAKURA);
      expect(nearSakura!.city).toBe('São Paulo');
    });

    it('has no store ids at a store without cities (sakura)', async () => {
      const [place] = await autocomplete('augusta 100', '', SAKURA);
      expect(place).toMatchObject({ street: 'Rua Augusta', city_id: null, district_id: null });
    });

    it('gives the id of an inactive neighbourhood (saving there is refused with the reason)', async () => {
      const [place] = await autocomplete('avenida moema');
      expect(place).toMatchObject({ district: 'Moema', district_id: spIds['São Paulo/Moema'] });
    });
  });

  describe('geocode', () => {
    it('places a street address', async () => {
      const response = await get('/core/v2/maps/geocode?street=Av.%20Paulista&number=1578&city=sao%20paulo');
      expect(response.statusCode).toBe(200);
      const place = mapsPlace.parse(response.json());
      expect(place).toMatchObject({ street: 'Avenida Paulista', number: '1578', district: 'Consolação' });
      expect(
        haversineMetres({ lat: place.latitude, lng: place.longitude }, { lat: -23.5614, lng: -46.6559 }),
      ).toBeLessThan(150);
    });

    it('answers 404 LOCATION_NOT_FOUND for an unknown street or city', async () => {
      for (const url of [
        '/core/v2/maps/geocode?street=Rua%20Que%20N%C3%A3o%20Existe&number=1',
        '/core/v2/maps/geocode?street=Rua%20Augusta&number=1&city=Curitiba',
      ]) {
        const response = await get(url);
        expect(response.statusCode).toBe(404);
        expect(errorReply.parse(response.json()).code).toBe('LOCATION_NOT_FOUND');
      }
      expect((await get('/core/v2/maps/geocode?street=')).statusCode).toBe(400);
    });
  });

  describe('reverse', () => {
    it('finds the street and number at a position (use my location)', async () => {
      const response = await get('/core/v2/maps/reverse?lat=-23.5587&lng=-46.6347');
      expect(response.statusCode).toBe(200);
      const place = mapsPlace.parse(response.json());
      expect(place).toMatchObject({
        street: 'Rua Galvão Bueno',
        district: 'Liberdade',
        district_id: spIds['São Paulo/Liberdade'],
        latitude: -23.5587,
        longitude: -46.6347,
      });
      expect(Math.abs(Number(place.number) - 300)).toBeLessThan(30);
    });

    it('answers 404 LOCATION_NOT_FOUND with no street within 300 m', async () => {
      const response = await get('/core/v2/maps/reverse?lat=-23.70&lng=-46.50');
      expect(response.statusCode).toBe(404);
      expect(errorReply.parse(response.json())).toMatchObject({ code: 'LOCATION_NOT_FOUND' });
    });

    it('refuses coordinates out of range', async () => {
      for (const query of ['lat=91&lng=0', 'lat=0&lng=181', 'lat=abc&lng=0', 'lng=0']) {
        expect((await get(`/core/v2/maps/reverse?${query}`)).statusCode, query).toBe(400);
      }
    });
  });

  describe('tile', () => {
    it('draws the named streets around a position as an SVG picture, with no coordinates in it', async () => {
      const response = await get('/core/v2/maps/tile?lat=-23.5535&lng=-46.6521');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body).toMatch(/^<svg [^>]*width="480" height="320"/);
      expect(response.body).toContain('>Rua Augusta</textPath>');
      expect(response.body).toMatch(/<path d="M[\d.]+ [\d.]+L[\d.]+ [\d.]+" stroke="#ffffff"/);
      expect(response.body).not.toContain('-23.5');
    });

    it('draws only the ground far from every listed street', async () => {
      const response = await get('/core/v2/maps/tile?lat=-23.70&lng=-46.50');
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<textPath');
    });

    it('refuses coordinates out of range', async () => {
      for (const query of ['lat=91&lng=0', 'lat=0&lng=181', 'lat=abc&lng=0', 'lng=0']) {
        const response = await get(`/core/v2/maps/tile?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(errorReply.parse(response.json()).code, query).toBeTruthy();
      }
    });
  });

  it('limits the maps calls per client address (429 TOO_MANY_ATTEMPTS with Retry-After)', async () => {
    const address = nextAddress();
    const urls = [
      '/core/v2/maps/autocomplete?q=augusta',
      '/core/v2/maps/geocode?street=Rua%20Augusta',
      '/core/v2/maps/reverse?lat=-23.5587&lng=-46.6347',
    ];
    for (let i = 0; i < MAPS_PER_ADDRESS.max; i += 1) {
      const response = await get(urls[i % urls.length]!, PIZZARIA, address);
      expect(response.statusCode).toBe(200);
    }
    const refused = await get(urls[0]!, PIZZARIA, address);
    expect(refused.statusCode).toBe(429);
    expect(errorReply.parse(refused.json()).code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, and the same address at another store, are counted apart.
    expect((await get(urls[0]!, PIZZARIA)).statusCode).toBe(200);
    expect((await get(urls[0]!, SAKURA, address)).statusCode).toBe(200);
  });
});
