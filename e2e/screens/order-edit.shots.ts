import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { submission } from '../../apps/server/src/test/submission.ts';
import { SCREENS_PORT } from './screens.config.ts';
import {
  expect,
  MODES,
  PRODUCTS,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  seriousViolations,
  settle,
  signUp,
  storeUrl,
  test,
} from './support.ts';

/*
 * 'Editar pedido' (docs/decisions/0062) on a phone and on a counter tablet, both stores, light and
 * dark: the order as it is, then a line taken out, one added and cash with change; the product
 * dialog over it; a refusal of the server (the order got ready meanwhile) in words. Pictures go to
 * /tmp/shots-edit for a person to look at (the order is a fresh one each run: no baseline); axe
 * checks each state.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-edit';
mkdirSync(SHOTS, { recursive: true });

const API = `http://127.0.0.1:${SCREENS_PORT}`;
const VIEWPORTS = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } } as const;
const PRODUCT: Record<Store, string> = {
  pizzaria: 'Guaraná Antarctica lata 350 ml',
  sakura: 'Chá verde gelado 500 ml',
};

async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  // The edit scrolls inside its layer over the board: for the whole of it as one picture, the
  // layer is laid out in the page's flow a moment, the board under it left out.
  const flat = await page.addStyleTag({
    content:
      '.staff-app > :not(.staff-edit-layer) { display: none !important } ' +
      '.staff-edit-layer { position: static !important; overflow: visible !important }',
  });
  await page.screenshot({ path: `${SHOTS}/${name}-full.png`, fullPage: true });
  await flat.evaluate((element) => element.remove());
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
}

/** A pickup order of the customer's: the product twice as two lines (one with a note), by card. */
async function placeOrder(request: Parameters<typeof signUp>[0], store: Store): Promise<number> {
  const headers = { host: `${store}.localhost:${SCREENS_PORT}` };
  const { token } = await signUp(request, store, { name: 'Clara Balcão' });
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { user_id: number }
  ).user_id;
  const products = (await (await request.get(`${API}/estoque/produtos_app`, { headers })).json()) as {
    id: number;
    descricao: string;
    valor_venda: number;
  }[];
  const product = products.find((p) => p.descricao === PRODUCT[store])!;
  const line = { produto: product.id, produto_valor: product.valor_venda, itens_pedidos: [] };
  const placed = await request.post(`${API}/bar/v2/app/order/upsert/`, {
    headers: { ...headers, authorization: `Bearer ${token}`, 'idempotency-key': `edit-shots-${Date.now()}` },
    data: submission(userId, [
      { ...line, qtd: 8, observacao: 'Bem gelado' },
      { ...line, qtd: 4 },
    ]),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order_info: { order_id: number } }).order_info.order_id;
}

