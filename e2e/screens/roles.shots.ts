import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { submission } from '../../apps/server/src/test/submission.ts';
import { SCREENS_PORT } from './screens.config.ts';
import {
  expect,
  MODES,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  settle,
  signUp,
  storeUrl,
  test,
} from './support.ts';

/*
 * Role rules for money (issue 33) on a phone, both stores, light and dark, saved to
 * SHOTS_DIR (/tmp/shots-roles) for a person to look at: the attendant's approval dialog, the
 * owner's board with the PIX key notice and the cancel waiting, the store's rules in the team tab
 * and one's approval code. The store's rules, its PIX key and the requests are put back afterwards.
 */

const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/shots-roles';
const ATTENDANT_PASSWORD = 'atendente-caixa-2026';
const API = `http://127.0.0.1:${SCREENS_PORT}`;
const PRODUCT: Record<Store, string> = {
  pizzaria: 'Guaraná Antarctica lata 350 ml',
  sakura: 'Chá verde gelado 500 ml',
};

const host = (store: Store) => ({ host: `${store}.localhost:${SCREENS_PORT}` });

async function staffToken(request: APIRequestContext, store: Store, phone: string, password: string) {
  const reply = await request.post(`${API}/staff/auth/sign-in`, {
    headers: host(store),
    data: { username: phone, password },
  });
  expect(reply.status(), await reply.text()).toBe(200);
  return ((await reply.json()) as { token: string }).token;
}

async function placeOrder(request: APIRequestContext, store: Store): Promise<{ id: number; number: number }> {
  const { token } = await signUp(request, store, { name: 'Rita Cliente' });
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { user_id: number }
  ).user_id;
  const products = (await (
    await request.get(`${API}/estoque/produtos_app`, { headers: host(store) })
  ).json()) as {
    id: number;
    descricao: string;
    valor_venda: number;
  }[];
  const product = products.find((p) => p.descricao === PRODUCT[store])!;
  const placed = await request.post(`${API}/bar/v2/app/order/upsert/`, {
    headers: {
      ...host(store),
      authorization: `Bearer ${token}`,
      'idempotency-key': `roles-${Date.now()}-${Math.random()}`,
    },
    data: submission(userId, [
      { produto: product.id, qtd: 12, produto_valor: product.valor_venda, itens_pedidos: [], observacao: '' },
    ]),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order_info } = (await placed.json()) as { order_info: { order_id: number; numero: number } };
  // The id (the API's and the requests list's) and the store's number (the board's, ADR 0065).
  return { id: order_info.order_id, number: order_info.numero };
}

