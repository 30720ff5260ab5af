import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { API } from './support/customers.ts';
import { expect, storeUrl, test, waitForMenu } from './support/fixtures.ts';
import { staffToken } from './support/staff.ts';
import { STAFF_PASSWORD, STAFF_PHONES } from './support/staff-account.ts';

/*
 * The store's settings edited from the staff app on a phone (issue 17): what a manager saves reaches
 * the customers' storefront without a restart, and what the editor saves is what it reads back.
 * The pizzaria's hours and delivery sections are put back as they were after these journeys, so
 * the other journeys find the demo store.
 */

const WEEKDAYS = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
];

interface EditorReply {
  menu_version: number;
  document: Record<string, unknown> & { settings: Record<string, unknown> };
  sections: Record<string, string[]>;
}

async function readDocument(request: APIRequestContext, token: string): Promise<EditorReply> {
  const reply = await request.get(`${API}/staff/editor/document`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as EditorReply;
}

/** Puts a section back as it was in `original` (the document read before the journeys). */
async function putBack(request: APIRequestContext, token: string, section: string, original: EditorReply) {
  const current = await readDocument(request, token);
  const body: Record<string, unknown> = {};
  for (const path of current.sections[section]!) {
    if (path.startsWith('settings.')) {
      const key = path.slice('settings.'.length);
      body.settings = { ...(body.settings as object), [key]: original.document.settings[key] };
    } else body[path] = original.document[path];
  }
  const reply = await request.put(`${API}/staff/editor/sections/${section}`, {
    headers: { authorization: `Bearer ${token}`, 'if-match': `"${current.menu_version}"` },
    data: body,
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/** The pizzaria's staff app on the phone, signed in, on one of the 'Ajustes' screens. */
async function openSettingsScreen(page: Page, screen: string) {
  await page.goto(storeUrl('pizzaria', '/staff'));
  await page.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES.pizzaria);
  await page.getByLabel('Senha').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.getByRole('button', { name: 'Ajustes', exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^${screen}`) }).click();
  await expect(page.getByRole('heading', { level: 2, name: screen })).toBeVisible();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Salvo. Os clientes já veem a mudança.')).toBeVisible();
}

async function customerMenu(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  });
  const customer = await context.newPage();
  await customer.goto(storeUrl('pizzaria'));
  await waitForMenu(customer);
  return customer;
}

test.describe('the store’s settings in the staff app', () => {
  let token = '';
  let original: EditorReply | null = null;

  test.beforeAll(async ({ request }) => {
    token = await staffToken(request);
    original = await readDocument(request, token);
  });

  test.afterAll(async ({ request }) => {
    if (!original) return;
    await putBack(request, token, 'hours', original);
    await putBack(request, token, 'delivery', original);
    // The demo store is as the other journeys expect it again.
    const restored = await readDocument(request, token);
    expect(restored.document.hours).toEqual(original.document.hours);
    expect(restored.document.cities).toEqual(original.document.cities);
    expect(restored.document.settings).toEqual(original.document.settings);
  });

  test('a new minimum order reaches a customer’s storefront, open in another browser, at once', async ({
    page,
    browser,
  }) => {
    const customer = await customerMenu(browser);
    await expect(customer.getByText('Pedido mínimo: R$ 25,00')).toBeVisible();

    await openSettingsScreen(page, 'Entrega e retirada');
    await page.getByLabel('Pedido mínimo').fill('32,50');
    // And a neighbourhood's fee, found in the list by searching.
    await page.getByLabel('Buscar cidade ou bairro').fill('consola');
    await page.getByLabel('Consolação', { exact: true }).fill('6,50');
    await save(page);

    await customer.reload();
    await waitForMenu(customer);
    await expect(customer.getByText('Pedido mínimo: R$ 32,50')).toBeVisible();
    const saved = await readDocument(page.request, token);
    expect(saved.document.settings.valor_minimo).toBe(3250);
    const cities = saved.document.cities as { neighbourhoods: { ref: string; valor_entrega: number }[] }[];
    expect(cities[0]!.neighbourhoods.find((n) => n.ref === 'consolacao')?.valor_entrega).toBe(650);
    await customer.context().close();
  });

  test('a day closed in the hours shows as closed in the store’s information', async ({ page, browser }) => {
    // A day other than today in São Paulo, so the store stays open for the other journeys meanwhile.
    const today = new Date(Date.now() - 3 * 3_600_000).getUTCDay();
    const day = WEEKDAYS[(today + 3) % 7]!;
    await openSettingsScreen(page, 'Horários');
    const row = page.getByRole('region', { name: day });
    await row.getByRole('switch', { name: day }).click();
    await expect(row.getByText('Fechado o dia todo')).toBeVisible();
    await save(page);

    const customer = await customerMenu(browser);
    await customer.getByRole('button', { name: 'Informações da loja' }).click();
    await customer.getByRole('tab', { name: 'Horários' }).click();
    const panel = customer.getByRole('tabpanel', { name: 'Horários' });
    await expect(
      panel.locator('.hours-row', { has: customer.getByText(day, { exact: true }) }),
    ).toContainText('Fechado');
    await customer.context().close();
  });

  test('a delivery area typed as coordinates is saved closed and read back', async ({ page }) => {
    await openSettingsScreen(page, 'Entrega e retirada');
    await page.getByLabel('Cobrar a taxa').selectOption('area');
    await page.getByRole('button', { name: /Adicionar área$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Área: Área 1' });
    await drawer
      .getByLabel('Pontos (latitude, longitude), um por linha')
      .fill(
        ['-23.5500, -46.6700', '-23.5500, -46.6550', '-23.5620, -46.6550', '-23.5620, -46.6700'].join('\n'),
      );
    await expect(drawer.getByRole('status')).toContainText('4 pontos · cerca de 2 km²');
    await drawer.getByRole('button', { name: 'Pronto' }).click();
    const area = page.getByRole('region', { name: 'Área 1' });
    await area.getByLabel('Nome da área').fill('Centro expandido');
    await page.getByRole('region', { name: 'Centro expandido' }).getByLabel('Taxa').fill('8,00');
    await save(page);

    await page.reload();
    await page.getByRole('button', { name: 'Ajustes', exact: true }).click();
    await page.getByRole('button', { name: /^Entrega e retirada/ }).click();
    await expect(page.getByLabel('Cobrar a taxa')).toHaveValue('area');
    const saved = page.getByRole('region', { name: 'Centro expandido' });
    await expect(saved.getByText('4 pontos · cerca de 2 km²')).toBeVisible();
    await expect(saved.getByLabel('Taxa')).toHaveValue('8,00');
    const settings = (await readDocument(page.request, token)).document.settings as {
      delivery_areas: { name: string; fee: number; polygon: number[][] }[];
    };
    expect(settings.delivery_areas).toEqual([
      {
        name: 'Centro expandido',
        fee: 800,
        polygon: [
          [-23.55, -46.67],
          [-23.55, -46.655],
          [-23.562, -46.655],
          [-23.562, -46.67],
          [-23.55, -46.67],
        ],
      },
    ]);
  });
});
