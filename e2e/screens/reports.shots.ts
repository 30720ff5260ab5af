import { expect, MODES, placeSimpleOrder, prepare, STORES, signInStaffApp, test } from './support.ts';

/*
 * The staff app's 'Relatórios' (docs/decisions/0061) on a phone and a counter tablet, both stores,
 * light and dark, after an order of today. Its figures grow with every run (each run adds orders to the
 * suite's shared stores), so the pictures are written to /tmp/shots-reports/ to be looked at, not compared.
 */

const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } } as const;

for (const store of STORES) {
  for (const mode of MODES) {
    test(`${store} ${mode}: the period report`, async ({ page, request }) => {
      await placeSimpleOrder(request, store, { qtd: 12, name: 'Rita Relatório' });

      await prepare(page, { mode });
      await signInStaffApp(page, store);
      await page.getByRole('button', { name: 'Relatórios' }).click();
      for (const [size, viewport] of Object.entries(SIZES)) {
        await page.setViewportSize(viewport);
        await expect(page.locator('[data-figure="revenue"] dd')).not.toHaveText('R$ 0,00');
        await expect(page.locator('.reports-chart canvas')).toHaveCount(2);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `/tmp/shots-reports/${store}-${mode}-${size}.png`, fullPage: true });
      }
    });
  }
}
