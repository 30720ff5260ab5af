import { readSessionToken } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { sessionToken } from '../test/accounts.tsx';
import { getSessionUser, readTokenUser, tokenStore } from './session.ts';

describe('session user (spec section 4: the user is derived from the token)', () => {
  it('reads user_id as the contract does', () => {
    const token = sessionToken(42);
    expect(readTokenUser(token)).toEqual({ userId: 42 });
    const contract = readSessionToken(token);
    expect(contract).toMatchObject({ user_id: 42 });
  });

  it('reads accents and other non-ASCII text in the payload', () => {
    const json = JSON.stringify({ user_id: 3, store: 'ação', exp: 1 });
    const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(json)))
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    expect(readTokenUser(`${base64}.x`)).toEqual({ userId: 3 });
    expect(readSessionToken(`${base64}.x`)?.store).toBe('ação');
  });

  it.each([null, '', 'abc', '.abc', 'bm90IGpzb24.x', `${btoa('{"user_id":"7"}')}.x`])(
    'gives no user for an unreadable token (%s)',
    (token) => {
      expect(readTokenUser(token)).toBeNull();
    },
  );

  it('follows the stored token', () => {
    tokenStore.set(sessionToken(9));
    const first = getSessionUser();
    expect(first?.userId).toBe(9);
    expect(getSessionUser()).toBe(first);
    tokenStore.set(null);
    expect(getSessionUser()).toBeNull();
  });
});
