import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithData } from '../../../test/render.tsx';
import { standInMaps } from '../api/addresses-api.ts';
import { AddressWizard } from '../components/address-wizard.tsx';
import {
  chooseMapsProvider,
  type GGeocoderResult,
  googleMaps,
  googleMapsScriptUrl,
  loadGoogleMaps,
  MAP_ZOOM,
  MAPS_SCRIPT_POLL_MS,
  MAPS_SCRIPT_TIMEOUT_MS,
  parseViewport,
  placeFromGeocoderResult,
  resetGoogleMapsLoader,
} from './google-maps.ts';

/* The Maps JavaScript API is a third-party network edge: these tests install a fake window.google.maps. */

const latLng = (lat: number, lng: number) => ({ lat: () => lat, lng: () => lng });

const augusta1500: GGeocoderResult = {
  formatted_address: 'R. Augusta, 1500 - Consolação, São Paulo - SP, 01304-001, Brasil',
  address_components: [
    { long_name: '1500', short_name: '1500', types: ['street_number'] },
    { long_name: 'Rua Augusta', short_name: 'R. Augusta', types: ['route'] },
    {
      long_name: 'Consolação',
      short_name: 'Consolação',
      types: ['sublocality_level_1', 'sublocality', 'political'],
    },
    { long_name: 'São Paulo', short_name: 'São Paulo', types: ['administrative_area_level_2', 'political'] },
    { long_name: 'São Paulo', short_name: 'SP', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'Brasil', short_name: 'BR', types: ['country', 'political'] },
    { long_name: '01304-001', short_name: '01304-001', types: ['postal_code'] },
  ],
  geometry: { location: latLng(-23.5535, -46.6521) },
  types: ['street_address'],
};

interface FakeMarker {
  options: Record<string, unknown>;
  listeners: Record<string, (event: { latLng: ReturnType<typeof latLng> }) => void>;
  position: unknown;
}

function installFakeGoogle() {
  const getPlacePredictions = vi.fn(async (_request: Record<string, unknown>) => ({
    predictions: [
      {
        description: 'Rua Augusta, 1500 - Consolação, São Paulo - SP, Brasil',
        place_id: 'place-augusta',
        structured_formatting: { main_text: 'Rua Augusta, 1500' },
      },
    ],
  }));
  const geocode = vi.fn(async (_request: Record<string, unknown>) => ({ results: [augusta1500] }));
  const maps: { element: HTMLElement; options: Record<string, unknown> }[] = [];
  const markers: FakeMarker[] = [];
  (window as unknown as { google: unknown }).google = {
    maps: {
      places: {
        AutocompleteService: class {
          getPlacePredictions = getPlacePredictions;
        },
      },
      Geocoder: class {
        geocode = geocode;
      },
      Map: class {
        constructor(element: HTMLElement, options: Record<string, unknown>) {
          maps.push({ element, options });
        }
        setCenter() {}
      },
      Marker: class implements FakeMarker {
        listeners: FakeMarker['listeners'] = {};
        position: unknown;
        constructor(public options: Record<string, unknown>) {
          this.position = options.position;
          markers.push(this);
        }
        addListener(event: string, handler: FakeMarker['listeners'][string]) {
          this.listeners[event] = handler;
          return { remove() {} };
        }
        setPosition(position: unknown) {
          this.position = position;
        }
        setMap() {}
      },
    },
  };
  return { getPlacePredictions, geocode, maps, markers };
}

afterEach(() => {
  vi.useRealTimers();
  delete (window as unknown as { google?: unknown }).google;
  for (const script of document.querySelectorAll('script#comanda-google-maps')) script.remove();
  resetGoogleMapsLoader();
});

describe('chooseMapsProvider', () => {
  it('picks Google when the store has google_maps_key, else the stand-in', () => {
    expect(chooseMapsProvider({ google_maps_key: null, google_maps_viewport: null })).toBe(standInMaps);
    expect(chooseMapsProvider({ google_maps_key: '  ', google_maps_viewport: null })).toBe(standInMaps);
    expect(chooseMapsProvider(undefined)).toBe(standInMaps);
    const google = chooseMapsProvider({ google_maps_key: 'AIza-key', google_maps_viewport: null });
    expect(google.kind).toBe('google');
    expect(google.mountMap).toBeTypeOf('function');
  });

  it("reads the viewport string as 'south,west,north,east'", () => {
    expect(parseViewport('-23.7, -46.8, -23.4, -46.5')).toEqual({
      south: -23.7,
      west: -46.8,
      north: -23.4,
      east: -46.5,
    });
    for (const bad of [null, '', '1,2,3', 'a,b,c,d', '-23.4,-46.8,-23.7,-46.5'])
      expect(parseViewport(bad)).toBeNull();
  });
});

