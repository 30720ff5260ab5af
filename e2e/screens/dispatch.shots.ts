import type { APIRequestContext, Page } from '@playwright/test';
import { submission } from '../../apps/server/src/test/submission.ts';
import {
  expect,
  MODES,
  prepare,
  SCREENS_API,
  SIMPLE_PRODUCT,
  STAFF_PASSWORD,
  STAFF_PHONES,
  STORES,
  type Store,
  settle,
  signInStaffApp,
  signUp,
  storeHostHeaders,
  storeUrl,
  test,
} from './support.ts';

/*
 * Delivery dispatch (issue 35, docs/decisions/0071) on a phone, both stores, light and dark: the
 * 'Entregas' board with ready orders, a suggested group and a route on the street; 'Entregadores'
 * with the day's settlement; the courier's page; the customer's tracking while the order is out.
 * The suite's stores are shared and these screens grow with every run, so the pictures go to
 * /tmp/shots-dispatch-ui/ to be looked at, not to baselines.
 */

const OUT = '/tmp/shots-dispatch-ui';

const STREETS = [
  { street: 'Rua Augusta', district: 'Consolação', lat: -23.5536, lng: -46.6589, complement: 'Apto 12' },
  { street: 'Rua Frei Caneca', district: 'Consolação', lat: -23.5545, lng: -46.6555, complement: '' },
  { street: 'Rua dos Pinheiros', district: 'Pinheiros', lat: -23.5664, lng: -46.6831, complement: 'Casa 2' },
];

async function staffToken(request: APIRequestContext, store: Store): Promise<string> {
  const reply = await request.post(`${SCREENS_API}/staff/auth/sign-in`, {
    headers: storeHostHeaders(store),
    data: { username: STAFF_PHONES[store], password: STAFF_PASSWORD },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { token: string }).token;
}

/** An address at these coordinates: in the store's neighbourhood when it has one by that name. */
async function address(
  request: APIRequestContext,
  store: Store,
  token: string,
  place: (typeof STREETS)[number],
) {
  const areas = (await (
    await request.get(`${SCREENS_API}/core/bairros_app?format=json`, { headers: storeHostHeaders(store) })
  ).json()) as { id: number; descricao: string; cidade_id: number }[];
  const area = areas.find((each) => each.descricao === place.district);
  const reply = await request.post(`${SCREENS_API}/core/v2/app/customer/upsert-addresses/`, {
    headers: { ...storeHostHeaders(store), Authorization: `Bearer ${token}` },
    data: {
      addresses: [
        {
          id: null,
          name: place.street,
          street: place.street,
          street_number: '210',
          complement: place.complement,
          // A store by distance places the street itself (the maps stand-in knows these streets).
          ...(area
            ? { city_id: area.cidade_id, district_id: area.id, latitude: place.lat, longitude: place.lng }
            : { city_name: 'São Paulo', district_name: place.district }),
        },
      ],
    },
  });
  expect(reply.ok(), await reply.text()).toBe(true);
  return ((await reply.json()) as { inserted_ids: number[] }).inserted_ids[0]!;
}

/** Three ready delivery orders of a new customer (the first in cash, change for R$ 100); ids. */
async function readyOrders(request: APIRequestContext, store: Store, staff: string) {
  const { token } = await signUp(request, store, { name: 'Beatriz Almeida' });
  const userId = (
    JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()) as { user_id: number }
  ).user_id;
  const host = storeHostHeaders(store);
  const products = (await (
    await request.get(`${SCREENS_API}/estoque/produtos_app`, { headers: host })
  ).json()) as {
    id: number;
    valor_venda: number;
    descricao: string;
  }[];
  const product = products.find((each) => each.descricao === SIMPLE_PRODUCT[store])!;
  const methods = (await (
    await request.get(`${SCREENS_API}/financeiro/formas_pagamento_app`, { headers: host })
  ).json()) as { id: number; tipo: string }[];
  const cash = methods.find((method) => method.tipo === 'dinheiro');
  const card = methods.find((method) => method.tipo === 'cartao')!;
  const ids: number[] = [];
  for (const [index, place] of STREETS.entries()) {
    const addressId = await address(request, store, token, place);
    const inCash = index === 0 && cash !== undefined;
    const placed = await request.post(`${SCREENS_API}/bar/v2/app/order/upsert/`, {
      headers: { ...host, authorization: `Bearer ${token}`, 'idempotency-key': `dispatch-${Math.random()}` },
      data: submission(
        userId,
        [{ produto: product.id, qtd: 6, produto_valor: product.valor_venda, itens_pedidos: [] }],
        {
          tipo_entrega: 'Entregar',
          fk_endereco: addressId,
          fk_forma_pagamento: inCash ? cash.id : card.id,
          troco_para: inCash ? 10_000 : null,
        },
      ),
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const id = ((await placed.json()) as { order_info: { order_id: number } }).order_info.order_id;
    for (const status of ['Preparo', 'Finalização', 'Concluido']) {
      await request.post(`${SCREENS_API}/staff/orders/${id}/status`, {
        headers: { ...host, Authorization: `Bearer ${staff}` },
        data: { status },
      });
    }
    ids.push(id);
  }
  return { ids, customer: token };
}

/** The phone's screen as it opens, and the whole page beside it. */
async function shoot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: `${OUT}/${name}.png` });
  await page.screenshot({ path: `${OUT}/${name}-full.png`, fullPage: true });
}

