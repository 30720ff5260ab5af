/*
 * Maps behind an interface (DESIGN "Outside services are adapters with a local stand-in"). The
 * server holds only the interface and the local stand-in (LocalMapsProvider): the Google adapter
 * runs in the browser, which loads the Maps JavaScript API with the store's google_maps_key
 * (Places autocomplete within the store's viewport, geocoding in pt-BR, region br).
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** A rectangle in degrees; results inside it rank first. */
export interface Viewport {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** A place as the provider finds it: names only, no store ids. */
export interface FoundPlace {
  street: string;
  /** The house number when the query or the position gave one. */
  number: string | null;
  district: string | null;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

export interface GeocodeRequest {
  street: string;
  /** Digits (and letters); 'S/N' or absent for the street itself. */
  number?: string | null | undefined;
  city?: string | null | undefined;
}

export interface MapsProvider {
  readonly name: string;
  /** Places whose street matches the typed text ('augusta 1500'), best first, at most 8. */
  autocomplete(query: string, viewport?: Viewport): Promise<FoundPlace[]>;
  /** The position of a street address; null when unknown. */
  geocode(address: GeocodeRequest): Promise<FoundPlace | null>;
  /** The street address at a position; null when there is none near. */
  reverseGeocode(lat: number, lng: number): Promise<FoundPlace | null>;
  /** An SVG street picture centred on the position, for a provider the browser has no map of. */
  streetTile?(centre: LatLng): string;
}
