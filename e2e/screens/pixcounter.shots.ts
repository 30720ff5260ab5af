import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import {
  expect,
  MODES,
  prepare,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  seriousViolations,
  settle,
  storeUrl,
  test,
} from './support.ts';

/*
 * The counter's PIX charge through the store's provider and the owners' payment provider screen
 * (docs/decisions/0063), phone and tablet, both stores, light and dark, for a person to look at in
 * /tmp/shots-pixcounter (each run makes a fresh customer and order: no baselines). Only the
 * pizzeria takes PIX in the app through a provider; the sakura's PDV does not offer the charge.
 * Nothing of the stores is changed: the provider form is filled and its password dialog shown,
 * never saved.
 */

const SHOTS = '/tmp/shots-pixcounter';
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = { phone: { width: 390, height: 844 }, tablet: { width: 1024, height: 768 } } as const;
/** The screens server's stand-in PSP (its PORT + 10, e2e/start-server.sh). */
const PSP = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3999) + 2 + 10}`;

async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
}

async function signIn(page: Page, store: Store) {
  await page.goto(storeUrl(store, '/staff'));
  await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES[store]);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('button', { name: 'Novo pedido' })).toBeVisible();
  await page.addStyleTag({ content: '.staff-banner { display: none !important }' });
}

for (const store of STORES) {
  for (const mode of MODES) {
    for (const [device, viewport] of Object.entries(VIEWPORTS)) {
      const name = (screen: string) => `${store}-${mode}-${device}-${screen}`;

      test(`${store} ${mode} ${device}: payment provider screen`, async ({ page }) => {
        await page.setViewportSize(viewport);
        // The real clock: the screen shows when the provider was set, in the store's time.
        await prepare(page, { mode, time: new Date() });
        await signIn(page, store);
        await page.getByRole('button', { name: 'Ajustes' }).click();
        await page.getByRole('button', { name: /^Provedor de pagamento/ }).click();
        await expect(page.getByRole('heading', { name: 'Provedor de pagamento' })).toBeVisible();
        await expect(page.getByText(/^Agora: /)).toBeVisible();
        await shoot(page, name('provider'));
        await page.getByRole('combobox', { name: 'Provedor' }).selectOption('stripe');
        await page.getByLabel('Chave secreta').fill('sk_test_comanda_shots');
        await shoot(page, name('provider-missing'));
        await page.getByLabel('Segredo das notificações (webhook)').fill('whsec_comanda_shots');
        await page.getByRole('button', { name: 'Salvar provedor' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await shoot(page, name('provider-password'));
        await page.getByRole('dialog').getByRole('button', { name: 'Voltar' }).click();
      });

      if (store !== 'pizzaria') continue;
      test(`${store} ${mode} ${device}: PIX charge at the counter`, async ({ page, request }) => {
        await page.setViewportSize(viewport);
        await prepare(page, { mode, time: new Date() });
        await signIn(page, store);
        await page.getByRole('button', { name: 'Novo pedido' }).click();
        await page.getByLabel('Celular do cliente').fill(`119${String(Date.now()).slice(-8)}`);
        await page.getByRole('button', { name: 'Buscar', exact: true }).click();
        await page.getByLabel('Nome do cliente').fill('Paula Balcão');
        await page.getByRole('button', { name: 'Cadastrar cliente' }).click();
        await page.getByLabel('Buscar no cardápio').fill('meio a meio');
        await page
          .getByRole('button', { name: /^Pizza Meio a Meio/ })
          .first()
          .click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('radio', { name: /Pizza Meio a Meio Grande/ }).check();
        await dialog.getByRole('button', { name: 'Avançar' }).click();
        await dialog.getByRole('checkbox', { name: /^Calabresa/ }).check();
        await dialog.getByRole('checkbox', { name: /^Pepperoni/ }).check();
        await dialog.getByRole('button', { name: 'Avançar' }).click();
        await dialog.getByRole('button', { name: 'Inserir' }).click();
        await expect(dialog).toBeHidden();
        await page.getByRole('button', { name: 'PIX com QR (confirmação automática)' }).click();
        await shoot(page, name('pdv-charge-chosen'));
        await page.getByRole('button', { name: /^Gerar PIX/ }).click();
        const charge = page.getByRole('dialog', { name: /^PIX do pedido/ });
        await expect(charge.getByRole('img')).toBeVisible();
        await shoot(page, name('pdv-charge-waiting'));

        const id = Number(/nº (\d+)/.exec((await charge.getByRole('heading').textContent()) ?? '')?.[1]);
        const charges = (await (await request.get(`${PSP}/simulator/charges`)).json()) as {
          id: string;
          description: string;
        }[];
        const found = charges.find((candidate) => candidate.description.startsWith(`Pedido ${id} - `))!;
        await request.post(`${PSP}/simulator/charges/${encodeURIComponent(found.id)}/pay`);
        await expect(charge.getByText('Pagamento recebido')).toBeVisible({ timeout: 15_000 });
        await shoot(page, name('pdv-charge-paid'));
      });
    }
  }
}
