import type { FullProduct } from '@comanda/contract';
import type { Channel } from '@comanda/domain';
import { apiGet } from './api-client.ts';
import { type DataOptions, useData } from './data-cache.tsx';
import { isLocalMode } from './source.ts';

/** Spec section 7 "Data caching": product detail dedupes 20 s and is not refreshed on its own. */
export const FULL_PRODUCT_OPTIONS = {
  dedupingInterval: 20_000,
  refreshInterval: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
} as const satisfies DataOptions;

/** The data cache key's head of the cart's check of its lines' full products (refetched on a menu change). */
export const CART_FULL_PRODUCTS_KEY = 'cart-full-products';

/** Where an order comes from: a table in local (self-checkout) mode, the app otherwise. */
export function orderChannel(): Channel {
  return isLocalMode() ? 'local' : 'app';
}

/** GET /estoque/produtos_full_app/{id} (spec section 7), with local=local in table mode. */
export function fullProductPath(id: number, channel: Channel = orderChannel()): string {
  return `/estoque/produtos_full_app/${id}?format=json${channel === 'local' ? '&local=local' : ''}`;
}

/** A product with its groups and variants; null id fetches nothing. */
export function useFullProduct(id: number | null, channel: Channel = orderChannel()) {
  return useData<FullProduct>(
    id === null ? null : fullProductPath(id, channel),
    apiGet,
    FULL_PRODUCT_OPTIONS,
  );
}
