import { errorReply, orderPlacedReply, staffOrder, staffOrderListReply } from '@comanda/contract';
import { ALLOWED_STATUS_TRANSITIONS, ORDER_STATUSES, type OrderStatus } from '@comanda/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, orderStatusChanges, orders } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { listLoyaltyLedger } from '../../test/loyalty.ts';
import { addCoupon, cartLine, customerState, placeOrder, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus, placePickupOrder } from '../../test/tracking.ts';

/*
 * The staff calls (documented under 'staff'): a store's staff list its orders and move one along
 * ALLOWED_STATUS_TRANSITIONS of @comanda/domain; every change is recorded with who and when; a
 * refused change changes nothing; a store's staff never see or move another store's orders.
 */

let t: TestApp;
let staff: StaffSignedIn;
let customer: SignedUp;
beforeAll(async () => {
  // This file moves many orders of one customer; the order rate limit has its own test (order-rate.test.ts).
  t = await buildAccountsTestApp({ env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  staff = await signInStaff(t, { name: 'Ana Lima' });
  customer = await signUp(t.app, { name: 'Maria Souza' });
});
afterAll(async () => {
  await t.close();
});

function listStaff(token: string | null, query = '', host = PIZZARIA) {
  return t.app.inject({
    method: 'GET',
    url: `/staff/orders${query}`,
    headers: { host, ...(token ? bearer(token) : {}) },
  });
}

/** What a refused call must leave alone: the order's row and its history. */
async function snapshot(orderId: number) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  const history = await t.database.db
    .select()
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id));
  return { order, history };
}

/** A new order brought to `status` by the staff calls. */
async function orderIn(status: OrderStatus, account: SignedUp = customer): Promise<number> {
  const id = await placePickupOrder(t, account);
  if (status !== 'Solicitado') {
    const reason = status === 'Cancelado' ? 'Teste' : undefined;
    const response = await changeStatus(t, staff.token, id, { status, reason });
    expect(response.statusCode, response.body).toBe(200);
  }
  return id;
}

