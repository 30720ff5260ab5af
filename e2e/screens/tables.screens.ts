import type { StaffTablesReply } from '@comanda/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  expectStripeFields,
  mercadoPagoFrame,
  typeMercadoPagoCard,
  typeStripeCard,
} from '../support/cards.ts';
import { SCREENS_PORT } from './screens.config.ts';
import {
  checkScreen,
  expect,
  MODES,
  newCustomer,
  openProduct,
  PRODUCTS,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  storeUrl,
  test,
  waitForMenu,
} from './support.ts';

/*
 * Table mode on a phone (issue 19), both stores, light and dark: the guest's table banner, the
 * checkout at a table, the table's tab (rounds, then its shares), a share paid by card (the card
 * page with the provider's fields, a declined card, the payment received), the not-found banner;
 * the staff's table card, tab, closing dialog and QR sheet. Each store and theme uses a table of
 * its own, since the tests run side by side on one server. The demo sakura's seats pay each round in
 * the app, so its tabs never have shares: its share paid by card is pictured on sakura-mesa, the
 * TEST-ONLY sakura whose seats pay at the table (e2e/support/seed-journeys.ts).
 */

/** sakura whose seats pay at the table, and its staff (e2e/start-server.sh). */
const SAKURA_MESA = 'sakura-mesa';
const SAKURA_MESA_STAFF = '11955550102';
const API = `http://127.0.0.1:${SCREENS_PORT}`;
const TABLE: Record<Store, Record<'light' | 'dark', string>> = {
  pizzaria: { light: 'Mesa 5', dark: 'Mesa 6' },
  sakura: { light: 'Balcão 2', dark: 'Balcão 3' },
};
/** The staff's pictures use other tables: the guest's test closes its table's tab meanwhile. */
const STAFF_TABLE: Record<Store, Record<'light' | 'dark', string>> = {
  pizzaria: { light: 'Mesa 7', dark: 'Mesa 8' },
  sakura: { light: 'Balcão 4', dark: 'Balcão 5' },
};

