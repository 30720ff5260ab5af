import type { CourierRouteReply, Route, Stop } from '../../../lib/dispatch-types.ts';

/*
 * The courier's calls (DISPATCH-CONTRACT, "Courier"): the personal link's token as
 * `Authorization: Courier <token>`, never the customer's session. A weak connection is the normal
 * case on the street: a call that could not reach the server is tried again a few times.
 */

export class CourierApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly body: unknown,
  ) {
    super(code ?? `HTTP ${status}`);
    this.name = 'CourierApiError';
  }
}

/** Waits between tries after a network failure or a 5xx: a tunnel, a lift, a dead zone. */
export const RETRY_DELAYS_MS = [1000, 3000] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function courierFetch<T>(
  token: string,
  path: string,
  init: { method?: string; json?: unknown } = {},
  delays: readonly number[] = RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetch(path, {
        method: init.method ?? 'GET',
        headers: {
          Accept: 'application/json',
          Authorization: `Courier ${token}`,
          ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
      });
    } catch (error) {
      if (attempt >= delays.length) throw error;
      await wait(delays[attempt] ?? 0);
      continue;
    }
    if (response.status >= 500 && attempt < delays.length) {
      await wait(delays[attempt] ?? 0);
      continue;
    }
    const body: unknown = (response.headers.get('content-type') ?? '').includes('json')
      ? await response.json().catch(() => null)
      : null;
    if (!response.ok) {
      const code = (body as { code?: unknown } | null)?.code;
      throw new CourierApiError(response.status, typeof code === 'string' ? code : null, body);
    }
    return body as T;
  }
}

export const loadCourierRoute = (token: string) =>
  courierFetch<CourierRouteReply>(token, '/courier/v1/route');

export const markDelivered = (token: string, stopId: number) =>
  courierFetch<Stop>(token, `/courier/v1/stops/${stopId}/delivered`, { method: 'POST' });

export const markNotDelivered = (token: string, stopId: number, motivo: string) =>
  courierFetch<Stop>(token, `/courier/v1/stops/${stopId}/not-delivered`, {
    method: 'POST',
    json: { motivo },
  });

export const backAtStore = (token: string) =>
  courierFetch<Route>(token, '/courier/v1/route/back', { method: 'POST' });
