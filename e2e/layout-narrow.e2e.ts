import { buyAndCheckout, openSignedIn } from './support/checkout.ts';
import { signUpOnPage } from './support/customers.ts';
import { expect, storeUrl, test, waitForMenu } from './support/fixtures.ts';
import { expectTabsWhole } from './support/layout.ts';

/*
 * The tab bars on the narrowest phones (issue 34): at 360 px the store information's 'Pagamento'
 * was clipped and the checkout's 'Vem comer' wrapped; at 390 px the orders' 'Em andamento' wrapped.
 * Every tab on one line and whole, in both demo stores.
 */

const CART: Record<string, { search: string; name: RegExp }> = {
  pizzaria: { search: 'guarana', name: /Guaraná Antarctica lata 350 ml/ },
  sakura: { search: 'skin', name: /Temaki skin/ },
};

for (const store of ['pizzaria', 'sakura']) {
  test.describe(`${store} on a narrow phone`, () => {
    test.use({ viewport: { width: 360, height: 800 } });

    test('the store information tabs fit at 360 px', async ({ page }) => {
      await page.goto(storeUrl(store));
      await waitForMenu(page);
      await page.getByRole('button', { name: 'Informações da loja' }).click();
      const dialog = page.getByRole('dialog');
      await expectTabsWhole(dialog.getByRole('tablist'));
      await dialog.getByRole('tab', { name: 'Pagamento' }).click();
      await expect(dialog.getByRole('tabpanel', { name: 'Pagamento' })).toBeVisible();
    });

    test("the checkout's delivery tabs fit at 360 px and its coupon row shows only where the store has coupons; the orders' tabs fit at 360 and 390 px", async ({
      page,
    }) => {
      const origin = storeUrl(store).replace(/\/$/, '');
      await openSignedIn(page, await signUpOnPage(page, origin), '/', origin);
      await waitForMenu(page);
      await buyAndCheckout(page, CART[store]!.search, CART[store]!.name, 2);
      await expectTabsWhole(page.getByRole('tablist', { name: 'Forma de entrega' }));
      // Sakura has no coupons (its company call says tem_cupons false): no coupon row to tap in vain.
      const coupon = page.getByRole('region', { name: 'Cupom de desconto' });
      if (store === 'sakura') await expect(coupon).toHaveCount(0);
      else await expect(coupon.getByRole('button', { name: 'Adicionar cupom' })).toBeVisible();
      await page.goto(`${origin}/mobile/orders`);
      const orders = page.getByRole('tablist', { name: 'Situação dos pedidos' });
      await expectTabsWhole(orders);
      await page.setViewportSize({ width: 390, height: 844 });
      await expectTabsWhole(orders);
    });
  });
}
