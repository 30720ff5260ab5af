import { type APIRequestContext, expect } from '@playwright/test';
import { API } from './customers.ts';

/** The staff account e2e/start-server.sh creates. */
const STAFF_PHONE = process.env.E2E_STAFF_PHONE ?? '11955550100';
const STAFF_PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'equipe-e2e-senha';

/** A session token of the journeys' staff account, from the staff sign-in. */
export async function staffToken(request: APIRequestContext): Promise<string> {
  const reply = await request.post(`${API}/staff/auth/sign-in`, {
    data: { username: STAFF_PHONE, password: STAFF_PASSWORD },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { token: string }).token;
}
