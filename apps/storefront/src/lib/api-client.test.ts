import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, isProtectedPath } from './api-client.ts';
import { tokenStore } from './session.ts';

function reply(status: number, body: unknown = {}) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

const sentHeaders = (fetchMock: ReturnType<typeof reply>) =>
  (fetchMock.mock.calls[0]![1] as RequestInit).headers as Headers;

describe('api client', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'abc');
    tokenStore.set('abc');
    history.replaceState(null, '', '/cart');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('knows the protected path fragments of spec section 7', () => {
    expect(isProtectedPath('/core/cliente_app/7?format=json')).toBe(true);
    expect(isProtectedPath('/bar/v2/app/order/upsert/')).toBe(true);
    expect(isProtectedPath('/core/cartoes/')).toBe(true);
    expect(isProtectedPath('/estoque/produtos_app?format=json')).toBe(false);
    expect(isProtectedPath('/core/empresa_personal_app?cliente_app=1')).toBe(false);
  });

  it('sends the bearer token to protected paths only', async () => {
    const protectedFetch = reply(200, { id: 1 });
    vi.stubGlobal('fetch', protectedFetch);
    await expect(apiFetch('/core/cliente_app/7?format=json')).resolves.toEqual({ id: 1 });
    expect(sentHeaders(protectedFetch).get('Authorization')).toBe('Bearer abc');
    expect(sentHeaders(protectedFetch).get('Content-Type')).toBe('application/json');

    const publicFetch = reply(200, []);
    vi.stubGlobal('fetch', publicFetch);
    await apiFetch('/estoque/categorias_app?format=json');
    expect(sentHeaders(publicFetch).get('Authorization')).toBeNull();
  });

  it.each([401, 403])(
    'on a %i from a protected call clears the token and goes to /signin',
    async (status) => {
      vi.stubGlobal('fetch', reply(status, { detail: 'Token inválido.' }));
      const error = await apiFetch('/bar/atendimentos_list_app?format=json').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      expect((error as ApiError).message).toBe('Token inválido.');
      expect(localStorage.getItem('token')).toBeNull();
      expect(tokenStore.get()).toBeNull();
      expect(location.pathname).toBe('/signin');
    },
  );

  it('keeps the session when a public call answers 401', async () => {
    vi.stubGlobal('fetch', reply(401));
    await expect(apiFetch('/estoque/produtos_app')).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem('token')).toBe('abc');
    expect(location.pathname).toBe('/cart');
  });

  it('sends a JSON body', async () => {
    const fetchMock = reply(200, { success: true });
    vi.stubGlobal('fetch', fetchMock);
    await apiFetch('/core/coupon_validate_app?format=json', { method: 'POST', json: { coupon: 'X' } });
    expect((fetchMock.mock.calls[0]![1] as RequestInit).body).toBe('{"coupon":"X"}');
  });
});
