import type { FoundPlace, GeocodeRequest, MapsProvider, Viewport } from './provider.ts';
import { StreetIndex } from './street-index.ts';
import { STREET_LIST } from './street-list.ts';

/**
 * The local maps stand-in: geocodes from the committed street list of the demo cities (see
 * street-list.ts), so the address wizard works offline, in demos and in tests. A store can run on it:
 * it is what every store without a google_maps_key uses.
 */
export class LocalMapsProvider implements MapsProvider {
  readonly name = 'local';

  constructor(readonly index: StreetIndex = new StreetIndex(STREET_LIST)) {}

  async autocomplete(query: string, viewport?: Viewport): Promise<FoundPlace[]> {
    return this.index.search(query, viewport);
  }

  async geocode({ street, number, city }: GeocodeRequest): Promise<FoundPlace | null> {
    return this.index.geocode(street, number, city);
  }

  async reverseGeocode(lat: number, lng: number): Promise<FoundPlace | null> {
    return this.index.reverse({ lat, lng });
  }
}
