import { createStore } from '../../lib/external-store.ts';

/*
 * The staff app's calls: same origin, JSON, the staff session's bearer token (kept apart from a
 * customer's token on the same store). A 401 ends the staff session here.
 */

const TOKEN_KEY = 'staff_token';

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export const staffToken = createStore<string | null>(typeof window === 'undefined' ? null : readToken());

export function setStaffToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // The session lasts for this page only.
  }
  staffToken.set(token);
}

export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly detail: string,
    readonly body: unknown,
  ) {
    super(detail);
    this.name = 'StaffApiError';
  }
}

export interface StaffRequest {
  method?: string;
  /** A JSON body. */
  json?: unknown;
  /** Any other body (a picture's bytes), sent as it is. */
  body?: Blob;
  headers?: Record<string, string>;
}

export async function staffFetch<T>(
  path: string,
  { method = 'GET', json, body: raw, headers: extra }: StaffRequest = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extra };
  const token = staffToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (json !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    ...(json !== undefined ? { body: JSON.stringify(json) } : raw !== undefined ? { body: raw } : {}),
  });
  const type = response.headers.get('content-type') ?? '';
  const body: unknown = type.includes('json') ? await response.json() : await response.text();
  if (!response.ok) {
    if (response.status === 401) setStaffToken(null);
    const error = (body ?? {}) as { code?: string; detail?: string };
    throw new StaffApiError(response.status, error.code ?? null, error.detail ?? response.statusText, body);
  }
  return body as T;
}
