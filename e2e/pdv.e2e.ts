import { mkdirSync } from 'node:fs';
import type { StaffTab, StaffTablesReply } from '@comanda/contract';
import { formatBRL } from '@comanda/domain';
import type { APIRequestContext, Page } from '@playwright/test';
import { submission } from '../apps/server/src/test/submission.ts';
import { addHalfAndHalfGrande, addToOrder } from './support/counter.ts';
import { API, signUpData, userIdOf } from './support/customers.ts';
import { E2E_PORT, expect, test } from './support/fixtures.ts';
import { createJourneyStore, openStoreStaffApp } from './support/own-store.ts';
import { openBoard } from './support/staff.ts';

/*
 * Order entry in the staff app on a counter tablet (issue 33 part 1, docs/decisions/0058): a phone
 * order for a returning customer with a half-and-half pizza, delivered and paid in cash with change,
 * on the demo pizzeria (an order like any customer's: the store is not changed); a waiter's round at
 * a table of a store of the journey's own, which joins the table's tab.
 */

const SHOTS = '/tmp/shots-pdv';
mkdirSync(SHOTS, { recursive: true });

const PIZZARIA = { host: `pizzaria.localhost:${E2E_PORT}` };

/** A pizzaria customer who ordered once in the app and saved 'Casa' in Consolação (fee R$ 5,00). */
async function returningCustomer(request: APIRequestContext) {
  const data = signUpData('Rita Retorno');
  const signUp = await request.post(`${API}/core/registration_app/`, { data, headers: PIZZARIA });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const token = ((await signUp.json()) as { detail: string }).detail;
  const auth = { ...PIZZARIA, Authorization: `Bearer ${token}` };
  const neighbourhoods = (await (
    await request.get(`${API}/core/bairros_app?format=json`, { headers: PIZZARIA })
  ).json()) as { id: number; descricao: string; cidade_id: number }[];
  const consolacao = neighbourhoods.find((n) => n.descricao === 'Consolação')!;
  const saved = await request.post(`${API}/core/v2/app/customer/upsert-addresses/`, {
    headers: auth,
    data: {
      addresses: [
        {
          name: 'Casa',
          street: 'Rua Augusta',
          street_number: '1500',
          complement: 'apto 12',
          city_id: consolacao.cidade_id,
          district_id: consolacao.id,
        },
      ],
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const products = (await (
    await request.get(`${API}/estoque/produtos_app`, { headers: PIZZARIA })
  ).json()) as { id: number; descricao: string; valor_venda: number }[];
  const guarana = products.find((p) => p.descricao === 'Guaraná Antarctica lata 350 ml')!;
  const first = await request.post(`${API}/bar/v2/app/order/upsert/`, {
    headers: { ...auth, 'idempotency-key': `pdv-first-${data.cellphone}` },
    data: submission(userIdOf(token), [
      { produto: guarana.id, qtd: 5, produto_valor: guarana.valor_venda, itens_pedidos: [] },
    ]),
  });
  expect(first.status(), await first.text()).toBe(201);
  return { phone: data.cellphone, name: 'Rita Retorno' };
}

async function openNewOrder(page: Page) {
  await page.getByRole('button', { name: 'Novo pedido' }).click();
  await expect(page.getByLabel('Celular do cliente')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pizza Meio a Meio|^Água mineral/ }).first()).toBeVisible();
}

test.describe('order entry (PDV) on a tablet', () => {
  test('a phone order for a returning customer: half-and-half pizza, delivered, cash with change', async ({
    browser,
    request,
  }) => {
    const customer = await returningCustomer(request);
    const page = await openBoard(browser);
    await openNewOrder(page);

    // The phone as the customer says it, then Enter.
    const phone = customer.phone;
    await page
      .getByLabel('Celular do cliente')
      .fill(`(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`);
    await page.getByLabel('Celular do cliente').press('Enter');
    await expect(page.getByText(customer.name)).toBeVisible();
    await expect(page.getByText('1 pedido na loja')).toBeVisible();

    await page.getByRole('button', { name: 'Telefone', exact: true }).click();
    await page.getByRole('button', { name: 'Entrega', exact: true }).click();
    await expect(page.getByRole('radio', { name: /Casa/ })).toBeChecked();
    await expect(page.getByText('entrega R$ 5,00')).toBeVisible();

    // The customer's own product dialog: a size, then two flavours, charged their average.
    await addHalfAndHalfGrande(page);

    const order = page.getByRole('region', { name: 'Novo pedido' });
    await expect(order.getByText('1× Pizza Meio a Meio Grande')).toBeVisible();
    await expect(order.getByText('Calabresa, Pepperoni')).toBeVisible();
    // Grande: (Calabresa 59,90 + Pepperoni 69,90) / 2 = 64,90, plus R$ 5,00 of delivery.
    const total = 6490 + 500;
    await expect(order.locator('.pdv-total dd')).toHaveText(formatBRL(total));

    await order.getByRole('button', { name: 'Dinheiro' }).click();
    await order.getByLabel('Troco para (R$)').fill('100');
    await expect(order.getByText(`Troco: ${formatBRL(10_000 - total)}`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/journey-tablet-phone-order.png`, fullPage: true });

    await order.getByRole('button', { name: `Fazer pedido · ${formatBRL(total)}` }).click();
    const placed = order.getByRole('status').filter({ hasText: /Pedido nº \d+ feito/ });
    await expect(placed).toContainText(formatBRL(total));
    const id = Number(/nº (\d+)/.exec((await placed.textContent()) ?? '')?.[1]);
    // The form is ready for the next call.
    await expect(page.getByLabel('Celular do cliente')).toHaveValue('');

    // On the board like any order, with the change to bring.
    await page.getByRole('button', { name: /^Pedidos/ }).click();
    const card = page.getByRole('article', { name: `Pedido nº ${id}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Pizza Meio a Meio Grande');
    await expect(card).toContainText('Troco para R$ 100,00');

    // The same customer at the counter, paying by PIX to the store's key: its QR code on the screen.
    await openNewOrder(page);
    await page.getByLabel('Celular do cliente').fill(phone);
    await page.getByLabel('Celular do cliente').press('Enter');
    await expect(page.getByText('2 pedidos na loja')).toBeVisible();
    await addHalfAndHalfGrande(page);
    await order.getByRole('button', { name: 'PIX (chave da loja)' }).click();
    await order.getByRole('button', { name: `Fazer pedido · ${formatBRL(6490)}` }).click();
    await expect(order.getByRole('img', { name: `QR Code PIX de ${formatBRL(6490)}` })).toBeVisible();
    await expect(order.getByText(/Forno e Brasa Alimentos LTDA/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/journey-tablet-counter-pix.png` });
    await page.context().close();
  });

  test('a waiter’s round at a table joins the table’s tab', async ({ browser, request }) => {
    const store = await createJourneyStore(request, 'pdv');
    const headers = store.headers;
    const added = await request.post(`${API}/staff/tables`, { headers, data: { description: 'Mesa 9' } });
    expect(added.status(), await added.text()).toBe(201);
    const table = (await added.json()) as { id: number };

    const page = await openStoreStaffApp(browser, store);
    await openNewOrder(page);
    // A walk-in guest: no account yet, added with a name and phone.
    await page.getByLabel('Celular do cliente').fill('11 98765-4321');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByLabel('Nome do cliente').fill('Beto Mesa');
    await page.getByRole('button', { name: 'Cadastrar cliente' }).click();
    await expect(page.getByText('Primeiro pedido')).toBeVisible();

    await page.getByRole('button', { name: 'Garçom', exact: true }).click();
    await page.getByLabel('Mesa').selectOption({ label: 'Mesa 9' });
    await page.getByLabel('Buscar no cardápio').fill('agua');
    await page.getByRole('button', { name: /^Água mineral/ }).click();
    await addToOrder(page);
    const order = page.getByRole('region', { name: 'Novo pedido' });
    await expect(order.getByText('1× Água mineral 500 ml')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/journey-tablet-waiter-round.png`, fullPage: true });
    await order.getByRole('button', { name: /^Fazer pedido/ }).click();
    await expect(order.getByRole('status').filter({ hasText: /Pedido nº \d+ feito/ })).toBeVisible();

    // The table's tab holds the round, as a QR guest's would.
    const tables = (await (await request.get(`${API}/staff/tables`, { headers })).json()) as StaffTablesReply;
    const tab = tables.tables.find((row) => row.id === table.id)!.tab;
    expect(tab).not.toBeNull();
    const full = (await (await request.get(`${API}/staff/tabs/${tab!.id}`, { headers })).json()) as StaffTab;
    expect(full.rodadas).toHaveLength(1);
    expect(full.rodadas[0]!.linhas.map((line) => line.descricao_produto)).toEqual(['Água mineral 500 ml']);
    await page.context().close();
  });
});
