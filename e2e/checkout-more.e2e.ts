import { randomUUID } from 'node:crypto';
import { buildCartLine, type FullProduct, initialPicks } from '@comanda/domain';
import type { APIRequestContext } from '@playwright/test';
import { submission } from '../apps/server/src/test/submission.ts';
import { buyAndCheckout, checkoutTotal, expectOrderPlaced, openSignedIn } from './support/checkout.ts';
import { API, signUpOnPage, signUpThroughApi, userIdOf } from './support/customers.ts';
import { E2E_CLOSED_PORT, expect, test } from './support/fixtures.ts';
import { staffToken } from './support/staff.ts';

/*
 * More checkout journeys of issue 7, on a phone: the loyalty reward on the demo pizzeria (points
 * earned by real orders, delivered, first), and a scheduled order on sakura while it is closed (the second
 * server, whose clock reads next Monday 12:00 UTC-3: sakura is closed all day on Mondays).
 */

/** Sakura on the closed-clock server (Chromium resolves *.localhost; Node does not). */
const SAKURA = `http://sakura.localhost:${E2E_CLOSED_PORT}`;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A pizzaria cart line as the storefront builds it: the full product, its starting picks. */
async function cartLine(request: APIRequestContext, name: string, qtd: number) {
  const list = (await (await request.get(`${API}/estoque/produtos_app?format=json`)).json()) as {
    id: number;
    descricao: string;
  }[];
  const id = list.find((product) => product.descricao === name)?.id;
  expect(id, name).toBeDefined();
  const reply = await request.get(`${API}/estoque/produtos_full_app/${id}?format=json`);
  expect(reply.ok()).toBe(true);
  const product = (await reply.json()) as FullProduct;
  const built = buildCartLine(product, initialPicks(product, 'app'), { channel: 'app', qtd, observacao: '' });
  if (!built.ok) throw new Error(`line ${name}: ${JSON.stringify(built.error)}`);
  return JSON.parse(JSON.stringify(built.line)) as object;
}

/**
 * Places a pickup order paid by card on delivery through the API, and the store delivers it (points
 * are credited on delivery, docs/decisions/0021); returns the points it earned.
 */
