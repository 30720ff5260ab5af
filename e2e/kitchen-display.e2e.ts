import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { submission } from '../apps/server/src/test/submission.ts';
import { API, signUpThroughApi, userIdOf } from './support/customers.ts';
import { expect, test } from './support/fixtures.ts';
import { createJourneyStore, type JourneyStore, openStoreStaffApp } from './support/own-store.ts';

/*
 * The kitchen display (issue 32, docs/decisions/0055): a store of the journey's own
 * (e2e/support/own-store.ts) with a Cozinha and a Bar made through the API; an accepted order of onion rings and a Coca-Cola shows on each station's wall screen with
 * only its own item; bumping on both moves the order to ready, and the board shows it there.
 */

test.use({ serviceWorkers: 'block' });

type Stations = {
  stations: { id: number; name: string }[];
  categories: { id: number; name: string }[];
};

async function staffCall<T>(
  request: APIRequestContext,
  store: JourneyStore,
  method: string,
  path: string,
  data?: object,
) {
  const reply = await request.fetch(`${API}${path}`, {
    method,
    headers: store.headers,
    ...(data ? { data } : {}),
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return (await reply.json()) as T;
}

/** A wall screen of one station, signed in through the staff app's own form. */
async function openStation(browser: Browser, store: JourneyStore, stationId: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
  });
  const screen = await context.newPage();
  await screen.goto(`${store.origin}/staff/app/cozinha?estacao=${stationId}`);
  await screen.getByRole('textbox', { name: 'Celular' }).fill(store.ownerPhone);
  await screen.getByLabel('Senha').fill(store.ownerPassword);
  await screen.getByRole('button', { name: 'Entrar' }).click();
  await expect(screen.getByRole('navigation', { name: 'Estação' })).toBeVisible();
  return screen;
}

test('the kitchen display: each station sees its items; bumping both makes the order ready on the board', async ({
  browser,
  request,
}) => {
  const store = await createJourneyStore(request, 'cozinha');
  const made: number[] = [];
  for (const name of ['Cozinha', 'Bar']) {
    const reply = await staffCall<Stations>(request, store, 'POST', '/staff/stations', { name });
    made.push(reply.stations.find((station) => station.name === name)!.id);
  }
  const [kitchen, bar] = made as [number, number];
  const routes = await staffCall<Stations>(request, store, 'GET', '/staff/stations');
  const drinks = routes.categories.find((category) => category.name === 'Bebidas')!;
  await staffCall(request, store, 'PUT', '/staff/stations/routes', {
    categories: [{ id: drinks.id, station_id: bar }],
  });

  const customer = await signUpThroughApi(request, 'Kátia Cozinha', store.headers.host);
  const products = (await (
    await request.get(`${API}/estoque/produtos_app`, { headers: { host: store.headers.host! } })
  ).json()) as { id: number; descricao: string; valor_venda: number }[];
  const line = (name: string, qtd: number) => {
    const product = products.find((candidate) => candidate.descricao === name)!;
    return {
      produto: product.id,
      qtd,
      produto_valor: product.valor_venda,
      itens_pedidos: [],
      observacao: '',
    };
  };
  const placed = await request.post(`${API}/bar/v2/app/order/upsert/`, {
    headers: {
      host: store.headers.host!,
      Authorization: `Bearer ${customer}`,
      'idempotency-key': `kds-${Date.now()}`,
    },
    data: submission(userIdOf(customer), [line('Onion rings', 1), line('Coca-Cola lata 350 ml', 2)], {
      fk_forma_pagamento: store.cardPaymentId,
    }),
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order_info } = (await placed.json()) as { order_info: { order_id: number; numero: number } };
  const id = order_info.order_id;
  // What the screens show: the store's number (ADR 0065); the API takes the id.
  const number = order_info.numero;
  await staffCall(request, store, 'POST', `/staff/orders/${id}/status`, { status: 'Preparo' });

  const board = await openStoreStaffApp(browser, store);
  const kitchenScreen = await openStation(browser, store, kitchen);
  const barScreen = await openStation(browser, store, bar);
  try {
    const atKitchen = kitchenScreen.getByRole('article', { name: `#${number}` });
    await expect(atKitchen).toContainText('1x Onion rings');
    await expect(atKitchen).not.toContainText('Coca-Cola');
    await expect(atKitchen).toContainText('Retirada · Kátia');
    const atBar = barScreen.getByRole('article', { name: `#${number}` });
    await expect(atBar).toContainText('2x Coca-Cola lata 350 ml');
    await expect(atBar).not.toContainText('Onion rings');

    await atKitchen.getByRole('button', { name: `Pedido nº ${number} pronto` }).click();
    await expect(atKitchen).toBeHidden();
    await expect(
      board.getByRole('region', { name: 'Em preparo' }).getByRole('article', { name: `Pedido nº ${number}` }),
    ).toBeVisible();

    await atBar.getByRole('button', { name: 'Marcar pronto: 2x Coca-Cola lata 350 ml' }).click();
    await expect(atBar).toBeHidden();
    // No reload: the board hears the move through its stream.
    await expect(
      board
        .getByRole('region', { name: 'Prontos / saiu' })
        .getByRole('article', { name: `Pedido nº ${number}` }),
    ).toBeVisible();

    // The bar takes its bump back: the order returns to preparation and to the bar's screen.
    await barScreen.getByRole('button', { name: `Desfazer o último pronto (pedido nº ${number})` }).click();
    await expect(atBar).toBeVisible();
    await expect(
      board.getByRole('region', { name: 'Em preparo' }).getByRole('article', { name: `Pedido nº ${number}` }),
    ).toBeVisible();
    await barScreen.keyboard.press('1');
    await expect(atBar).toBeHidden();
    await expect(
      board
        .getByRole('region', { name: 'Prontos / saiu' })
        .getByRole('article', { name: `Pedido nº ${number}` }),
    ).toBeVisible();
  } finally {
    for (const page of [board, kitchenScreen, barScreen]) await page.context().close();
  }
});
