import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expect,
  MODES,
  PRODUCTS,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  saveAddress,
  seriousViolations,
  settle,
  signUp,
  storeUrl,
  test,
} from './support.ts';

/*
 * 'Novo pedido' (order entry, docs/decisions/0058) on a phone and on a counter tablet, both stores,
 * light and dark: empty, then a returning customer with a delivery, a line, and cash with change;
 * the product dialog over it. Pictures go to /tmp/shots-pdv for a person to look at (the screen
 * holds a fresh customer's phone each run, so it has no baseline yet); axe checks each state.
 */

const SHOTS = '/tmp/shots-pdv';
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } } as const;

async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  await page.screenshot({ path: `${SHOTS}/${name}-full.png`, fullPage: true });
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
}

for (const store of STORES) {
  for (const mode of MODES) {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      test(`${store} ${mode} ${device}: Novo pedido`, async ({ page, request }) => {
        const name = (screen: string) => `${store}-${mode}-${device}-${screen}`;
        await page.setViewportSize(viewport);
        await prepare(page, { mode });
        const customer = await signUp(request, store, { name: 'Clara Balcão' });
        await saveAddress(request, store, customer.token);

        await page.goto(storeUrl(store, '/staff'));
        await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
        await page.getByLabel('Senha').fill(STAFF_PASSWORD);
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.getByRole('button', { name: 'Novo pedido' }).click();
        await expect(page.getByLabel('Celular do cliente')).toBeVisible();
        await expect(page.getByRole('button', { name: PRODUCTS[store].simple })).toBeVisible();
        // Other tests' orders raise the board's banners: hidden, so every picture starts alike.
        await page.addStyleTag({ content: '.staff-banner { display: none !important }' });
        await shoot(page, name('pdv-empty'));

        await page.getByLabel('Celular do cliente').fill(customer.phone);
        await page.getByLabel('Celular do cliente').press('Enter');
        await expect(page.getByText('Clara Balcão')).toBeVisible();
        await page.getByRole('button', { name: 'Telefone', exact: true }).click();
        await page.getByRole('button', { name: 'Entrega', exact: true }).click();
        await page.getByLabel('Buscar no cardápio').fill(PRODUCTS[store].search.variants!);
        await page.getByRole('button', { name: PRODUCTS[store].variants }).first().click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
        await shoot(page, name('pdv-product-dialog'));
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();

        await page.getByLabel('Buscar no cardápio').fill(PRODUCTS[store].search.simple!);
        await page.getByRole('button', { name: PRODUCTS[store].simple }).click();
        await dialog.getByRole('button', { name: 'Inserir' }).click();
        await expect(dialog).toBeHidden();
        await page.getByRole('button', { name: 'Dinheiro' }).click();
        await page.getByLabel('Troco para (R$)').fill('100');
        await expect(page.getByText(/^Troco: R\$/)).toBeVisible();
        await shoot(page, name('pdv-filled'));

        // A new address given on the phone: the form under the saved ones.
        await page.getByRole('button', { name: '+ Novo endereço' }).click();
        await page.getByRole('textbox', { name: 'Rua' }).fill('Rua Haddock Lobo');
        await page.getByRole('textbox', { name: 'Número' }).fill('595');
        await page.getByRole('textbox', { name: 'Rua' }).scrollIntoViewIfNeeded();
        await shoot(page, name('pdv-new-address'));
      });
    }
  }
}