/** Sets the store's first PIX key through the editor, confirmed with the owner's password. */
async function setPixKey(request: APIRequestContext, store: Store, ownerToken: string, key: string | null) {
  const headers = { ...host(store), authorization: `Bearer ${ownerToken}` };
  const read = (await (await request.get(`${API}/staff/editor/document`, { headers })).json()) as {
    menu_version: number;
    document: { payment_methods: Record<string, unknown>[]; settings: Record<string, unknown> };
    sections: { payments: string[] };
  };
  const previous = read.document.payment_methods.find((m) => m.tipo === 'pix')!;
  const before = previous.chave_pix as string | null;
  previous.chave_pix = key;
  if (key) previous.tipo_chave_pix = 'telefone';
  const settings: Record<string, unknown> = {};
  for (const path of read.sections.payments) {
    if (path.startsWith('settings.')) settings[path.slice(9)] = read.document.settings[path.slice(9)];
  }
  const saved = await request.put(`${API}/staff/editor/sections/payments`, {
    headers: { ...headers, 'if-match': String(read.menu_version) },
    data: { payment_methods: read.document.payment_methods, settings, owner_password: STAFF_PASSWORD },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return before;
}

async function signInPage(page: Page, store: Store, phone: string, password: string) {
  await page.goto(storeUrl(store, '/staff'));
  await page.getByRole('textbox', { name: 'Celular' }).fill(phone);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

for (const store of STORES) {
  test(`${store}: role rules for money`, async ({ browser, request }) => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS_DIR, { recursive: true });
    const owner = await staffToken(request, store, STAFF_PHONES[store], STAFF_PASSWORD);
    const ownerHeaders = { ...host(store), authorization: `Bearer ${owner}` };
    // Every attendant's cancel needs approval here: a cancel waits without an order paid online.
    const rules = await request.put(`${API}/staff/roles`, {
      headers: ownerHeaders,
      data: { overrides: { 'orders.cancel': 'manager' } },
    });
    expect(rules.status(), await rules.text()).toBe(200);
    const attendantPhone = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const added = await request.post(`${API}/staff/team`, {
      headers: ownerHeaders,
      data: { phone: attendantPhone, nome: 'Ana Balcão', role: 'attendant', password: ATTENDANT_PASSWORD },
    });
    expect(added.status(), await added.text()).toBe(201);
    const oldKey = await setPixKey(request, store, owner, '11977776543');

    try {
      for (const mode of MODES) {
        const shot = (name: string) => `${SHOTS_DIR}/${store}-${mode}-${name}.png`;
        const { id: order, number } = await placeOrder(request, store);

        // The attendant's cancel: the approval dialog.
        const attendantContext = await browser.newContext({
          viewport: { width: 390, height: 844 },
          locale: 'pt-BR',
          timezoneId: 'America/Sao_Paulo',
        });
        const attendantPage = await attendantContext.newPage();
        await prepare(attendantPage, { mode });
        await signInPage(attendantPage, store, attendantPhone, ATTENDANT_PASSWORD);
        const card = attendantPage.getByRole('article', { name: `Pedido nº ${number}` });
        await card.getByRole('button', { name: /Recusar|Cancelar pedido/ }).click();
        await attendantPage.getByLabel('Motivo (o cliente vê)').fill('Cliente desistiu');
        await attendantPage.getByRole('button', { name: 'Confirmar' }).click();
        const dialog = attendantPage.getByRole('dialog', {
          name: `Cancelar o pedido nº ${number} precisa de um gerente`,
        });
        await expect(dialog).toBeVisible();
        await settle(attendantPage);
        await attendantPage.screenshot({ path: shot('approval-dialog') });
        await dialog.getByRole('button', { name: 'Pedir a um gerente' }).click();
        await expect(
          attendantPage.getByText('Pedido de cancelamento enviado.', { exact: false }),
        ).toBeVisible();
        await attendantContext.close();

        // The owner's board: the PIX key notice and the cancel waiting.
        const ownerContext = await browser.newContext({
          viewport: { width: 390, height: 844 },
          locale: 'pt-BR',
          timezoneId: 'America/Sao_Paulo',
        });
        const ownerPage = await ownerContext.newPage();
        await prepare(ownerPage, { mode });
        await signInPage(ownerPage, store, STAFF_PHONES[store], STAFF_PASSWORD);
        await expect(ownerPage.getByText('mudou a chave PIX', { exact: false }).first()).toBeVisible();
        const requests = ownerPage.getByRole('region', { name: 'Cancelamentos esperando aprovação' });
        await expect(requests.getByText(`Pedido nº ${order}`, { exact: false })).toBeVisible();
        await settle(ownerPage);
        await ownerPage.screenshot({ path: shot('owner-board') });
        await requests.scrollIntoViewIfNeeded();
        await ownerPage.screenshot({ path: shot('cancel-requests') });
        await requests.getByRole('button', { name: 'Negar' }).first().click();

        await ownerPage.getByRole('button', { name: 'Equipe' }).click();
        const rulesCard = ownerPage.getByRole('region', { name: 'Quem pode fazer o quê' });
        await settle(ownerPage);
        await rulesCard.screenshot({ path: shot('team-rules') });

        await ownerPage.getByRole('button', { name: 'Loja', exact: true }).click();
        const code = ownerPage.getByRole('region', { name: 'Meu código de aprovação' });
        await settle(ownerPage);
        await code.screenshot({ path: shot('approval-code') });

        // A new PIX key asks the owner's password (nothing saved here: the dialog is left).
        await ownerPage.getByRole('button', { name: 'Ajustes', exact: true }).click();
        await ownerPage.getByRole('button', { name: /^Pagamentos/ }).click();
        const key = ownerPage.getByLabel('Chave PIX').first();
        await key.fill('11966665555');
        await ownerPage.getByRole('button', { name: 'Salvar', exact: true }).click();
        const confirm = ownerPage.getByRole('dialog', { name: 'Confirme com a sua senha' });
        await expect(confirm).toBeVisible();
        await settle(ownerPage);
        await ownerPage.screenshot({ path: shot('owner-password') });
        await confirm.getByRole('button', { name: 'Voltar' }).click();
        await ownerContext.close();
      }
    } finally {
      await request.put(`${API}/staff/roles`, { headers: ownerHeaders, data: { overrides: {} } });
      await setPixKey(request, store, owner, oldKey);
      const notices = (await (
        await request.get(`${API}/staff/notices`, { headers: ownerHeaders })
      ).json()) as {
        notices: { id: number }[];
      };
      for (const notice of notices.notices) {
        await request.post(`${API}/staff/notices/${notice.id}/dismiss`, { headers: ownerHeaders });
      }
    }
  });
}
