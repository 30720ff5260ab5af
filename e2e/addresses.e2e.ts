import type { Page } from '@playwright/test';
import { expect, storeUrl, test } from './support/fixtures.ts';

/*
 * Addresses (issue 6): the manager and the add flow on both demo stores: the wizard with the maps
 * stand-in (search and my location), the older form (pizzaria charges by neighbourhood), deletion
 * with confirmation, and on sakura (radius) an address beyond the radius shown as not deliverable.
 */

/** A Brazilian mobile no other journey uses. */
const newPhone = () => `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** The page's fetch and localStorage (the e2e project has no DOM types). */
type PageGlobals = {
  fetch(url: string, init: object): Promise<{ json(): Promise<unknown>; status: number }>;
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
};

/** Signs a new customer up on a demo store from the page, and keeps the session in it. */
async function signUp(page: Page, store = 'pizzaria'): Promise<string> {
  await page.goto(storeUrl(store));
  const token = await page.evaluate(async (phone) => {
    const g = globalThis as unknown as PageGlobals;
    const reply = await g.fetch('/core/registration_app/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Ana Lima',
        password: 'senha-da-ana-1',
        terms: true,
        cellphone: phone,
        ddi: '55',
      }),
    });
    const body = (await reply.json()) as { detail: string };
    if (reply.status !== 201) return `refused ${reply.status}: ${body.detail}`;
    g.localStorage.setItem('token', body.detail);
    return body.detail;
  }, newPhone());
  expect(token).not.toMatch(/^refused/);
  return token;
}

const storedAddressId = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as PageGlobals).localStorage.getItem('address_id'));

test.use({ serviceWorkers: 'block' });

test.describe('addresses', () => {
  test('adds an address with the stand-in search (pizzaria), from the profile', async ({ page }) => {
    await signUp(page);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Meus endereços' }).click();
    await expect(page).toHaveURL(/\/addresses$/);
    await expect(page.getByText('Você ainda não tem endereços salvos.')).toBeVisible();
    await page.getByRole('link', { name: 'Adicionar endereço' }).click();

    await page.getByRole('searchbox', { name: 'Buscar endereço' }).fill('Rua Augusta');
    const suggestions = page.getByRole('list', { name: 'Sugestões de endereço' });
    await suggestions
      .getByRole('button', { name: /Rua Augusta.*Consolação/ })
      .first()
      .click();

    await expect(page.getByRole('heading', { name: 'Qual é o número?' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Número' }).fill('1500');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(page.getByRole('heading', { name: 'Confirme a localização' })).toBeVisible();
    const confirm = page.getByRole('button', { name: 'Confirmar localização' });
    for (let i = 0; i < 11; i += 1) await page.getByRole('button', { name: 'Mover para o leste' }).click();
    await expect(page.getByRole('alert')).toContainText('muito longe');
    await expect(confirm).toBeDisabled();
    for (let i = 0; i < 11; i += 1) await page.getByRole('button', { name: 'Mover para o oeste' }).click();
    await confirm.click();

    await expect(page.getByRole('heading', { name: 'Complete o endereço' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Bairro' })).toHaveValue('Consolação');
    const save = page.getByRole('button', { name: 'Salvar endereço' });
    await expect(save).toBeDisabled();
    await page.getByRole('textbox', { name: 'Complemento' }).fill('Apto 12');
    await page.getByRole('button', { name: 'Casa' }).click();
    await save.click();

    await expect(page).toHaveURL(/\/addresses$/);
    const item = page.getByRole('listitem', { name: 'Casa' });
    await expect(item).toContainText('Rua Augusta, 1500 - Apto 12 - Consolação');
    await expect(item).toContainText(/Taxa de entrega|Entrega grátis/);
    expect(await storedAddressId(page)).toMatch(/^\d+$/);
  });

  test('adds an address from the checkout and comes back to it with the address chosen', async ({ page }) => {
    await signUp(page);
    await page.goto('/');
    await page.getByRole('searchbox').fill('guarana');
    await page
      .getByRole('button', { name: /Guaraná Antarctica lata 350 ml/ })
      .first()
      .click();
    const product = page.getByRole('dialog');
    for (let i = 1; i < 5; i++) await product.getByRole('button', { name: 'Aumentar quantidade' }).click();
    await product.getByRole('button', { name: 'Inserir' }).click();
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await expect(page).toHaveURL(/\/confirmation$/);
    await page.getByRole('button', { name: 'Escolher endereço' }).click();
    // No saved address: the chooser's main action goes straight into the wizard.
    await page.getByRole('dialog').getByRole('link', { name: 'Adicionar endereço' }).click();
    await expect(page).toHaveURL(/\/addresses\/new\?return=/);
    // The profile tab is the lit one here.
    await expect(page.getByRole('link', { name: 'Perfil' })).toHaveAttribute('aria-current', 'page');
    await page.getByRole('button', { name: 'Preencher manualmente' }).click();
    await page.getByRole('combobox', { name: 'Cidade' }).selectOption({ label: 'São Paulo' });
    await page.getByRole('combobox', { name: 'Bairro' }).selectOption({ label: 'Consolação' });
    await page.getByRole('textbox', { name: 'Rua' }).fill('Rua Augusta');
    await page.getByRole('textbox', { name: 'Número' }).fill('200');
    await page.getByRole('textbox', { name: 'Nome do endereço' }).fill('Escritório');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();

    await expect(page).toHaveURL(/\/confirmation$/);
    await expect(page.getByText('Endereço salvo.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Endereço de entrega' })).toContainText('Escritório');
    await expect(page.getByRole('button', { name: 'Escolher endereço' })).toHaveCount(0);
  });

  test('adds an address with the older form and goes back to the return path', async ({ page }) => {
    await signUp(page);
    await page.goto('/addresses/new?return=/profile');
    await page.getByRole('button', { name: 'Preencher manualmente' }).click();
    await expect(page.getByRole('heading', { name: 'Preencha o endereço' })).toBeVisible();
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page.getByText('Este campo é obrigatório').first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Cidade' }).selectOption({ label: 'São Paulo' });
    await page.getByRole('combobox', { name: 'Bairro' }).selectOption({ label: 'Bela Vista' });
    await page.getByRole('textbox', { name: 'Rua' }).fill('Av');
    await page.getByRole('textbox', { name: 'Número' }).fill('900');
    await page.getByRole('textbox', { name: 'Nome do endereço' }).fill('Trabalho');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page.getByText('Informe pelo menos 5 letras')).toBeVisible();
    await page.getByRole('textbox', { name: 'Rua' }).fill('Avenida Paulista');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();

    await expect(page).toHaveURL(/\/profile$/);
    await page.goto('/addresses');
    await expect(page.getByRole('listitem', { name: 'Trabalho' })).toContainText('Avenida Paulista, 900');
  });

  test.describe('by location', () => {
    // A point on Rua Augusta (Consolação) of the stand-in's street list.
    test.use({ geolocation: { latitude: -23.5535, longitude: -46.6521 }, permissions: ['geolocation'] });

    test('adds an address with my location', async ({ page }) => {
      await signUp(page);
      await page.goto('/addresses/new');
      await page.getByRole('button', { name: 'Usar minha localização' }).click();
      await expect(
        page.getByRole('heading', { name: /Confirme a localização|Qual é o número\?/ }),
      ).toBeVisible();
      if (await page.getByRole('heading', { name: 'Qual é o número?' }).isVisible()) {
        await page.getByRole('checkbox', { name: 'Sem número' }).check();
        await page.getByRole('button', { name: 'Continuar' }).click();
      }
      await expect(page.getByText(/Rua Augusta/).first()).toBeVisible();
      await page.getByRole('button', { name: 'Confirmar localização' }).click();
      await page.getByRole('textbox', { name: 'Nome do endereço' }).fill('Casa da avó');
      await page.getByRole('button', { name: 'Salvar endereço' }).click();
      await expect(page).toHaveURL(/\/addresses$/);
      await expect(page.getByRole('listitem', { name: 'Casa da avó' })).toContainText('Rua Augusta');
    });
  });

  test('deletes an address after confirming', async ({ page }) => {
    await signUp(page);
    await page.goto('/addresses/new?manual=1');
    await page.getByRole('combobox', { name: 'Cidade' }).selectOption({ label: 'São Paulo' });
    await page.getByRole('combobox', { name: 'Bairro' }).selectOption({ label: 'Consolação' });
    await page.getByRole('textbox', { name: 'Rua' }).fill('Rua Augusta');
    await page.getByRole('textbox', { name: 'Número' }).fill('100');
    await page.getByRole('textbox', { name: 'Nome do endereço' }).fill('Antigo');
    await page.getByRole('button', { name: 'Salvar endereço' }).click();
    await expect(page).toHaveURL(/\/addresses$/);

    const item = page.getByRole('listitem', { name: 'Antigo' });
    await item.getByRole('button', { name: 'Excluir endereço Antigo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir endereço' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Excluir endereço Antigo' }).click();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByRole('status')).toHaveText('Endereço excluído com sucesso.');
    await expect(item).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('Você ainda não tem endereços salvos.')).toBeVisible();
  });

  // The wizard asks the store as soon as it knows the place (issue 34), so the refusal comes on the
  // map, before the details; an address saved before the store changed its area is labelled in the
  // list (address-components.test.tsx). Clicking 'Confirmar' at once would race that answer.
  test('on sakura (radius) a far-away address is shown as not deliverable', async ({ page }) => {
    await signUp(page, 'sakura');
    await page.goto(storeUrl('sakura', '/addresses/new'));
    await expect(page.getByRole('button', { name: 'Preencher manualmente' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Buscar endereço' }).fill('Avenida dos Autonomistas 1500');
    await page
      .getByRole('list', { name: 'Sugestões de endereço' })
      .getByRole('button', { name: /Autonomistas/ })
      .first()
      .click();
    await expect(page.getByRole('alert')).toHaveText('Esse endereço não está disponível para entrega');
    await expect(page.getByRole('button', { name: 'Confirmar localização' })).toBeDisabled();
    await page.goto(storeUrl('sakura', '/addresses'));
    await expect(page.getByText('Você ainda não tem endereços salvos.')).toBeVisible();
  });
});
