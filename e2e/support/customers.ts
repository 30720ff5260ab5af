import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_PORT, expect } from './fixtures.ts';

/** The bare host serves the default store (pizzaria): API calls from the tests go there. */
export const API = `http://127.0.0.1:${E2E_PORT}`;

/** A Brazilian mobile no other journey uses: DDD 11, 9, eight digits. */
export const newPhone = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The body of a valid sign-up with a fresh phone. */
export const signUpData = (name = 'Clara Checkout') => ({
  name,
  password: 'senha-segura-1',
  terms: true,
  cellphone: newPhone(),
  ddi: '55',
});

/** Signs a new customer of the pizzaria (or of the store at `host`) up through the API; the session token. */
export async function signUpThroughApi(
  request: APIRequestContext,
  name?: string,
  host?: string,
): Promise<string> {
  const reply = await request.post(`${API}/core/registration_app/`, {
    data: signUpData(name),
    ...(host ? { headers: { host } } : {}),
  });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { detail: string }).detail;
}

/** The token's user id (base64url JSON before the dot). */
export function userIdOf(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as {
    user_id: number;
  };
  return payload.user_id;
}

/**
 * Signs up a new customer from the page itself, on the store at `origin` (Node does not resolve
 * *.localhost, so a store of the second server is reached through the browser); its token.
 */
export async function signUpOnPage(page: Page, origin: string): Promise<string> {
  await page.goto(`${origin}/`);
  const token = await page.evaluate(async (data) => {
    const reply = await fetch('/core/registration_app/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(data),
    });
    return reply.status === 201 ? ((await reply.json()) as { detail: string }).detail : `${reply.status}`;
  }, signUpData());
  expect(token).toContain('.');
  return token;
}
