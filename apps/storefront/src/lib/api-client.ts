import { navigate } from 'wouter/use-browser-location';
import { versionedMenuPath } from './menu-version.ts';
import { clearToken, getToken } from './session.ts';

/** Spec section 7: calls whose path contains one of these get the bearer token. */
export const PROTECTED_PATH_FRAGMENTS = [
  'endereco_register',
  'cliente_app',
  'atendimentos',
  'atendimentos_list_app',
  'payment_intent',
  'payment_methods',
  'payment/check-confirmation/',
  'payment/cancel-pix-order/',
  'payment/create-payment-intent',
  'cartoes',
  'mesas_app',
  'coupon_validate_app',
  'cupons_disponiveis_app',
  'payment/get-payment-intent/',
  // Ours beside the spec's: a card token for a pending card payment (Mercado Pago's flow).
  'payment/card-token/',
  'customer/upsert-addresses',
  'customer/delivery-check',
  'app/order/upsert/',
  // Ours: a customer's rating of a delivered order (POST /bar/v2/orders/{id}/rating).
  '/rating',
] as const;

export const SIGNIN_PATH = '/signin';

export function isProtectedPath(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return PROTECTED_PATH_FRAGMENTS.some((fragment) => pathname.includes(fragment));
}

/** A reply that was not 2xx. `body` is the parsed JSON error ({detail, code}) when there was one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequest extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
  json?: unknown;
}

/** What a 401/403 on a protected call does: clear the session and go to sign-in (spec section 6). */
export function handleUnauthorized(): void {
  clearToken();
  if (location.pathname !== SIGNIN_PATH) navigate(SIGNIN_PATH);
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return response.json();
  const text = await response.text();
  return text === '' ? null : text;
}

/** The one way the storefront talks to its server: same origin, JSON, bearer token where due. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { json, headers: extraHeaders, ...init } = request;
  const headers = new Headers(extraHeaders);
  headers.set('Accept', 'application/json');
  const isProtected = isProtectedPath(path);
  if (json !== undefined || isProtected) headers.set('Content-Type', 'application/json');
  const token = isProtected ? getToken() : null;
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const response = await fetch(path, {
    ...init,
    headers,
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
  const body = await readBody(response);
  if (!response.ok) {
    if (isProtected && (response.status === 401 || response.status === 403)) handleUnauthorized();
    const detail =
      body && typeof body === 'object' && 'detail' in body && typeof body.detail === 'string'
        ? body.detail
        : response.statusText || `HTTP ${response.status}`;
    throw new ApiError(response.status, body, detail);
  }
  return body as T;
}

/** The data cache's fetcher: the key is the path (menu GETs go out with the page's menu version). */
export const apiGet = <T>(path: string): Promise<T> => apiFetch<T>(versionedMenuPath(path));
