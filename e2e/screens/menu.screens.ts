import {
  checkScreen,
  expect,
  fillCart,
  MODES,
  openProduct,
  PRODUCTS,
  prepare,
  STORES,
  shellUrl,
  storeUrl,
  switchLanguage,
  test,
  waitForMenu,
} from './support.ts';

/* The screens anyone sees, signed out: menu, product dialog variants, cart, sign-in, errors. */

for (const store of STORES) {
  for (const mode of MODES) {
    const name = (screen: string) => `${store}-${mode}-${screen}`;

    test.describe(`${store} ${mode}`, () => {
      test.beforeEach(async ({ page }) => prepare(page, { mode }));

      test('menu and store information', async ({ page }) => {
        await page.goto(storeUrl(store));
        await waitForMenu(page);
        await expect(page.locator('html')).toHaveAttribute('data-mode', mode);
        await checkScreen(page, name('menu'));
        await page.getByRole('button', { name: 'Informações da loja' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await checkScreen(page, name('store-info'));
      });

      test('product dialogs: simple, variants, a step of choices', async ({ page }) => {
        const { search, simple, variants, steps } = PRODUCTS[store];
        await page.goto(storeUrl(store));
        await waitForMenu(page);
        let dialog = await openProduct(page, search.simple!, simple);
        await checkScreen(page, name('product-simple'));
        await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
        dialog = await openProduct(page, search.variants!, variants);
        await checkScreen(page, name('product-variants'));
        // No variant yet: Next is blocked and says why.
        await dialog.getByRole('button', { name: 'Avançar' }).click({ force: true });
        await expect(dialog.getByRole('alert')).toBeVisible();
        await checkScreen(page, name('product-variant-required'));
        await dialog.getByRole('button', { name: 'Fechar', exact: true }).click();
        dialog = await openProduct(page, search.steps!, steps);
        const next = dialog.getByRole('button', { name: 'Avançar' });
        if ((await next.getAttribute('aria-disabled')) === 'true')
          await dialog.getByRole('radio').first().check();
        await next.click();
        await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
        await checkScreen(page, name('product-step'));
      });

      test('cart: empty, with lines, the clean-cart dialog', async ({ page }) => {
        await page.goto(storeUrl(store, '/cart'));
        await expect(page.getByRole('heading', { name: 'Seu carrinho está vazio' })).toBeVisible();
        await checkScreen(page, name('cart-empty'));
        await fillCart(page, store);
        await expect(page.getByRole('button', { name: 'Finalizar' })).toBeEnabled();
        await checkScreen(page, name('cart'));
        await page.getByRole('button', { name: 'Limpar carrinho' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await checkScreen(page, name('cart-clean-dialog'));
      });

      test('sign-in, sign-up and recovery', async ({ page }) => {
        await page.goto(storeUrl(store, '/signin'));
        await expect(page.getByRole('textbox').first()).toBeVisible();
        await checkScreen(page, name('signin'));
        await page.goto(storeUrl(store, '/signup'));
        await expect(page.getByRole('textbox').first()).toBeVisible();
        await checkScreen(page, name('signup'));
        await page.goto(storeUrl(store, '/forgot/11955550199'));
        // Wait for the 'code sent' dialog: the top bar's heading shows before the recovery form does.
        await expect(page.getByRole('dialog')).toBeVisible();
        await checkScreen(page, name('recovery'));
      });

      test('connection error and an unknown store', async ({ page }) => {
        // The first HTML carries the menu: open the bare shell so the menu has to come from the API.
        await page.route(
          (url) => url.pathname === '/',
          async (route) => route.fulfill({ response: await route.fetch(shellUrl(store)) }),
        );
        await page.route(/\/(core|estoque|financeiro|bar)\//, (route) => route.abort('internetdisconnected'));
        await page.goto(storeUrl(store));
        await expect(page.getByRole('alert')).toBeVisible();
        await checkScreen(page, name('connection-error'));
        await page.unrouteAll();
        if (store === 'pizzaria') {
          await page.goto(`http://loja-que-nao-existe.localhost:${new URL(storeUrl(store)).port}/`);
          await checkScreen(page, `${mode}-unknown-store`);
        }
      });
    });
  }
}

/* English, and the desktop width, on the menu home, the product dialog and the cart. */
for (const store of STORES) {
  test(`${store} in English: menu, product, cart`, async ({ page }) => {
    await prepare(page, { mode: 'light', language: 'en' });
    await page.goto(storeUrl(store));
    await waitForMenu(page);
    await checkScreen(page, `${store}-en-menu`);
    const { search, simple } = PRODUCTS[store];
    await openProduct(page, search.simple!, simple);
    await checkScreen(page, `${store}-en-product`);
    await switchLanguage(page, 'pt_br');
    await fillCart(page, store);
    await switchLanguage(page, 'en');
    await expect(page.getByRole('button', { name: 'Finish' })).toBeVisible();
    await checkScreen(page, `${store}-en-cart`);
  });

  test(`${store} at 360 px: menu and store information`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await prepare(page, { mode: 'light' });
    await page.goto(storeUrl(store));
    await waitForMenu(page);
    await checkScreen(page, `${store}-360-menu`);
    await page.getByRole('button', { name: 'Informações da loja' }).click();
    await page.getByRole('dialog').getByRole('tab', { name: 'Pagamento' }).click();
    await checkScreen(page, `${store}-360-store-info-payment`);
  });

  test(`${store} at desktop width: menu and product`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await prepare(page, { mode: 'light' });
    await page.goto(storeUrl(store));
    await waitForMenu(page);
    await checkScreen(page, `${store}-desktop-menu`);
    const { search, variants } = PRODUCTS[store];
    await openProduct(page, search.variants!, variants);
    await checkScreen(page, `${store}-desktop-product`);
  });
}
