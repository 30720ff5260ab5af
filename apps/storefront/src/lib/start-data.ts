import type {
  Category,
  Company,
  Neighbourhood,
  OpeningShift,
  PaymentMethod,
  Product,
} from '@comanda/contract';
import { useCallback } from 'react';
import { apiGet } from './api-client.ts';
import { type BootData, readBoot } from './boot.ts';
import { type DataOptions, useData, useDataConfig } from './data-cache.tsx';
import { useLocalMode } from './source.ts';

/** The GETs loaded on start (spec section 7), used as data cache keys. */
export const START_PATHS = {
  company: '/core/empresa_personal_app?format=json',
  categories: '/estoque/categorias_app?format=json',
  products: '/estoque/produtos_app?format=json',
  productsLocal: '/estoque/produtos_app?format=json&local=local',
  hours: '/core/horarios_atendimento_app?format=json',
  neighbourhoods: '/core/bairros_app?format=json',
  paymentMethods: '/financeiro/formas_pagamento_app?format=json',
  filteredPaymentMethods: '/financeiro/v2/payment-methods/get-filtered-methods-app?format=json',
  loyalty: '/core/fidelidade_app?format=json',
  tables: '/bar/v2/tables/list/',
} as const;

/** Spec section 7 "Data caching": start data refetches every 400 s, dedupes 300 s, no retry, no focus refetch. */
export const START_DATA_OPTIONS = {
  refreshInterval: 400_000,
  dedupingInterval: 300_000,
  shouldRetryOnError: false,
  revalidateOnFocus: false,
} as const satisfies DataOptions;

const BOOT_KEYS: Record<Exclude<keyof BootData, 'menuVersion'>, string> = {
  company: START_PATHS.company,
  categories: START_PATHS.categories,
  products: START_PATHS.products,
  hours: START_PATHS.hours,
};

/** The data cache's `fallback` built from the boot block: key → reply. */
export function bootFallback(boot: BootData = readBoot()): Record<string, unknown> {
  const fallback: Record<string, unknown> = {};
  for (const [name, key] of Object.entries(BOOT_KEYS) as [keyof typeof BOOT_KEYS, string][]) {
    if (boot[name] !== undefined) fallback[key] = boot[name];
  }
  return fallback;
}

function useStartData<T>(key: string | null) {
  // Data that came with the page is fresh: do not fetch it again on mount, only on the interval.
  const fromBoot = key !== null && key in bootFallback();
  return useData<T>(key, apiGet, { ...START_DATA_OPTIONS, revalidateOnMount: !fromBoot });
}

export function useCompany() {
  const result = useStartData<Company[]>(START_PATHS.company);
  return { ...result, data: result.data?.[0] };
}

export const useCategories = () => useStartData<Category[]>(START_PATHS.categories);

/** The products, with the local flag in table mode (spec section 7). */
export function useProducts() {
  const localMode = useLocalMode();
  return useStartData<Product[]>(localMode ? START_PATHS.productsLocal : START_PATHS.products);
}

export const useOpeningHours = () => useStartData<OpeningShift[]>(START_PATHS.hours);
export const useNeighbourhoods = () => useStartData<Neighbourhood[]>(START_PATHS.neighbourhoods);
export const usePaymentMethods = () => useStartData<PaymentMethod[]>(START_PATHS.paymentMethods);

const START_KEYS = new Set<string>(Object.values(START_PATHS));

/** Try again after a load failure: refetch every start call (spec section 8). */
export function useRefetchStartData(): () => Promise<unknown> {
  const { mutate } = useDataConfig();
  return useCallback(() => mutate((key) => typeof key === 'string' && START_KEYS.has(key)), [mutate]);
}
