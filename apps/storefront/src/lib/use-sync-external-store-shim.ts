/**
 * Stands in for the `use-sync-external-store/shim` package that wouter imports for React 17
 * and older (vite.config.ts, resolve.alias): preact/compat, which `react` resolves to, has the hook
 * (docs/decisions/0075), so the shim's fallback code stays out of the menu's first load
 * (docs/decisions/0067).
 */
export { useSyncExternalStore } from 'react';
