import type { APIRequestContext, Browser, BrowserContext, Page, Route } from '@playwright/test';
import { submission } from '../apps/server/src/test/submission.ts';
import { API, signUpThroughApi, userIdOf } from './support/customers.ts';
import { expect, storeUrl, test } from './support/fixtures.ts';
import { staffToken } from './support/staff.ts';
import { STAFF_PASSWORD, STAFF_PHONES } from './support/staff-account.ts';

/*
 * A board that cannot go deaf (issue 32, docs/decisions/0048): with the network cut (Playwright's
 * offline emulation) and, separately, with the event stream held back while the browser stays
 * online, the board says 'Sem conexão' within 20 s (the watchdog's default timeout, not shortened
 * here); an accept during the cut is refused in words and changes nothing; the orders placed
 * meanwhile through the API appear once when the connection is back, and the cut's message goes.
 */

const PIZZARIA_HOST = { host: `pizzaria.localhost:${new URL(API).port}` };
const DEAF_WITHIN_MS = 20_000;

test.use({ serviceWorkers: 'block' });

/** A pickup order of five Guaraná cans (the minimum order is R$ 25,00), placed through the API by a new customer; returns its id. */
async function placeThroughApi(request: APIRequestContext, name: string): Promise<number> {
  const token = await signUpThroughApi(request, name);
  const products = (await (
    await request.get(`${API}/estoque/produtos_app`, { headers: PIZZARIA_HOST })
  ).json()) as { id: number; descricao: string; valor_venda: number }[];
  const can = products.find((p) => p.descricao === 'Guaraná Antarctica lata 350 ml')!;
  const placed = await request.post(`${API}/bar/v2/app/order/upsert/`, {
    headers: {
      Authorization: `Bearer ${token}`,
      'idempotency-key': `deaf-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: submission(userIdOf(token), [
      { produto: can.id, qtd: 5, produto_valor: can.valor_venda, itens_pedidos: [] },
    ]),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order_info } = (await placed.json()) as { order_info: { order_id: number; numero: number } };
  numbers.set(order_info.order_id, order_info.numero);
  return order_info.order_id;
}

/** Each placed order's number in the store, what the board shows (ADR 0065), by its id. */
const numbers = new Map<number, number>();
const numberOf = (id: number) => numbers.get(id) ?? id;

async function statusOf(request: APIRequestContext, token: string, id: number): Promise<string> {
  const reply = await request.get(`${API}/staff/orders/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await reply.json()) as { status: string }).status;
}

async function cancel(request: APIRequestContext, token: string, ids: number[]) {
  for (const id of ids) {
    await request.post(`${API}/staff/orders/${id}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: 'Cancelado', reason: 'Pedido de teste' },
    });
  }
}

/** The pizzaria's board on a phone, signed in; `prepare` runs on the context before it loads. */
async function openPhoneBoard(
  browser: Browser,
  prepare: (context: BrowserContext) => Promise<void> = async () => undefined,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  await prepare(context);
  const board = await context.newPage();
  await board.addInitScript({ content: 'window.print = () => {};' });
  await board.goto(storeUrl('pizzaria', '/staff'));
  await board.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES.pizzaria);
  await board.getByLabel('Senha').fill(STAFF_PASSWORD);
  await board.getByRole('button', { name: 'Entrar' }).click();
  await expect(board.getByRole('region', { name: 'Novos' })).toBeVisible();
  return board;
}

const cardOf = (board: Page, id: number) => board.getByRole('article', { name: `Pedido nº ${numberOf(id)}` });
const offlineBanner = (board: Page) => board.getByRole('alert').filter({ hasText: 'Sem conexão' });
const refusedInWords = (id: number) =>
  `Sem conexão: nada foi alterado no pedido nº ${numberOf(id)}. Tente de novo quando a conexão voltar.`;

test.describe('the board with the connection cut', () => {
  test.describe.configure({ timeout: 120_000 });

  test('offline: Sem conexão at once, an accept refused in words, and the orders of the cut once after it', async ({
    browser,
    request,
  }) => {
    const token = await staffToken(request);
    const before = await placeThroughApi(request, 'Olga Antes');
    const board = await openPhoneBoard(browser);
    const placed = [before];
    try {
      const app = board.locator('.staff-app');
      await expect(app).toHaveAttribute('data-link', 'live');
      await expect(cardOf(board, before)).toBeVisible();

      const cutAt = Date.now();
      await board.context().setOffline(true);
      await expect(offlineBanner(board)).toBeVisible({ timeout: DEAF_WITHIN_MS });
      expect(Date.now() - cutAt).toBeLessThan(DEAF_WITHIN_MS);
      // Pinned: still on screen with the page scrolled to its end.
      await board.mouse.wheel(0, 5000);
      await expect(offlineBanner(board)).toBeInViewport();

      await cardOf(board, before).getByRole('button', { name: 'Aceitar' }).click();
      await expect(board.getByText(refusedInWords(before))).toBeVisible();
      await expect(board.getByText(/Failed to fetch/)).toHaveCount(0);
      expect(await statusOf(request, token, before)).toBe('Solicitado');

      const during = [
        await placeThroughApi(request, 'Olga Durante'),
        await placeThroughApi(request, 'Olga Durante Dois'),
      ];
      placed.push(...during);

      await board.context().setOffline(false);
      await expect(offlineBanner(board)).toBeHidden({ timeout: DEAF_WITHIN_MS });
      await expect(app).toHaveAttribute('data-link', 'live');
      for (const id of during) {
        await expect(
          board
            .getByRole('region', { name: 'Novos' })
            .getByRole('article', { name: `Pedido nº ${numberOf(id)}` }),
        ).toHaveCount(1);
      }
      await expect(cardOf(board, before)).toHaveCount(1);
      await expect(board.getByText(refusedInWords(before))).toHaveCount(0);

      // The same accept now goes through, with no stale error left.
      await cardOf(board, before).getByRole('button', { name: 'Aceitar' }).click();
      await expect(
        board
          .getByRole('region', { name: 'Em preparo' })
          .getByRole('article', { name: `Pedido nº ${numberOf(before)}` }),
      ).toBeVisible();
      expect(await statusOf(request, token, before)).toBe('Preparo');
      await expect(board.locator('.staff-banner-notice')).toHaveCount(0);
    } finally {
      await cancel(request, token, placed);
      await board.context().close();
    }
  });

  test('online but the event stream silent: Sem conexão within 20 s, then the catch-up once the stream flows', async ({
    browser,
    request,
  }) => {
    const token = await staffToken(request);
    const held: Route[] = [];
    let blocked = true;
    const streamUrl = /\/staff\/orders\/events\?ticket=/;
    const board = await openPhoneBoard(browser, async (context) => {
      await context.route(streamUrl, async (route) => {
        // Held: no answer, no error; the browser waits, as on a dead mobile network.
        if (blocked) held.push(route);
        else await route.continue();
      });
    });
    const placed: number[] = [];
    try {
      const openedAt = Date.now();
      await expect(offlineBanner(board)).toBeVisible({ timeout: DEAF_WITHIN_MS });
      expect(Date.now() - openedAt).toBeLessThan(DEAF_WITHIN_MS);
      // No DOM types in the e2e project: the page's own navigator, as far as this needs it.
      expect(
        await board.evaluate(
          () => (globalThis as unknown as { navigator: { onLine: boolean } }).navigator.onLine,
        ),
      ).toBe(true);
      expect(held.length).toBeGreaterThan(0);

      const during = await placeThroughApi(request, 'Paula Silencio');
      placed.push(during);

      blocked = false;
      for (const route of held.splice(0)) await route.abort().catch(() => undefined);
      await expect(offlineBanner(board)).toBeHidden({ timeout: DEAF_WITHIN_MS });
      await expect(board.locator('.staff-app')).toHaveAttribute('data-link', 'live');
      await expect(
        board
          .getByRole('region', { name: 'Novos' })
          .getByRole('article', { name: `Pedido nº ${numberOf(during)}` }),
      ).toHaveCount(1);

      // A second cut while the board shows an order: the accept is refused in words, and nothing changes.
      blocked = true;
      await board.context().setOffline(true);
      await expect(offlineBanner(board)).toBeVisible();
      await cardOf(board, during).getByRole('button', { name: 'Aceitar' }).click();
      await expect(board.getByText(refusedInWords(during))).toBeVisible();
      expect(await statusOf(request, token, during)).toBe('Solicitado');
      // Back online, but the stream is held: still deaf, still saying so.
      await board.context().setOffline(false);
      const heldAgainAt = Date.now();
      await expect.poll(() => held.length, { timeout: DEAF_WITHIN_MS }).toBeGreaterThan(0);
      await expect(offlineBanner(board)).toBeVisible();
      expect(Date.now() - heldAgainAt).toBeLessThan(DEAF_WITHIN_MS);
      blocked = false;
      for (const route of held.splice(0)) await route.abort().catch(() => undefined);
      await expect(offlineBanner(board)).toBeHidden({ timeout: DEAF_WITHIN_MS });
      await expect(board.getByText(refusedInWords(during))).toHaveCount(0);
      await expect(cardOf(board, during)).toHaveCount(1);
    } finally {
      await cancel(request, token, placed);
      await board.context().close();
    }
  });
});
