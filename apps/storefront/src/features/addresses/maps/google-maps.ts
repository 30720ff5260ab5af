import type { Company, MapsPlace } from '@comanda/contract';
import { type MapHandle, type MapsProvider, type MapsSuggestion, standInMaps } from '../api/addresses-api.ts';
import type { LatLng } from '../model/wizard-rules.ts';

/*
 * Google Maps behind MapsProvider (spec sections 7 "Third-party calls" and 9 "Maps and polling").
 * Only this module knows the Maps JavaScript API; it is reached from the lazy address screens, never
 * from the menu. The script is added once; `window.google.maps` is polled every 300 ms.
 */

export const MAPS_SCRIPT_POLL_MS = 300;
/** How long the script may take before the stand-in answers instead (about 33 polls). */
export const MAPS_SCRIPT_TIMEOUT_MS = 10_000;
/** Spec section 9: the map waits for its element 5 × 100 ms. */
export const MAP_WAIT_TRIES = 5;
export const MAP_WAIT_MS = 100;
export const MAP_ZOOM = 16;
const SCRIPT_ID = 'comanda-google-maps';

/** The viewport string: 'south,west,north,east' in degrees (as the server's maps stand-in reads it). */
export interface Viewport {
  south: number;
  west: number;
  north: number;
  east: number;
}

export function parseViewport(value: string | null | undefined): Viewport | null {
  if (!value) return null;
  const parts = value.split(',').map((part) => Number(part.trim()));
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return null;
  const [south, west, north, east] = parts as [number, number, number, number];
  if (south >= north || west >= east || Math.abs(south) > 90 || Math.abs(north) > 90) return null;
  return { south, west, north, east };
}

export function googleMapsScriptUrl(key: string): string {
  const params = new URLSearchParams({
    key,
    libraries: 'places',
    language: 'pt-BR',
    region: 'br',
    loading: 'async',
  });
  return `https://maps.googleapis.com/maps/api/js?${params}`;
}

// --- The few parts of the Maps JavaScript API used here (no @types/google.maps in the repo). ---

interface GLatLng {
  lat(): number;
  lng(): number;
}
interface GAddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
export interface GGeocoderResult {
  formatted_address: string;
  address_components: GAddressComponent[];
  geometry: { location: GLatLng };
  types?: string[];
}
interface GPrediction {
  description: string;
  place_id: string;
  structured_formatting?: { main_text?: string };
}
interface GListener {
  remove(): void;
}
interface GMarker {
  setPosition(position: LatLng): void;
  setMap(map: unknown): void;
  addListener(event: string, handler: (event: { latLng: GLatLng | null }) => void): GListener;
}
interface GMap {
  setCenter(position: LatLng): void;
}
export interface GoogleMapsApi {
  places: {
    AutocompleteService: new () => {
      getPlacePredictions(request: Record<string, unknown>): Promise<{ predictions: GPrediction[] }>;
    };
  };
  Geocoder: new () => {
    geocode(request: Record<string, unknown>): Promise<{ results: GGeocoderResult[] }>;
  };
  Map: new (element: HTMLElement, options: Record<string, unknown>) => GMap;
  Marker: new (options: Record<string, unknown>) => GMarker;
}

type WindowWithGoogle = Window & { google?: { maps?: Partial<GoogleMapsApi> } };

function readyApi(): GoogleMapsApi | null {
  const maps = (window as WindowWithGoogle).google?.maps;
  if (maps?.places?.AutocompleteService && maps.Geocoder && maps.Map && maps.Marker)
    return maps as GoogleMapsApi;
  return null;
}

let loading: Promise<GoogleMapsApi> | null = null;

