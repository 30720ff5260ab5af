import type { MapsPlace, MapsPlaceList } from '@comanda/contract';
import { formatAddressLine } from '@comanda/domain';
import type { Database, DbExecutor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { RateLimiter, WindowRule } from '../../plugins/rate-limit.ts';
import type { StoreRef } from '../../plugins/tenant.ts';
import type { FoundPlace, GeocodeRequest, MapsProvider, Viewport } from './provider.ts';
import { findStoreMapSettings, listStorePlaces, type StoreCity, type StoreDistrict } from './repository.ts';
import { streetKey } from './street-index.ts';

/**
 * Calls (autocomplete, geocode, reverse) from one address. The storefront debounces autocomplete by
 * 400 ms, so one customer adding an address makes a few dozen calls at most.
 */
export const MAPS_PER_ADDRESS: WindowRule = {
  kind: 'window',
  name: 'maps-address',
  max: 300,
  windowSeconds: 10 * 60,
  message: 'Muitas buscas de endereço.',
};

/** Half the side of the default search viewport around the store: about 11 km. */
const STORE_VIEWPORT_DEGREES = 0.1;

export const locationNotFound = () =>
  notFound('LOCATION_NOT_FOUND', 'Não encontramos esse endereço. Confira o endereço ou escolha no mapa.');

/** 'south,west,north,east' in degrees (Google's LatLngBounds.toUrlValue()); undefined when malformed. */
export function parseViewport(text: string | null | undefined): Viewport | undefined {
  const parts = (text ?? '').split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return undefined;
  const [south, west, north, east] = parts as [number, number, number, number];
  if (south > north || west > east || Math.abs(south) > 90 || Math.abs(north) > 90) return undefined;
  if (Math.abs(west) > 180 || Math.abs(east) > 180) return undefined;
  return { south, west, north, east };
}

export interface StorePlaces {
  cities: StoreCity[];
  districts: StoreDistrict[];
}

/** The store's cities and neighbourhoods (deleted ones included), for matching names to ids. */
export function storePlaces(db: DbExecutor, storeId: number): Promise<StorePlaces> {
  return listStorePlaces(db, storeId);
}

/** Name comparison of cities and neighbourhoods: accents, case, punctuation and abbreviations aside. */
export const placeKey = streetKey;

/** The store's city of that name (an active one first). */
export function storeCityNamed(places: StorePlaces, name: string | null | undefined): StoreCity | undefined {
  if (!name) return undefined;
  const key = placeKey(name);
  const matches = places.cities.filter((city) => placeKey(city.nome) === key);
  return matches.find((city) => city.ativo) ?? matches[0];
}

/** The store's neighbourhood of that name in that city, not deleted (an active one first). */
export function storeDistrictNamed(
  places: StorePlaces,
  cityId: number,
  name: string | null | undefined,
): StoreDistrict | undefined {
  if (!name) return undefined;
  const key = placeKey(name);
  const matches = places.districts.filter(
    (district) => district.cityId === cityId && !district.excluido && placeKey(district.descricao) === key,
  );
  return matches.find((district) => district.ativo) ?? matches[0];
}

/** A provider's place on the wire, with the store's city and neighbourhood ids where it has them. */
export function toMapsPlace(place: FoundPlace, places: StorePlaces): MapsPlace {
  const city = storeCityNamed(places, place.city);
  const district = city ? storeDistrictNamed(places, city.id, place.district) : undefined;
  return {
    description: formatAddressLine({
      street: place.street,
      number: place.number ?? '',
      district: place.district,
      city: place.city,
      state: place.state,
    }),
    street: place.street,
    number: place.number,
    district: place.district,
    district_id: district?.id ?? null,
    city: place.city,
    city_id: city?.id ?? null,
    state: place.state,
    latitude: place.latitude,
    longitude: place.longitude,
  };
}

export interface MapsServiceDeps {
  db: Database;
  provider: MapsProvider;
  limiter: RateLimiter;
  now: () => Date;
}

/** The maps endpoints: the provider's answers, limited per client address, with the store's ids. */
export class MapsService {
  constructor(private readonly deps: MapsServiceDeps) {}

  async autocomplete(
    store: StoreRef,
    query: { q: string; limit: number; viewport?: string | undefined },
    address: string,
  ): Promise<MapsPlaceList> {
    await this.consume(store, address);
    const viewport = parseViewport(query.viewport) ?? (await this.storeViewport(store.id));
    const found = await this.deps.provider.autocomplete(query.q, viewport);
    if (found.length === 0) return { results: [] };
    const places = await listStorePlaces(this.deps.db, store.id);
    return { results: found.slice(0, query.limit).map((place) => toMapsPlace(place, places)) };
  }

  async geocode(store: StoreRef, request: GeocodeRequest, address: string): Promise<MapsPlace> {
    await this.consume(store, address);
    const found = await this.deps.provider.geocode(request);
    if (!found) throw locationNotFound();
    return toMapsPlace(found, await listStorePlaces(this.deps.db, store.id));
  }

  async reverse(store: StoreRef, lat: number, lng: number, address: string): Promise<MapsPlace> {
    await this.consume(store, address);
    const found = await this.deps.provider.reverseGeocode(lat, lng);
    if (!found) throw locationNotFound();
    return toMapsPlace(found, await listStorePlaces(this.deps.db, store.id));
  }

  /** The stand-in's street picture around a position (404 LOCATION_NOT_FOUND from a provider without). */
  async tile(store: StoreRef, lat: number, lng: number, address: string): Promise<string> {
    await this.consume(store, address);
    const tile = this.deps.provider.streetTile?.({ lat, lng });
    if (tile === undefined) throw locationNotFound();
    return tile;
  }

  private consume(store: StoreRef, address: string): Promise<void> {
    return this.deps.limiter.consume(store.id, MAPS_PER_ADDRESS, address, this.deps.now());
  }

  /** The store's google_maps_viewport, else a square around its position. */
  private async storeViewport(storeId: number): Promise<Viewport | undefined> {
    const settings = await findStoreMapSettings(this.deps.db, storeId);
    if (!settings) return undefined;
    const configured = parseViewport(settings.googleMapsViewport);
    if (configured) return configured;
    if (settings.latitude === null || settings.longitude === null) return undefined;
    return {
      south: settings.latitude - STORE_VIEWPORT_DEGREES,
      west: settings.longitude - STORE_VIEWPORT_DEGREES,
      north: settings.latitude + STORE_VIEWPORT_DEGREES,
      east: settings.longitude + STORE_VIEWPORT_DEGREES,
    };
  }
}
