import { submission } from '../../apps/server/src/test/submission.ts';
import { SCREENS_PORT } from './screens.config.ts';
import {
  expect,
  fillCart,
  MODES,
  prepare,
  SCREENS_API,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  settle,
  signInStaffApp,
  signUp,
  storeHostHeaders,
  storeUrl,
  test,
} from './support.ts';

/*
 * WhatsApp's screens (issue 36, docs/decisions/0073) for a person to look at, both stores, light and
 * dark, on a phone: the checkout's opt-in, the profile's switch, the recovery code step, the staff's
 * inbox and a conversation, and Ajustes › WhatsApp. Forno & Brasa talks to the stand-in Graph API
 * (beside the server, +30); Sakura has no channel, so its pictures show the screens without it.
 * Saved to /tmp/shots-wa-ui/ (or SHOTS_DIR).
 */

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots-wa-ui';
const STANDIN = process.env.WHATSAPP_STANDIN_URL ?? `http://127.0.0.1:${SCREENS_PORT + 30}`;

async function staffToken(request: import('@playwright/test').APIRequestContext, store: Store) {
  const signIn = await request.post(`${SCREENS_API}/staff/auth/sign-in`, {
    headers: storeHostHeaders(store),
    data: { username: STAFF_PHONES[store], password: STAFF_PASSWORD },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return ((await signIn.json()) as { token: string }).token;
}

/** Scrolls a part of the page to the middle of the screen (no DOM types in the e2e project). */
async function centre(part: import('@playwright/test').Locator) {
  await part.evaluate((node) =>
    (node as unknown as { scrollIntoView(options: unknown): void }).scrollIntoView({ block: 'center' }),
  );
}

for (const store of STORES) {
  for (const mode of MODES) {
    test(`${store} ${mode}: WhatsApp for the customer`, async ({ page, request }) => {
      const { phone, token } = await signUp(request, store, { name: 'Marina Alves' });
      await prepare(page, { mode, token });
      await fillCart(page, store);
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await expect(page).toHaveURL(/\/confirmation$/);
      await expect(page.getByRole('heading', { name: 'Resumo' })).toBeVisible();
      if (store === 'pizzaria') {
        const optIn = page.getByRole('switch', { name: 'Receber atualizações do pedido pelo WhatsApp' });
        await expect(optIn).not.toBeChecked();
        await optIn.scrollIntoViewIfNeeded();
        await settle(page);
        await page.screenshot({ path: `${OUT}/${store}-${mode}-checkout-optin.png` });
        await optIn.click();
        await expect(optIn).toBeChecked();
      }
      await settle(page);
      await page.screenshot({ path: `${OUT}/${store}-${mode}-checkout-full.png`, fullPage: true });

      await page.goto(storeUrl(store, '/profile'));
      await expect(page.getByRole('heading', { name: 'Meus dados' })).toBeVisible();
      if (store === 'pizzaria') {
        const updates = page.getByRole('switch', { name: 'Atualizações do pedido pelo WhatsApp' });
        await expect(updates).not.toBeChecked();
        await updates.click();
        await expect(updates).toBeChecked();
        await expect(page.getByText(/você vai receber as atualizações/)).toBeVisible();
      }
      await settle(page);
      await page.screenshot({ path: `${OUT}/${store}-${mode}-profile.png`, fullPage: true });

      // The code step, signed out.
      await page.evaluate(() =>
        (
          globalThis as unknown as { localStorage: { removeItem(key: string): void } }
        ).localStorage.removeItem('token'),
      );
      const codePage = await page.context().newPage();
      await prepare(codePage, { mode });
      await codePage.goto(storeUrl(store, `/forgot/${phone}`));
      const sent = codePage.getByRole('dialog', { name: 'Código enviado' });
      await expect(sent).toBeVisible();
      await codePage.screenshot({ path: `${OUT}/${store}-${mode}-code-dialog.png` });
      await sent.getByRole('button', { name: 'Entendi' }).click();
      await expect(codePage.getByRole('heading', { name: 'Criar uma nova senha' })).toBeVisible();
      if (store === 'pizzaria') {
        await expect(codePage.getByText(/Enviamos um código pelo WhatsApp para/)).toBeVisible();
        await settle(codePage);
        await codePage.screenshot({ path: `${OUT}/${store}-${mode}-code-step.png` });
        await codePage.getByRole('button', { name: 'Receber por SMS' }).click();
        const again = codePage.getByRole('dialog', { name: 'Código enviado' });
        await expect(again).toContainText('por SMS');
        await again.getByRole('button', { name: 'Entendi' }).click();
        await expect(codePage.getByRole('textbox', { name: 'Código recebido por SMS' })).toBeVisible();
      }
      await settle(codePage);
      await codePage.screenshot({ path: `${OUT}/${store}-${mode}-code-step-sms.png` });
    });

    test(`${store} ${mode}: WhatsApp for the staff`, async ({ page, request }) => {
      if (store === 'pizzaria') {
        // A customer who opted in, an accepted order (its template), and a question for a person.
        const { phone, token } = await signUp(request, store, { name: 'Marina Alves' });
        const userId = (
          JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { user_id: number }
        ).user_id;
        const products = (await (
          await request.get(`${SCREENS_API}/estoque/produtos_app`, { headers: storeHostHeaders(store) })
        ).json()) as { id: number; descricao: string; valor_venda: number }[];
        const product = products.find((each) => each.descricao === 'Guaraná Antarctica lata 350 ml')!;
        const placed = await request.post(`${SCREENS_API}/bar/v2/app/order/upsert/`, {
          headers: {
            ...storeHostHeaders(store),
            authorization: `Bearer ${token}`,
            'idempotency-key': `wa-shots-${mode}-${Date.now()}`,
          },
          data: {
            ...submission(userId, [
              { produto: product.id, qtd: 6, produto_valor: product.valor_venda, itens_pedidos: [] },
            ]),
            whatsapp_atualizacoes: true,
          },
        });
        expect(placed.status(), await placed.text()).toBe(201);
        const orderId = ((await placed.json()) as { order_info: { order_id: number } }).order_info.order_id;
        const staff = await staffToken(request, store);
        const accepted = await request.post(`${SCREENS_API}/staff/orders/${orderId}/status`, {
          headers: { ...storeHostHeaders(store), authorization: `Bearer ${staff}` },
          data: { status: 'Preparo' },
        });
        expect(accepted.ok(), await accepted.text()).toBe(true);
        await expect
          .poll(async () => {
            const listed = (await (await request.get(`${STANDIN}/simulator/conversations`)).json()) as {
              waId: string;
              messages: unknown[];
            }[];
            return listed.find((each) => each.waId === `55${phone}`)?.messages.length ?? 0;
          })
          .toBeGreaterThan(0);
        const asked = await request.post(`${STANDIN}/simulator/reply`, {
          data: {
            from: `55${phone}`,
            text: 'Oi! Dá pra mandar sem cebola e com guardanapo extra?',
            name: 'Marina',
          },
        });
        expect(asked.ok(), await asked.text()).toBe(true);
      }

      await prepare(page, { mode });
      await page.setViewportSize({ width: 390, height: 844 });
      await signInStaffApp(page, store);
      const tab = page.getByRole('button', { name: /^WhatsApp/ });
      await expect(tab).toBeVisible();
      await tab.click();
      await expect(page.getByRole('heading', { name: 'Conversas no WhatsApp' })).toBeVisible();
      if (store === 'pizzaria') await expect(page.getByText('Precisa de atendente').first()).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}/${store}-${mode}-inbox.png`, fullPage: true });
      if (store === 'pizzaria') {
        await page
          .getByRole('button', { name: /Marina/ })
          .first()
          .click();
        await expect(page.getByRole('list', { name: 'Mensagens' })).toBeVisible();
        await page
          .getByRole('textbox', { name: 'Resposta' })
          .fill('Claro, Marina! Sem cebola e com guardanapos.');
        await page.getByRole('button', { name: 'Enviar' }).click();
        await expect(
          page
            .getByRole('list', { name: 'Mensagens' })
            .getByText('Claro, Marina! Sem cebola e com guardanapos.'),
        ).toBeVisible();
        await expect(page.getByRole('textbox', { name: 'Resposta' })).toHaveValue('');
        await settle(page);
        await page.screenshot({ path: `${OUT}/${store}-${mode}-conversation.png`, fullPage: true });
        // Back in the list, the store's reply is the last message: "Você: …".
        await page
          .getByRole('button', { name: /Conversas/ })
          .first()
          .click();
        await expect(page.getByText('Você: Claro, Marina!', { exact: false }).first()).toBeVisible();
        await settle(page);
        await page.screenshot({ path: `${OUT}/${store}-${mode}-inbox-replied.png`, fullPage: true });
      }

      await page.getByRole('button', { name: 'Ajustes' }).click();
      await page.getByRole('button', { name: /^WhatsApp Número da loja/ }).click();
      await expect(page.getByRole('heading', { name: 'Modelos de mensagem' })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}/${store}-${mode}-settings.png` });
      await page.getByRole('heading', { name: 'Webhook' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${OUT}/${store}-${mode}-settings-keys.png` });
      await centre(page.getByText('comanda_pedido_aceito'));
      await page.screenshot({ path: `${OUT}/${store}-${mode}-settings-templates.png` });
      await centre(page.getByRole('heading', { name: 'Falhas recentes' }));
      await page.screenshot({ path: `${OUT}/${store}-${mode}-settings-failures.png` });
    });
  }
}
