import type { CustomerAddress } from '@comanda/contract';
import { readStorage, writeStorage } from './storage.ts';

/** Spec section 3: the chosen address id lives in localStorage under 'address_id'. */
export const ADDRESS_ID_KEY = 'address_id';

type Listed = CustomerAddress & { deliverable?: boolean };

/**
 * Only addresses whose city and district are active and not deleted are usable (spec section 3);
 * the server address carries the city's state twice (city_active, ativo_cidade): both must hold.
 */
export function isUsableAddress(address: Listed): boolean {
  return (
    address.district_active &&
    address.city_active &&
    address.ativo_cidade &&
    !address.bairro_excluido &&
    !address.excluido
  );
}

/** Only deliverable addresses may be chosen (spec section 5); older replies: usable ones. */
export function isSelectableAddress(address: Listed): boolean {
  return typeof address.deliverable === 'boolean'
    ? address.deliverable && !address.excluido
    : isUsableAddress(address);
}

/**
 * Spec section 4 "Default address": the stored address_id if it is still one of the customer's
 * selectable addresses, else the first active, non-deleted (and deliverable) one, else null.
 */
export function defaultAddressId(
  addresses: readonly Listed[],
  stored: string | null = readStorage(ADDRESS_ID_KEY),
): number | null {
  const storedId = stored && /^\d+$/.test(stored) ? Number(stored) : null;
  const kept = addresses.find((address) => address.id === storedId && isSelectableAddress(address));
  if (kept) return kept.id;
  return addresses.find(isSelectableAddress)?.id ?? null;
}

/** Choosing an address sets address_id. */
export function chooseAddress(id: number): void {
  writeStorage(ADDRESS_ID_KEY, String(id));
}
