import type { APIRequestContext, Page } from '@playwright/test';
import { buyAndCheckout, checkoutTotal, openSignedIn, type WithStorage } from './support/checkout.ts';
import { signUpThroughApi } from './support/customers.ts';
import { E2E_PORT, expect, storeUrl, test } from './support/fixtures.ts';
import { STAFF_PASSWORD, STAFF_PHONES } from './support/staff-account.ts';

/*
 * Online PIX on the demo pizzaria, on a phone (spec sections 2 "PIX screen", 4 "Payment routing"
 * and "PIX"; docs/decisions/0018-online-payments-pix.md): the order goes through the payment
 * intent to /pix_checkout; the stand-in PSP's simulator pays it as the customer's bank would, and
 * the poll brings the customer back to the success dialog; abandoning cancels it; the code's time
 * running out (the browser's clock moved on) ends it; a reload keeps counting from the creation.
 *
 * The server starts the stand-in PSP on PSP_STANDIN_PORT; for the journeys' first server that is
 * E2E_PORT + 10 (playwright.config.ts).
 */

const PSP = `http://127.0.0.1:${Number(process.env.PSP_STANDIN_PORT ?? E2E_PORT + 10)}`;

interface StandinCharge {
  id: string;
  providerRef: string;
  reference: string;
  amount: number;
  description: string;
  status: string;
  createdAt: string;
}

/** The pending intent the checkout kept (lib/pending-pix.ts). */
async function pendingIntent(page: Page): Promise<{ intentId: string; orderId: number; amount: number }> {
  const raw = await page.evaluate(() =>
    (globalThis as unknown as WithStorage).localStorage.getItem('pix_payment_intent'),
  );
  expect(raw, 'a pending PIX intent in local storage').not.toBeNull();
  return JSON.parse(raw!) as { intentId: string; orderId: number; amount: number };
}

/** The stand-in's charge of an intent: the server describes each charge as 'Pedido <order> - <store>'. */
async function chargeOf(
  request: APIRequestContext,
  intent: { intentId: string; orderId: number; amount: number },
): Promise<StandinCharge> {
  const reply = await request.get(`${PSP}/simulator/charges`);
  expect(reply.ok(), `the stand-in PSP at ${PSP}`).toBe(true);
  const charges = (await reply.json()) as StandinCharge[];
  const charge = charges.find((candidate) => candidate.description.startsWith(`Pedido ${intent.orderId} - `));
  expect(charge, `a stand-in charge for order ${intent.orderId}`).toBeDefined();
  expect(charge!.amount).toBe(intent.amount);
  return charge!;
}

