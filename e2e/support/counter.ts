import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/*
 * Steps of entering an order at the counter ('Novo pedido', docs/decisions/0058) that several
 * journeys take the same way.
 */

/** Grande: (Calabresa 59,90 + Pepperoni 69,90) / 2, the price of `addHalfAndHalfGrande`'s pizza. */
export const HALF_AND_HALF_GRANDE = 6490;

/** A new customer at the counter: a fresh phone number, looked up, then registered by name. */
export async function registerWalkIn(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Novo pedido' }).click();
  const phone = `119${String(Date.now()).slice(-8)}`;
  await page.getByLabel('Celular do cliente').fill(phone);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByLabel('Nome do cliente').fill(name);
  await page.getByRole('button', { name: 'Cadastrar cliente' }).click();
  await expect(page.getByText('Primeiro pedido')).toBeVisible();
  return phone;
}

/** Through the customer's own product dialog: a Pizza Meio a Meio Grande, half Calabresa, half Pepperoni. */
export async function addHalfAndHalfGrande(page: Page): Promise<void> {
  await page.getByLabel('Buscar no cardápio').fill('meio a meio');
  await page
    .getByRole('button', { name: /^Pizza Meio a Meio/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /Pizza Meio a Meio Grande/ }).check();
  await dialog.getByRole('button', { name: 'Avançar' }).click();
  await dialog.getByRole('checkbox', { name: /^Calabresa/ }).check();
  await dialog.getByRole('checkbox', { name: /^Pepperoni/ }).check();
  await dialog.getByRole('button', { name: 'Avançar' }).click();
  await addToOrder(page);
}

/** The product dialog's 'Inserir': the line joins the order and the dialog closes. */
export async function addToOrder(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Inserir' }).click();
  await expect(dialog).toBeHidden();
}