describe('moving an order (POST /staff/orders/{id}/status)', () => {
  const allowed = ORDER_STATUSES.flatMap((from) =>
    ALLOWED_STATUS_TRANSITIONS[from].map((to) => [from, to] as const),
  );

  it.each(allowed)('%s → %s is allowed, recorded with who and when', async (from, to) => {
    const id = await orderIn(from);
    const at = new Date(Date.now() + 3600_000);
    t.setNow(at);
    const reason = to === 'Cancelado' ? '  Cliente pediu  ' : undefined;
    const response = await changeStatus(t, staff.token, id, { status: to, reason });
    t.setNow(new Date());
    expect(response.statusCode, response.body).toBe(200);
    const order = staffOrder.parse(response.json());
    expect(order).toMatchObject({ id, status: to, updated_at: at.toISOString() });
    expect(order.status_changes.at(-1)).toEqual({
      status: to,
      from,
      at: at.toISOString(),
      by: staff.userId,
      actor: 'staff',
      by_name: 'Ana Lima',
      reason: to === 'Cancelado' ? 'Cliente pediu' : null,
    });
    const { order: row, history } = await snapshot(id);
    expect(row).toMatchObject({ status: to, updatedAt: at });
    expect(history.at(-1)).toMatchObject({
      fromStatus: from,
      toStatus: to,
      byCustomerId: null,
      byStaffId: staff.userId,
      at,
      reason: to === 'Cancelado' ? 'Cliente pediu' : null,
    });
  });

  it('walks the whole way, Solicitado → Preparo → Finalização → Concluido → Entregue', async () => {
    const id = await orderIn('Solicitado');
    for (const status of ['Preparo', 'Finalização', 'Concluido', 'Entregue'] as const) {
      const response = await changeStatus(t, staff.token, id, { status });
      expect(response.statusCode, response.body).toBe(200);
    }
    const { history } = await snapshot(id);
    expect(history.map((change) => [change.fromStatus, change.toStatus])).toEqual([
      [null, 'Solicitado'],
      ['Solicitado', 'Preparo'],
      ['Preparo', 'Finalização'],
      ['Finalização', 'Concluido'],
      ['Concluido', 'Entregue'],
    ]);
    expect(history[0]!.byCustomerId).toBe(customer.userId);
    expect(
      history.slice(1).every((change) => change.byStaffId === staff.userId && change.byCustomerId === null),
    ).toBe(true);
  });

  it.each(ORDER_STATUSES)(
    'from %s, every other move is 409 INVALID_TRANSITION and changes nothing',
    async (from) => {
      const id = await orderIn(from);
      const before = await snapshot(id);
      const refused = ORDER_STATUSES.filter((to) => !ALLOWED_STATUS_TRANSITIONS[from].includes(to));
      expect(refused).toContain(from);
      for (const to of refused) {
        const response = await changeStatus(t, staff.token, id, { status: to, reason: 'Motivo' });
        expect(response.statusCode, `${from} → ${to}`).toBe(409);
        expect(errorReply.parse(response.json())).toMatchObject({
          code: 'INVALID_TRANSITION',
          field: 'status',
          current_status: from,
        });
      }
      expect(await snapshot(id)).toEqual(before);
    },
  );

  it('cancelling needs a reason that is not blank: 400 CANCEL_REASON_REQUIRED, nothing changes', async () => {
    const id = await orderIn('Preparo');
    const before = await snapshot(id);
    for (const reason of [undefined, null, '', '   ']) {
      const response = await changeStatus(t, staff.token, id, { status: 'Cancelado', reason });
      expect(response.statusCode).toBe(400);
      expect(errorReply.parse(response.json())).toEqual({
        detail: 'Informe o motivo do cancelamento.',
        code: 'CANCEL_REASON_REQUIRED',
        field: 'reason',
      });
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('malformed input is 400 with the field; an unknown id 404; none changes anything', async () => {
    const id = await orderIn('Solicitado');
    const before = await snapshot(id);
    const cases: [number | string, unknown, number, string, string | undefined][] = [
      [id, {}, 400, 'INVALID_INPUT', 'status'],
      [id, { status: 'Voando' }, 400, 'INVALID_INPUT', 'status'],
      [id, { status: 2 }, 400, 'INVALID_INPUT', 'status'],
      [id, { status: 'preparo' }, 400, 'INVALID_INPUT', 'status'],
      [id, { status: 'Cancelado', reason: 'x'.repeat(201) }, 400, 'INVALID_INPUT', 'reason'],
      [id, { status: 'Cancelado', reason: 42 }, 400, 'INVALID_INPUT', 'reason'],
      ['abc', { status: 'Preparo' }, 400, 'INVALID_INPUT', 'id'],
      [2_000_000_000, { status: 'Preparo' }, 404, 'ORDER_NOT_FOUND', undefined],
    ];
    for (const [target, payload, status, code, field] of cases) {
      const response = await changeStatus(t, staff.token, target, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      const body = errorReply.parse(response.json());
      expect(body.code).toBe(code);
      expect(body.field).toBe(field);
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('without a token is 401, with a customer’s token 403 (before looking at the body)', async () => {
    const id = await orderIn('Solicitado');
    const before = await snapshot(id);
    const anonymous = await changeStatus(t, null, id, { status: 'Preparo' });
    expect(anonymous.statusCode).toBe(401);
    expect(errorReply.parse(anonymous.json()).code).toBe('NOT_AUTHENTICATED');
    for (const payload of [{ status: 'Preparo' }, { status: 'Voando' }]) {
      const asCustomer = await changeStatus(t, customer.token, id, payload);
      expect(asCustomer.statusCode).toBe(403);
      expect(errorReply.parse(asCustomer.json()).code).toBe('FORBIDDEN');
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('two staff racing on one order: the changes apply one after the other, the second checked against the first', async () => {
    const id = await orderIn('Concluido');
    const other = await signInStaff(t, { name: 'Bruno Dias' });
    const [delivered, cancelled] = await Promise.all([
      changeStatus(t, staff.token, id, { status: 'Entregue' }),
      changeStatus(t, other.token, id, { status: 'Cancelado', reason: 'Cliente não atendeu' }),
    ]);
    expect([delivered.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
    const { order, history } = await snapshot(id);
    const winner = delivered.statusCode === 200 ? 'Entregue' : 'Cancelado';
    expect(order!.status).toBe(winner);
    expect(history.map((change) => change.toStatus)).toEqual(['Solicitado', 'Concluido', winner]);

    const next = await orderIn('Solicitado');
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => changeStatus(t, staff.token, next, { status: 'Preparo' })),
    );
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    // Each loser learns where the order is now.
    for (const reply of replies.filter((r) => r.statusCode === 409)) {
      expect(errorReply.parse(reply.json()).current_status).toBe('Preparo');
    }
    expect((await snapshot(next)).history.map((change) => change.toStatus)).toEqual([
      'Solicitado',
      'Preparo',
    ]);
  });
});

describe('cancelling gives back what the order consumed', () => {
  async function ledgerOf(account: SignedUp) {
    const [row] = await t.database.db
      .select({ storeId: orders.storeId })
      .from(orders)
      .where(eq(orders.customerId, account.userId));
    return listLoyaltyLedger(t.database.db, row!.storeId, account.userId);
  }

  it('the coupon use: its last use is free again for the next customer', async () => {
    const couponId = await addCoupon(t, { code: 'UMAVEZ', valor: 10, perc: true, maxUses: 1 });
    const account = await signUp(t.app);
    const line = await cartLine(t, { ref: 'pizza-calabresa-grande' });
    const placed = await placeOrder(
      t,
      account.token,
      submission(account.userId, [line], { fk_cupom: couponId }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = orderPlacedReply.parse(placed.json()).order_info.order_id;
    const usesOf = async () =>
      (await t.database.db.select({ uses: coupons.uses }).from(coupons).where(eq(coupons.id, couponId)))[0]!
        .uses;
    expect(await usesOf()).toBe(1);

    const cancelled = await changeStatus(t, staff.token, orderId, {
      status: 'Cancelado',
      reason: 'Sem massa',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await usesOf()).toBe(0);
    const [redemptions] = await t.database.db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.orderId, orderId)));
    expect(redemptions!.n).toBe(0);
    // The order keeps the discount it had: it is history.
    expect(staffOrder.parse(cancelled.json())).toMatchObject({ cupom: 'UMAVEZ', desconto_cupom: 599 });

    const next = await signUp(t.app);
    const again = await placeOrder(t, next.token, submission(next.userId, [line], { fk_cupom: couponId }));
    expect(again.statusCode, again.body).toBe(201);
    expect(await usesOf()).toBe(1);
  });

  it('the points: the reward spent comes back; points still pending were never given; balance = Σ ledger', async () => {
    const account = await signUp(t.app);
    const bigCart = await cartLine(t, { ref: 'pizza-calabresa-grande', qtd: 2 });
    const first = await placeOrder(t, account.token, submission(account.userId, [bigCart]));
    const firstId = orderPlacedReply.parse(first.json()).order_info.order_id;
    await changeStatus(t, staff.token, firstId, { status: 'Entregue' });
    const placed = await placeOrder(
      t,
      account.token,
      submission(account.userId, [bigCart], { fidelidade_utilizada: true }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = orderPlacedReply.parse(placed.json()).order_info.order_id;
    expect((await customerState(t, account.userId)).points).toBe(19); // 119 − 100; its 104 wait for delivery

    const response = await changeStatus(t, staff.token, orderId, {
      status: 'Cancelado',
      reason: 'Forno quebrado',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await customerState(t, account.userId)).toMatchObject({ points: 119, ledgerSum: 119 });
    expect(
      (await ledgerOf(account)).slice(-2).map((e) => [e.orderId, e.delta, e.reason, e.balanceAfter]),
    ).toEqual([
      [orderId, -100, 'reward_redeemed', 19],
      [orderId, 100, 'order_cancelled_refund', 119],
    ]);
  });

  it('a delivered order keeps its points: Entregue is final, it cannot be cancelled', async () => {
    const account = await signUp(t.app);
    const orderId = await placePickupOrder(t, account); // earns 32 on delivery
    expect((await customerState(t, account.userId)).points).toBe(0);
    await changeStatus(t, staff.token, orderId, { status: 'Entregue' });
    expect((await customerState(t, account.userId)).points).toBe(32);
    const response = await changeStatus(t, staff.token, orderId, { status: 'Cancelado', reason: 'Teste' });
    expect(response.statusCode).toBe(409);
    expect(await customerState(t, account.userId)).toMatchObject({ points: 32, ledgerSum: 32 });
  });

  it('a refused cancellation gives nothing back', async () => {
    const account = await signUp(t.app);
    const orderId = await placePickupOrder(t, account);
    await changeStatus(t, staff.token, orderId, { status: 'Entregue' });
    const before = await customerState(t, account.userId);
    const response = await changeStatus(t, staff.token, orderId, {
      status: 'Cancelado',
      reason: 'Tarde demais',
    });
    expect(response.statusCode).toBe(409);
    expect(await customerState(t, account.userId)).toEqual(before);
  });
});

describe('the store’s orders (GET /staff/orders, GET /staff/orders/{id})', () => {
  it('lists the store’s orders newest first with the customer’s first name and phone', async () => {
    const local = await buildAccountsTestApp({ env: { ORDER_RATE_LIMIT_MAX: '10000' } });
    try {
      const ana = await signInStaff(local);
      const maria = await signUp(local.app, { name: 'Maria Souza' });
      const joao = await signUp(local.app, { name: 'João Pereira' });
      local.setNow(new Date('2026-05-04T12:00:00-03:00'));
      const first = await placePickupOrder(local, maria);
      local.setNow(new Date('2026-05-04T12:10:00-03:00'));
      const second = await placePickupOrder(local, joao);
      local.setNow(new Date('2026-05-04T12:20:00-03:00'));
      const third = await placePickupOrder(local, maria);
      await changeStatus(local, ana.token, first, { status: 'Preparo' });

      const get = (query: string) =>
        local.app.inject({
          method: 'GET',
          url: `/staff/orders${query}`,
          headers: { host: PIZZARIA, ...bearer(ana.token) },
        });
      const all = staffOrderListReply.parse((await get('')).json());
      expect(all.results.map((order) => order.id)).toEqual([third, second, first]);
      expect(all.next_before).toBeNull();
      expect(all.results[0]!.cliente).toEqual({ id: maria.userId, nome: 'Maria', telefone: maria.phone });
      expect(all.results[1]!.cliente).toEqual({ id: joao.userId, nome: 'João', telefone: joao.phone });
      expect(all.results[2]!.status_changes).toEqual([
        {
          status: 'Solicitado',
          from: null,
          at: '2026-05-04T15:00:00.000Z',
          by: maria.userId,
          actor: 'customer',
          by_name: null,
          reason: null,
        },
        {
          status: 'Preparo',
          from: 'Solicitado',
          at: '2026-05-04T15:20:00.000Z',
          by: ana.userId,
          actor: 'staff',
          by_name: expect.any(String),
          reason: null,
        },
      ]);

      const open = staffOrderListReply.parse(
        (await get(`?status=${encodeURIComponent('Solicitado,Finalização')}`)).json(),
      );
      expect(open.results.map((order) => order.id)).toEqual([third, second]);
      const preparing = staffOrderListReply.parse((await get('?status=Preparo')).json());
      expect(preparing.results.map((order) => order.id)).toEqual([first]);

      const page1 = staffOrderListReply.parse((await get('?limit=2')).json());
      expect(page1.results.map((order) => order.id)).toEqual([third, second]);
      expect(page1.next_before).toBe(second);
      const page2 = staffOrderListReply.parse((await get(`?limit=2&before=${page1.next_before}`)).json());
      expect(page2.results.map((order) => order.id)).toEqual([first]);
      expect(page2.next_before).toBeNull();

      for (const [query, field] of [
        ['?status=Voando', 'status.0'],
        ['?status=', 'status'],
        ['?limit=0', 'limit'],
        ['?limit=101', 'limit'],
        ['?before=abc', 'before'],
      ] as const) {
        const response = await get(query);
        expect(response.statusCode, query).toBe(400);
        expect(errorReply.parse(response.json())).toMatchObject({ code: 'INVALID_INPUT', field });
      }

      const one = await local.app.inject({
        method: 'GET',
        url: `/staff/orders/${first}`,
        headers: { host: PIZZARIA, ...bearer(ana.token) },
      });
      expect(one.statusCode).toBe(200);
      expect(staffOrder.parse(one.json())).toEqual(all.results[2]);
    } finally {
      await local.close();
    }
  });

  it('staff of one store can neither see nor move another store’s orders', async () => {
    const sakuraStaff = await signInStaff(t, { host: SAKURA });
    const sakuraCustomer = await signUp(t.app, { host: SAKURA });
    t.setNow(new Date('2026-05-03T20:00:00-03:00'));
    const sakuraOrder = await placePickupOrder(t, sakuraCustomer, SAKURA);
    t.setNow(new Date());
    const pizzariaOrder = await orderIn('Solicitado');
    const before = [await snapshot(pizzariaOrder), await snapshot(sakuraOrder)];

    const sakuraList = staffOrderListReply.parse(
      (await listStaff(sakuraStaff.token, '?limit=100', SAKURA)).json(),
    );
    expect(sakuraList.results.map((order) => order.id)).toEqual([sakuraOrder]);
    const pizzariaList = staffOrderListReply.parse((await listStaff(staff.token, '?limit=100')).json());
    expect(pizzariaList.results.map((order) => order.id)).not.toContain(sakuraOrder);

    // Through its own store: the other store's order does not exist.
    const seen = await t.app.inject({
      method: 'GET',
      url: `/staff/orders/${pizzariaOrder}`,
      headers: { host: SAKURA, ...bearer(sakuraStaff.token) },
    });
    expect(seen.statusCode).toBe(404);
    const moved = await changeStatus(t, sakuraStaff.token, pizzariaOrder, { status: 'Preparo' }, SAKURA);
    expect(moved.statusCode).toBe(404);
    expect(errorReply.parse(moved.json()).code).toBe('ORDER_NOT_FOUND');
    // Through the other store's host: its token is not valid there.
    expect((await changeStatus(t, sakuraStaff.token, pizzariaOrder, { status: 'Preparo' })).statusCode).toBe(
      401,
    );
    expect((await changeStatus(t, staff.token, sakuraOrder, { status: 'Preparo' })).statusCode).toBe(404);
    expect([await snapshot(pizzariaOrder), await snapshot(sakuraOrder)]).toEqual(before);
  });

  it('refuses no token (401) and customer tokens (403)', async () => {
    expect((await listStaff(null)).statusCode).toBe(401);
    const asCustomer = await listStaff(customer.token, '?status=Voando');
    expect(asCustomer.statusCode).toBe(403);
    expect(errorReply.parse(asCustomer.json()).code).toBe('FORBIDDEN');
  });
});

describe('OpenAPI page', () => {
  it('documents the tracking calls, and the staff calls under the staff tag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    const doc = response.json() as {
      paths: Record<
        string,
        Record<string, { tags?: string[]; responses?: Record<string, { content?: object }> }>
      >;
      components: { securitySchemes: Record<string, unknown> };
    };
    for (const path of ['/staff/orders', '/staff/orders/{id}', '/staff/orders/events']) {
      expect(doc.paths[path]!.get!.tags).toEqual(['staff']);
    }
    expect(doc.paths['/staff/orders/{id}/status']!.post!.tags).toEqual(['staff']);
    for (const path of [
      '/bar/atendimentos_list_app',
      '/bar/atendimentos_app/{id}',
      '/bar/v2/orders/events',
    ]) {
      expect(doc.paths[path]!.get).toBeDefined();
    }
    expect(Object.keys(doc.paths['/bar/v2/orders/events']!.get!.responses!['200']!.content!)).toEqual([
      'text/event-stream',
    ]);
    expect(doc.components.securitySchemes).toMatchObject({
      streamTicket: { type: 'apiKey', in: 'query', name: 'ticket' },
    });
  });
});