/** Five Guaraná cans (R$ 32,50), pickup, PIX through the app (preselected); on /pix_checkout. */
async function payByPix(page: Page) {
  await buyAndCheckout(page, 'guarana', /Guaraná Antarctica lata 350 ml/, 5);
  await page.getByRole('tab', { name: 'Retirada' }).click();
  await expect(checkoutTotal(page)).toHaveText('R$ 32,50');
  await expect(page.getByRole('radio', { name: 'Pagamento online (PIX)' })).toBeChecked();
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  await expect(page).toHaveURL(/\/pix_checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pague com PIX' })).toBeVisible();
  await expect(page.getByText('R$ 32,50')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Pix Copia e Cola' })).toHaveValue(/^000201/);
  // The top and bottom bars are hidden here.
  await expect(page.getByRole('navigation')).toHaveCount(0);
}

const timer = (page: Page) => page.getByRole('timer', { name: 'Tempo para pagar' });

/** The countdown's mm:ss in seconds. */
async function secondsShown(page: Page): Promise<number> {
  const text = (await timer(page).textContent()) ?? '';
  const match = /^(\d{2}):(\d{2})$/.exec(text.trim());
  expect(match, `a mm:ss countdown, not '${text}'`).not.toBeNull();
  return Number(match![1]) * 60 + Number(match![2]);
}

/** The cart tab names no lines: the cart is empty. */
const expectEmptyCart = (page: Page) =>
  expect(page.getByRole('link', { name: 'Carrinho', exact: true })).toBeVisible();

test.use({ serviceWorkers: 'block' });

test.describe('online PIX', () => {
  test('paid through the simulator, it ends in the success dialog and the orders list', async ({
    page,
    request,
  }) => {
    const token = await signUpThroughApi(request, 'Paula Pix');
    await openSignedIn(page, token);
    await payByPix(page);
    await expect(timer(page)).toHaveText(/^0[45]:\d{2}$/);

    // The copy key says it was copied.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copiar código' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Código copiado!' })).toBeVisible();

    // The customer's bank pays the charge; the poll (every 3 s) takes the customer on.
    const intent = await pendingIntent(page);
    const charge = await chargeOf(request, intent);
    const paid = await request.post(`${PSP}/simulator/charges/${encodeURIComponent(charge.id)}/pay`);
    expect(paid.ok(), await paid.text()).toBe(true);

    await expect(page).toHaveURL(/\/confirmation$/, { timeout: 15_000 });
    const result = page.getByRole('dialog', { name: 'Pedido realizado!' });
    await expect(result).toBeVisible();
    // The store's own number (ADR 0065), not the order's id.
    await expect(result).toContainText(/Seu pedido nº \d+ foi recebido\./);
    const number = Number(/nº (\d+)/.exec((await result.textContent()) ?? '')?.[1]);
    await expect(result).toContainText(/Previsão: \d{2}:\d{2}/);
    // Paid through the app and confirmed: no receipt to send; behind it, the cart emptied and the
    // summary of what was paid (issue 34).
    await expect(result.getByRole('link', { name: 'Enviar comprovante' })).toHaveCount(0);
    await expect(page.getByTestId('checkout-total')).toHaveText('R$ 32,50');
    await expect(page.locator('.tab-bar .badge')).toHaveCount(0);
    // Confirmed: nothing pending, the saved cart gone.
    expect(
      await page.evaluate(() => {
        const storage = (globalThis as unknown as WithStorage).localStorage;
        return [storage.getItem('pix_payment_intent'), storage.getItem('shop_cart')];
      }),
    ).toEqual([null, null]);

    await result.getByRole('button', { name: 'Ver status' }).click();
    await expect(page).toHaveURL(new RegExp(`/mobile/orders/${intent.orderId}$`));
    const detail = page.getByRole('dialog', { name: `Pedido nº ${number}` });
    await expect(detail.getByTestId('order-total')).toHaveText('R$ 32,50');
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await expect(page.getByRole('tabpanel').getByTestId('order-card')).toContainText(`Pedido nº ${number}`);
  });

  test('abandoning asks first, cancels the charge and empties the cart', async ({ page, request }) => {
    const token = await signUpThroughApi(request, 'Abel Desiste');
    await openSignedIn(page, token);
    await payByPix(page);
    const intent = await pendingIntent(page);

    await page.getByRole('button', { name: 'Desistir do pagamento' }).click();
    const confirm = page.getByRole('dialog', { name: 'Desistir do pagamento?' });
    await expect(confirm.getByRole('button', { name: 'Continuar pagando' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Continuar pagando' }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(/\/pix_checkout$/);

    await page.getByRole('button', { name: 'Desistir do pagamento' }).click();
    await confirm.getByRole('button', { name: 'Sim, desistir' }).click();
    await expect(page).toHaveURL(`http://pizzaria.localhost:${E2E_PORT}/`);
    await expectEmptyCart(page);
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as WithStorage).localStorage.getItem('pix_payment_intent'),
      ),
    ).toBeNull();
    expect((await chargeOf(request, intent)).status).toBe('canceled');
  });

  test('when the code’s time runs out, the intent and the cart are gone', async ({ page, request }) => {
    // The browser's clock, moved on below (the countdown is the browser's, from the creation time).
    await page.clock.install();
    const token = await signUpThroughApi(request, 'Tito Tempo');
    await openSignedIn(page, token);
    await payByPix(page);

    await page.clock.fastForward('04:00');
    await expect(timer(page)).toHaveText(/^0[01]:\d{2}$/);
    await page.clock.fastForward('01:05');
    const expired = page.getByRole('dialog', { name: 'PIX não identificado' });
    await expect(expired).toContainText('O prazo para pagar este PIX acabou');
    await expect(timer(page)).toHaveText('00:00');
    await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toHaveCount(0);

    await expired.getByRole('button', { name: 'Voltar ao cardápio' }).click();
    await expect(page).toHaveURL(`http://pizzaria.localhost:${E2E_PORT}/`);
    await expectEmptyCart(page);
    expect(
      await page.evaluate(() => {
        const storage = (globalThis as unknown as WithStorage).localStorage;
        return [storage.getItem('pix_payment_intent'), storage.getItem('shop_cart')];
      }),
    ).toEqual([null, null]);
  });

  test('a reload in the middle keeps counting from the creation time', async ({ page, request }) => {
    const token = await signUpThroughApi(request, 'Rita Recarrega');
    await openSignedIn(page, token);
    await payByPix(page);
    await expect(timer(page)).not.toHaveText('05:00');
    const before = await secondsShown(page);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Pague com PIX' })).toBeVisible();
    const after = await secondsShown(page);
    // Not 05:00 again: the same code, a few seconds further on.
    expect(after).toBeLessThanOrEqual(before);
    expect(after).toBeGreaterThan(before - 30);
    await expect(page.getByRole('textbox', { name: 'Pix Copia e Cola' })).toHaveValue(/^000201/);
    await expect(timer(page)).not.toHaveText(
      `0${Math.floor(after / 60)}:${String(after % 60).padStart(2, '0')}`,
      {
        timeout: 3_000,
      },
    );
  });

  test('the store’s board says a paid order is paid online; cancelling it gives the money back through the PSP', async ({
    browser,
    page,
    request,
  }) => {
    const customer = await signUpThroughApi(request, 'Rui Reembolso');
    await openSignedIn(page, customer);
    await payByPix(page);
    const intent = await pendingIntent(page);
    const charge = await chargeOf(request, intent);
    expect((await request.post(`${PSP}/simulator/charges/${encodeURIComponent(charge.id)}/pay`)).ok()).toBe(
      true,
    );
    await expect(page).toHaveURL(/\/confirmation$/, { timeout: 15_000 });
    const result = page.getByRole('dialog', { name: 'Pedido realizado!' });
    await expect(result).toContainText(/Seu pedido nº \d+ foi recebido\./);
    const number = Number(/nº (\d+)/.exec((await result.textContent()) ?? '')?.[1]);

    // The counter's phone.
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      serviceWorkers: 'block',
    });
    const board = await context.newPage();
    await board.goto(storeUrl('pizzaria', '/staff'));
    await board.getByRole('textbox', { name: 'Celular' }).fill(STAFF_PHONES.pizzaria);
    await board.getByLabel('Senha').fill(STAFF_PASSWORD);
    await board.getByRole('button', { name: 'Entrar' }).click();
    const card = board.getByRole('article', { name: `Pedido nº ${number}` });
    await expect(card.getByText('Pago online (PIX) — não cobrar')).toBeVisible();
    await card.screenshot({ path: test.info().outputPath('paid-online-card.png') });

    await card.getByRole('button', { name: 'Recusar' }).click();
    const dialog = board.getByRole('dialog');
    await dialog.getByLabel('Motivo (o cliente vê)').fill('Acabou o guaraná');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(card.getByText('PIX devolvido ao cliente')).toBeVisible();
    await card.screenshot({ path: test.info().outputPath('refunded-card.png') });
    const charges = (await (await request.get(`${PSP}/simulator/charges`)).json()) as StandinCharge[];
    expect(charges.find((candidate) => candidate.id === charge.id)?.status).toBe('refunded');
    await context.close();
  });
});
