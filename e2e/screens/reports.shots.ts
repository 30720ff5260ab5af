import { submission } from '../../apps/server/src/test/submission.ts';
import { SCREENS_PORT } from './screens.config.ts';
import { expect, MODES, prepare, STORES, type Store, signUp, storeUrl, test } from './support.ts';

/*
 * The staff app's 'Relatórios' (docs/decisions/0061) on a phone and a counter tablet, both stores,
 * light and dark, after an order of today. Its figures grow with every run (each run adds orders to the
 * suite's shared stores), so the pictures are written to /tmp/shots-reports/ to be looked at, not compared.
 */

const STAFF: Record<Store, string> = { pizzaria: '11955550100', sakura: '11955550101' };
const PASSWORD = process.env.E2E_STAFF_PASSWORD ?? 'equipe-e2e-senha';
const API = `http://127.0.0.1:${SCREENS_PORT}`;
const PRODUCT: Record<Store, string> = {
  pizzaria: 'Guaraná Antarctica lata 350 ml',
  sakura: 'Chá verde gelado 500 ml',
};
const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } } as const;

for (const store of STORES) {
  for (const mode of MODES) {
    test(`${store} ${mode}: the period report`, async ({ page, request }) => {
      const headers = { host: `${store}.localhost:${SCREENS_PORT}` };
      const { token } = await signUp(request, store, { name: 'Rita Relatório' });
      const userId = (
        JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { user_id: number }
      ).user_id;
      const products = (await (await request.get(`${API}/estoque/produtos_app`, { headers })).json()) as {
        id: number;
        descricao: string;
        valor_venda: number;
      }[];
      const product = products.find((p) => p.descricao === PRODUCT[store])!;
      const placed = await request.post(`${API}/bar/v2/app/order/upsert/`, {
        headers: {
          ...headers,
          authorization: `Bearer ${token}`,
          'idempotency-key': `reports-${store}-${mode}-${Date.now()}`,
        },
        data: submission(userId, [
          { produto: product.id, qtd: 12, produto_valor: product.valor_venda, itens_pedidos: [] },
        ]),
      });
      expect(placed.status(), await placed.text()).toBe(201);

      await prepare(page, { mode });
      await page.goto(storeUrl(store, '/staff'));
      await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF[store]);
      await page.getByLabel('Senha').fill(PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
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
