import {
  companyList,
  editorAuditReply,
  errorReply,
  fullProduct,
  menuAvailabilityReply,
  orderPlacedReply,
  productList,
  soldOutReply,
  staffOrder,
  storeControlsReply,
} from '@comanda/contract';
import { DEFAULT_CANCEL_REASONS, DEFAULT_REFUSAL_REASONS } from '@comanda/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { optionGroupItems, stores } from '../../db/schema.ts';
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
import {
  cartLine,
  customerState,
  loadFullProduct,
  placeOrder,
  productIdOf,
  storeIdOf,
  submission,
} from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';

/*
 * The store controls of issue 16: open or close now, pause with a reason, the order settings, and
 * the sold-out switches. What they change shows in the storefront's replies at once and order
 * placement enforces it; a caller without the right token changes nothing.
 */

// A Tuesday at noon in São Paulo: the demo pizzaria (always open) and sakura (11:30–14:30) are open.
const TUESDAY_NOON = new Date('2026-05-05T12:00:00-03:00');
const MINUTE = 60_000;

let t: TestApp;
let staff: StaffSignedIn;
let sakuraStaff: StaffSignedIn;
let customer: SignedUp;
beforeAll(async () => {
  t = await buildAccountsTestApp({ now: TUESDAY_NOON, env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  staff = await signInStaff(t, { name: 'Ana Lima' });
  sakuraStaff = await signInStaff(t, { host: SAKURA, name: 'Kenji Sato' });
  customer = await signUp(t.app, { name: 'Maria Souza' });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  t.setNow(TUESDAY_NOON);
  for (const [who, host] of [
    [staff, PIZZARIA],
    [sakuraStaff, SAKURA],
  ] as const) {
    await call('PUT', '/staff/store/mode', who.token, { mode: 'auto' }, host);
    await call('DELETE', '/staff/store/pause', who.token, undefined, host);
  }
});

function call(
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH',
  url: string,
  token: string | null,
  payload?: object,
  host = PIZZARIA,
) {
  return t.app.inject({
    method,
    url,
    headers: { host, ...(token ? bearer(token) : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function controls(token = staff.token, host = PIZZARIA) {
  const response = await call('GET', '/staff/store', token, undefined, host);
  expect(response.statusCode, response.body).toBe(200);
  return storeControlsReply.parse(response.json());
}

async function company(host = PIZZARIA) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/core/empresa_personal_app',
    headers: { host },
  });
  expect(response.statusCode, response.body).toBe(200);
  return companyList.parse(response.json())[0]!;
}

async function menuVersion(host = PIZZARIA): Promise<number> {
  const [row] = await t.database.db
    .select({ version: stores.menuVersion })
    .from(stores)
    .where(eq(stores.id, await storeIdOf(t, host)));
  return row!.version;
}

async function burgerOrder(account: SignedUp = customer) {
  const line = await cartLine(t, {
    ref: 'burger-classico',
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
  });
  return submission(account.userId, [line]);
}

function expectRefusal(
  response: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorReply.parse(response.json()).code).toBe(code);
}

describe('who may use the controls', () => {
  it('without a token 401, with a customer’s token 403, and nothing changes', async () => {
    const before = await controls();
    for (const [method, url, payload] of [
      ['GET', '/staff/store', undefined],
      ['PUT', '/staff/store/mode', { mode: 'closed' }],
      ['POST', '/staff/store/pause', { minutes: 30 }],
      ['PATCH', '/staff/store/settings', { auto_accept: true }],
      ['GET', '/staff/menu/availability', undefined],
      ['PUT', '/staff/menu/products/1/sold-out', { sold_out: true }],
    ] as const) {
      expectRefusal(await call(method, url, null, payload), 401, 'NOT_AUTHENTICATED');
      expectRefusal(await call(method, url, customer.token, payload), 403, 'FORBIDDEN');
    }
    expect(await controls()).toEqual(before);
  });

  it('a staff token of another store is not accepted here', async () => {
    expectRefusal(
      await call('PUT', '/staff/store/mode', sakuraStaff.token, { mode: 'closed' }),
      401,
      'NOT_AUTHENTICATED',
    );
    expect((await controls()).mode).toBe('auto');
  });
});

describe('pausing', () => {
  it('closes the storefront until the pause ends, with when it reopens, and refuses orders for now', async () => {
    const response = await call('POST', '/staff/store/pause', staff.token, {
      minutes: 20,
      reason: ' Cozinha cheia ',
    });
    expect(response.statusCode, response.body).toBe(200);
    const until = new Date(TUESDAY_NOON.getTime() + 20 * MINUTE).toISOString();
    expect(storeControlsReply.parse(response.json())).toEqual({
      mode: 'auto',
      paused_until: until,
      pause_reason: 'Cozinha cheia',
      open_now: false,
      closed_by: 'pause',
      reopens_at: until,
      auto_accept: false,
      auto_print: false,
      refusal_reasons: [...DEFAULT_REFUSAL_REASONS],
      cancel_reasons: [...DEFAULT_CANCEL_REASONS],
    });
    // The storefront says it is a pause, why, and when it ends.
    expect(await company()).toMatchObject({
      loja_aberta: false,
      store_opened: false,
      reabre_em: until,
      pausada: true,
      motivo_pausa: 'Cozinha cheia',
    });

    const refused = await placeOrder(t, customer.token, await burgerOrder());
    expectRefusal(refused, 409, 'STORE_CLOSED');
    expect((await customerState(t, customer.userId)).orders).toBe(0);

    t.setNow(new Date(TUESDAY_NOON.getTime() + 21 * MINUTE));
    expect(await company()).toMatchObject({
      loja_aberta: true,
      reabre_em: null,
      pausada: false,
      motivo_pausa: null,
    });
    expect(await controls()).toMatchObject({ open_now: true, paused_until: null, pause_reason: null });
    const placed = await placeOrder(t, customer.token, await burgerOrder());
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('ends early when the pause is lifted', async () => {
    await call('POST', '/staff/store/pause', staff.token, { minutes: 60 });
    expect((await company()).loja_aberta).toBe(false);
    const lifted = await call('DELETE', '/staff/store/pause', staff.token);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(storeControlsReply.parse(lifted.json())).toMatchObject({ open_now: true, paused_until: null });
    expect((await company()).loja_aberta).toBe(true);
  });

  it('a paused store that schedules still takes scheduled orders, and reopens when its hours say', async () => {
    await call('POST', '/staff/store/pause', sakuraStaff.token, { minutes: 240 }, SAKURA);
    const info = await company(SAKURA);
    // The pause ends at 16:00, after lunch (11:30–14:30): dinner opens at 18:00.
    expect(info).toMatchObject({ loja_aberta: false, reabre_em: '2026-05-05T21:00:00.000Z' });
    const account = await signUp(t.app, { host: SAKURA });
    const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
    const now = await placeOrder(t, account.token, submission(account.userId, [line]), { host: SAKURA });
    expectRefusal(now, 409, 'STORE_CLOSED');
    const period = info.schedule_periods.find((p) => p.free)!.period;
    const later = submission(account.userId, [line], { agendado: true, hora_entrega: period });
    const scheduled = await placeOrder(t, account.token, later, { host: SAKURA });
    expect(scheduled.statusCode, scheduled.body).toBe(201);
    expect(orderPlacedReply.parse(scheduled.json()).order).toMatchObject({
      agendado: true,
      hora_entrega: period,
    });
  });

  it.each([
    [{ minutes: 4 }],
    [{ minutes: 241 }],
    [{ minutes: 12.5 }],
    [{ minutes: '30' }],
    [{}],
    [{ minutes: 30, reason: 'x'.repeat(121) }],
    [{ minutes: 30, until: '2030-01-01' }],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const before = await controls();
    const response = await call('POST', '/staff/store/pause', staff.token, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(await controls()).toEqual(before);
  });
});

describe('open or closed now', () => {
  it('closed: the storefront is closed with no reopening time, orders are refused; auto follows the hours again', async () => {
    const closed = await call('PUT', '/staff/store/mode', staff.token, { mode: 'closed' });
    expect(storeControlsReply.parse(closed.json())).toMatchObject({
      mode: 'closed',
      open_now: false,
      closed_by: 'mode',
      reopens_at: null,
    });
    expect(await company()).toMatchObject({ loja_aberta: false, reabre_em: null });
    expectRefusal(await placeOrder(t, customer.token, await burgerOrder()), 409, 'STORE_CLOSED');
    await call('PUT', '/staff/store/mode', staff.token, { mode: 'auto' });
    expect((await company()).loja_aberta).toBe(true);
  });

  it('open: takes orders outside the hours', async () => {
    const night = new Date('2026-05-05T23:30:00-03:00');
    t.setNow(night);
    const hours = await company(SAKURA);
    expect(hours).toMatchObject({ loja_aberta: false, reabre_em: '2026-05-06T14:30:00.000Z' });
    await call('PUT', '/staff/store/mode', sakuraStaff.token, { mode: 'open' }, SAKURA);
    expect(await company(SAKURA)).toMatchObject({ loja_aberta: true, reabre_em: null });
    const account = await signUp(t.app, { host: SAKURA });
    const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
    const placed = await placeOrder(t, account.token, submission(account.userId, [line]), { host: SAKURA });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('refuses an unknown mode with 400', async () => {
    const response = await call('PUT', '/staff/store/mode', staff.token, { mode: 'sometimes' });
    expect(response.statusCode).toBe(400);
    expect((await controls()).mode).toBe('auto');
  });
});

describe('order settings', () => {
  it('switches auto-accept and auto-print, one at a time', async () => {
    const accept = await call('PATCH', '/staff/store/settings', staff.token, { auto_accept: true });
    expect(storeControlsReply.parse(accept.json())).toMatchObject({ auto_accept: true, auto_print: false });
    const print = await call('PATCH', '/staff/store/settings', staff.token, { auto_print: true });
    expect(storeControlsReply.parse(print.json())).toMatchObject({ auto_accept: true, auto_print: true });
    await call('PATCH', '/staff/store/settings', staff.token, { auto_accept: false, auto_print: false });
    expect(await controls()).toMatchObject({ auto_accept: false, auto_print: false });
  });

  it('auto-accept moves a new order for now to Preparo by itself; a scheduled one waits', async () => {
    await call('PATCH', '/staff/store/settings', staff.token, { auto_accept: true });
    try {
      const buyer = await signUp(t.app, { name: 'Ana Auto' });
      const placed = await placeOrder(t, buyer.token, { ...(await burgerOrder()), fk_cliente: buyer.userId });
      expect(placed.statusCode, placed.body).toBe(201);
      const id = orderPlacedReply.parse(placed.json()).order_info.order_id;
      const seen = staffOrder.parse((await call('GET', `/staff/orders/${id}`, staff.token)).json());
      expect(seen.status).toBe('Preparo');
      expect(seen.status_changes.map((c) => [c.from, c.status, c.by])).toEqual([
        [null, 'Solicitado', buyer.userId],
        ['Solicitado', 'Preparo', null],
      ]);
      const mine = await t.app.inject({
        method: 'GET',
        url: `/bar/atendimentos_app/${id}`,
        headers: { host: PIZZARIA, ...bearer(buyer.token) },
      });
      expect(mine.json()).toMatchObject({ id, status: 'Preparo' });
    } finally {
      await call('PATCH', '/staff/store/settings', staff.token, { auto_accept: false });
    }
    const buyer = await signUp(t.app, { name: 'Ana Manual' });
    const placed = await placeOrder(t, buyer.token, { ...(await burgerOrder()), fk_cliente: buyer.userId });
    const id = orderPlacedReply.parse(placed.json()).order_info.order_id;
    expect(staffOrder.parse((await call('GET', `/staff/orders/${id}`, staff.token)).json()).status).toBe(
      'Solicitado',
    );
  });

  it('auto-accept leaves a scheduled order waiting for its time', async () => {
    await call('PATCH', '/staff/store/settings', sakuraStaff.token, { auto_accept: true }, SAKURA);
    try {
      const info = await company(SAKURA);
      const account = await signUp(t.app, { host: SAKURA });
      const line = await cartLine(t, { ref: 'combinado-salmao-16', host: SAKURA });
      const period = info.schedule_periods.find((p) => p.free)!.period;
      const later = submission(account.userId, [line], { agendado: true, hora_entrega: period });
      const placed = await placeOrder(t, account.token, later, { host: SAKURA });
      expect(placed.statusCode, placed.body).toBe(201);
      const id = orderPlacedReply.parse(placed.json()).order_info.order_id;
      const seen = await call('GET', `/staff/orders/${id}`, sakuraStaff.token, undefined, SAKURA);
      expect(staffOrder.parse(seen.json()).status).toBe('Solicitado');
    } finally {
      await call('PATCH', '/staff/store/settings', sakuraStaff.token, { auto_accept: false }, SAKURA);
    }
  });

  it('refuses an empty change and unknown fields with 400', async () => {
    expect((await call('PATCH', '/staff/store/settings', staff.token, {})).statusCode).toBe(400);
    expect((await call('PATCH', '/staff/store/settings', staff.token, { auto_pay: true })).statusCode).toBe(
      400,
    );
  });
});

describe('sold out', () => {
  async function listedBurger() {
    const response = await t.app.inject({
      method: 'GET',
      url: '/estoque/produtos_app',
      headers: { host: PIZZARIA },
    });
    return productList.parse(response.json()).find((p) => p.id === burgerId)!;
  }
  let burgerId: number;
  beforeAll(async () => {
    burgerId = await productIdOf(t, 'burger-classico');
  });

  it('a product: listed as sold out at once, refused by order placement, and back when switched back', async () => {
    const order = await burgerOrder();
    const version = await menuVersion();
    const response = await call('PUT', `/staff/menu/products/${burgerId}/sold-out`, staff.token, {
      sold_out: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = soldOutReply.parse(response.json());
    expect(reply).toMatchObject({ id: burgerId, esgotado: true });
    expect(reply.menu_version).toBe(version + 1);
    expect(await menuVersion()).toBe(version + 1);
    expect((await listedBurger()).esgotado).toBe(true);

    const buyer = await signUp(t.app, { name: 'Rui Costa' });
    const refused = await placeOrder(t, buyer.token, { ...order, fk_cliente: buyer.userId });
    expectRefusal(refused, 409, 'SOLD_OUT');
    expect((await customerState(t, buyer.userId)).orders).toBe(0);

    const availability = menuAvailabilityReply.parse(
      (await call('GET', '/staff/menu/availability', staff.token)).json(),
    );
    const listed = availability.categories.flatMap((c) => c.products).find((p) => p.id === burgerId);
    expect(listed).toMatchObject({ esgotado: true });

    await call('PUT', `/staff/menu/products/${burgerId}/sold-out`, staff.token, { sold_out: false });
    expect(await menuVersion()).toBe(version + 2);
    expect((await listedBurger()).esgotado).toBe(false);
    const placed = await placeOrder(t, buyer.token, { ...order, fk_cliente: buyer.userId });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('an option item: no longer offered, and an order naming it is refused', async () => {
    const order = await burgerOrder();
    const product = fullProduct.parse(await loadFullProduct(t, burgerId));
    const item = product.grupos.flatMap((g) => g.grupo.lista_itens).find((i) => i.descricao === 'Ao ponto')!;
    const version = await menuVersion();
    const response = await call('PUT', `/staff/menu/option-items/${item.id}/sold-out`, staff.token, {
      sold_out: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await menuVersion()).toBe(version + 1);
    const after = fullProduct.parse(await loadFullProduct(t, burgerId));
    expect(after.grupos.flatMap((g) => g.grupo.lista_itens).find((i) => i.id === item.id)?.esgotado).toBe(
      true,
    );

    const buyer = await signUp(t.app, { name: 'Lia Prado' });
    expectRefusal(
      await placeOrder(t, buyer.token, { ...order, fk_cliente: buyer.userId }),
      409,
      'ITEM_UNAVAILABLE',
    );
    expect((await customerState(t, buyer.userId)).orders).toBe(0);
    await call('PUT', `/staff/menu/option-items/${item.id}/sold-out`, staff.token, { sold_out: false });
    const placed = await placeOrder(t, buyer.token, { ...order, fk_cliente: buyer.userId });
    expect(placed.statusCode, placed.body).toBe(201);
  });

  it('ids of another store, unknown ids and bad bodies are refused and raise nothing', async () => {
    const sakuraProduct = await productIdOf(t, 'combinado-salmao-16', SAKURA);
    const version = await menuVersion();
    expectRefusal(
      await call('PUT', `/staff/menu/products/${sakuraProduct}/sold-out`, staff.token, { sold_out: true }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectRefusal(
      await call('PUT', '/staff/menu/option-items/999999/sold-out', staff.token, { sold_out: true }),
      404,
      'OPTION_ITEM_NOT_FOUND',
    );
    for (const body of [{}, { sold_out: 'yes' }, { sold_out: true, extra: 1 }]) {
      const response = await call('PUT', `/staff/menu/products/${burgerId}/sold-out`, staff.token, body);
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(
      (await call('PUT', '/staff/menu/products/abc/sold-out', staff.token, { sold_out: true })).statusCode,
    ).toBe(400);
    expect(await menuVersion()).toBe(version);
    const sakuraListed = productList.parse(
      (await t.app.inject({ method: 'GET', url: '/estoque/produtos_app', headers: { host: SAKURA } })).json(),
    );
    expect(sakuraListed.find((p) => p.id === sakuraProduct)?.esgotado).toBe(false);
  });
});

describe('one switch for the same option item in every group', () => {
  async function availability(token = staff.token, host = PIZZARIA) {
    const response = await call('GET', '/staff/menu/availability', token, undefined, host);
    expect(response.statusCode, response.body).toBe(200);
    return menuAvailabilityReply.parse(response.json());
  }

  /** The sold-out flags of every copy of an option item (by ref) in a store's groups. */
  async function copies(ref: string, host = PIZZARIA) {
    const rows = await t.database.db
      .select({
        id: optionGroupItems.id,
        descricao: optionGroupItems.descricao,
        esgotado: optionGroupItems.esgotado,
      })
      .from(optionGroupItems)
      .where(and(eq(optionGroupItems.storeId, await storeIdOf(t, host)), eq(optionGroupItems.ref, ref)));
    return rows.sort((a, b) => a.id - b.id);
  }

  async function offeredTo(productRef: string, itemName: string) {
    const product = fullProduct.parse(await loadFullProduct(t, await productIdOf(t, productRef)));
    return product.grupos.flatMap((g) => g.grupo.lista_itens).find((i) => i.descricao === itemName);
  }

  afterEach(async () => {
    for (const ref of ['calabresa', 'coca'])
      for (const copy of await copies(ref))
        await call('PUT', `/staff/menu/option-items/${copy.id}/sold-out`, staff.token, { sold_out: false });
  });

  it('lists a flavour held by four groups once, under the groups named by the products that ask for them', async () => {
    const lists = (await availability()).option_lists;
    const holding = lists.filter((list) => list.items.some((item) => item.descricao === 'Calabresa'));
    expect(holding).toHaveLength(1);
    const flavours = holding[0]!;
    expect(flavours.groups).toEqual(['Escolha até 2 sabores']);
    expect(flavours.products).toEqual(
      expect.arrayContaining([
        'Combo Grande + Refri 2 L',
        'Pizza Meio a Meio Média',
        'Pizza Meio a Meio Grande',
        'Pizza Dois Sabores Premium',
      ]),
    );
    const calabresa = flavours.items.find((item) => item.descricao === 'Calabresa')!;
    expect(calabresa.ids).toEqual((await copies('calabresa')).map((copy) => copy.id));
    expect(calabresa.ids).toHaveLength(4);
    // No internal refs anywhere in what the screen shows.
    expect(JSON.stringify(lists)).not.toMatch(/sabores-|refrigerante-|ingredientes-/);
  });

  it('switches every copy at once, the customer menu and order placement follow, and back', async () => {
    const [first, , third] = await copies('calabresa');
    const version = await menuVersion();
    const response = await call('PUT', `/staff/menu/option-items/${third!.id}/sold-out`, staff.token, {
      sold_out: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const reply = soldOutReply.parse(response.json());
    expect(reply).toMatchObject({
      id: third!.id,
      descricao: 'Calabresa',
      esgotado: true,
      menu_version: version + 1,
    });
    expect(reply.ids).toHaveLength(4);
    expect((await copies('calabresa')).every((copy) => copy.esgotado)).toBe(true);
    expect(await menuVersion()).toBe(version + 1);
    for (const product of ['pizza-dois-sabores-premium', 'combo-pizza-refri', 'pizza-meio-a-meio-media'])
      expect((await offeredTo(product, 'Calabresa'))?.esgotado, product).toBe(true);
    const listed = (await availability()).option_lists
      .flatMap((list) => list.items)
      .find((item) => item.descricao === 'Calabresa');
    expect(listed).toMatchObject({ id: first!.id, esgotado: true });

    await call('PUT', `/staff/menu/option-items/${first!.id}/sold-out`, staff.token, { sold_out: false });
    expect((await copies('calabresa')).some((copy) => copy.esgotado)).toBe(false);
    expect((await offeredTo('combo-pizza-refri', 'Calabresa'))?.esgotado).toBe(false);
  });

  it('copies with the same ref but another name are other things (a can is not a 2 L bottle)', async () => {
    const [can, bottle] = await copies('coca');
    expect([can!.descricao, bottle!.descricao].sort()).toEqual(['Coca-Cola 2 L', 'Coca-Cola lata']);
    const response = await call('PUT', `/staff/menu/option-items/${can!.id}/sold-out`, staff.token, {
      sold_out: true,
    });
    expect(soldOutReply.parse(response.json()).ids).toEqual([can!.id]);
    expect((await copies('coca')).map((copy) => copy.esgotado)).toEqual([true, false]);
  });

  it('an attendant may switch it; a customer, another store’s staff and another store’s ids change nothing', async () => {
    const attendant = await signInStaff(t, { role: 'attendant', name: 'Caio Atendente' });
    const [copy] = await copies('calabresa');
    const ok = await call('PUT', `/staff/menu/option-items/${copy!.id}/sold-out`, attendant.token, {
      sold_out: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await call('PUT', `/staff/menu/option-items/${copy!.id}/sold-out`, attendant.token, { sold_out: false });

    const version = await menuVersion();
    const url = `/staff/menu/option-items/${copy!.id}/sold-out`;
    expectRefusal(await call('PUT', url, customer.token, { sold_out: true }), 403, 'FORBIDDEN');
    expectRefusal(await call('PUT', url, sakuraStaff.token, { sold_out: true }), 401, 'NOT_AUTHENTICATED');
    expectRefusal(
      await call('PUT', url, sakuraStaff.token, { sold_out: true }, SAKURA),
      404,
      'OPTION_ITEM_NOT_FOUND',
    );
    expectRefusal(await call('GET', '/staff/menu/availability', sakuraStaff.token), 401, 'NOT_AUTHENTICATED');
    expect((await copies('calabresa')).some((c) => c.esgotado)).toBe(false);
    expect(await menuVersion()).toBe(version);
    // Sakura's own list holds only sakura's items.
    const sakuraItems = (await availability(sakuraStaff.token, SAKURA)).option_lists.flatMap((l) => l.items);
    expect(sakuraItems.some((item) => item.descricao === 'Calabresa')).toBe(false);
  });
});

describe('the change history records pauses and sold-out switches', () => {
  async function history(token = staff.token, host = PIZZARIA) {
    const response = await call('GET', '/staff/editor/audit?limit=10', token, undefined, host);
    expect(response.statusCode, response.body).toBe(200);
    return editorAuditReply.parse(response.json()).entries;
  }

  it('who paused, for how long and why, and who ended it', async () => {
    const before = (await history())[0]?.id ?? 0;
    await call('POST', '/staff/store/pause', staff.token, { minutes: 30, reason: 'Cozinha cheia' });
    await call('DELETE', '/staff/store/pause', staff.token);
    // Ending a pause that is not on changes nothing: no entry.
    await call('DELETE', '/staff/store/pause', staff.token);
    const entries = (await history()).filter((entry) => entry.id > before);
    expect(entries.map((entry) => [entry.section, entry.staff.nome, entry.after])).toEqual([
      ['pause', 'Ana Lima', { paused_until: null, pause_reason: null }],
      [
        'pause',
        'Ana Lima',
        {
          paused_until: new Date(TUESDAY_NOON.getTime() + 30 * MINUTE).toISOString(),
          pause_reason: 'Cozinha cheia',
          minutes: 30,
        },
      ],
    ]);
    expect(entries[1]!.at).toBe(TUESDAY_NOON.toISOString());
    expect(entries[0]!.before).toMatchObject({ pause_reason: 'Cozinha cheia' });
  });

  it('who switched what sold out and back, once per change, in its own store only', async () => {
    const attendant = await signInStaff(t, { role: 'attendant', name: 'Caio Atendente' });
    const before = (await history())[0]?.id ?? 0;
    const burger = await productIdOf(t, 'burger-classico');
    const [calabresa] = await t.database.db
      .select({ id: optionGroupItems.id })
      .from(optionGroupItems)
      .where(
        and(
          eq(optionGroupItems.storeId, await storeIdOf(t, PIZZARIA)),
          eq(optionGroupItems.ref, 'calabresa'),
        ),
      );
    await call('PUT', `/staff/menu/products/${burger}/sold-out`, attendant.token, { sold_out: true });
    // The same switch again changes nothing: not a new entry.
    await call('PUT', `/staff/menu/products/${burger}/sold-out`, attendant.token, { sold_out: true });
    await call('PUT', `/staff/menu/option-items/${calabresa!.id}/sold-out`, staff.token, { sold_out: true });
    await call('PUT', `/staff/menu/option-items/${calabresa!.id}/sold-out`, staff.token, { sold_out: false });
    await call('PUT', `/staff/menu/products/${burger}/sold-out`, staff.token, { sold_out: false });
    const entries = (await history()).filter((entry) => entry.id > before).reverse();
    expect(entries.map((entry) => [entry.section, entry.staff.nome, entry.staff.role, entry.after])).toEqual([
      [
        'sold_out',
        'Caio Atendente',
        'attendant',
        { kind: 'product', ref: 'burger-classico', descricao: 'Burger Clássico', esgotado: true, copies: 1 },
      ],
      [
        'sold_out',
        'Ana Lima',
        'owner',
        { kind: 'option_item', ref: 'calabresa', descricao: 'Calabresa', esgotado: true, copies: 4 },
      ],
      [
        'sold_out',
        'Ana Lima',
        'owner',
        { kind: 'option_item', ref: 'calabresa', descricao: 'Calabresa', esgotado: false, copies: 4 },
      ],
      [
        'sold_out',
        'Ana Lima',
        'owner',
        { kind: 'product', ref: 'burger-classico', descricao: 'Burger Clássico', esgotado: false, copies: 1 },
      ],
    ]);
    expect(
      (await history(sakuraStaff.token, SAKURA)).some(
        (entry) => entry.section === 'sold_out' && entry.after.ref === 'calabresa',
      ),
    ).toBe(false);
  });

  it('a refused switch or pause writes nothing', async () => {
    const before = (await history())[0]?.id ?? 0;
    await call('PUT', '/staff/menu/option-items/999999/sold-out', staff.token, { sold_out: true });
    await call('POST', '/staff/store/pause', staff.token, { minutes: 4 });
    await call('POST', '/staff/store/pause', customer.token, { minutes: 30 });
    expect((await history()).filter((entry) => entry.id > before)).toEqual([]);
  });
});