async function staffSession(request: APIRequestContext, store: Store | typeof SAKURA_MESA) {
  const headers = { host: `${store}.localhost:${SCREENS_PORT}` };
  const reply = await request.post(`${API}/staff/auth/sign-in`, {
    headers,
    data: {
      username: store === SAKURA_MESA ? SAKURA_MESA_STAFF : STAFF_PHONES[store],
      password: STAFF_PASSWORD,
    },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  const { token } = (await reply.json()) as { token: string };
  return { ...headers, Authorization: `Bearer ${token}` };
}

async function tableOf(request: APIRequestContext, store: Store | typeof SAKURA_MESA, description: string) {
  const headers = await staffSession(request, store);
  const reply = await request.get(`${API}/staff/tables`, { headers });
  const { tables } = (await reply.json()) as StaffTablesReply;
  const table = tables.find((candidate) => candidate.description === description)!;
  const url = new URL(table.links.local);
  return { table, headers, qrPath: `${url.pathname}${url.search}` };
}

async function signInStaff(page: Page, store: Store) {
  await page.goto(storeUrl(store, '/staff'));
  await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('region', { name: 'Novos' })).toBeVisible();
}

for (const store of STORES) {
  for (const mode of MODES) {
    const name = (screen: string) => `${store}-${mode}-${screen}`;
    const description = TABLE[store][mode];
    const staffTable = STAFF_TABLE[store][mode];

    test(`${store} ${mode}: a guest at a table`, async ({ page, request }) => {
      const { table, headers, qrPath } = await tableOf(request, store, description);
      const token = await newCustomer(request, store, 'Tales Mesa');
      await prepare(page, { mode, token });
      await page.goto(storeUrl(store, qrPath));
      await waitForMenu(page);
      await expect(page.getByRole('region', { name: 'Sua mesa' })).toContainText(description);
      await checkScreen(page, name('table-menu'));

      // The checkout at the table: eaten in, paid at the table (pizzaria) or in the app (sakura).
      const { simple, search } = PRODUCTS[store];
      const dialog = await openProduct(page, search.simple!, simple);
      await dialog.getByRole('button', { name: 'Inserir' }).click();
      await page.getByRole('button', { name: 'Finalizar' }).click();
      await expect(page.getByRole('region', { name: 'Pedido para a mesa' })).toBeVisible();
      await checkScreen(page, name('table-checkout'));

      if (store === 'sakura') {
        // Its seats pay each round in the app: the tab before the first round.
        await page.goto(storeUrl(store, '/mesa'));
        await expect(page.getByRole('heading', { name: 'Nenhum pedido nesta mesa ainda' })).toBeVisible();
        await checkScreen(page, name('table-tab-empty'));
        return;
      }

      await page.getByRole('button', { name: 'Confirmar pedido' }).click();
      await page
        .getByRole('dialog', { name: 'Pedido realizado!' })
        .getByRole('button', { name: 'Ver conta da mesa' })
        .click();
      await expect(page.getByRole('heading', { name: 'Rodada 1' })).toBeVisible();
      await checkScreen(page, name('table-tab'));

      // The staff closes the bill split in two: the guest sees the shares.
      const tabs = (await (await request.get(`${API}/staff/tabs?status=open`, { headers })).json()) as {
        tabs: { id: number; table: { id: number } }[];
      };
      const tab = tabs.tabs.find((candidate) => candidate.table.id === table.id)!;
      const closed = await request.post(`${API}/staff/tabs/${tab.id}/close`, {
        headers,
        data: { service_fee: true, split: { mode: 'even', people: 2 } },
      });
      expect(closed.ok(), await closed.text()).toBe(true);
      await page.reload();
      await expect(page.getByRole('region', { name: 'Divisão da conta' })).toBeVisible();
      await checkScreen(page, name('table-tab-split'));

      // The first share paid by card (Mercado Pago's shape): the card page, a decline, the payment.
      await page.getByRole('button', { name: 'Pagar a parte 1 com cartão' }).click();
      await expect(page).toHaveURL(/\/mesa\/cartao\/\d+$/);
      await expect(page.frameLocator(mercadoPagoFrame('cardNumber')).getByRole('textbox')).toBeVisible();
      await checkScreen(page, name('table-card'));
      await typeMercadoPagoCard(page, 'FUND');
      await page.getByRole('button', { name: /^Pagar R\$/ }).click();
      await expect(page.getByText('Cartão recusado: saldo ou limite insuficiente.')).toBeVisible();
      await checkScreen(page, name('table-card-declined'));
      await page.getByRole('textbox', { name: 'Nome impresso no cartão' }).fill('APRO');
      await page.getByRole('button', { name: /^Pagar R\$/ }).click();
      await expect(page.getByText('Pagamento recebido')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Parte 1 paga' })).toBeVisible();
      await checkScreen(page, name('table-card-paid'));

      // The second share by PIX: the customer's PIX blocks in a dialog.
      await page.getByRole('button', { name: 'Voltar à conta' }).click();
      await page.getByRole('button', { name: 'Pagar a parte 2 com PIX' }).click();
      const pix = page.getByRole('dialog', { name: 'Pagar a parte 2 com PIX' });
      await expect(pix.getByRole('timer')).toBeVisible();
      await checkScreen(page, name('table-pix'), [pix.locator('img, input[readonly]')]);
    });

    if (store === 'sakura') {
      test(`sakura ${mode}: a counter seat's share paid by card (Stripe's shape)`, async ({
        page,
        request,
      }) => {
        const { table, headers, qrPath } = await tableOf(request, SAKURA_MESA, description);
        const origin = `http://${SAKURA_MESA}.localhost:${SCREENS_PORT}`;
        const signUp = await request.post(`${API}/core/registration_app/`, {
          headers: { host: headers.host },
          data: {
            name: 'Saki Cartão',
            password: 'senha-segura-1',
            terms: true,
            cellphone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
            ddi: '55',
          },
        });
        expect(signUp.status(), await signUp.text()).toBe(201);
        await prepare(page, { mode, token: ((await signUp.json()) as { detail: string }).detail });
        await page.goto(`${origin}${qrPath}`);
        await waitForMenu(page);
        const { simple, search } = PRODUCTS.sakura;
        const dialog = await openProduct(page, search.simple!, simple);
        await dialog.getByRole('button', { name: 'Inserir' }).click();
        await page.getByRole('button', { name: 'Finalizar' }).click();
        await page.getByRole('button', { name: 'Confirmar pedido' }).click();
        await page
          .getByRole('dialog', { name: 'Pedido realizado!' })
          .getByRole('button', { name: 'Ver conta da mesa' })
          .click();
        await expect(page.getByRole('heading', { name: 'Rodada 1' })).toBeVisible();
        const tabs = (await (await request.get(`${API}/staff/tabs?status=open`, { headers })).json()) as {
          tabs: { id: number; table: { id: number } }[];
        };
        const tab = tabs.tabs.find((candidate) => candidate.table.id === table.id)!;
        const closed = await request.post(`${API}/staff/tabs/${tab.id}/close`, {
          headers,
          data: { service_fee: true, split: { mode: 'even', people: 2 } },
        });
        expect(closed.ok(), await closed.text()).toBe(true);
        await page.reload();
        await expect(page.getByRole('region', { name: 'Divisão da conta' })).toBeVisible();
        await checkScreen(page, name('table-tab-split-card'));

        await page.getByRole('button', { name: 'Pagar a parte 1 com cartão' }).click();
        await expect(page).toHaveURL(/\/mesa\/cartao\/\d+$/);
        await expectStripeFields(page);
        await checkScreen(page, name('table-card'));
        await typeStripeCard(page, '4000 0000 0000 9995');
        await page.getByRole('button', { name: /^Pagar R\$/ }).click();
        await expect(page.getByText('Cartão recusado: saldo ou limite insuficiente.')).toBeVisible();
        await checkScreen(page, name('table-card-declined'));
        await typeStripeCard(page, '4242 4242 4242 4242');
        await page.getByRole('button', { name: /^Pagar R\$/ }).click();
        await expect(page.getByText('Pagamento recebido')).toBeVisible();
        await checkScreen(page, name('table-card-paid'));
      });
    }

    test(`${store} ${mode}: a table that is not there`, async ({ page }) => {
      await prepare(page, { mode });
      await page.goto(storeUrl(store, '/local/99999?token=0123456789abcdef0123456789abcdef'));
      await waitForMenu(page);
      await expect(
        page.getByText('Mesa não encontrada. Leia o QrCode novamente ou faça o login'),
      ).toBeVisible();
      await checkScreen(page, name('table-not-found'));
    });

    test(`${store} ${mode}: the staff's tables`, async ({ browser, page, request }) => {
      const { table, headers, qrPath } = await tableOf(request, store, staffTable);
      if (store === 'pizzaria') {
        // A round at the table, so its card and tab have something to show.
        const guest = await newCustomer(request, store, 'Bia Mesa');
        await prepare(page, { mode, token: guest });
        await page.goto(storeUrl(store, qrPath));
        await waitForMenu(page);
        const { simple, search } = PRODUCTS[store];
        const dialog = await openProduct(page, search.simple!, simple);
        await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
        await dialog.getByRole('button', { name: 'Inserir' }).click();
        await page.getByRole('button', { name: 'Finalizar' }).click();
        await page.getByRole('button', { name: 'Confirmar pedido' }).click();
        await expect(page.getByRole('dialog', { name: 'Pedido realizado!' })).toBeVisible();
      } else {
        const call = await request.post(
          `${API}/bar/v2/tables/${table.id}/calls/?token=${new URL(table.links.local).searchParams.get('token')}`,
          {
            headers: { host: headers.host },
            data: { kind: 'waiter' },
          },
        );
        expect(call.status(), await call.text()).toBe(201);
      }

      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
        serviceWorkers: 'block',
      });
      const staffPage = await context.newPage();
      await prepare(staffPage, { mode });
      await signInStaff(staffPage, store);
      await staffPage.getByRole('button', { name: /^Mesas/ }).click();
      // Other tests' calls and banners come and go: only this table's card and call are looked at.
      await staffPage.addStyleTag({ content: '.staff-banner { display: none !important }' });
      const card = staffPage.getByRole('button', { name: new RegExp(`^${staffTable}(?!\\d)`) });
      // The card's place in the grid moves with the other tables' states: its words are checked here,
      // its look in the tab and dialog pictures below and by hand.
      await expect(card).toContainText(store === 'pizzaria' ? /Aberta.*1 rodada.*R\$/s : /Livre/);

      if (store === 'sakura') {
        const call = staffPage
          .getByRole('region', { name: 'Chamados das mesas' })
          .getByRole('listitem')
          .filter({
            hasText: `${staffTable} chamou o garçom`,
          });
        await expect(call).toBeVisible();
        await expect(call).toHaveScreenshot(`${name('staff-table-call')}.png`, {
          mask: [call.getByText(/há \d+|\d{2}:\d{2}|agora/)],
        });
        await call.getByRole('button', { name: /^Atender/ }).click();
      } else {
        await card.click();
        const tab = staffPage.getByRole('region', { name: staffTable });
        await expect(tab.getByText('Rodada 1')).toBeVisible();
        await checkScreen(staffPage, name('staff-tab'));
        await staffPage.getByRole('button', { name: 'Fechar conta' }).click();
        const close = staffPage.getByRole('dialog', { name: `Fechar a conta · ${staffTable}` });
        await close.getByRole('button', { name: 'Mais (Pessoas)' }).click();
        await expect(close).toHaveScreenshot(`${name('staff-close-tab')}.png`);
        await close.getByRole('button', { name: 'Dividir por itens' }).click();
        await expect(close).toHaveScreenshot(`${name('staff-close-tab-items')}.png`);
        await close.getByRole('button', { name: 'Voltar' }).click();
        await expect(close).toBeHidden();
        await staffPage.getByRole('button', { name: 'Voltar às mesas' }).click();
      }

      await staffPage.getByRole('button', { name: 'Imprimir QR codes' }).click();
      await expect(staffPage.getByRole('heading', { name: 'QR codes das mesas' })).toBeVisible();
      await checkScreen(staffPage, name('staff-qr-sheet'));
      await context.close();
    });
  }
}
