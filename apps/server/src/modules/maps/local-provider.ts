import { STREET_TILE } from '@comanda/contract';
import type { FoundPlace, GeocodeRequest, LatLng, MapsProvider, Viewport } from './provider.ts';
import { StreetIndex } from './street-index.ts';
import { STREET_LIST } from './street-list.ts';
import { drawStreetTile } from './street-tile.ts';

/** Segments this close to the centre can cross the tile (its half diagonal, with room). */
const TILE_REACH_METRES =
  Math.hypot(STREET_TILE.width, STREET_TILE.height) * STREET_TILE.metresPerPixel * 0.5 + 50;

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

  streetTile(centre: LatLng): string {
    return drawStreetTile(this.index.segmentsNear(centre, TILE_REACH_METRES), centre);
  }
}
