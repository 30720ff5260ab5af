import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { apiGet } from '../lib/api-client.ts';
import { DataCache, DataConfig } from '../lib/data-cache.tsx';

/** Renders with a fresh data cache per test, prefilled with `data` (key → reply). */
export function renderWithData(ui: ReactElement, data: Record<string, unknown> = {}) {
  return render(
    <DataConfig
      value={{
        provider: () => new DataCache(),
        fetcher: apiGet,
        fallback: data,
        dedupingInterval: 0,
        shouldRetryOnError: false,
        revalidateOnFocus: false,
      }}
    >
      {ui}
    </DataConfig>,
  );
}

/** A fetch stub answering JSON by path; unknown paths are 404. */
export function jsonFetch(routes: Record<string, unknown>) {
  return async (input: RequestInfo | URL) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    if (!(path in routes))
      return new Response(JSON.stringify({ detail: 'Não encontrado.' }), { status: 404 });
    return new Response(JSON.stringify(routes[path]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
