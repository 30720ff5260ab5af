import type {
  AddressDeleteReply,
  AddressSent,
  DeliveryCheckReply,
  MapsPlace,
  MapsPlaceList,
  OlderAddressReply,
  OlderAddressRequest,
  SavedAddress,
  UpsertAddressesReply,
} from '@comanda/contract';
import { ApiError, apiFetch } from '../../../lib/api-client.ts';
import { customerPath } from '../../../lib/customer.ts';
import { mutate } from '../../../lib/data-cache.tsx';
import { chooseAddress } from '../../../lib/default-address.ts';
import type { SessionUser } from '../../../lib/session.ts';

/** A suggestion of autocomplete: a resolved place, or (Google) a prediction to look up by place_id. */
export type MapsSuggestion = MapsPlace & { place_id?: string };

/** A map drawn by a provider (step 2): the marker follows the wizard's position. */
export interface MapHandle {
  setPosition(position: { lat: number; lng: number }): void;
  destroy(): void;
}

/**
 * What the address wizard asks of a maps provider: the server's stand-in (GET /core/v2/maps/*)
 * or Google Maps for stores with `google_maps_key` (maps/google-maps.ts; chosen by
 * chooseMapsProvider). The wizard debounces autocomplete (400 ms); providers do not.
 */
export interface MapsProvider {
  readonly kind?: 'stand-in' | 'google';
  autocomplete(query: string, signal?: AbortSignal): Promise<MapsSuggestion[]>;
  /** A chosen suggestion with its position and parts (Google: geocode by place_id). Absent: as is. */
  resolve?(suggestion: MapsSuggestion): Promise<MapsPlace | null>;
  geocode(street: string, number: string | null, city: string | null): Promise<MapsPlace | null>;
  reverse(lat: number, lng: number): Promise<MapsPlace | null>;
  /** A draggable map at the position (Google); absent for the stand-in (text + nudge controls). */
  mountMap?(
    element: HTMLElement,
    position: { lat: number; lng: number },
    onMove: (position: { lat: number; lng: number }) => void,
  ): Promise<MapHandle>;
}

const notFoundAsNull = (error: unknown) => {
  if (error instanceof ApiError && error.status === 404) return null;
  throw error;
};

export const standInMaps: MapsProvider = {
  kind: 'stand-in',
  async autocomplete(query, signal) {
    const reply = await apiFetch<MapsPlaceList>(
      `/core/v2/maps/autocomplete?q=${encodeURIComponent(query)}`,
      signal ? { signal } : {},
    );
    return reply.results;
  },
  geocode(street, number, city) {
    const params = new URLSearchParams({ street });
    if (number) params.set('number', number);
    if (city) params.set('city', city);
    return apiFetch<MapsPlace>(`/core/v2/maps/geocode?${params}`).catch(notFoundAsNull);
  },
  reverse(lat, lng) {
    return apiFetch<MapsPlace>(`/core/v2/maps/reverse?lat=${lat}&lng=${lng}`).catch(notFoundAsNull);
  },
};

/** Refetches the signed-in customer (and so its enderecos) after a change. */
export function revalidateCustomer(user: SessionUser): Promise<unknown> {
  return mutate(customerPath(user.userId));
}

function remember(id: number | undefined) {
  if (id !== undefined) chooseAddress(id);
}

/** GET /core/v2/app/customer/delivery-check/: does the store deliver to this place (nothing saved)? */
export function checkDelivery(
  at: { lat: number; lng: number },
  place: Pick<MapsPlace, 'city' | 'district'>,
  signal?: AbortSignal,
): Promise<DeliveryCheckReply> {
  const query = new URLSearchParams({
    latitude: String(at.lat),
    longitude: String(at.lng),
    city: place.city,
    district: place.district ?? '',
  });
  return apiFetch<DeliveryCheckReply>(`/core/v2/app/customer/delivery-check/?${query}`, {
    ...(signal ? { signal } : {}),
  });
}

/** POST /core/v2/app/customer/upsert-addresses/ with one new address (the wizard's sent shape). */
export async function saveWizardAddress(
  user: SessionUser,
  address: AddressSent,
): Promise<number | undefined> {
  const reply = await apiFetch<UpsertAddressesReply>('/core/v2/app/customer/upsert-addresses/', {
    method: 'POST',
    json: { addresses: [address] },
  });
  const id = reply.inserted_ids[0] ?? reply.ids[0];
  remember(id);
  await revalidateCustomer(user);
  return id;
}

/** POST /core/endereco_register_app/ (the older form's shape). */
export async function saveOlderAddress(
  user: SessionUser,
  address: Omit<OlderAddressRequest, 'cliente'>,
): Promise<number> {
  const reply = await apiFetch<OlderAddressReply>('/core/endereco_register_app/', {
    method: 'POST',
    json: { ...address, cliente: user.userId },
  });
  remember(reply.id);
  await revalidateCustomer(user);
  return reply.id;
}

/** PATCH /core/endereco_register_app/{id}/ {excluido:true}: success when the reply has an id. */
export async function deleteAddress(user: SessionUser, id: number): Promise<void> {
  const reply = await apiFetch<AddressDeleteReply>(`/core/endereco_register_app/${id}/`, {
    method: 'PATCH',
    json: { excluido: true },
  });
  if (typeof reply?.id !== 'number') throw new Error('no id');
  await revalidateCustomer(user);
}

/** The customer's enderecos carry the client shape as well (see SavedAddress). */
export type ListedAddress = SavedAddress;

/** The message of a refused save: the server's detail, else a generic one. */
export function errorDetail(error: unknown): string | null {
  if (error instanceof ApiError) {
    const body = error.body as { detail?: unknown } | null;
    if (body && typeof body.detail === 'string') return body.detail;
  }
  return null;
}
