import { createStore, useStore } from './external-store.ts';
import { readStorage, removeStorage, writeStorage } from './storage.ts';

/** Spec section 3: the bearer token lives in localStorage under 'token'. */
export const TOKEN_KEY = 'token';

export const tokenStore = createStore<string | null>(readStorage(TOKEN_KEY));

export function getToken(): string | null {
  return readStorage(TOKEN_KEY);
}

export function setToken(token: string): void {
  writeStorage(TOKEN_KEY, token);
  tokenStore.set(token);
}

export function clearToken(): void {
  removeStorage(TOKEN_KEY);
  tokenStore.set(null);
}

export function useSignedIn(): boolean {
  return useStore(tokenStore) !== null;
}

/** Spec section 4 "Login and session": the user is derived from the token. */
export interface SessionUser {
  /** The token's user_id; on this server also the customer id (cliente_id). */
  userId: number;
}

/**
 * The user a session token names (`<base64url JSON {user_id, store, exp}>.<secret>`), or null when
 * it cannot be read. The same reading as `readSessionToken` of @comanda/contract, without its zod
 * schema, which would otherwise land in the menu's first load; a test keeps the two in step.
 * Whether the token is still valid only the server can tell.
 */
export function readTokenUser(token: string | null): SessionUser | null {
  if (!token || token.length > 1024) return null;
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  try {
    const base64 = token.slice(0, dot).replaceAll('-', '+').replaceAll('_', '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    const json = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    if (typeof payload !== 'object' || payload === null) return null;
    const { user_id: userId } = payload as Record<string, unknown>;
    if (typeof userId !== 'number' || !Number.isInteger(userId)) return null;
    return { userId };
  } catch {
    return null;
  }
}

let lastToken: string | null = null;
let lastUser: SessionUser | null = null;

/** The signed-in user (one object per token, so it is stable between renders). */
export function getSessionUser(): SessionUser | null {
  const token = tokenStore.get();
  if (token !== lastToken) {
    lastToken = token;
    lastUser = readTokenUser(token);
  }
  return lastUser;
}

export function useSessionUser(): SessionUser | null {
  useStore(tokenStore);
  return getSessionUser();
}
