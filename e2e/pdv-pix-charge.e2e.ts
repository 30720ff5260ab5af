import { mkdirSync } from 'node:fs';
import { formatBRL } from '@comanda/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { addHalfAndHalfGrande, HALF_AND_HALF_GRANDE, registerWalkIn } from './support/counter.ts';
import { E2E_PORT, expect, test } from './support/fixtures.ts';
import { openBoard } from './support/staff.ts';

/*
 * A counter order paid by a PIX charge through the store's provider (docs/decisions/0063), on a
 * counter tablet of the demo pizzeria (orders only: the store is not changed): the QR code on the
 * screen, the stand-in PSP's simulator pays it as the customer's bank would, and the screen turns
 * to "Pagamento recebido" while the order reaches the board. A second customer gives up: the
 * charge is cancelled and the order paid in cash instead.
 */

const SHOTS = '/tmp/shots-pixcounter';
mkdirSync(SHOTS, { recursive: true });
const PSP = `http://127.0.0.1:${Number(process.env.PSP_STANDIN_PORT ?? E2E_PORT + 10)}`;

const TOTAL = HALF_AND_HALF_GRANDE;

async function walkIn(page: Page, name: string) {
  await registerWalkIn(page, name);
  await addHalfAndHalfGrande(page);
  return page.getByRole('region', { name: 'Novo pedido' });
}

/** The stand-in's charge of an order: the server describes each as 'Pedido <order> - <store>'. */
async function standinCharge(request: APIRequestContext, orderId: number) {
  const reply = await request.get(`${PSP}/simulator/charges`);
  expect(reply.ok(), `the stand-in PSP at ${PSP}`).toBe(true);
  const charges = (await reply.json()) as { id: string; description: string; amount: number }[];
  const charge = charges.find((candidate) => candidate.description.startsWith(`Pedido ${orderId} - `));
  expect(charge, `a stand-in charge for order ${orderId}`).toBeDefined();
  return charge!;
}

test.describe('a counter order paid by a PIX charge on a tablet', () => {
  test('the QR on the screen, paid at the bank, turns to "Pagamento recebido" and reaches the board', async ({
    browser,
    request,
  }) => {
    const page = await openBoard(browser);
    const order = await walkIn(page, 'Paulo Balcão');
    await order.getByRole('button', { name: 'PIX com QR (confirmação automática)' }).click();
    await order.getByRole('button', { name: `Gerar PIX · ${formatBRL(TOTAL)}` }).click();

    const charge = page.getByRole('dialog', { name: /^PIX do pedido/ });
    await expect(charge.getByRole('img', { name: `QR Code do PIX de ${formatBRL(TOTAL)}` })).toBeVisible();
    await expect(charge.getByText(/^Expira em [45]:\d{2}$/)).toBeVisible();
    await expect(charge.locator('code')).toHaveText(/^000201/);
    // The order has no number in the store until it is paid: the stand-in knows it by its id.
    const id = Number(await charge.locator('[data-order-id]').getAttribute('data-order-id'));
    expect(id).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/journey-tablet-charge-waiting.png` });

    // Not on the board while unpaid.
    const paid = await request.post(
      `${PSP}/simulator/charges/${encodeURIComponent((await standinCharge(request, id)).id)}/pay`,
    );
    expect(paid.ok()).toBe(true);
    await expect(charge.getByText('Pagamento recebido')).toBeVisible({ timeout: 15_000 });
    const sent = charge.getByText(/^Pedido nº \d+ enviado ao quadro de pedidos\.$/);
    await expect(sent).toBeVisible();
    const number = Number(/nº (\d+)/.exec((await sent.textContent()) ?? '')?.[1]);
    await page.screenshot({ path: `${SHOTS}/journey-tablet-charge-paid.png` });
    await charge.getByRole('button', { name: 'Próximo pedido' }).click();
    await expect(charge).toBeHidden();
    await expect(page.getByLabel('Celular do cliente')).toHaveValue('');

    await page.getByRole('button', { name: /^Pedidos/ }).click();
    await expect(page.getByRole('article', { name: `Pedido nº ${number}` })).toBeVisible();
    await page.context().close();
  });

  test('the customer gives up: the charge is cancelled and the order paid in cash', async ({ browser }) => {
    const page = await openBoard(browser);
    const order = await walkIn(page, 'Clara Desiste');
    await order.getByRole('button', { name: 'PIX com QR (confirmação automática)' }).click();
    await order.getByRole('button', { name: `Gerar PIX · ${formatBRL(TOTAL)}` }).click();
    const charge = page.getByRole('dialog', { name: /^PIX do pedido/ });
    await expect(charge.getByRole('img', { name: `QR Code do PIX de ${formatBRL(TOTAL)}` })).toBeVisible();
    await charge.getByRole('button', { name: 'Cancelar PIX' }).click();
    await expect(charge.getByText(/^PIX cancelado\. O pedido não foi enviado/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/journey-tablet-charge-cancelled.png` });
    await charge.getByRole('button', { name: 'Voltar' }).click();

    // The cart is still there: the customer pays in cash instead.
    await expect(order.getByText('1× Pizza Meio a Meio Grande')).toBeVisible();
    await order.getByRole('button', { name: 'Dinheiro' }).click();
    await order.getByRole('button', { name: `Fazer pedido · ${formatBRL(TOTAL)}` }).click();
    await expect(order.getByRole('status').filter({ hasText: /Pedido nº \d+ feito/ })).toBeVisible();
    await page.context().close();
  });
});
