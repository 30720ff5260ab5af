import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { submission } from '../apps/server/src/test/submission.ts';
import { API, signUpData, userIdOf } from './support/customers.ts';
import { expect, test } from './support/fixtures.ts';
import { openBoard, staffToken } from './support/staff.ts';

/*
 * The order history (docs/decisions/0049): a customer's orders are found later on the staff app's
 * 'Histórico' tab by the customer's phone and by the order's number, and an order opens with its
 * timeline of who did what.
 */

test.use({ serviceWorkers: 'block' });

const PIZZARIA_HOST = { host: `pizzaria.localhost:${new URL(API).port}` };

/** The order's id (its API address) and its number in the store (what the staff read and search, ADR 0065). */
async function placeOrder(
  request: APIRequestContext,
  token: string,
  qtd: number,
): Promise<{ id: number; number: number }> {
  const products = (await (
    await request.get(`${API}/estoque/produtos_app`, { headers: PIZZARIA_HOST })
  ).json()) as { id: number; descricao: string; valor_venda: number }[];
  const can = products.find((product) => product.descricao === 'Guaraná Antarctica lata 350 ml')!;
  const reply = await request.post(`${API}/bar/v2/app/order/upsert/`, {
    headers: { Authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    data: submission(userIdOf(token), [
      { produto: can.id, qtd, produto_valor: can.valor_venda, itens_pedidos: [] },
    ]),
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const { order_info } = (await reply.json()) as { order_info: { order_id: number; numero: number } };
  return { id: order_info.order_id, number: order_info.numero };
}

test('an order is found by the customer’s phone and by its number, and opens with its timeline', async ({
  browser,
  request,
}) => {
  const customer = signUpData('Helena Histórico');
  const signedUp = await request.post(`${API}/core/registration_app/`, { data: customer });
  expect(signedUp.status()).toBe(201);
  const token = ((await signedUp.json()) as { detail: string }).detail;
  const staff = await staffToken(request);
  // A PIX charge left unpaid takes an id but no number (ADR 0065): the numbers below are not ids.
  const products = (await (
    await request.get(`${API}/estoque/produtos_app`, { headers: PIZZARIA_HOST })
  ).json()) as { id: number; descricao: string; valor_venda: number }[];
  const can = products.find((product) => product.descricao === 'Guaraná Antarctica lata 350 ml')!;
  const unpaid = await request.post(`${API}/bar/v2/payment/create-payment-intent/`, {
    headers: { Authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
    data: {
      type: 'pix',
      order: submission(
        userIdOf(token),
        [{ produto: can.id, qtd: 5, produto_valor: can.valor_venda, itens_pedidos: [] }],
        { fk_forma_pagamento: 999 },
      ),
    },
  });
  expect(unpaid.status(), await unpaid.text()).toBe(201);
  const first = await placeOrder(request, token, 5);
  expect(first.number).not.toBe(first.id);
  const second = await placeOrder(request, token, 6);
  // The store refuses the first and accepts the second: neither rings any board afterwards.
  for (const [order, body] of [
    [first, { status: 'Cancelado', reason: 'Acabou o guaraná' }],
    [second, { status: 'Preparo' }],
  ] as const) {
    const moved = await request.post(`${API}/staff/orders/${order.id}/status`, {
      headers: { Authorization: `Bearer ${staff}` },
      data: body,
    });
    expect(moved.ok(), await moved.text()).toBe(true);
  }

  const board = await openBoard(browser);
  try {
    await board.getByRole('button', { name: 'Histórico' }).click();
    const form = board.getByRole('form', { name: 'Buscar pedidos' });
    // As a customer would say it on the phone: the last digits, with a dash.
    const phone = customer.cellphone;
    await form.getByLabel('Telefone').fill(`${phone.slice(3, 7)}-${phone.slice(7)}`);
    await form.getByRole('button', { name: 'Buscar' }).click();
    const rows = board
      .getByRole('list')
      .filter({ has: board.getByRole('button', { name: /Abrir o pedido/ }) });
    await expect(rows.getByRole('button', { name: /Abrir o pedido/ })).toHaveCount(2);
    await expect(board.getByRole('status')).toHaveText('2 pedidos');
    const newest = board.getByRole('button', { name: `Abrir o pedido nº ${second.number}` });
    await expect(newest).toContainText('Helena');
    await expect(newest).toContainText('Em preparo');
    await expect(board.getByRole('button', { name: `Abrir o pedido nº ${first.number}` })).toContainText(
      'Cancelado',
    );

    await form.getByLabel('Telefone').fill('');
    await form.getByLabel('Número do pedido').fill(String(first.number));
    await form.getByRole('button', { name: 'Buscar' }).click();
    await expect(board.getByRole('status')).toHaveText('1 pedido');
    await board.getByRole('button', { name: `Abrir o pedido nº ${first.number}` }).click();

    const detail = board.getByRole('region', { name: `Pedido nº ${first.number}` });
    await expect(detail).toContainText('5× Guaraná Antarctica lata 350 ml');
    const timeline = detail.getByRole('list').last();
    await expect(timeline.getByRole('listitem')).toHaveCount(2);
    await expect(timeline.getByRole('listitem').first()).toContainText('Pedido feito · cliente');
    await expect(timeline.getByRole('listitem').last()).toContainText('Cancelado · Equipe E2E');
    await expect(timeline.getByRole('listitem').last()).toContainText('Motivo: Acabou o guaraná');
    // Times on the store's clock, as people in Brazil write them.
    await expect(timeline.getByRole('listitem').first().locator('time')).toHaveText(
      /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    );
  } finally {
    await board.context().close();
  }
});
