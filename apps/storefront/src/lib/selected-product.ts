import type { Product } from '@comanda/contract';
import { createStore, useStore } from './external-store.ts';

/** The product tapped on the menu; /product shows it (spec section 2: only when one is selected). */
export const selectedProductStore = createStore<Product | null>(null);

export function selectProduct(product: Product | null): void {
  selectedProductStore.set(product);
}

export function useSelectedProduct(): Product | null {
  return useStore(selectedProductStore);
}