describe('the Maps script', () => {
  it('carries the key, the places library, pt-BR and region br, and is added once', async () => {
    vi.useFakeTimers();
    const url = new URL(googleMapsScriptUrl('AIza key'));
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(url.searchParams.get('key')).toBe('AIza key');
    expect(url.searchParams.get('libraries')).toBe('places');
    expect(url.searchParams.get('language')).toBe('pt-BR');
    expect(url.searchParams.get('region')).toBe('br');
    expect(url.searchParams.get('loading')).toBe('async');

    const first = loadGoogleMaps('AIza key');
    const second = loadGoogleMaps('AIza key');
    expect(second).toBe(first);
    const scripts = document.querySelectorAll('script[src^="https://maps.googleapis.com/maps/api/js"]');
    expect(scripts).toHaveLength(1);
    expect((scripts[0] as HTMLScriptElement).src).toBe(url.toString());

    // Polled every 300 ms until window.google.maps is there.
    const resolved = vi.fn();
    void first.then(resolved);
    await vi.advanceTimersByTimeAsync(MAPS_SCRIPT_POLL_MS);
    expect(resolved).not.toHaveBeenCalled();
    installFakeGoogle();
    await vi.advanceTimersByTimeAsync(MAPS_SCRIPT_POLL_MS);
    expect(resolved).toHaveBeenCalledTimes(1);
    await loadGoogleMaps('AIza key');
    expect(document.querySelectorAll('script#comanda-google-maps')).toHaveLength(1);
  });

  it('gives up after its timeout (the stand-in then answers)', async () => {
    vi.useFakeTimers();
    const loaded = loadGoogleMaps('k');
    const failed = vi.fn();
    loaded.catch(failed);
    await vi.advanceTimersByTimeAsync(MAPS_SCRIPT_TIMEOUT_MS - MAPS_SCRIPT_POLL_MS);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MAPS_SCRIPT_POLL_MS * 2);
    expect(failed).toHaveBeenCalledTimes(1);
  });
});

describe('address_components', () => {
  it('map to street, number, district, city and state', () => {
    expect(placeFromGeocoderResult(augusta1500)).toEqual({
      description: 'R. Augusta, 1500 - Consolação, São Paulo - SP, 01304-001, Brasil',
      street: 'Rua Augusta',
      number: '1500',
      district: 'Consolação',
      district_id: null,
      city: 'São Paulo',
      city_id: null,
      state: 'SP',
      latitude: -23.5535,
      longitude: -46.6521,
    });
    const bare = placeFromGeocoderResult({
      formatted_address: 'Osasco - SP',
      address_components: [
        { long_name: 'Osasco', short_name: 'Osasco', types: ['locality', 'political'] },
        { long_name: 'São Paulo', short_name: 'SP', types: ['administrative_area_level_1', 'political'] },
      ],
      geometry: { location: latLng(-23.53, -46.79) },
    });
    expect(bare).toMatchObject({ street: '', number: null, district: null, city: 'Osasco', state: 'SP' });
  });
});

const VIEWPORT = '-23.7,-46.8,-23.4,-46.5';

function renderGoogleWizard() {
  renderWithData(
    <AddressWizard
      user={{ userId: 7 }}
      maps={googleMaps('AIza-key', parseViewport(VIEWPORT))}
      fallbackPosition={null}
      onSaved={vi.fn()}
      onClose={vi.fn()}
    />,
  );
}

describe('the address wizard with Google Maps', () => {
  it('asks autocomplete 400 ms after the last key, inside the store viewport, in Brazil', async () => {
    vi.useFakeTimers();
    const fake = installFakeGoogle();
    renderGoogleWizard();
    const search = screen.getByRole('searchbox', { name: 'Buscar endereço' });

    fireEvent.input(search, { target: { value: 'aug' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.input(search, { target: { value: 'augusta' } });
    await act(() => vi.advanceTimersByTimeAsync(399));
    expect(fake.getPlacePredictions).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fake.getPlacePredictions).toHaveBeenCalledTimes(1);
    expect(fake.getPlacePredictions).toHaveBeenCalledWith({
      input: 'augusta',
      bounds: { south: -23.7, west: -46.8, north: -23.4, east: -46.5 },
      strictBounds: true,
      componentRestrictions: { country: 'br' },
    });
    expect(screen.getByRole('button', { name: /Rua Augusta, 1500/ })).toBeVisible();
  });

  it('draws a zoom-16 map whose dragged marker moves the position; beyond 500 m confirm is blocked', async () => {
    const fake = installFakeGoogle();
    renderGoogleWizard();
    const ui = userEvent.setup();

    await ui.type(screen.getByRole('searchbox', { name: 'Buscar endereço' }), 'augusta 1500');
    const list = await screen.findByRole('list', { name: 'Sugestões de endereço' }, { timeout: 2000 });
    await ui.click(within(list).getByRole('button', { name: /Rua Augusta, 1500/ }));

    // The prediction is looked up by place_id; it has a number, so step 2 follows.
    expect(await screen.findByRole('heading', { name: 'Confirme a localização' })).toBeVisible();
    expect(fake.geocode).toHaveBeenCalledWith({
      placeId: 'place-augusta',
      region: 'br',
      bounds: { south: -23.7, west: -46.8, north: -23.4, east: -46.5 },
    });
    await waitFor(() => expect(fake.markers).toHaveLength(1));
    expect(fake.maps[0]?.options).toMatchObject({ zoom: MAP_ZOOM, center: { lat: -23.5535, lng: -46.6521 } });
    expect(fake.maps[0]?.element).toBe(screen.getByRole('application', { name: /Mapa/ }));
    const marker = fake.markers[0] as FakeMarker;
    expect(marker.options.draggable).toBe(true);

    const confirm = screen.getByRole('button', { name: 'Confirmar localização' });
    expect(confirm).toBeEnabled();
    // About 600 m north: too far.
    act(() => marker.listeners.dragend?.({ latLng: latLng(-23.5481, -46.6521) }));
    expect(screen.getByRole('alert')).toHaveTextContent('muito longe');
    expect(confirm).toBeDisabled();
    expect(screen.getByText(/A 60\d m do endereço buscado/)).toBeVisible();
    expect(document.body).not.toHaveTextContent(/-23\.5/);
    // About 100 m north: allowed again.
    act(() => marker.listeners.dragend?.({ latLng: latLng(-23.5526, -46.6521) }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(confirm).toBeEnabled();
    // The nudge controls (the keyboard way) move the marker too.
    await ui.click(screen.getByRole('button', { name: 'Mover para o sul' }));
    expect(marker.position).toEqual({ lat: expect.closeTo(-23.55305, 4), lng: -46.6521 });
  });
});
