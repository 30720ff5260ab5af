import { randomUUID } from 'node:crypto';
import {
  errorReply,
  orderPlacedReply,
  staffCustomer,
  staffCustomerLookupReply,
  staffOrderPixReply,
  staffOrder as staffOrderSchema,
} from '@comanda/contract';
import { linePricing, parseBrCode } from '@comanda/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, ledgerEntries, neighbourhoods, orderEdits, orderLines, orders } from '../../db/schema.ts';
import {
  bearer,
  buildAccountsTestApp,
  lastRecoveryCode,
  nextAddress,
  nextPhone,
  PASSWORD,
  PIZZARIA,
  SAKURA,
  type SignedUp,
  type StaffSignedIn,
  signInRequest,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import {
  addCoupon,
  cartLine,
  customerState,
  setPoints,
  storeIdOf,
  submission,
  tableOf,
} from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus } from '../../test/tracking.ts';

/*
 * Order entry by the staff (issue 33 part 1, docs/decisions/0058) on the demo stores: 'pizzaria' is
 * open all day, minimum R$ 25,00, cash (1) with change; 'sakura' is closed on Mondays.
 */

let t: TestApp;
let attendant: StaffSignedIn;
let sakuraAttendant: StaffSignedIn;
beforeAll(async () => {
  t = await buildAccountsTestApp();
  attendant = await signInStaff(t, { name: 'Ana Balcão', role: 'attendant' });
  sakuraAttendant = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato', role: 'attendant' });
});
afterAll(async () => {
  await t.close();
});

function call(
  method: 'GET' | 'POST',
  url: string,
  token: string,
  payload?: unknown,
  options: { host?: string; key?: string | null } = {},
) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return t.app.inject({
    method,
    url,
    headers: {
      host: options.host ?? PIZZARIA,
      ...bearer(token),
      ...(method === 'POST' && key !== null ? { 'idempotency-key': key } : {}),
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const lookup = (phone: string, token = attendant.token, host = PIZZARIA) =>
  call('GET', `/staff/customers?phone=${encodeURIComponent(phone)}`, token, undefined, { host });

const staffOrder = (payload: object, options: { token?: string; host?: string; key?: string | null } = {}) =>
  call('POST', '/staff/orders', options.token ?? attendant.token, payload, options);

async function refusal(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  const body = errorReply.parse(response.json());
  expect(body.code).toBe(code);
  return body;
}

async function pizzariaPlace(ref: string, kind: 'cities' | 'neighbourhoods'): Promise<number> {
  const storeId = await storeIdOf(t, PIZZARIA);
  const table = kind === 'cities' ? cities : neighbourhoods;
  const [row] = await t.database.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.storeId, storeId), eq(table.ref, ref)));
  return row!.id;
}