/** Adds the script once (whatever the key of a later call) and resolves when the API is usable. */
export function loadGoogleMaps(key: string): Promise<GoogleMapsApi> {
  if (loading) return loading;
  loading = new Promise<GoogleMapsApi>((resolve, reject) => {
    const ready = readyApi();
    if (ready) {
      resolve(ready);
      return;
    }
    if (!document.getElementById(SCRIPT_ID)) {
      const script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.src = googleMapsScriptUrl(key);
      script.async = true;
      script.defer = true;
      document.head.append(script);
    }
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      const api = readyApi();
      if (api) {
        clearInterval(timer);
        resolve(api);
      } else if (polls * MAPS_SCRIPT_POLL_MS >= MAPS_SCRIPT_TIMEOUT_MS) {
        clearInterval(timer);
        reject(new Error('Google Maps did not load'));
      }
    }, MAPS_SCRIPT_POLL_MS);
  });
  // A failed load may be retried by a later call (the tag stays; it is not added again).
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** For tests: forgets the loaded API (the script tag is the caller's to remove). */
export function resetGoogleMapsLoader(): void {
  loading = null;
}

function component(result: GGeocoderResult, ...types: string[]): GAddressComponent | undefined {
  for (const type of types) {
    const found = result.address_components.find((part) => part.types.includes(type));
    if (found) return found;
  }
  return undefined;
}

/**
 * address_components → our parts. In Brazil the city is administrative_area_level_2 (locality when
 * given), the district a sublocality, the state the short name of administrative_area_level_1 ('SP').
 * Google knows nothing of the store's ids: city_id and district_id are null, the server matches names.
 */
export function placeFromGeocoderResult(result: GGeocoderResult): MapsPlace {
  const location = result.geometry.location;
  return {
    description: result.formatted_address,
    street: component(result, 'route')?.long_name ?? '',
    number: component(result, 'street_number')?.long_name ?? null,
    district: component(result, 'sublocality_level_1', 'sublocality', 'neighborhood')?.long_name ?? null,
    district_id: null,
    city: component(result, 'administrative_area_level_2', 'locality')?.long_name ?? '',
    city_id: null,
    state: component(result, 'administrative_area_level_1')?.short_name ?? '',
    latitude: location.lat(),
    longitude: location.lng(),
  };
}

function waitForElement(element: HTMLElement): Promise<void> {
  return new Promise((resolve, reject) => {
    let tries = 0;
    const check = () => {
      if (element.isConnected) resolve();
      else if (++tries >= MAP_WAIT_TRIES) reject(new Error('map element missing'));
      else setTimeout(check, MAP_WAIT_MS);
    };
    check();
  });
}

/**
 * The Google provider. While the script has not loaded (blocked, offline, bad key) the stand-in
 * answers, so the wizard still works; its suggestions carry no place_id and need no lookup.
 */
export function googleMaps(key: string, viewport: Viewport | null): MapsProvider {
  const bounds = viewport ?? undefined;
  const api = () => loadGoogleMaps(key);
  const first = (results: GGeocoderResult[]) => {
    const best = results.find((result) => component(result, 'route')) ?? results[0];
    return best ? placeFromGeocoderResult(best) : null;
  };

  return {
    kind: 'google',
    async autocomplete(query, signal) {
      let maps: GoogleMapsApi;
      try {
        maps = await api();
      } catch {
        return standInMaps.autocomplete(query, signal);
      }
      const { predictions } = await new maps.places.AutocompleteService().getPlacePredictions({
        input: query,
        ...(bounds ? { bounds, strictBounds: true } : {}),
        componentRestrictions: { country: 'br' },
      });
      if (signal?.aborted) return [];
      return predictions.map(
        (prediction): MapsSuggestion => ({
          description: prediction.description,
          street: prediction.structured_formatting?.main_text ?? prediction.description,
          number: null,
          district: null,
          district_id: null,
          city: '',
          city_id: null,
          state: '',
          latitude: Number.NaN,
          longitude: Number.NaN,
          place_id: prediction.place_id,
        }),
      );
    },
    async resolve(suggestion) {
      if (!suggestion.place_id) return suggestion;
      const maps = await api();
      const { results } = await new maps.Geocoder().geocode({
        placeId: suggestion.place_id,
        region: 'br',
        ...(bounds ? { bounds } : {}),
      });
      return first(results);
    },
    async geocode(street, number, city) {
      let maps: GoogleMapsApi;
      try {
        maps = await api();
      } catch {
        return standInMaps.geocode(street, number, city);
      }
      const address = [street, number, city].filter(Boolean).join(', ');
      const { results } = await new maps.Geocoder().geocode({
        address,
        region: 'br',
        ...(bounds ? { bounds } : {}),
      });
      return first(results);
    },
    async reverse(lat, lng) {
      let maps: GoogleMapsApi;
      try {
        maps = await api();
      } catch {
        return standInMaps.reverse(lat, lng);
      }
      const { results } = await new maps.Geocoder().geocode({ location: { lat, lng }, region: 'br' });
      return first(results);
    },
    async mountMap(element, position, onMove): Promise<MapHandle> {
      const maps = await api();
      await waitForElement(element);
      const map = new maps.Map(element, {
        center: position,
        zoom: MAP_ZOOM,
        disableDefaultUI: true,
        zoomControl: true,
        gestureHandling: 'greedy',
      });
      const marker = new maps.Marker({ map, position, draggable: true });
      const listener = marker.addListener('dragend', (event) => {
        if (event.latLng) onMove({ lat: event.latLng.lat(), lng: event.latLng.lng() });
      });
      return {
        setPosition(next) {
          marker.setPosition(next);
          map.setCenter(next);
        },
        destroy() {
          listener.remove();
          marker.setMap(null);
        },
      };
    },
  };
}

/** Google when the store has a key, else the server's stand-in. */
export function chooseMapsProvider(
  company: Pick<Company, 'google_maps_key' | 'google_maps_viewport'> | null | undefined,
): MapsProvider {
  const key = company?.google_maps_key?.trim();
  if (!key) return standInMaps;
  return googleMaps(key, parseViewport(company?.google_maps_viewport));
}
