import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { API } from './customers.ts';
import { E2E_PORT, storeUrl } from './fixtures.ts';
import { STAFF_PASSWORD, STAFF_PHONES } from './staff-account.ts';

const STAFF_PHONE = STAFF_PHONES.pizzaria;

/** A session token of the journeys' staff account (or another store's), from the staff sign-in. */
export async function staffToken(
  request: APIRequestContext,
  {
    store,
    phone = STAFF_PHONE,
    password = STAFF_PASSWORD,
  }: { store?: string; phone?: string; password?: string } = {},
): Promise<string> {
  const reply = await request.post(`${API}/staff/auth/sign-in`, {
    headers: store ? { host: `${store}.localhost:${E2E_PORT}` } : {},
    data: { username: phone, password },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { token: string }).token;
}

/** The pizzaria's staff app on a counter tablet, signed in through its form. */
export async function openBoard(
  browser: Browser,
  { phone = STAFF_PHONE, password = STAFF_PASSWORD } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1024, height: 768 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  const board = await context.newPage();
  // The print dialog is the browser's; the layout it prints is what these journeys check.
  await board.addInitScript({ content: 'window.print = () => {};' });
  await board.goto(storeUrl('pizzaria', '/staff'));
  await board.getByRole('textbox', { name: 'Celular' }).fill(phone);
  await board.getByLabel('Senha').fill(password);
  await board.getByRole('button', { name: 'Entrar' }).click();
  await expect(board.getByRole('region', { name: 'Novos' })).toBeVisible();
  return board;
}
