import type { APIRequestContext, Page } from '@playwright/test';
import { buyAndCheckout, openSignedIn } from './support/checkout.ts';
import { API, signUpThroughApi } from './support/customers.ts';
import { expect, test, waitForMenu } from './support/fixtures.ts';
import { createJourneyStore, type JourneyStore } from './support/own-store.ts';

/*
 * Issue 32 item 6: an open customer page follows the store within 5 s without a reload (its
 * follower asks the store's state every 2 s, docs/decisions/0050). The staff act through the staff
 * API, as the board's 'Loja' tab does, each test at a store of its own (e2e/support/own-store.ts).
 */

const FOLLOW_MS = 5_000;
const GUARANA = 'Guaraná Antarctica lata 350 ml';

async function staffCall(
  request: APIRequestContext,
  store: JourneyStore,
  method: 'PUT' | 'POST' | 'DELETE',
  path: string,
  data?: object,
) {
  const reply = await request.fetch(`${API}${path}`, {
    method,
    headers: store.headers,
    ...(data ? { data } : {}),
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

async function productId(request: APIRequestContext, store: JourneyStore, name: string): Promise<number> {
  const reply = await request.get(`${API}/staff/menu/availability`, { headers: store.headers });
  const { categories } = (await reply.json()) as {
    categories: { products: { id: number; descricao: string }[] }[];
  };
  return categories.flatMap((category) => category.products).find((p) => p.descricao === name)!.id;
}

const setSoldOut = async (request: APIRequestContext, store: JourneyStore, id: number, soldOut: boolean) =>
  staffCall(request, store, 'PUT', `/staff/menu/products/${id}/sold-out`, { sold_out: soldOut });

/** A mark on the page's window: still there later means the page was never reloaded. */
async function markPage(page: Page) {
  await page.evaluate(() => {
    (globalThis as unknown as { followMark: string }).followMark = 'still the same page';
  });
}
const stillSamePage = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { followMark?: string }).followMark);

test.describe('an open storefront follows the store', () => {
  test('a product switched sold out stops being offered within 5 s, and comes back', async ({
    page,
    request,
  }) => {
    const store = await createJourneyStore(request, 'segue');
    const id = await productId(request, store, GUARANA);
    await page.goto(`${store.origin}/`);
    await waitForMenu(page);
    await page.getByRole('searchbox').fill('guarana');
    const row = page.getByRole('button', { name: new RegExp(GUARANA) });
    await expect(row).not.toContainText('Esgotado');
    await markPage(page);

    await setSoldOut(request, store, id, true);
    try {
      await expect(row).toContainText('Esgotado', { timeout: FOLLOW_MS });
      await row.click();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Esgotado' })).toBeDisabled();
      await expect(page.getByRole('dialog').getByRole('button', { name: 'Inserir' })).toHaveCount(0);
      await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).first().click();
    } finally {
      await setSoldOut(request, store, id, false);
    }
    await page.getByRole('searchbox').fill('guarana');
    await expect(row).not.toContainText('Esgotado', { timeout: FOLLOW_MS });
    expect(await stillSamePage(page)).toBe('still the same page');
  });

  test('pausing the store shows it closed on the open page within 5 s; resuming opens it again', async ({
    page,
    request,
  }) => {
    const store = await createJourneyStore(request, 'pausa');
    await page.goto(`${store.origin}/`);
    await waitForMenu(page);
    await markPage(page);
    await staffCall(request, store, 'POST', '/staff/store/pause', { minutes: 20, reason: 'Cozinha cheia' });
    try {
      await expect(page.getByRole('heading', { name: 'Pedidos pausados' })).toBeVisible({
        timeout: FOLLOW_MS,
      });
      await expect(page.getByText(/Voltamos a aceitar pedidos (hoje|amanhã) às \d{2}:\d{2}\./)).toBeVisible();
    } finally {
      await staffCall(request, store, 'DELETE', '/staff/store/pause');
    }
    await expect(page.getByRole('heading', { name: 'Pedidos pausados' })).toBeHidden({ timeout: FOLLOW_MS });
    await waitForMenu(page);
    expect(await stillSamePage(page)).toBe('still the same page');
  });

  test('a cart line switched sold out is marked at checkout before paying, and can be removed', async ({
    page,
    request,
  }) => {
    const store = await createJourneyStore(request, 'carrinho');
    const id = await productId(request, store, GUARANA);
    const customer = await signUpThroughApi(request, 'Olga Atenta', store.headers.host);
    await openSignedIn(page, customer, '/', store.origin);
    // Two kinds of cans, over the store's minimum order together.
    await buyAndCheckout(page, 'coca', /Coca-Cola lata 350 ml/, 3);
    await page.goto(`${store.origin}/`);
    await waitForMenu(page);
    await buyAndCheckout(page, 'guarana', new RegExp(GUARANA), 3);
    await expect(page.getByRole('region', { name: 'Revise antes de pagar' })).toHaveCount(0);

    await setSoldOut(request, store, id, true);
    try {
      const block = page.getByRole('region', { name: 'Revise antes de pagar' });
      await expect(block).toBeVisible({ timeout: FOLLOW_MS });
      await expect(block).toContainText(GUARANA);
      await expect(block).toContainText('Esgotado no momento.');
      await block.getByRole('button', { name: `Remover ${GUARANA} do carrinho` }).click();
      await expect(block).toBeHidden();
      // The checkout goes on with the rest of the cart.
      await expect(page.getByRole('heading', { name: 'Resumo' })).toBeVisible();
      await expect(page.getByRole('link', { name: /3 itens no carrinho/ })).toBeVisible();
    } finally {
      await setSoldOut(request, store, id, false);
    }
  });
});
