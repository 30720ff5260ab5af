import type { APIRequestContext } from '@playwright/test';
import { buyAndCheckout, openSignedIn } from './support/checkout.ts';
import { API, signUpData } from './support/customers.ts';
import { E2E_PORT, expect, storeUrl, test } from './support/fixtures.ts';
import { staffToken } from './support/staff.ts';

/*
 * Issue 36's journey (docs/decisions/0072, 0073): a customer of Forno & Brasa (whose WhatsApp is the
 * stand-in Graph API beside the server, +30) agrees at checkout to order updates on WhatsApp; the
 * store accepts the pickup order and marks it ready, and the stand-in's simulator shows both templates
 * with the order's link; the customer writes "status" and is answered with it, "parar" stops the next
 * update, and a question reaches the staff app's inbox, where an attendant answers it.
 */

const STANDIN = process.env.WHATSAPP_STANDIN_URL ?? `http://127.0.0.1:${E2E_PORT + 30}`;

test.use({ serviceWorkers: 'block' });

interface SimulatedMessage {
  direction: 'in' | 'out';
  text: string;
  template: string | null;
}

/** The stand-in's conversation with this customer, as its simulator keeps it. */
async function simulated(request: APIRequestContext, waId: string): Promise<SimulatedMessage[]> {
  const listed = (await (await request.get(`${STANDIN}/simulator/conversations`)).json()) as {
    waId: string;
    messages: SimulatedMessage[];
  }[];
  return listed.find((conversation) => conversation.waId === waId)?.messages ?? [];
}

const outgoing = (messages: SimulatedMessage[]) => messages.filter((message) => message.direction === 'out');

async function reply(request: APIRequestContext, waId: string, text: string) {
  const sent = await request.post(`${STANDIN}/simulator/reply`, {
    data: { from: waId, text, name: 'Lívia' },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
}

test('order updates on WhatsApp from checkout to ready; "status", "parar" and an attendant’s answer', async ({
  page,
  browser,
  request,
}) => {
  const customer = signUpData('Lívia Prado');
  const signedUp = await request.post(`${API}/core/registration_app/`, { data: customer });
  expect(signedUp.status()).toBe(201);
  const token = ((await signedUp.json()) as { detail: string }).detail;
  const waId = `55${customer.cellphone}`;

  // The opt-in row: off by default; on, the order carries the agreement.
  await openSignedIn(page, token);
  await buyAndCheckout(page, 'guarana', /Guaraná Antarctica lata 350 ml/, 5);
  await page.getByRole('tab', { name: 'Retirada' }).click();
  const optIn = page.getByRole('switch', { name: 'Receber atualizações do pedido pelo WhatsApp' });
  await expect(optIn).not.toBeChecked();
  await optIn.click();
  await expect(optIn).toBeChecked();
  await page.getByRole('radio', { name: 'Cartão de crédito (na retirada)' }).check();
  await page.getByRole('button', { name: 'Confirmar pedido' }).click();
  const result = page.getByRole('dialog', { name: 'Pedido realizado!' });
  await expect(result).toBeVisible();
  await result.getByRole('button', { name: 'Ver status' }).click();
  await expect(page).toHaveURL(/\/mobile\/orders\/\d+$/);
  const orderId = Number(/\/mobile\/orders\/(\d+)$/.exec(page.url())![1]);
  const link = `/mobile/orders/${orderId}`;

  // The profile says so too.
  await page.goto('/profile');
  await expect(page.getByRole('switch', { name: 'Atualizações do pedido pelo WhatsApp' })).toBeChecked();

  // The store accepts, then marks the pickup order ready: two templates, each with the order's link.
  const staff = await staffToken(request);
  const move = async (status: string) => {
    const moved = await request.post(`${API}/staff/orders/${orderId}/status`, {
      headers: { Authorization: `Bearer ${staff}` },
      data: { status },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  };
  await move('Preparo');
  await expect.poll(async () => outgoing(await simulated(request, waId)).length, { timeout: 20_000 }).toBe(1);
  await move('Concluido');
  await expect.poll(async () => outgoing(await simulated(request, waId)).length, { timeout: 20_000 }).toBe(2);
  const updates = outgoing(await simulated(request, waId));
  for (const update of updates) {
    expect(update.template).not.toBeNull();
    expect(update.text).toContain(link);
  }

  // The simulator page (a phone-like view of the conversation) shows both, with the link.
  const simulator = await browser.newPage();
  await simulator.goto(`${STANDIN}/?c=${encodeURIComponent(`100200300400500:${waId}`)}`);
  await expect(simulator.getByText(link, { exact: false })).toHaveCount(2);
  await simulator.close();

  // "status": answered by the store with the order's status.
  await reply(request, waId, 'status');
  await expect.poll(async () => outgoing(await simulated(request, waId)).length, { timeout: 20_000 }).toBe(3);
  const statusAnswer = outgoing(await simulated(request, waId)).at(-1)!;
  expect(statusAnswer.template).toBeNull();
  expect(statusAnswer.text).toMatch(/pronto|retirada/i);

  // "parar": confirmed, and the next status change sends nothing.
  await reply(request, waId, 'parar');
  await expect.poll(async () => outgoing(await simulated(request, waId)).length, { timeout: 20_000 }).toBe(4);
  await page.goto('/profile');
  await expect(page.getByRole('switch', { name: 'Atualizações do pedido pelo WhatsApp' })).not.toBeChecked();
  await move('Entregue');
  // The outbox runs every few seconds: long enough for an update to have gone, were it queued.
  await page.waitForTimeout(6000);
  expect(outgoing(await simulated(request, waId))).toHaveLength(4);

  // A question for a person reaches the inbox live; the attendant answers within the window.
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  const app = await context.newPage();
  await app.goto(storeUrl('pizzaria', '/staff'));
  await app.getByRole('textbox', { name: 'Celular' }).fill(process.env.E2E_STAFF_PHONE ?? '11955550100');
  await app.getByLabel('Senha').fill(process.env.E2E_STAFF_PASSWORD ?? 'equipe-e2e-senha');
  await app.getByRole('button', { name: 'Entrar' }).click();
  await app.getByRole('button', { name: /^WhatsApp/ }).click();
  await expect(app.getByRole('heading', { name: 'Conversas no WhatsApp' })).toBeVisible();
  await reply(request, waId, 'Vocês têm estacionamento para retirar?');
  // Her row, flagged. Its last line is the question when heard live, or the store's automatic
  // "someone will answer" (written first) when the list was read again.
  const row = app.getByRole('button', { name: /^Lívia Prado/ }).filter({ hasText: 'Precisa de atendente' });
  await expect(row).toBeVisible();
  await row.click();
  await expect(app.getByRole('list', { name: 'Mensagens' })).toContainText(
    'Vocês têm estacionamento para retirar?',
  );
  await app
    .getByRole('textbox', { name: 'Resposta' })
    .fill('Temos sim, Lívia: duas vagas na frente da loja.');
  await app.getByRole('button', { name: 'Enviar' }).click();
  await expect
    .poll(async () => outgoing(await simulated(request, waId)).at(-1)?.text, { timeout: 20_000 })
    .toBe('Temos sim, Lívia: duas vagas na frente da loja.');
  await context.close();
});
