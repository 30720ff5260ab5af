import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { submission } from '../apps/server/src/test/submission.ts';
import { API, signUpThroughApi, userIdOf } from './support/customers.ts';
import { expect, storeUrl, test } from './support/fixtures.ts';
import { openBoard, staffToken } from './support/staff.ts';

/*
 * Delivery dispatch (issue 35, docs/decisions/0070, 0071) on the demo pizzeria, which delivers by
 * neighbourhood: three delivery orders in Consolação and Pinheiros are grouped, assigned to a courier
 * and sent from 'Entregas'; the courier's page on a phone marks one delivered, one not delivered
 * and the third delivered; the customer's tracking shows 'Saiu para entrega' with the courier's
 * first name, then 'Entregue'; the day's settlement is right to the centavo and is recorded.
 * The pizzaria is shared with other journeys: everything here is found by its own order numbers and
 * its own courier, never by position.
 */

type WithStorage = { localStorage: { setItem(key: string, value: string): void } };

const PAY_PER_DELIVERY = 700;

interface Placed {
  id: number;
  numero: number;
  total: number;
}

async function neighbourhood(request: APIRequestContext, name: string) {
  const list = (await (await request.get(`${API}/core/bairros_app?format=json`)).json()) as {
    id: number;
    descricao: string;
    cidade_id: number;
  }[];
  const found = list.find((each) => each.descricao === name);
  expect(found, JSON.stringify(list.map((each) => each.descricao))).toBeTruthy();
  return found!;
}

/** Saves an address in a pizzaria neighbourhood at these coordinates; its id. */
async function address(
  request: APIRequestContext,
  token: string,
  district: string,
  street: string,
  lat: number,
  lng: number,
): Promise<number> {
  const place = await neighbourhood(request, district);
  const reply = await request.post(`${API}/core/v2/app/customer/upsert-addresses/`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      addresses: [
        {
          id: null,
          name: street,
          street,
          street_number: '100',
          complement: 'Apto 12',
          city_id: place.cidade_id,
          district_id: place.id,
          latitude: lat,
          longitude: lng,
        },
      ],
    },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { inserted_ids: number[] }).inserted_ids[0]!;
}