async function placeDeliveredOrder(
  request: APIRequestContext,
  token: string,
  staff: string,
  lines: object[],
) {
  const reply = await request.post(`${API}/bar/v2/app/order/upsert/`, {
    headers: { ...bearer(token), 'Idempotency-Key': randomUUID() },
    data: submission(userIdOf(token), lines),
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const { order } = (await reply.json()) as { order: { id: number; pontos_fidelidade: number } };
  const delivered = await request.post(`${API}/staff/orders/${order.id}/status`, {
    headers: bearer(staff),
    data: { status: 'Entregue' },
  });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  return order.pontos_fidelidade;
}

async function pointsOf(request: APIRequestContext, token: string): Promise<number> {
  const reply = await request.get(`${API}/core/cliente_app/${userIdOf(token)}?format=json`, {
    headers: bearer(token),
  });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { pontos_fidelidade: number }).pontos_fidelidade;
}

test.use({ serviceWorkers: 'block' });

test.describe('checkout, more', () => {
  test('the loyalty reward takes R$ 15,00 off and spends 100 points', async ({ page, request }) => {
    const token = await signUpThroughApi(request);
    // Two orders of a pizza grande (R$ 59,90): 59 points each, 118 in all.
    const pizza = await cartLine(request, 'Pizza Calabresa Grande', 1);
    const staff = await staffToken(request);
    let earned = 0;
    for (let i = 0; i < 2; i++) earned += await placeDeliveredOrder(request, token, staff, [pizza]);
    expect(earned).toBeGreaterThanOrEqual(100);
    expect(await pointsOf(request, token)).toBe(earned);

    await openSignedIn(page, token);
    // Eight cans (R$ 52,00): still above the R$ 25,00 minimum once R$ 15,00 are off.
    await buyAndCheckout(page, 'guarana', /Guaraná Antarctica lata 350 ml/, 8);
    await page.getByRole('tab', { name: 'Retirada' }).click();
    await expect(checkoutTotal(page)).toHaveText('R$ 52,00');
    const loyalty = page.getByRole('region', { name: 'Programa de fidelidade' });
    await expect(loyalty).toContainText(`${earned} pontos: recompensa disponível`);
    await loyalty.getByRole('button', { name: 'Usar recompensa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recompensa de fidelidade' });
    await expect(dialog).toContainText('Recompensa: R$ 15,00 de desconto');
    await dialog.getByRole('button', { name: 'Usar agora' }).click();
    await expect(loyalty.getByText('Recompensa de fidelidade aplicada')).toBeVisible();
    await expect(checkoutTotal(page)).toHaveText('R$ 37,00');
    await page.getByRole('radio', { name: 'Cartão de crédito (na retirada)' }).check();
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await expectOrderPlaced(page);
    // 100 spent; the 37 points of the R$ 37,00 paid wait for the delivery.
    expect(await pointsOf(request, token)).toBe(earned - 100);
  });

  test('a scheduled pickup on sakura while it is closed', async ({ page }) => {
    const token = await signUpOnPage(page, SAKURA);
    await openSignedIn(page, token, '/', SAKURA);
    // Two temakis skin (R$ 25,90): above sakura's R$ 40,00 minimum.
    await buyAndCheckout(page, 'skin', /Temaki skin/, 2);
    await page.getByRole('tab', { name: 'Retirada' }).click();
    const schedule = page.getByRole('region', { name: 'Agendamento' });
    await expect(schedule).toContainText('A loja está fechada agora: agende seu pedido.');
    await expect(page.getByRole('button', { name: 'Agende o pedido' })).toBeVisible();
    await schedule.getByRole('button', { name: 'Escolher horário' }).click();
    const periods = page.getByRole('dialog', { name: 'Escolha um horário' });
    // Local days and times (UTC-3), never timestamps, grouped by day: 'Hoje', 'Amanhã' or the weekday
    // and date (named from the browser's clock, which is not the closed server's).
    const day = periods.getByRole('region').first();
    const dayName = (await day.getByRole('heading').textContent())?.trim() ?? '';
    expect(dayName).toMatch(/^(Hoje|Amanhã|[\p{L}-]+, \d{2}\/\d{2})$/u);
    const first = day.getByRole('button').first();
    const period = (await first.textContent())?.trim() ?? '';
    expect(period).toMatch(/^\d{2}:\d{2}$/);
    await expect(periods).not.toContainText(/\d{4}-\d{2}-\d{2}T/);
    await first.click();
    await expect(periods).toBeHidden();
    const scheduled = `Agendado para ${dayName.charAt(0).toLowerCase()}${dayName.slice(1)} às ${period}`;
    await expect(schedule).toContainText(scheduled);
    await page.getByRole('radio', { name: 'Cartão na retirada (crédito ou débito)' }).check();
    await page.getByRole('button', { name: /^Confirmar pedido/ }).click();
    await expect(page.getByRole('dialog', { name: 'Pedido realizado!' })).toContainText(scheduled);
    await expectOrderPlaced(page);

    const orders = await page.evaluate(async (value) => {
      const reply = await fetch('/bar/atendimentos_list_app?format=json', {
        headers: { Authorization: `Bearer ${value}` },
      });
      return (await reply.json()) as unknown;
    }, token);
    const list = (Array.isArray(orders) ? orders : (orders as { results: unknown[] }).results) as {
      agendado: boolean;
      hora_entrega: string | null;
    }[];
    expect(list).toHaveLength(1);
    expect(list[0]!.agendado).toBe(true);
    expect(list[0]!.hora_entrega).toBeTruthy();
    expect(period).not.toBe('');
  });
});
