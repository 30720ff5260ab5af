import type { APIRequestContext, Page } from '@playwright/test';
import { API, signUpThroughApi } from './support/customers.ts';
import { expect, test, waitForMenu } from './support/fixtures.ts';
import { staffToken } from './support/staff.ts';

/*
 * Order tracking (issue 8) on the demo pizzeria, on a phone: a customer places an order, follows
 * it on /mobile/orders/{id} while the store's staff move it along through the API (the stepper
 * moves live, without a reload), sees it under 'Concluídos' once delivered, and orders it again.
 */

type WithStorage = {
  localStorage: { setItem(key: string, value: string): void };
};

async function moveOrder(request: APIRequestContext, token: string, id: number, status: string) {
  const reply = await request.post(`${API}/staff/orders/${id}/status`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { status },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
}

async function openSignedIn(page: Page, token: string) {
  await page.goto('/');
  await page.evaluate(
    (value) => (globalThis as unknown as WithStorage).localStorage.setItem('token', value),
    token,
  );
  await page.goto('/');
  await waitForMenu(page);
}

/**
 * Five Guaraná cans (the minimum order is R$ 25,00), pickup, card on delivery; 'Ver status' on the
 * result dialog. Its number in the store (what the customer reads, ADR 0065) and its id (the API's).
 */
async function placeOrder(page: Page): Promise<{ number: number; id: number }> {
  await page.getByRole('searchbox').fill('guarana');
  await page.getByRole('button', { name: /Guaraná Antarctica lata 350 ml/ }).click();
  const dialog = page.getByRole('dialog');
  for (let i = 1; i < 5; i++) await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await dialog.getByRole('button', { name: 'Inserir' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page).toHaveURL(/\/confirmation$/);
  await expect(page.getByRole('heading', { name: 'Resumo' })).toBeVisible();
  await page.getByRole('tab', { name: 'Retirada' }).click();
  await page.getByRole('radio', { name: 'Cartão de crédito (na retirada)' }).check();
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const result = page.getByRole('dialog', { name: 'Pedido realizado!' });
  await expect(result).toContainText(/Seu pedido nº \d+ foi recebido\./);
  const number = Number(/nº (\d+)/.exec((await result.textContent()) ?? '')?.[1]);
  await result.getByRole('button', { name: 'Ver status' }).click();
  await expect(page).toHaveURL(/\/mobile\/orders\/\d+$/);
  return { number, id: Number(/\/mobile\/orders\/(\d+)$/.exec(page.url())?.[1]) };
}

test.use({ serviceWorkers: 'block' });

test.describe('order tracking', () => {
  test('a customer follows an order live to delivered and orders it again', async ({ page, request }) => {
    const token = await signUpThroughApi(request, 'Otávio Pedidos');
    await openSignedIn(page, token);
    const { number, id } = await placeOrder(page);

    const detail = page.getByRole('dialog', { name: `Pedido nº ${number}` });
    await expect(detail).toBeVisible();
    // The cart sends one line per can; the detail shows them as the customer ordered them.
    await expect(detail.getByRole('region', { name: 'Itens' }).getByRole('listitem')).toHaveCount(1);
    await expect(detail.getByText('5× Guaraná Antarctica lata 350 ml')).toBeVisible();
    await expect(detail.getByTestId('order-total')).toHaveText('R$ 32,50');
    const stepper = detail.getByRole('list', { name: 'Andamento do pedido' });
    const current = stepper.locator('[aria-current="step"]');
    // Received, not accepted yet: the stepper says what the status says.
    await expect(current).toHaveText(/Recebido/);
    await expect(detail.getByTestId('order-status')).toHaveText('Recebido');

    // No reload from here on: the page must follow the staff's calls by itself.
    let navigations = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations++;
    });
    const staff = await staffToken(request);
    for (const [status, step] of [
      ['Preparo', 'Em preparo'],
      ['Concluido', 'Pronto'],
      ['Entregue', 'Entregue'],
    ] as const) {
      await moveOrder(request, staff, id, status);
      await expect(current).toHaveText(new RegExp(step), { timeout: 2_000 });
    }
    await expect(detail.locator('.order-step-completed')).toHaveCount(4);
    expect(navigations).toBe(0);

    // The list behind the dialog moved it to 'Concluídos'.
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await expect(page).toHaveURL(/\/mobile\/orders$/);
    await expect(page.getByRole('tabpanel')).toHaveText(/Nenhum pedido em andamento/);
    await page.getByRole('tab', { name: 'Concluídos' }).click();
    const card = page.getByRole('tabpanel').getByTestId('order-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Pedido nº ${number}`);
    await expect(card).toContainText('Entregue');

    // Order it again: the cans are back in the cart at today's price.
    await card.getByRole('link').click();
    await detail.getByRole('button', { name: 'Pedir novamente' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('Guaraná Antarctica lata 350 ml').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finalizar' })).toBeVisible();
  });
});