for (const store of STORES) {
  for (const mode of MODES) {
    test(`${store} ${mode}: dispatch, the courier's page and the customer's tracking`, async ({
      page,
      browser,
      request,
    }) => {
      const staff = await staffToken(request, store);
      const host = storeHostHeaders(store);
      const auth = { ...host, Authorization: `Bearer ${staff}` };
      const courierName = `Marcos ${mode === 'light' ? 'Lima' : 'Souza'}`;
      const created = await request.post(`${SCREENS_API}/staff/couriers`, {
        headers: auth,
        data: {
          nome: courierName,
          telefone: '11988887777',
          veiculo: 'moto',
          ativo_hoje: true,
          pagamento: {
            modelo: 'faixa_km',
            faixas: [
              { ate_km: 3, valor: 600 },
              { ate_km: 8, valor: 900 },
            ],
          },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const courier = (await created.json()) as { id: number };
      // One route on the street (two stops, the first delivered), three orders waiting.
      const out = await readyOrders(request, store, staff);
      const waiting = await readyOrders(request, store, staff);
      const route = await request.post(`${SCREENS_API}/staff/routes`, {
        headers: auth,
        data: { entregador_id: courier.id, pedidos: [out.ids[2], out.ids[0]] },
      });
      expect(route.status(), await route.text()).toBe(201);
      const { id: routeId, paradas } = (await route.json()) as { id: number; paradas: { id: number }[] };
      expect(
        (await request.post(`${SCREENS_API}/staff/routes/${routeId}/depart`, { headers: auth })).ok(),
      ).toBe(true);
      await request.post(`${SCREENS_API}/staff/routes/${routeId}/stops/${paradas[0]!.id}/delivered`, {
        headers: auth,
      });
      void waiting;

      // 'Entregas' on the phone.
      await prepare(page, { mode });
      await signInStaffApp(page, store);
      await page.getByRole('button', { name: 'Entregas', exact: true }).click();
      await expect(page.getByRole('article', { name: `Rota de ${courierName}` }).first()).toBeVisible();
      await shoot(page, `${store}-${mode}-entregas`);
      for (const [region, name] of [
        ['Sugestão de rotas', 'sugestao'],
        ['Nova rota', 'nova-rota'],
        ['Rotas', 'rotas'],
      ] as const) {
        const section = page.getByRole('region', { name: region, exact: true });
        if (region === 'Nova rota') {
          const suggested = page.getByRole('region', { name: 'Sugestão de rotas' });
          await suggested.getByRole('button', { name: 'Montar esta rota' }).first().click();
          await section.getByRole('combobox', { name: 'Entregador' }).selectOption({ label: courierName });
        }
        await section.screenshot({ path: `${OUT}/${store}-${mode}-entregas-${name}.png` });
      }
      await page.getByRole('button', { name: 'Entregadores', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Acerto do dia' })).toBeVisible();
      await expect(page.getByRole('listitem', { name: courierName }).first()).toBeVisible();
      await shoot(page, `${store}-${mode}-entregadores`);
      const row = page.getByRole('listitem', { name: courierName }).first();
      await row.getByRole('button', { name: 'Editar' }).click();
      await settle(page);
      await page.screenshot({ path: `${OUT}/${store}-${mode}-entregadores-editar.png` });
      await page.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
      await row.getByRole('button', { name: /Criar link|Novo link/ }).click();
      await expect(page.getByRole('img', { name: /QR code do link/ })).toBeVisible();
      await settle(page);
      await page.screenshot({ path: `${OUT}/${store}-${mode}-entregadores-link.png` });
      await page.getByRole('dialog').getByRole('button', { name: 'Fechar' }).click();

      // The courier's page on a phone.
      const link = await request.post(`${SCREENS_API}/staff/couriers/${courier.id}/link`, { headers: auth });
      const { token } = (await link.json()) as { token: string };
      const courierPage = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await prepare(courierPage, { mode });
      await courierPage.goto(storeUrl(store, `/entregador/${token}`));
      await expect(courierPage.getByRole('listitem', { name: 'Parada 2 de 2' })).toBeVisible();
      await shoot(courierPage, `${store}-${mode}-entregador`);
      await courierPage
        .getByRole('listitem', { name: 'Parada 2 de 2' })
        .getByRole('button', { name: 'Não entregue' })
        .click();
      await shoot(courierPage, `${store}-${mode}-entregador-motivo`);
      await courierPage.goto(storeUrl(store, '/entregador/link-revogado-0000'));
      await expect(courierPage.getByRole('heading', { name: 'Link inválido' })).toBeVisible();
      await shoot(courierPage, `${store}-${mode}-entregador-invalido`);

      // The customer whose order is the route's second stop.
      const tracking = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await prepare(tracking, { mode, token: out.customer });
      await tracking.goto(storeUrl(store, `/mobile/orders/${out.ids[0]}`));
      await expect(tracking.getByTestId('order-delivery')).toBeVisible();
      await shoot(tracking, `${store}-${mode}-acompanhamento`);
    });
  }
}
