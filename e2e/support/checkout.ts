import type { Page } from '@playwright/test';
import { expect, waitForMenu } from './fixtures.ts';

export type WithStorage = {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
};

/** Stores `token` on the page's origin and opens `path` there (origin '' = the test's baseURL). */
export async function openSignedIn(page: Page, token: string, path = '/', origin = '') {
  await page.goto(`${origin}/`);
  await page.evaluate(
    (value) => (globalThis as unknown as WithStorage).localStorage.setItem('token', value),
    token,
  );
  await page.goto(`${origin}${path}`);
  await waitForMenu(page);
}

/** Adds the product `name` (no required choices) `count` times and goes to /confirmation. */
export async function buyAndCheckout(page: Page, search: string, name: RegExp, count: number) {
  await page.getByRole('searchbox').fill(search);
  await page.getByRole('button', { name }).first().click();
  const dialog = page.getByRole('dialog');
  for (let i = 1; i < count; i++) await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await dialog.getByRole('button', { name: 'Inserir' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole('heading', { name: 'Resumo' })).toBeVisible();
}

export const checkoutTotal = (page: Page) => page.getByTestId('checkout-total');

/** The success dialog with the order number (and, unless scheduled, the estimate); Close goes home. */
export async function expectOrderPlaced(page: Page, options: { estimate?: boolean } = {}) {
  const result = page.getByRole('dialog', { name: 'Pedido realizado!' });
  await expect(result).toBeVisible();
  await expect(result).toContainText(/Seu pedido nº \d+ foi recebido\./);
  if (options.estimate) await expect(result).toContainText(/Previsão: \d{2}:\d{2}/);
  await result.getByRole('button', { name: 'Fechar' }).click();
  await expect(page).toHaveURL(/\/home$/);
}
