import { submission } from '../../apps/server/src/test/submission.ts';
import { SCREENS_PORT } from './screens.config.ts';
import {
  deliver,
  expect,
  MODES,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  signUp,
  storeUrl,
  test,
} from './support.ts';

/*
 * The staff app's 'Avaliações' (docs/decisions/0068) on a phone and a counter tablet, both stores,
 * light and dark, after three delivered orders rated 5, 4 and 1 stars. The list grows with every run
 * (the suite's stores are shared), so the pictures go to /tmp/shots-ratings/ to be looked at.
 */

const API = `http://127.0.0.1:${SCREENS_PORT}`;
const PRODUCT: Record<Store, string> = {
  pizzaria: 'Guaraná Antarctica lata 350 ml',
  sakura: 'Chá verde gelado 500 ml',
};
const SIZES = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } } as const;
const RATINGS = [
  { nota: 5, comentario: 'Chegou rápido e quentinho. A melhor da região!' },
  { nota: 4 },
  { nota: 1, comentario: 'Demorou mais de uma hora e veio frio.' },
];

for (const store of STORES) {
  for (const mode of MODES) {
    test(`${store} ${mode}: the customers' ratings`, async ({ page, request }) => {
      const headers = { host: `${store}.localhost:${SCREENS_PORT}` };
      const products = (await (await request.get(`${API}/estoque/produtos_app`, { headers })).json()) as {
        id: number;
        descricao: string;
        valor_venda: number;
      }[];
      const product = products.find((p) => p.descricao === PRODUCT[store])!;
      for (const [index, rating] of RATINGS.entries()) {
        const { token } = await signUp(request, store, {
          name: ['Rita Souza', 'João Lima', 'Ana Reis'][index],
        });
        const userId = (
          JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { user_id: number }
        ).user_id;
        const auth = { ...headers, authorization: `Bearer ${token}` };
        const placed = await request.post(`${API}/bar/v2/app/order/upsert/`, {
          headers: { ...auth, 'idempotency-key': `ratings-${store}-${mode}-${index}-${Date.now()}` },
          data: submission(userId, [
            { produto: product.id, qtd: 6, produto_valor: product.valor_venda, itens_pedidos: [] },
          ]),
        });
        expect(placed.status(), await placed.text()).toBe(201);
        const id = ((await placed.json()) as { order_info: { order_id: number } }).order_info.order_id;
        await deliver(request, store, id);
        const rated = await request.post(`${API}/bar/v2/orders/${id}/rating`, {
          headers: auth,
          data: rating,
        });
        expect(rated.status(), await rated.text()).toBe(201);
      }

      await prepare(page, { mode });
      await page.goto(storeUrl(store, '/staff'));
      await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
      await page.getByLabel('Senha').fill(STAFF_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
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
