import type { Page } from '@playwright/test';
import {
  checkScreen,
  expect,
  MODES,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  storeUrl,
  test,
} from './support.ts';

/*
 * The staff app's menu editor on a phone (issue 17), both stores, light and dark: the category list,
 * a product's screen, an option group's, the preview of a product as its customer sees it, and a
 * refused save. Nothing is saved here (the other screens of this suite picture the same menus).
 */

/** Per store: a category, a product of it with a picture, variants and a group, and a group with a few options. */
const SUBJECT: Record<Store, { category: string; product: string; group: string; item: string }> = {
  pizzaria: {
    category: 'Pizzas tradicionais',
    product: 'Pizza Calabresa',
    group: 'Borda recheada',
    item: 'Catupiry',
  },
  sakura: { category: 'Combinados', product: 'Combinado Sakura', group: 'Molhos', item: 'Tarê' },
};

async function openMenuEditor(page: Page, store: Store) {
  await page.goto(storeUrl(store, '/staff'));
  await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('region', { name: 'Novos' })).toBeVisible();
  // Other tests' orders raise banners above the screen: hidden, so the picture is the same each run.
  await page.addStyleTag({ content: '.staff-banner { display: none !important }' });
  await page.getByRole('button', { name: 'Cardápio', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Cardápio', level: 2 })).toBeVisible();
}

async function openProduct(page: Page, store: Store) {
  const { category, product } = SUBJECT[store];
  await page.getByRole('button', { name: new RegExp(`^${category}\\s?\\d`) }).click();
  await page.getByRole('button', { name: new RegExp(`^${product}`) }).click();
  await expect(page.getByRole('heading', { name: product, level: 3 })).toBeVisible();
}

for (const store of STORES) {
  for (const mode of MODES) {
    const name = (screen: string) => `${store}-${mode}-editor-menu-${screen}`;

    test.describe(`${store} ${mode}`, () => {
      test.beforeEach(async ({ page }) => prepare(page, { mode }));

      test('editor-menu-categories, product, preview', async ({ page }) => {
        await openMenuEditor(page, store);
        await checkScreen(page, name('categories'));

        await openProduct(page, store);
        await checkScreen(page, name('product'));
        await page.getByRole('heading', { name: 'Grupos de opções do produto' }).scrollIntoViewIfNeeded();
        await checkScreen(page, name('product-groups'));

        await page.getByRole('button', { name: 'Ver como o cliente vê' }).click();
        const preview = page.getByRole('dialog', { name: SUBJECT[store].product });
        await expect(preview).toContainText('Prévia');
        await checkScreen(page, name('preview'));
        await preview.getByRole('radio').first().check();
        await preview.getByRole('button', { name: 'Avançar' }).click();
        await preview.getByRole('button', { name: 'Inserir' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Na prévia' })).toBeVisible();
        await page.mouse.wheel(0, -10_000);
        await checkScreen(page, name('preview-price'));
      });

      test('editor-menu-group', async ({ page }) => {
        await openMenuEditor(page, store);
        const { group, item } = SUBJECT[store];
        await page.getByRole('button', { name: 'Grupos de opções', exact: true }).click();
        await checkScreen(page, name('groups'));
        await page.getByRole('button', { name: new RegExp(`^${group}`) }).click();
        await expect(page.getByRole('heading', { name: group, level: 3 })).toBeVisible();
        await checkScreen(page, name('group'));
        await page.getByRole('button', { name: new RegExp(`^${item}`) }).click();
        await page.getByRole('textbox', { name: 'Nome da opção' }).scrollIntoViewIfNeeded();
        await checkScreen(page, name('group-item'));
      });

      test('editor-menu-refusal', async ({ page }) => {
        await openMenuEditor(page, store);
        await openProduct(page, store);
        // A variant's price over the cap: the server refuses, the field says why, nothing is saved.
        const variants = page.getByRole('list', { name: `Variantes de ${SUBJECT[store].product}` });
        await variants.getByRole('button').filter({ hasText: /R\$/ }).first().click();
        await variants.getByRole('textbox', { name: 'Preço' }).first().fill('1.000.000,00');
        await page.getByRole('button', { name: 'Salvar' }).click();
        const price = variants.getByRole('textbox', { name: 'Preço' }).first();
        await expect(price).toHaveAttribute('aria-invalid', 'true');
        await checkScreen(page, name('refusal'));
        await page.mouse.wheel(0, -10_000);
        await checkScreen(page, name('refusal-top'));
      });
    });
  }
}
