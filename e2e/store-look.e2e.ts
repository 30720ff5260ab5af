import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { buyAndCheckout, checkoutTotal, expectOrderPlaced, openSignedIn } from './support/checkout.ts';
import { API, newPhone, signUpThroughApi } from './support/customers.ts';
import { E2E_PORT, expect, storeUrl, test, waitForMenu } from './support/fixtures.ts';
import { openBoard, staffToken } from './support/staff.ts';

/*
 * The store's 'Ajustes' on the staff app (issue 17): a manager's new primary colour reaches a
 * customer's storefront without a restart, a coupon made in the editor is taken at checkout, and an
 * owner opens a new store from the page and signs in to its staff app at its own sub-domain.
 */

const MANAGER_PASSWORD = 'gerente-e2e-senha';

/** The pizzaria's document as the editor reads it (its version and a section, to put back). */
async function editorDocument(request: APIRequestContext, token: string) {
  const reply = await request.get(`${API}/staff/editor/document`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as { menu_version: number; document: Record<string, unknown> };
}

/** Puts a section back as it was, so the journeys after this one find the demo store they know. */
async function restoreSection(request: APIRequestContext, token: string, section: string, body: object) {
  const { menu_version } = await editorDocument(request, token);
  const reply = await request.put(`${API}/staff/editor/sections/${section}`, {
    headers: { authorization: `Bearer ${token}`, 'if-match': `"${menu_version}"` },
    data: body,
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

/** A manager of the pizzaria, added by its owner, on the staff app of a counter tablet. */
async function openAsManager(browser: Browser, request: APIRequestContext): Promise<Page> {
  const phone = newPhone();
  const added = await request.post(`${API}/staff/team`, {
    headers: { authorization: `Bearer ${await staffToken(request)}` },
    data: { phone, nome: 'Gerente Visual', role: 'manager', password: MANAGER_PASSWORD },
  });
  expect(added.status(), await added.text()).toBe(201);
  return openBoard(browser, { phone, password: MANAGER_PASSWORD });
}

async function openSettings(staff: Page, entry: RegExp) {
  await staff.getByRole('button', { name: 'Ajustes', exact: true }).click();
  await staff.getByRole('button', { name: entry }).click();
}

/** A CSS variable of the page's root, as the page computes it (no DOM types in the e2e project). */
const rootVariable = (name: string) =>
  `getComputedStyle(document.documentElement).getPropertyValue(${JSON.stringify(name)}).trim()`;

test.use({ serviceWorkers: 'block' });

test.describe('the store editor', () => {
  // Two browsers (the staff's and the customer's) per journey.
  test.describe.configure({ timeout: 120_000 });

  test("a manager's new primary colour is on the customer's storefront at once, its preview first", async ({
    browser,
    page,
    request,
  }) => {
    const owner = await staffToken(request);
    const { document } = await editorDocument(request, owner);
    const look = document.look as Record<string, unknown>;
    await page.goto('/');
    await waitForMenu(page);
    expect(await page.evaluate<string>(rootVariable('--primary'))).toBe('#b3261e');

    const staff = await openAsManager(browser, request);
    try {
      await openSettings(staff, /^Visual/);
      const preview = staff.frameLocator(
        'iframe[title="Prévia da página inicial do cardápio com este visual"]',
      );
      await expect(preview.getByRole('searchbox')).toBeVisible();
      await staff.getByRole('textbox', { name: 'Cor principal', exact: true }).fill('#1b5e20');
      await expect(
        staff.getByText('Contraste 7,86:1 com texto branco: legível (o mínimo é 4,5:1).'),
      ).toBeVisible();
      // The preview is the store's own page with the draft laid over it.
      const previewPrimary = () =>
        staff
          .frames()
          .find((frame) => frame.url().includes('preview=look'))
          ?.evaluate<string>(rootVariable('--primary'));
      await expect.poll(previewPrimary).toBe('#1b5e20');
      // Until it is saved, customers see the store as it was.
      await page.reload();
      await waitForMenu(page);
      expect(await page.evaluate<string>(rootVariable('--primary'))).toBe('#b3261e');

      await staff.getByRole('button', { name: 'Salvar' }).click();
      await expect(staff.getByText('Salvo. Os clientes já veem a mudança.')).toBeVisible();

      await page.reload();
      await waitForMenu(page);
      expect(await page.evaluate<string>(rootVariable('--primary'))).toBe('#1b5e20');
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1b5e20');
    } finally {
      await restoreSection(request, owner, 'look', { look });
      await staff.context().close();
    }
  });

  test('a coupon made in the editor is taken at checkout', async ({ browser, page, request }) => {
    const owner = await staffToken(request);
    const { document } = await editorDocument(request, owner);
    const staff = await openAsManager(browser, request);
    try {
      await openSettings(staff, /^Cupons/);
      await staff.getByRole('button', { name: '+ Adicionar cupom' }).click();
      await staff.getByRole('group', { name: 'Novo cupom' }).getByLabel('Código').fill('visual15');
      // The form is named by its code from then on.
      const form = staff.getByRole('group', { name: 'Cupom VISUAL15' });
      await form.getByLabel('Descrição').fill('15% nos produtos');
      await form.getByLabel('Porcentagem', { exact: true }).fill('15');
      await form.getByRole('button', { name: 'Pronto' }).click();
      await expect(staff.getByRole('article', { name: 'Cupom VISUAL15' })).toContainText(
        '15% de desconto nos produtos',
      );
      await staff.getByRole('button', { name: 'Salvar' }).click();
      await expect(staff.getByText('Salvo. Os clientes já veem a mudança.')).toBeVisible();

      const token = await signUpThroughApi(request);
      await openSignedIn(page, token, '/?coupon=VISUAL15');
      await buyAndCheckout(page, 'guarana', /Guaraná Antarctica lata 350 ml/, 5);
      await page.getByRole('tab', { name: 'Retirada' }).click();
      await expect(page.getByText('Cupom VISUAL15 aplicado')).toBeVisible();
      // 5 × R$ 6,50 = R$ 32,50, less 15% (R$ 4,88, rounded half up).
      await expect(checkoutTotal(page)).toHaveText('R$ 27,62');
      await page.getByRole('radio', { name: 'Cartão de crédito (na retirada)' }).check();
      await page.getByRole('button', { name: 'Confirmar pedido' }).click();
      await expectOrderPlaced(page, { estimate: true });
    } finally {
      await restoreSection(request, owner, 'coupons', { coupons: document.coupons });
      await staff.context().close();
    }
  });

  test('an owner opens a new store from the page and signs in to its staff app at its own address', async ({
    browser,
  }) => {
    const staff = await openBoard(browser);
    await openSettings(staff, /^Nova loja/);
    const ownerPhone = newPhone();
    await staff.getByLabel('Endereço (subdomínio)').fill('Cantina Jornada');
    await expect(staff.getByLabel('Endereço (subdomínio)')).toHaveValue('cantina-jornada');
    const address = `http://cantina-jornada.localhost:${E2E_PORT}`;
    await expect(staff.getByText('A loja vai ficar em', { exact: false })).toHaveText(
      `A loja vai ficar em ${address}`,
    );
    await staff.getByLabel('Nome da loja').fill('Cantina da Jornada');
    await staff.getByRole('radio', { name: 'Cardápio de pizzaria' }).check();
    await staff.getByLabel('Celular').fill(ownerPhone);
    await staff.getByLabel('Nome', { exact: true }).fill('Dona da Cantina');
    await staff.getByLabel('Senha').fill('senha-da-cantina');
    await staff.getByRole('button', { name: 'Criar loja' }).click();

    const created = staff.getByRole('region', { name: 'Loja criada' });
    await expect(created.getByRole('link', { name: address, exact: true })).toBeVisible();
    await expect(created.getByRole('link', { name: `${address}/staff` })).toBeVisible();
    await expect(created).toContainText('Ela começa fechada para pedidos');

    // Its owner signs in at the new sub-domain: the store's own staff app, closed until opened.
    const newStore = await staff.context().newPage();
    await newStore.goto(storeUrl('cantina-jornada', '/staff'));
    await newStore.getByRole('textbox', { name: 'Celular' }).fill(ownerPhone);
    await newStore.getByLabel('Senha').fill('senha-da-cantina');
    await newStore.getByRole('button', { name: 'Entrar' }).click();
    await expect(newStore.getByRole('region', { name: 'Novos' })).toBeVisible();
    await newStore.getByRole('button', { name: 'Loja', exact: true }).click();
    await expect(newStore.getByRole('region', { name: 'Situação da loja' })).toContainText('Fechada agora');
    await newStore.getByRole('button', { name: 'Ajustes', exact: true }).click();
    await newStore.getByRole('button', { name: /^Contato e redes/ }).click();
    await expect(newStore.getByLabel('Nome da loja')).toHaveValue('Cantina da Jornada');
    await staff.context().close();
  });
});