/** A returning customer: signed up in the app with a saved address in Consolação. */
async function returningCustomer(): Promise<SignedUp & { address: number }> {
  const account = await signUp(t.app);
  const response = await t.app.inject({
    method: 'POST',
    url: '/core/v2/app/customer/upsert-addresses/',
    headers: { host: PIZZARIA, ...bearer(account.token) },
    payload: {
      addresses: [
        {
          id: null,
          name: 'Casa',
          street: 'Rua Augusta',
          street_number: '1500',
          complement: 'Apto 12',
          city_id: await pizzariaPlace('sao-paulo', 'cities'),
          city_name: 'São Paulo',
          district_id: await pizzariaPlace('consolacao', 'neighbourhoods'),
          district_name: 'Consolação',
          latitude: -23.557,
          longitude: -46.6563,
          search: 'augusta 1500',
          location: false,
        },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { ...account, address: (response.json() as { inserted_ids: number[] }).inserted_ids[0]! };
}

const halfAndHalf = () =>
  cartLine(t, {
    ref: 'pizza-meio-a-meio-grande',
    choices: { 'Escolha até 2 sabores': { Calabresa: 1, Pepperoni: 1 } },
  });

async function orderRow(id: number) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

describe('the customer by phone (GET/POST /staff/customers)', () => {
  it('finds a returning customer with addresses, fees, points and orders count', async () => {
    const customer = await returningCustomer();
    const response = await lookup(`(${customer.phone.slice(0, 2)}) ${customer.phone.slice(2)}`);
    expect(response.statusCode, response.body).toBe(200);
    const found = staffCustomerLookupReply.parse(response.json()).customer!;
    expect(found).toMatchObject({
      id: customer.userId,
      nome: 'Maria Souza',
      phone: customer.phone,
      has_password: true,
      pontos_fidelidade: 0,
      orders_count: 0,
    });
    expect(found.addresses).toHaveLength(1);
    expect(found.addresses[0]).toMatchObject({ id: customer.address, deliverable: true });
    expect(found.addresses[0]!.delivery_fee).toBeGreaterThan(0);
  });

  it('answers null for an unknown phone, and 400 INVALID_PHONE for what cannot be one', async () => {
    const response = await lookup(nextPhone());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customer: null });
    await refusal(await lookup('12'), 400, 'INVALID_PHONE');
  });

  it('another store’s customer is not visible', async () => {
    const customer = await signUp(t.app);
    const response = await lookup(customer.phone, sakuraAttendant.token, SAKURA);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ customer: null });
  });

  it('a customer’s token is refused (403), another store’s staff token too (401)', async () => {
    const customer = await signUp(t.app);
    expect((await lookup(customer.phone, customer.token)).statusCode).toBe(403);
    expect((await lookup(customer.phone, sakuraAttendant.token)).statusCode).toBe(401);
    expect((await staffOrder({}, { token: customer.token })).statusCode).toBe(403);
  });

  it('creates one with name and phone, no password; the phone is then taken; the customer claims it by SMS', async () => {
    const phone = nextPhone();
    const created = await call('POST', '/staff/customers', attendant.token, { name: 'João', phone });
    expect(created.statusCode, created.body).toBe(201);
    const customer = staffCustomer.parse(created.json());
    expect(customer).toMatchObject({
      nome: 'João',
      phone,
      has_password: false,
      orders_count: 0,
      addresses: [],
    });
    expect(staffCustomerLookupReply.parse((await lookup(phone)).json()).customer?.id).toBe(customer.id);
    await refusal(
      await call('POST', '/staff/customers', attendant.token, { name: 'Outro', phone }),
      409,
      'PHONE_TAKEN',
    );
    await refusal(
      await call('POST', '/staff/customers', attendant.token, { name: ' ', phone: nextPhone() }),
      400,
      'INVALID_NAME',
    );
    // No password opens it, not even the placeholder.
    for (const password of [PASSWORD, '!counter:no-password']) {
      const signIn = await signInRequest(t.app, phone, password, { remoteAddress: nextAddress() });
      expect(signIn.statusCode).toBe(400);
    }
    // The customer claims the account with the recovery code, then signs in.
    const ask = await t.app.inject({
      method: 'POST',
      url: '/core/send_sms_recovery_password_app/',
      headers: { host: PIZZARIA },
      remoteAddress: nextAddress(),
      payload: { cellphone: phone },
    });
    expect(ask.statusCode).toBe(200);
    const code = await lastRecoveryCode(t, 'pizzaria', phone);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/core/recovery_password_app/',
      headers: { host: PIZZARIA },
      remoteAddress: nextAddress(),
      payload: { cellphone: phone, code, password: 'minha-senha-nova-9' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signIn = await signInRequest(t.app, phone, 'minha-senha-nova-9', { remoteAddress: nextAddress() });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(staffCustomerLookupReply.parse((await lookup(phone)).json()).customer?.has_password).toBe(true);
  });
});

describe('an address given at the counter (POST /staff/customers/{id}/addresses)', () => {
  const consolacao = async () => ({
    name: 'Casa',
    street: 'Rua Augusta',
    street_number: '900',
    complement: 'Fundos',
    city_id: await pizzariaPlace('sao-paulo', 'cities'),
    district_id: await pizzariaPlace('consolacao', 'neighbourhoods'),
  });

  it('is saved as the customer’s own, with its fee, and a phone delivery order can use it', async () => {
    const created = staffCustomer.parse(
      (
        await call('POST', '/staff/customers', attendant.token, { name: 'Rita Telefone', phone: nextPhone() })
      ).json(),
    );
    const saved = await call(
      'POST',
      `/staff/customers/${created.id}/addresses`,
      attendant.token,
      await consolacao(),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const customer = staffCustomer.parse(saved.json());
    expect(customer.addresses).toHaveLength(1);
    expect(customer.addresses[0]).toMatchObject({ name: 'Casa', deliverable: true, district: 'Consolação' });
    expect(customer.addresses[0]!.delivery_fee).toBeGreaterThan(0);

    const placed = await staffOrder({
      ...submission(created.id, [await halfAndHalf()], {
        tipo_entrega: 'Entregar',
        fk_endereco: customer.addresses[0]!.id,
        fk_forma_pagamento: 1,
      }),
      canal: 'telefone',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = orderPlacedReply.parse(placed.json()).order;
    expect(order.valor_entrega).toBe(customer.addresses[0]!.delivery_fee);
  });

  it('refuses what the customer’s own form refuses, another store’s customer and customer tokens, saving nothing', async () => {
    const created = staffCustomer.parse(
      (
        await call('POST', '/staff/customers', attendant.token, { name: 'Rui Balcão', phone: nextPhone() })
      ).json(),
    );
    const url = `/staff/customers/${created.id}/addresses`;
    const bad = await call('POST', url, attendant.token, { ...(await consolacao()), street: 'Rua' });
    expect(bad.statusCode).toBe(400);
    expect(errorReply.parse(bad.json()).field).toMatch(/street/);
    await refusal(
      await call('POST', url, sakuraAttendant.token, await consolacao(), { host: SAKURA }),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    const customer = await signUp(t.app);
    expect((await call('POST', url, customer.token, await consolacao())).statusCode).toBe(403);
    expect(
      (await call('POST', '/staff/customers/abc/addresses', attendant.token, await consolacao())).statusCode,
    ).toBe(400);
    expect(staffCustomerLookupReply.parse((await lookup(created.phone)).json()).customer?.addresses).toEqual(
      [],
    );
  });
});

describe('an order entered by the staff (POST /staff/orders)', () => {
  it('a phone order for a returning customer: half-and-half pizza, delivered, cash with change', async () => {
    const customer = await returningCustomer();
    const response = await staffOrder({
      ...submission(customer.userId, [await halfAndHalf()], {
        tipo_entrega: 'Entregar',
        fk_endereco: customer.address,
        fk_forma_pagamento: 1,
        troco_para: 10_000,
      }),
      canal: 'telefone',
    });
    expect(response.statusCode, response.body).toBe(201);
    const placed = orderPlacedReply.parse(response.json());
    expect(placed.order).toMatchObject({ tipo_entrega: 'Entregar', troco_para: 10_000 });
    const row = await orderRow(placed.order_info.order_id);
    expect(row).toMatchObject({
      customerId: customer.userId,
      channel: 'telefone',
      enteredBy: attendant.userId,
      formaEntrada: 'Telefone',
      addressId: customer.address,
      trocoPara: 10_000,
    });
    // Grande half-and-half 6490 plus the address's fee.
    expect(row.totalProdutos + row.acrescimo).toBe(6490);
    expect(row.total).toBe(6490 + row.valorEntrega);
    expect(row.valorEntrega).toBeGreaterThan(0);
    // It is on the board like any order.
    const board = await call('GET', '/staff/orders', attendant.token);
    expect(board.body).toContain(`"id":${placed.order_info.order_id}`);
    const found = staffCustomerLookupReply.parse((await lookup(customer.phone)).json()).customer!;
    expect(found.orders_count).toBe(1);
  });

  it('a counter order for a customer created at the counter, exactly once per Idempotency-Key', async () => {
    const created = staffCustomer.parse(
      (
        await call('POST', '/staff/customers', attendant.token, { name: 'Pedro Alves', phone: nextPhone() })
      ).json(),
    );
    const payload = { ...submission(created.id, [await halfAndHalf()]), canal: 'balcao' };
    const key = randomUUID();
    const first = await staffOrder(payload, { key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await staffOrder(payload, { key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await customerState(t, created.id)).orders).toBe(1);
    const row = await orderRow(orderPlacedReply.parse(first.json()).order_info.order_id);
    expect(row).toMatchObject({ channel: 'balcao', enteredBy: attendant.userId, tipoEntrega: 'Retirada' });
    await refusal(
      await staffOrder({ ...payload, observacoes: 'outra' }, { key }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    await refusal(await staffOrder(payload, { key: null }), 400, 'IDEMPOTENCY_KEY_REQUIRED');
  });

  it('is refused as the customer’s order is, with nothing written', async () => {
    const customer = await returningCustomer();
    const water = await cartLine(t, { ref: 'agua' });
    await refusal(
      await staffOrder({ ...submission(customer.userId, [water]), canal: 'balcao' }),
      400,
      'MIN_ORDER_NOT_MET',
    );
    await refusal(
      await staffOrder({
        ...submission(customer.userId, [await halfAndHalf()], { fk_cupom: 999_999 }),
        canal: 'balcao',
      }),
      400,
      'COUPON_NOT_FOUND',
    );
    // A price typed by hand is never charged.
    const typed = submission(customer.userId, [await halfAndHalf()]);
    (typed.produtos_pedidos[0] as { produto_valor: number }).produto_valor = 1000;
    await refusal(await staffOrder({ ...typed, canal: 'balcao' }), 409, 'PRICE_CHANGED');
    await refusal(
      await staffOrder({
        ...submission(customer.userId, [await halfAndHalf()], { total: 1000 }),
        canal: 'telefone',
      }),
      409,
      'PRICE_CHANGED',
    );
    await refusal(
      await staffOrder({
        ...submission(customer.userId, [await halfAndHalf()], {
          tipo_entrega: 'Entregar',
          fk_endereco: null,
        }),
        canal: 'telefone',
      }),
      400,
      'ADDRESS_REQUIRED',
    );
    // Online payment is not taken at the counter.
    await refusal(
      await staffOrder({
        ...submission(customer.userId, [await halfAndHalf()], { fk_forma_pagamento: 999 }),
        canal: 'balcao',
      }),
      409,
      'PAYMENT_NOT_CONFIRMED',
    );
    expect(await customerState(t, customer.userId)).toMatchObject({ orders: 0, lines: 0 });
  });

  it('a closed store refuses it (sakura on a Monday)', async () => {
    t.setNow(new Date('2026-05-04T12:00:00-03:00'));
    try {
      const customer = await signUp(t.app, { host: SAKURA });
      const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
      const response = await staffOrder(
        { ...submission(customer.userId, [line]), canal: 'balcao' },
        { token: sakuraAttendant.token, host: SAKURA },
      );
      await refusal(response, 409, 'STORE_CLOSED');
      expect((await customerState(t, customer.userId)).orders).toBe(0);
    } finally {
      t.setNow(new Date());
    }
  });

  it('another store’s customer: 404 CUSTOMER_NOT_FOUND', async () => {
    const other = await signUp(t.app, { host: SAKURA });
    await refusal(
      await staffOrder({ ...submission(other.userId, [await halfAndHalf()]), canal: 'balcao' }),
      404,
      'CUSTOMER_NOT_FOUND',
    );
    expect((await customerState(t, other.userId)).orders).toBe(0);
  });

  it('a waiter’s round joins the table’s tab as a QR guest’s does, with no token or code', async () => {
    const customer = await signUp(t.app);
    const table = await tableOf(t, 'mesa-5');
    const water = await cartLine(t, { ref: 'agua', channel: 'local' });
    const round = (lines = [water]) =>
      staffOrder({
        ...submission(customer.userId, lines, {
          identificador_pedido_novo: String(table.id),
          fk_forma_pagamento: null,
        }),
        canal: 'garcom',
      });
    const first = await round();
    expect(first.statusCode, first.body).toBe(201);
    const second = await round([await cartLine(t, { ref: 'cerveja-long-neck', channel: 'local' })]);
    expect(second.statusCode, second.body).toBe(201);
    const rows = await Promise.all(
      [first, second].map((r) => orderRow(orderPlacedReply.parse(r.json()).order_info.order_id)),
    );
    expect(rows.map((row) => [row.channel, row.enteredBy, row.rodada, row.tipoEntrega])).toEqual([
      ['garcom', attendant.userId, 1, 'Vem comer'],
      ['garcom', attendant.userId, 2, 'Vem comer'],
    ]);
    expect(rows[0]!.tabId).not.toBeNull();
    expect(rows[1]!.tabId).toBe(rows[0]!.tabId);
    // The staff's tab lists both rounds.
    const tab = await call('GET', `/staff/tabs/${rows[0]!.tabId}`, attendant.token);
    expect(tab.statusCode, tab.body).toBe(200);
    expect((tab.json() as { rodadas: unknown[] }).rodadas).toHaveLength(2);
  });

  it('a garçom order needs a table, and only a garçom order may name one', async () => {
    const customer = await signUp(t.app);
    const table = await tableOf(t, 'mesa-5');
    await refusal(
      await staffOrder({ ...submission(customer.userId, [await halfAndHalf()]), canal: 'garcom' }),
      400,
      'TABLE_REQUIRED',
    );
    await refusal(
      await staffOrder({
        ...submission(customer.userId, [await halfAndHalf()], {
          identificador_pedido_novo: String(table.id),
        }),
        canal: 'balcao',
      }),
      400,
      'TABLE_ONLY_FOR_WAITER',
    );
    expect((await customerState(t, customer.userId)).orders).toBe(0);
  });
});

describe('coupons and loyalty for the customer (POST /staff/coupons/validate)', () => {
  it('checks the code for the customer, then the order applies it; loyalty is redeemed as in the app', async () => {
    const code = `BALCAO${Date.now() % 100000}`;
    const couponId = await addCoupon(t, { code, valor: 10, perc: true, local: 'Carrinho' });
    const customer = await signUp(t.app);
    const check = (body: object) => call('POST', '/staff/coupons/validate', attendant.token, body);
    const ok = await check({ coupon: code.toLowerCase(), customer_id: customer.userId });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { detail: { id: number } }).detail.id).toBe(couponId);
    await refusal(
      await check({ coupon: 'nao-existe', customer_id: customer.userId }),
      400,
      'COUPON_NOT_FOUND',
    );
    const other = await signUp(t.app, { host: SAKURA });
    await refusal(await check({ coupon: code, customer_id: other.userId }), 404, 'CUSTOMER_NOT_FOUND');

    const placed = await staffOrder({
      ...submission(customer.userId, [await halfAndHalf()], { fk_cupom: couponId }),
      canal: 'balcao',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const row = await orderRow(orderPlacedReply.parse(placed.json()).order_info.order_id);
    expect(row).toMatchObject({ couponId, descontoCupom: 649, total: 6490 - 649 });

    // The reward needs the points: refused without them, as the customer's order is.
    const loyal = await signUp(t.app);
    const redeem = async () =>
      staffOrder({
        ...submission(loyal.userId, [await halfAndHalf()], { fidelidade_utilizada: true }),
        canal: 'telefone',
      });
    await refusal(await redeem(), 409, 'LOYALTY_UNAVAILABLE');
    await setPoints(t, loyal.userId, 1000);
    const redeemed = await redeem();
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const loyalRow = await orderRow(orderPlacedReply.parse(redeemed.json()).order_info.order_id);
    expect(loyalRow.fidelidadeUtilizada).toBe(true);
    expect(loyalRow.descontoFidelidade).toBeGreaterThan(0);
  });
});

describe('PIX to the store’s key at the counter (GET /staff/orders/{id}/pix)', () => {
  it('draws the order’s total to the key of its PIX method; other orders and stores are refused', async () => {
    const customer = await signUp(t.app);
    // Method 4 of the pizzaria: 'PIX (chave da loja)', key pix@fornoebrasa.example.
    const placed = await staffOrder({
      ...submission(customer.userId, [await halfAndHalf()], { fk_forma_pagamento: 4 }),
      canal: 'balcao',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const id = orderPlacedReply.parse(placed.json()).order_info.order_id;
    const response = await call('GET', `/staff/orders/${id}/pix`, attendant.token);
    expect(response.statusCode, response.body).toBe(200);
    const pix = staffOrderPixReply.parse(response.json());
    expect(pix).toMatchObject({ order_id: id, total: 6490, recebedor: 'Forno e Brasa Alimentos LTDA' });
    expect(pix.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const code = parseBrCode(pix.copia_e_cola);
    expect(code.ok && code.fields).toMatchObject({
      key: 'pix@fornoebrasa.example',
      amount: 6490,
      merchantCity: 'Sao Paulo',
      txid: `PDV${id}`,
    });

    const cash = await staffOrder({
      ...submission(customer.userId, [await halfAndHalf()], { fk_forma_pagamento: 1 }),
      canal: 'balcao',
    });
    const cashId = orderPlacedReply.parse(cash.json()).order_info.order_id;
    await refusal(
      await call('GET', `/staff/orders/${cashId}/pix`, attendant.token),
      409,
      'PIX_KEY_UNAVAILABLE',
    );
    await refusal(
      await call('GET', `/staff/orders/${id}/pix`, sakuraAttendant.token, undefined, { host: SAKURA }),
      404,
      'ORDER_NOT_FOUND',
    );
  });
});

describe('editing an order before it is prepared (POST /staff/orders/{id}/edit)', () => {
  const edit = (id: number, body: object, token = attendant.token, host = PIZZARIA) =>
    call('POST', `/staff/orders/${id}/edit`, token, body, { host });
  const editsOf = (id: number) => t.database.db.select().from(orderEdits).where(eq(orderEdits.orderId, id));
  const linesOf = (id: number) =>
    t.database.db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(orderLines.seq);

  async function counterOrder() {
    const customer = await signUp(t.app);
    const guarana = await cartLine(t, { ref: 'guarana-lata' });
    const placed = await staffOrder({
      ...submission(customer.userId, [await halfAndHalf(), guarana]),
      canal: 'balcao',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    return orderPlacedReply.parse(placed.json()).order_info.order_id;
  }

  it('removes and adds lines, repriced, and records the edit with the totals before and after', async () => {
    const id = await counterOrder();
    const before = await orderRow(id);
    expect(before.total).toBe(6490 + 650);
    const cokes = await cartLine(t, { ref: 'coca-lata', qtd: 2 });
    const response = await edit(id, { remover: [1], adicionar: [cokes] });
    expect(response.statusCode, response.body).toBe(200);
    const after = await orderRow(id);
    const cokesTotal = linePricing(cokes).total;
    expect(after.total).toBe(6490 + cokesTotal);
    expect(after.totalProdutos + after.acrescimo).toBe(6490 + cokesTotal);
    expect(response.json()).toMatchObject({
      order_id: id,
      total_antes: 7140,
      total_depois: 6490 + cokesTotal,
      removidas: [{ seq: 1, descricao_produto: 'Guaraná Antarctica lata 350 ml', qtd: 1, valor_total: 650 }],
      adicionadas: [{ seq: 2, qtd: 2, valor_total: cokesTotal }],
    });
    expect((await linesOf(id)).map((line) => line.seq)).toEqual([0, 2]);
    const [record] = await editsOf(id);
    expect(record).toMatchObject({
      staffId: attendant.userId,
      totalBefore: 7140,
      totalAfter: 6490 + cokesTotal,
      paymentBefore: 2,
      paymentAfter: 2,
    });

    // The payment changes to cash with change.
    const paid = await edit(id, { fk_forma_pagamento: 1, troco_para: 10_000 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await orderRow(id)).toMatchObject({
      paymentMethodId: 1,
      formaPagamentoNome: 'Dinheiro',
      trocoPara: 10_000,
    });
    expect((await editsOf(id)).map((row) => [row.paymentBefore, row.paymentAfter])).toEqual([
      [2, 2],
      [2, 1],
    ]);

    // The takings follow (docs/decisions/0057): the sale, the edit's difference, then the money
    // moved from the card machine to cash, as adjustments; what each method holds adds up to the order.
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, id))
      .orderBy(ledgerEntries.id);
    const newTotal = 6490 + cokesTotal;
    expect(entries.map((e) => [e.kind, e.paymentMethodId, e.amount, e.channel, e.staffId])).toEqual([
      ['venda', 2, 7140, 'balcao', attendant.userId],
      ['ajuste', 2, newTotal - 7140, 'balcao', attendant.userId],
      ['ajuste', 2, -newTotal, 'balcao', attendant.userId],
      ['ajuste', 1, newTotal, 'balcao', attendant.userId],
    ]);
    // Still one sale (reports count an order's 'venda'), its money now under cash.
    expect(entries.filter((e) => e.kind === 'venda')).toHaveLength(1);
  });

  it('the staff order record names each line by its seq, with the gaps an edit leaves', async () => {
    const id = await counterOrder();
    const recordSeqs = async () => {
      const response = await call('GET', `/staff/orders/${id}`, attendant.token);
      expect(response.statusCode, response.body).toBe(200);
      const order = staffOrderSchema.parse(response.json());
      return order.produtos_pedidos.map((line) => [line.seq, line.descricao_produto]);
    };
    expect(await recordSeqs()).toEqual([
      [0, expect.stringContaining('Pizza')],
      [1, 'Guaraná Antarctica lata 350 ml'],
    ]);
    const water = await cartLine(t, { ref: 'agua' });
    expect((await edit(id, { remover: [1], adicionar: [water] })).statusCode).toBe(200);
    const after = await recordSeqs();
    expect(after.map(([seq]) => seq)).toEqual([0, 2]);
    // The seq the record gives is the one the edit takes: removing line 2 leaves the pizza.
    expect((await edit(id, { remover: [2], adicionar: [water] })).statusCode).toBe(200);
    expect((await recordSeqs()).map(([seq]) => seq)).toEqual([0, 3]);
  });

  it('refuses as a new order would, with nothing changed', async () => {
    const id = await counterOrder();
    // Without the pizza the order is below the minimum.
    await refusal(await edit(id, { remover: [0] }), 400, 'MIN_ORDER_NOT_MET');
    await refusal(await edit(id, { remover: [9] }), 400, 'LINE_NOT_FOUND');
    await refusal(await edit(id, { fk_forma_pagamento: 1, troco_para: 100 }), 400, 'CHANGE_BELOW_TOTAL');
    await refusal(await edit(id, {}), 400, 'EMPTY_EDIT');
    await refusal(await edit(id, { fk_forma_pagamento: 999 }), 409, 'PAYMENT_METHOD_UNAVAILABLE');
    await refusal(
      await edit(id, { fk_forma_pagamento: 4 }, sakuraAttendant.token, SAKURA),
      404,
      'ORDER_NOT_FOUND',
    );
    expect((await orderRow(id)).total).toBe(7140);
    expect(await linesOf(id)).toHaveLength(2);
    expect(await editsOf(id)).toEqual([]);
  });

  it('is allowed in Preparo; from Finalização on: 409 ORDER_ALREADY_PREPARED, nothing changed', async () => {
    const id = await counterOrder();
    const water = await cartLine(t, { ref: 'agua' });
    expect((await changeStatus(t, attendant.token, id, { status: 'Preparo' })).statusCode).toBe(200);
    expect((await edit(id, { adicionar: [water] })).statusCode).toBe(200);
    expect((await changeStatus(t, attendant.token, id, { status: 'Finalização' })).statusCode).toBe(200);
    const total = (await orderRow(id)).total;
    await refusal(await edit(id, { adicionar: [water] }), 409, 'ORDER_ALREADY_PREPARED');
    expect((await orderRow(id)).total).toBe(total);
    expect(await linesOf(id)).toHaveLength(3);
    expect(await editsOf(id)).toHaveLength(1);
  });
});