for (const store of STORES) {
  for (const mode of MODES) {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      test(`${store} ${mode} ${device}: Editar pedido`, async ({ page, request }) => {
        const name = (screen: string) => `${store}-${mode}-${device}-${screen}`;
        await page.setViewportSize(viewport);
        await prepare(page, { mode });
        const id = await placeOrder(request, store);

        await page.goto(storeUrl(store, '/staff'));
        await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
        await page.getByLabel('Senha').fill(STAFF_PASSWORD);
        await page.getByRole('button', { name: 'Entrar' }).click();
        const card = page.getByRole('article', { name: `Pedido nº ${id}` });
        await card.getByRole('button', { name: 'Editar pedido' }).click();
        const edit = page.getByRole('main', { name: `Editar pedido nº ${id}` });
        await expect(edit.getByText(`8× ${PRODUCT[store]}`)).toBeVisible();
        await expect(edit.locator('.pdv-totals')).toBeVisible();
        await shoot(page, name('edit-open'));

        await edit
          .getByRole('button', { name: `Tirar ${PRODUCT[store]} do pedido` })
          .last()
          .click();
        if (device === 'phone') await edit.getByRole('button', { name: 'Adicionar produto' }).click();
        await edit.getByLabel('Buscar no cardápio').fill(PRODUCTS[store].search.variants!);
        await edit.getByRole('button', { name: PRODUCTS[store].variants }).first().click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toBeVisible();
        await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
        await settle(page);
        await page.screenshot({ path: `${SHOTS}/${name('edit-product-dialog')}.png` });
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await edit.getByLabel('Buscar no cardápio').fill(PRODUCTS[store].search.simple!);
        await edit.locator('.pdv-product').filter({ hasText: PRODUCTS[store].simple }).click();
        await dialog.getByRole('button', { name: 'Inserir' }).click();
        await expect(dialog).toBeHidden();
        await edit.getByRole('button', { name: 'Dinheiro', exact: true }).click();
        await edit.getByLabel('Troco para (R$)').fill('100');
        await expect(edit.getByText(/^Troco: R\$/)).toBeVisible();
        await shoot(page, name('edit-filled'));

        // Someone marks it ready meanwhile: the save is refused, in words, and nothing changes.
        const signIn = await request.post(`${API}/staff/auth/sign-in`, {
          headers: { host: `${store}.localhost:${SCREENS_PORT}` },
          data: { username: STAFF_PHONES[store], password: STAFF_PASSWORD },
        });
        const auth = {
          host: `${store}.localhost:${SCREENS_PORT}`,
          authorization: `Bearer ${((await signIn.json()) as { token: string }).token}`,
        };
        for (const status of ['Preparo', 'Concluido']) {
          const moved = await request.post(`${API}/staff/orders/${id}/status`, {
            headers: auth,
            data: { status },
          });
          expect(moved.status(), await moved.text()).toBe(200);
        }
        await edit.getByRole('button', { name: /^Salvar alteração/ }).click();
        await expect(edit.getByRole('alert')).toHaveText(
          'Este pedido já foi preparado e não pode mais ser alterado.',
        );
        await expect(edit.getByRole('button', { name: /^Salvar alteração/ })).toBeDisabled();
        await edit.getByRole('alert').scrollIntoViewIfNeeded();
        await shoot(page, name('edit-refused'));
      });
    }
  }
}

/** The kitchen display of an order edited after it was accepted: PEDIDO ALTERADO, NOVO, REMOVER. */
for (const store of STORES) {
  for (const mode of MODES) {
    test(`${store} ${mode} tablet: the kitchen display after an edit`, async ({ page, request }) => {
      await page.setViewportSize(VIEWPORTS.tablet);
      await prepare(page, { mode });
      const id = await placeOrder(request, store);
      const host = `${store}.localhost:${SCREENS_PORT}`;
      const signIn = await request.post(`${API}/staff/auth/sign-in`, {
        headers: { host },
        data: { username: STAFF_PHONES[store], password: STAFF_PASSWORD },
      });
      const auth = { host, authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
      const accepted = await request.post(`${API}/staff/orders/${id}/status`, {
        headers: auth,
        data: { status: 'Preparo' },
      });
      expect(accepted.status(), await accepted.text()).toBe(200);
      const products = (await (
        await request.get(`${API}/estoque/produtos_app`, { headers: { host } })
      ).json()) as {
        id: number;
        descricao: string;
        valor_venda: number;
      }[];
      const product = products.find((p) => p.descricao === PRODUCT[store])!;
      const edited = await request.post(`${API}/staff/orders/${id}/edit`, {
        headers: auth,
        data: {
          remover: [1],
          adicionar: [
            {
              produto: product.id,
              qtd: 2,
              produto_valor: product.valor_venda,
              itens_pedidos: [],
              observacao: 'Sem gelo',
            },
          ],
        },
      });
      expect(edited.status(), await edited.text()).toBe(200);

      await page.goto(storeUrl(store, '/staff'));
      await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
      await page.getByLabel('Senha').fill(STAFF_PASSWORD);
      await page.getByRole('button', { name: 'Entrar' }).click();
      await expect(page.getByRole('button', { name: 'Novo pedido' })).toBeVisible();
      await page.goto(storeUrl(store, '/staff/app/cozinha'));
      const ticket = page.getByRole('article', { name: `#${id}` });
      await expect(ticket.getByText('PEDIDO ALTERADO')).toBeVisible();
      await ticket.scrollIntoViewIfNeeded();
      await settle(page);
      await ticket.screenshot({ path: `${SHOTS}/${store}-${mode}-tablet-kitchen-edited.png` });
      expect(await seriousViolations(page), 'axe on the kitchen display').toEqual([]);
    });
  }
}
