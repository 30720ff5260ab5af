import {
  deliver,
  expect,
  MODES,
  placeSimpleOrder,
  prepare,
  SCREENS_API,
  STORES,
  signInStaffApp,
  storeHostHeaders,
  test,
} from './support.ts';

/*
 * The staff app's 'Avaliações' (docs/decisions/0068) on a phone and a counter tablet, both stores,
 * light and dark, after three delivered orders rated 5, 4 and 1 stars. The list grows with every run
 * (the suite's stores are shared), so the pictures go to /tmp/shots-ratings/ to be looked at.
 */

const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } } as const;
const RATINGS = [
  { name: 'Rita Souza', rating: { nota: 5, comentario: 'Chegou rápido e quentinho. A melhor da região!' } },
  { name: 'João Lima', rating: { nota: 4 } },
  { name: 'Ana Reis', rating: { nota: 1, comentario: 'Demorou mais de uma hora e veio frio.' } },
];

for (const store of STORES) {
  for (const mode of MODES) {
    test(`${store} ${mode}: the customers' ratings`, async ({ page, request }) => {
      for (const { name, rating } of RATINGS) {
        const { id, token } = await placeSimpleOrder(request, store, { qtd: 6, name });
        await deliver(request, store, id);
        const rated = await request.post(`${SCREENS_API}/bar/v2/orders/${id}/rating`, {
          headers: { ...storeHostHeaders(store), authorization: `Bearer ${token}` },
          data: rating,
        });
        expect(rated.status(), await rated.text()).toBe(201);
      }

      await prepare(page, { mode });
      await signInStaffApp(page, store);
      await page.getByRole('button', { name: 'Avaliações' }).click();
      await expect(page.getByText('Demorou mais de uma hora e veio frio.').first()).toBeVisible();
      for (const [size, viewport] of Object.entries(SIZES)) {
        await page.setViewportSize(viewport);
        await page.screenshot({ path: `/tmp/shots-ratings/${store}-${mode}-${size}.png`, fullPage: true });
      }
      await page.getByRole('button', { name: 'Até 2 estrelas' }).click();
      await expect(page.getByText('Chegou rápido e quentinho. A melhor da região!')).toHaveCount(0);
      await page.screenshot({ path: `/tmp/shots-ratings/${store}-${mode}-low.png`, fullPage: true });
    });
  }
}
