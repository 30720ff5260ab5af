import {
  DELIVERY_LINE_DESCRIPTION,
  errorReply,
  orderListReply,
  orderPlacedReply,
  trackedOrder,
} from '@comanda/contract';
import { orderStepIndex, orderTab } from '@comanda/domain';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, placeOrder, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus, placePickupOrder, saveAddress } from '../../test/tracking.ts';

/*
 * The customer's orders (spec sections 2 "Orders", 3 "Order record", 4 "Order list tabs", 7
 * `atendimentos_list_app`): only their own, newest first, in the record shape the list tabs and the
 * detail's stepper and breakdown are computed from.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

function list(token: string | null, query = '', host = PIZZARIA) {
  return t.app.inject({
    method: 'GET',
    url: `/bar/atendimentos_list_app?format=json${query}`,
    headers: { host, ...(token ? bearer(token) : {}) },
  });
}

function detail(token: string | null, id: number | string, host = PIZZARIA) {
  return t.app.inject({
    method: 'GET',
    url: `/bar/atendimentos_app/${id}?format=json`,
    headers: { host, ...(token ? bearer(token) : {}) },
  });
}

async function listOf(account: SignedUp) {
  const response = await list(account.token, `&client_id=${account.userId}`);
  expect(response.statusCode, response.body).toBe(200);
  return orderListReply.parse(response.json()).results;
}

describe('the order list (GET /bar/atendimentos_list_app)', () => {
  it('holds the customer’s own orders only, newest first, in the order record shape', async () => {
    const maria = await signUp(t.app);
    const joao = await signUp(t.app);
    t.setNow(new Date('2026-05-04T12:00:00-03:00'));
    const first = await placePickupOrder(t, maria);
    await placePickupOrder(t, joao);
    t.setNow(new Date('2026-05-04T12:30:00-03:00'));
    const second = await placePickupOrder(t, maria);
    t.setNow(new Date());

    const results = await listOf(maria);
    expect(results.map((order) => order.id)).toEqual([second, first]);
    expect(results[0]).toMatchObject({
      status: 'Solicitado',
      dh_iniciado: '2026-05-04T15:30:00.000Z',
      tipo_entrega: 'Retirada',
      total_produtos: 3290,
      acrescimo: 0,
      valor_entrega: 0,
      desconto: 0,
      total: 3290,
      cupom: null,
      observacoes: '',
      forma_pagamento_nome: 'Cartão de crédito (na entrega)',
      agendado: false,
      hora_entrega: null,
      address_string: null,
      fidelidade_utilizada: false,
      pontos_fidelidade: 32,
      updated_at: '2026-05-04T15:30:00.000Z',
      estimated_time: '12:55',
      motivo_cancelamento: null,
      status_changes: [{ status: 'Solicitado', at: '2026-05-04T15:30:00.000Z' }],
    });
    expect(results[0]!.produtos_pedidos).toEqual([
      expect.objectContaining({
        descricao_produto: 'Burger Clássico',
        produto_valor: 3290,
        qtd: 1,
        observacao: '',
        itens_pedidos: expect.arrayContaining([expect.objectContaining({ descricao: 'Ao ponto' })]),
      }),
    ]);
  });

  it('is the same record the placement answered, plus the tracking fields', async () => {
    const account = await signUp(t.app);
    const line = await cartLine(t, { ref: 'coca-lata', qtd: 4, observacao: 'gelada' });
    const placed = await placeOrder(t, account.token, submission(account.userId, [line]));
    const order = orderPlacedReply.parse(placed.json()).order;
    const [listed] = await listOf(account);
    const {
      updated_at,
      estimated_at,
      estimated_time,
      motivo_cancelamento,
      status_changes,
      avaliacao,
      entrega,
      ...record
    } = listed!;
    expect(record).toEqual(order);
    expect(estimated_time).toBe(orderPlacedReply.parse(placed.json()).order_info.estimated_time);
    expect([
      updated_at,
      estimated_at,
      motivo_cancelamento,
      status_changes.length,
      avaliacao,
      entrega,
    ]).toEqual([order.dh_iniciado, expect.any(String), null, 1, null, null]);
  });

  it('ends a delivery order’s products with the Entrega line (the fee), which the totals count once', async () => {
    const account = await signUp(t.app);
    const address = await saveAddress(t, account.token);
    const line = await cartLine(t, {
      ref: 'burger-classico',
      choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
    });
    const placed = await placeOrder(
      t,
      account.token,
      submission(account.userId, [line], {
        tipo_entrega: 'Entregar',
        fk_endereco: address,
        fk_forma_pagamento: 1,
      }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await listOf(account);
    expect(order).toMatchObject({
      tipo_entrega: 'Entregar',
      total_produtos: 3290,
      valor_entrega: 500,
      total: 3790,
      address_string: 'Rua Augusta, 1500 - Apto 12 - Consolação, São Paulo - SP',
    });
    expect(order!.produtos_pedidos.map((p) => [p.descricao_produto, p.produto_valor, p.qtd])).toEqual([
      ['Burger Clássico', 3290, 1],
      [DELIVERY_LINE_DESCRIPTION, 500, 1],
    ]);
    expect(order!.produtos_pedidos.at(-1)).toMatchObject({ produto: 0, itens_pedidos: [], valor_total: 500 });
    // What the storefront shows: the lines without 'Entrega' add up to the products.
    const shown = order!.produtos_pedidos.filter((p) => p.descricao_produto !== DELIVERY_LINE_DESCRIPTION);
    expect(shown.reduce((sum, p) => sum + p.produto_valor * p.qtd, 0)).toBe(order!.total_produtos);
  });

  it('gives the tab and stepper rules what they need: in progress, done (delivered or a day old), canceled', async () => {
    const account = await signUp(t.app);
    const staff = await signInStaff(t);
    const now = new Date('2026-05-05T20:00:00-03:00');
    t.setNow(new Date(now.getTime() - 25 * 3600 * 1000));
    const old = await placePickupOrder(t, account);
    t.setNow(new Date(now.getTime() - 2 * 3600 * 1000));
    const delivered = await placePickupOrder(t, account);
    const cancelled = await placePickupOrder(t, account);
    const preparing = await placePickupOrder(t, account);
    const fresh = await placePickupOrder(t, account);
    t.setNow(now);
    await changeStatus(t, staff.token, delivered, { status: 'Entregue' });
    await changeStatus(t, staff.token, cancelled, { status: 'Cancelado', reason: 'Cliente desistiu' });
    await changeStatus(t, staff.token, preparing, { status: 'Finalização' });
    t.setNow(new Date());

    const results = await listOf(account);
    const byId = new Map(results.map((order) => [order.id, order]));
    const view = (id: number) => {
      const order = byId.get(id)!;
      return [order.status, orderTab(order, now, 'America/Sao_Paulo'), orderStepIndex(order.status)];
    };
    expect(view(fresh)).toEqual(['Solicitado', 'in_progress', 1]);
    expect(view(preparing)).toEqual(['Finalização', 'in_progress', 2]);
    expect(view(delivered)).toEqual(['Entregue', 'done', 4]);
    expect(view(old)).toEqual(['Solicitado', 'done', 1]);
    expect(view(cancelled)).toEqual(['Cancelado', 'canceled', null]);
    expect(byId.get(cancelled)).toMatchObject({
      motivo_cancelamento: 'Cliente desistiu',
      updated_at: now.toISOString(),
      status_changes: [
        { status: 'Solicitado', at: expect.any(String) },
        { status: 'Cancelado', at: now.toISOString() },
      ],
    });
  });

  it('holds the last 100 orders', async () => {
    const account = await signUp(t.app);
    const newest = await placePickupOrder(t, account);
    // 110 older copies of the order, one minute apart.
    await t.database.db.execute(sql`
      insert into orders (store_id, customer_id, status, dh_iniciado, tipo_entrega, forma_entrada,
        total_produtos, acrescimo, valor_entrega, total, estimated_at, updated_at)
      select o.store_id, o.customer_id, 'Entregue', o.dh_iniciado - g * interval '1 minute', o.tipo_entrega,
        o.forma_entrada, o.total_produtos, o.acrescimo, o.valor_entrega, o.total, o.estimated_at, o.updated_at
      from orders o cross join generate_series(1, 110) g where o.id = ${newest}`);
    const results = await listOf(account);
    expect(results).toHaveLength(100);
    expect(results[0]!.id).toBe(newest);
    const times = results.map((order) => Date.parse(order.dh_iniciado));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('without client_id lists the token’s own orders; an empty list is {results: []}', async () => {
    const account = await signUp(t.app);
    const empty = await list(account.token);
    expect(empty.json()).toEqual({ results: [] });
    const id = await placePickupOrder(t, account);
    const own = orderListReply.parse((await list(account.token)).json());
    expect(own.results.map((order) => order.id)).toEqual([id]);
  });

  it('refuses another customer’s client_id (403), staff tokens (403), no token (401), a bad client_id (400)', async () => {
    const maria = await signUp(t.app);
    const joao = await signUp(t.app);
    const staff = await signInStaff(t);
    await placePickupOrder(t, joao);
    const cases: [Awaited<ReturnType<typeof list>>, number, string][] = [
      [await list(maria.token, `&client_id=${joao.userId}`), 403, 'FORBIDDEN'],
      [await list(staff.token), 403, 'FORBIDDEN'],
      [await list(null), 401, 'NOT_AUTHENTICATED'],
      [await list(maria.token, '', SAKURA), 401, 'NOT_AUTHENTICATED'],
      [await list(maria.token, '&client_id=abc'), 400, 'INVALID_INPUT'],
    ];
    for (const [response, status, code] of cases) {
      expect(response.statusCode, response.body).toBe(status);
      expect(errorReply.parse(response.json()).code).toBe(code);
    }
    expect(errorReply.parse((await list(maria.token, '&client_id=abc')).json()).field).toBe('client_id');
  });
});

describe('one order (GET /bar/atendimentos_app/{id})', () => {
  it('answers the customer’s own order in the record shape', async () => {
    const account = await signUp(t.app);
    const id = await placePickupOrder(t, account);
    const response = await detail(account.token, id);
    expect(response.statusCode, response.body).toBe(200);
    const order = trackedOrder.parse(response.json());
    expect(order).toEqual((await listOf(account))[0]);
  });

  it('another customer’s order, another store’s and an unknown id are all 404 ORDER_NOT_FOUND', async () => {
    const maria = await signUp(t.app);
    const joao = await signUp(t.app);
    const sakuraCustomer = await signUp(t.app, { host: SAKURA });
    t.setNow(new Date('2026-05-03T20:00:00-03:00'));
    const sakuraOrder = await placePickupOrder(t, sakuraCustomer, SAKURA);
    t.setNow(new Date());
    const joaosOrder = await placePickupOrder(t, joao);
    const [{ n: total }] = (await t.database.db.select({ n: count() }).from(orders)) as [{ n: number }];
    for (const id of [joaosOrder, sakuraOrder, 2_000_000_000]) {
      const response = await detail(maria.token, id);
      expect(response.statusCode).toBe(404);
      expect(errorReply.parse(response.json())).toEqual({
        detail: 'Pedido não encontrado.',
        code: 'ORDER_NOT_FOUND',
      });
    }
    // Sakura's customer cannot read it through the pizzaria either.
    expect((await detail(sakuraCustomer.token, sakuraOrder)).statusCode).toBe(401);
    expect((await detail(sakuraCustomer.token, sakuraOrder, SAKURA)).statusCode).toBe(200);
    const [{ n: after }] = (await t.database.db.select({ n: count() }).from(orders)) as [{ n: number }];
    expect(after).toBe(total);
  });

  it('refuses no token (401), staff (403) and a malformed id (400 with field)', async () => {
    const account = await signUp(t.app);
    const staff = await signInStaff(t);
    const id = await placePickupOrder(t, account);
    expect((await detail(null, id)).statusCode).toBe(401);
    expect((await detail(staff.token, id)).statusCode).toBe(403);
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      const response = await detail(account.token, bad);
      expect(response.statusCode).toBe(400);
      expect(errorReply.parse(response.json())).toMatchObject({ code: 'INVALID_INPUT', field: 'id' });
    }
    const [row] = await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
    expect(row!.status).toBe('Solicitado');
  });
});
