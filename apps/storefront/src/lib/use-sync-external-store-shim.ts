/**
 * Stands in for the `use-sync-external-store/shim` package that wouter imports for React 17
 * and older (vite.config.ts, resolve.alias): React 19 has the hook, so the shim's fallback code
 * stays out of the menu's first load (docs/decisions/0067).
 */
export { useSyncExternalStore } from 'react';