/** A delivery order of five Guaraná cans, moved to Concluido by the staff (ready to leave). */
async function readyDelivery(
  request: APIRequestContext,
  customer: string,
  staff: string,
  addressId: number,
  payment: { cash: number; card: number },
  cash: boolean,
): Promise<Placed> {
  const products = (await (await request.get(`${API}/estoque/produtos_app`)).json()) as {
    id: number;
    descricao: string;
    valor_venda: number;
  }[];
  const product = products.find((each) => each.descricao === 'Guaraná Antarctica lata 350 ml')!;
  const placed = await request.post(`${API}/bar/v2/app/order/upsert/`, {
    headers: {
      Authorization: `Bearer ${customer}`,
      'idempotency-key': `dispatch-${Date.now()}-${Math.random()}`,
    },
    data: submission(
      userIdOf(customer),
      [{ produto: product.id, qtd: 5, produto_valor: product.valor_venda, itens_pedidos: [] }],
      {
        tipo_entrega: 'Entregar',
        fk_endereco: addressId,
        fk_forma_pagamento: cash ? payment.cash : payment.card,
        troco_para: cash ? 10_000 : null,
      },
    ),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const id = ((await placed.json()) as { order_info: { order_id: number } }).order_info.order_id;
  for (const status of ['Preparo', 'Finalização', 'Concluido']) {
    const moved = await request.post(`${API}/staff/orders/${id}/status`, {
      headers: { Authorization: `Bearer ${staff}` },
      data: { status },
    });
    // The store may have accepted it by itself.
    if (status !== 'Preparo') expect(moved.ok(), await moved.text()).toBe(true);
  }
  const order = (await (
    await request.get(`${API}/staff/orders/${id}`, { headers: { Authorization: `Bearer ${staff}` } })
  ).json()) as { numero: number; total: number };
  return { id, numero: order.numero, total: order.total };
}

async function customerPhone(browser: Browser, token: string, path: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await page.goto(storeUrl('pizzaria', '/'));
  await page.evaluate(
    (value) => (globalThis as unknown as WithStorage).localStorage.setItem('token', value),
    token,
  );
  await page.goto(storeUrl('pizzaria', path));
  return page;
}

// The revoked link's 401, which the courier's page answers with 'Link inválido'.
test.use({ serviceWorkers: 'block', allowedConsoleErrors: [/status of 401 \(Unauthorized\)/] });

test('three delivery orders grouped, sent, marked on the courier’s phone, tracked and settled', async ({
  browser,
  request,
  page: courierPage,
}) => {
  const staff = await staffToken(request);
  const staffHeaders = { Authorization: `Bearer ${staff}` };
  const methods = (await (await request.get(`${API}/financeiro/formas_pagamento_app`)).json()) as {
    id: number;
    descricao: string;
    tipo: string;
  }[];
  const cashMethod = methods.find((method) => method.tipo === 'dinheiro') ?? methods[0]!;
  const cardMethod = methods.find((method) => method.tipo === 'cartao')!;
  const payment = { cash: cashMethod.id, card: cardMethod.id };

  // A courier of this journey's own (the pizzaria's other couriers are other journeys').
  const courierName = `Marcos ${Math.random().toString(36).slice(2, 6)} Lima`;
  const created = await request.post(`${API}/staff/couriers`, {
    headers: staffHeaders,
    data: {
      nome: courierName,
      telefone: '11988887777',
      veiculo: 'moto',
      ativo_hoje: true,
      pagamento: { modelo: 'por_entrega', valor_entrega: PAY_PER_DELIVERY },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const courier = (await created.json()) as { id: number };

  // Three orders of one customer: two in Consolação, one in Pinheiros; the first paid in cash.
  const customer = await signUpThroughApi(request, 'Beatriz Dispatch');
  const near = await address(request, customer, 'Consolação', 'Rua Augusta', -23.5536, -46.6589);
  const nearer = await address(request, customer, 'Consolação', 'Rua Frei Caneca', -23.5545, -46.6555);
  const far = await address(request, customer, 'Pinheiros', 'Rua dos Pinheiros', -23.5664, -46.6831);
  const first = await readyDelivery(request, customer, staff, near, payment, true);
  const second = await readyDelivery(request, customer, staff, nearer, payment, false);
  const third = await readyDelivery(request, customer, staff, far, payment, false);

  // 'Entregas' on the counter tablet: the orders with their facts and the suggested groups.
  const board = await openBoard(browser);
  await board.getByRole('button', { name: 'Entregas', exact: true }).click();
  const card = (placed: Placed) =>
    board.getByRole('article', { name: `Pedido nº ${placed.numero}`, exact: true });
  await expect(card(first)).toBeVisible();
  await expect(card(first)).toContainText('Consolação');
  await expect(card(first)).toContainText(/km da loja/);
  await expect(card(first)).toContainText(/Troco para R\$\s100,00: levar R\$\s/);
  await expect(card(second)).toContainText(/Cobrar R\$\s[\d,]+ · Cartão/);
  const suggested = board.getByRole('region', { name: 'Sugestão de rotas' });
  const consolacao = suggested.getByRole('listitem').filter({ hasText: 'Consolação' });
  await expect(consolacao).toContainText(`nº ${first.numero}`);
  await expect(consolacao).toContainText(`nº ${second.numero}`);
  await expect(suggested.getByRole('listitem').filter({ hasText: 'Pinheiros' })).toContainText(
    `nº ${third.numero}`,
  );

  // The three chosen, the Pinheiros one moved first, for our courier; built, then sent.
  for (const placed of [first, second, third])
    await card(placed).getByRole('button', { name: 'Escolher' }).click();
  const build = board.getByRole('region', { name: 'Nova rota' });
  await build.getByRole('button', { name: 'Subir a parada 3' }).click();
  await build.getByRole('button', { name: 'Subir a parada 2' }).click();
  await expect(build.getByRole('listitem').first()).toContainText(`Pedido nº ${third.numero}`);
  await build.getByRole('combobox', { name: 'Entregador' }).selectOption({ label: courierName });
  await build.getByRole('button', { name: 'Criar rota' }).click();
  const route = board.getByRole('article', { name: `Rota de ${courierName}` });
  await expect(route).toHaveAttribute('data-state', 'montando');
  await route.getByRole('button', { name: 'Saiu para entrega' }).click();
  await expect(route).toHaveAttribute('data-state', 'em_rota');
  await expect(route).toContainText('0 de 3 entregues');

  // The customer sees the first Consolação order leave, with the courier's first name.
  const tracking = await customerPhone(browser, customer, `/mobile/orders/${first.id}`);
  await expect(tracking.getByTestId('order-status')).toHaveText('Saiu para entrega');
  await expect(tracking.getByTestId('order-delivery')).toContainText('Marcos está levando seu pedido');
  await expect(tracking.getByTestId('order-delivery')).toContainText('1 entrega antes da sua');

  // The courier's personal link, opened on a phone.
  const link = await request.post(`${API}/staff/couriers/${courier.id}/link`, { headers: staffHeaders });
  expect(link.ok(), await link.text()).toBe(true);
  const { token } = (await link.json()) as { token: string };
  await courierPage.goto(storeUrl('pizzaria', `/entregador/${token}`));
  await expect(courierPage.getByRole('heading', { name: 'Olá, Marcos' })).toBeVisible();
  const stop = (n: number) => courierPage.getByRole('listitem', { name: `Parada ${n} de 3` });
  await expect(stop(1)).toContainText(`Pedido nº ${third.numero}`);
  await expect(stop(1)).toHaveAttribute('aria-current', 'step');
  await expect(stop(1).getByRole('link', { name: 'Abrir no Google Maps' })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1/,
  );
  await stop(1).getByRole('button', { name: 'Entregue', exact: true }).click();
  await expect(stop(1)).toContainText(/Entregue às \d{2}:\d{2}/);

  // The second stop (the cash order): nobody home.
  await expect(stop(2)).toContainText(`Pedido nº ${first.numero}`);
  await expect(stop(2)).toContainText(/Levar troco: R\$\s[\d,]+ \(paga com R\$\s100,00\)/);
  await stop(2).getByRole('button', { name: 'Não entregue' }).click();
  const why = courierPage.getByRole('dialog', { name: 'Por que não foi entregue?' });
  await why.getByRole('button', { name: 'Cliente ausente' }).click();
  await why.getByRole('button', { name: 'Confirmar' }).click();
  await expect(stop(2)).toContainText(/Não entregue às \d{2}:\d{2}: Cliente ausente/);

  await stop(3).getByRole('button', { name: 'Entregue', exact: true }).click();
  await expect(stop(3)).toContainText(/Entregue às/);
  await courierPage.getByRole('button', { name: 'Voltei para a loja' }).click();
  await expect(courierPage.getByText(/Rota encerrada às \d{2}:\d{2}/)).toBeVisible();

  // The customer's second order: delivered, live.
  await tracking.goto(storeUrl('pizzaria', `/mobile/orders/${second.id}`));
  await expect(tracking.getByTestId('order-status')).toHaveText('Entregue');

  // The board heard it all: the route ended, the cash order back in the list, flagged.
  await expect(route).toHaveAttribute('data-state', 'encerrada');
  await expect(route).toContainText('2 de 3 entregues · 1 não entregue');
  await expect(card(first).getByRole('note')).toHaveText('Não entregue: Cliente ausente');

  // The day's settlement: two deliveries at R$ 7,00, no cash collected (the cash order came back).
  await board.getByRole('button', { name: 'Entregadores', exact: true }).click();
  const row = board.getByRole('listitem', { name: courierName, exact: true }).filter({ hasText: 'Devido' });
  await expect(row).toContainText('2 entregas');
  await expect(row).toContainText(/Devido ao entregadorR\$\s14,00/);
  await expect(row).toContainText(/Dinheiro recebido dos clientesR\$\s0,00/);
  await expect(row).toContainText(/A loja paga R\$\s14,00/);
  await row.getByRole('button', { name: 'Acertar' }).click();
  await expect(row).toContainText(/Acertado às \d{2}:\d{2}/);

  // Revoked, the link shows nothing else.
  const revoked = await request.delete(`${API}/staff/couriers/${courier.id}/link`, { headers: staffHeaders });
  expect(revoked.status(), await revoked.text()).toBe(204);
  await courierPage.reload();
  await expect(courierPage.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
  await expect(courierPage.getByText(/Pedido nº/)).toHaveCount(0);
});
