import { randomUUID } from 'node:crypto';
import { orderPlacedReply, staffPixCharge } from '@comanda/contract';
import { orderLedgerParts } from '@comanda/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cashRegisters,
  ledgerEntries,
  orders,
  payments,
  registerSessions,
  tabSharePayments,
  tabShares,
} from '../../db/schema.ts';
import { bearer, type StaffSignedIn, signInStaff, signUp } from '../../test/accounts.ts';
import {
  addCoupon,
  cartLine,
  placeOrder,
  setPoints,
  storeIdOf,
  submission,
  tableOf,
} from '../../test/orders.ts';
import {
  buildPaymentsTestApp,
  createdIntent,
  type PaymentsTestApp,
  PIX_STORES,
} from '../../test/payments.ts';
import { roundAtTable, staffCall, tabOf } from '../../test/tables.ts';
import { changeStatus } from '../../test/tracking.ts';

/*
 * The ledger agrees with the orders and the table shares (issue 33, docs/decisions/0057): random
 * days of a pizzaria with every channel (counter and phone orders entered by the staff, edited or
 * cancelled; pickup paid in person with coupons and the loyalty reward, delivered or cancelled; PIX
 * online paid, left unpaid or refunded by a cancel; counter and phone orders paid by a PIX charge
 * through the provider, paid, left unpaid, given up or cancelled after; tables closed with or without the service fee, shares paid at the counter or by PIX in
 * the app) leave, for every order, entries that add up to what it is worth now, for every paid share
 * its amount, and nothing else.
 */

const HOST: string = PIX_STORES.mercadopago;
let p: PaymentsTestApp;
let owner: StaffSignedIn;
let storeId: number;
let couponSeq = 0;

beforeAll(async () => {
  p = await buildPaymentsTestApp();
  owner = await signInStaff(p.t, { host: HOST });
  storeId = await storeIdOf(p.t, HOST);
});
afterAll(async () => {
  await p.close();
});

type InPerson = {
  kind: 'in_person';
  /** A coupon and the loyalty reward are never used together (the checkout's rule). */
  discount: 'none' | 'coupon' | 'reward';
  end: 'open' | 'delivered' | 'cancelled';
};
type OnlinePix = { kind: 'pix'; paid: boolean; cancelled: boolean };
type Table = { kind: 'table'; fee: boolean; people: number; paidBy: readonly ('cash' | 'pix')[] };
type Staff = {
  kind: 'staff';
  channel: 'balcao' | 'telefone';
  edit: 'none' | 'add' | 'payment';
  cancelled: boolean;
};
/** An order entered at the counter or by phone, paid by a PIX charge through the provider (0063). */
type CounterPix = {
  kind: 'counter_pix';
  channel: 'balcao' | 'telefone';
  end: 'unpaid' | 'given_up' | 'paid' | 'paid_cancelled';
};
type Step = InPerson | OnlinePix | Table | Staff | CounterPix;

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('staff' as const),
    channel: fc.constantFrom('balcao' as const, 'telefone' as const),
    edit: fc.constantFrom('none' as const, 'add' as const, 'payment' as const),
    cancelled: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('in_person' as const),
    discount: fc.constantFrom('none' as const, 'coupon' as const, 'reward' as const),
    end: fc.constantFrom('open' as const, 'delivered' as const, 'cancelled' as const),
  }),
  fc.record({ kind: fc.constant('pix' as const), paid: fc.boolean(), cancelled: fc.boolean() }),
  fc.record({
    kind: fc.constant('counter_pix' as const),
    channel: fc.constantFrom('balcao' as const, 'telefone' as const),
    end: fc.constantFrom('unpaid' as const, 'given_up' as const, 'paid' as const, 'paid_cancelled' as const),
  }),
  fc.record({
    kind: fc.constant('table' as const),
    fee: fc.boolean(),
    people: fc.integer({ min: 1, max: 3 }),
    paidBy: fc.array(fc.constantFrom('cash' as const, 'pix' as const), { minLength: 0, maxLength: 3 }),
  }),
);

async function move(orderId: number, status: string) {
  const payload = status === 'Cancelado' ? { status, reason: 'Cliente desistiu' } : { status };
  const response = await changeStatus(p.t, owner.token, orderId, payload, HOST);
  expect(response.statusCode, response.body).toBe(200);
}

async function inPerson(s: InPerson) {
  const account = await signUp(p.t.app, { host: HOST });
  if (s.discount === 'reward') await setPoints(p.t, account.userId, 1000);
  const code = `DIA${++couponSeq}`;
  const couponId =
    s.discount === 'coupon' ? await addCoupon(p.t, { code, valor: 10, perc: true }, HOST) : null;
  const line = await cartLine(p.t, { ref: 'pizza-calabresa-grande', qtd: 2, host: HOST });
  const response = await placeOrder(
    p.t,
    account.token,
    submission(account.userId, [line], { fk_cupom: couponId, fidelidade_utilizada: s.discount === 'reward' }),
    { host: HOST },
  );
  expect(response.statusCode, response.body).toBe(201);
  const id = orderPlacedReply.parse(response.json()).order_info.order_id;
  if (s.end === 'delivered')
    for (const status of ['Preparo', 'Finalização', 'Entregue']) await move(id, status);
  if (s.end === 'cancelled') await move(id, 'Cancelado');
}

/** An order entered at the counter or from a phone call, edited before it is prepared. */
async function staffEntered(s: Staff) {
  const account = await signUp(p.t.app, { host: HOST });
  const line = await cartLine(p.t, { ref: 'pizza-calabresa-grande', host: HOST });
  const placed = await p.t.app.inject({
    method: 'POST',
    url: '/staff/orders',
    headers: { host: HOST, ...bearer(owner.token), 'idempotency-key': randomUUID() },
    payload: { ...submission(account.userId, [line]), canal: s.channel },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = orderPlacedReply.parse(placed.json()).order_info.order_id;
  if (s.edit !== 'none') {
    const body =
      s.edit === 'add'
        ? { adicionar: [await cartLine(p.t, { ref: 'guarana-lata', host: HOST })] }
        : { fk_forma_pagamento: 1, troco_para: 20_000 };
    const edited = await staffCall(p.t, owner.token, 'POST', `/staff/orders/${id}/edit`, body, HOST);
    expect(edited.statusCode, edited.body).toBe(200);
  }
  if (s.cancelled) await move(id, 'Cancelado');
}

async function onlinePix(s: OnlinePix) {
  const account = await signUp(p.t.app, { host: HOST });
  const line = await cartLine(p.t, {
    ref: 'burger-classico',
    host: HOST,
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
  });
  const intent = await createdIntent(p.t, account.token, submission(account.userId, [line]), HOST);
  if (!s.paid) return;
  p.standin.pay(intent.transaction_id!);
  await p.standin.context.notifier.settled();
  if (s.cancelled) await move(intent.order_id!, 'Cancelado');
}

/** A counter order paid by a PIX charge: counted once, online, when the provider confirms it. */
async function counterPix(s: CounterPix) {
  const account = await signUp(p.t.app, { host: HOST });
  const line = await cartLine(p.t, { ref: 'pizza-calabresa-grande', host: HOST });
  const opened = await p.t.app.inject({
    method: 'POST',
    url: '/staff/pix-charges',
    headers: { host: HOST, ...bearer(owner.token), 'idempotency-key': randomUUID() },
    payload: { ...submission(account.userId, [line], { fk_forma_pagamento: 999 }), canal: s.channel },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const charge = staffPixCharge.parse(opened.json());
  if (s.end === 'unpaid') return;
  if (s.end === 'given_up') {
    const cancelled = await staffCall(
      p.t,
      owner.token,
      'POST',
      `/staff/pix-charges/${charge.intent_id}/cancel`,
      {},
      HOST,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return;
  }
  const [payment] = await p.t.database.db
    .select()
    .from(payments)
    .where(eq(payments.publicId, charge.intent_id));
  p.standin.pay(payment!.providerRef!);
  await p.standin.context.notifier.settled();
  if (s.end === 'paid_cancelled') await move(charge.order_id, 'Cancelado');
}

async function table(s: Table) {
  const qr = await tableOf(p.t, 'mesa-2', HOST);
  const account = await signUp(p.t.app, { host: HOST });
  const beer = await cartLine(p.t, { ref: 'cerveja-long-neck', channel: 'local', host: HOST, qtd: 3 });
  const orderId = await roundAtTable(p.t, account, qr, { lines: [beer], host: HOST });
  const [round] = await p.t.database.db
    .select({ tabId: orders.tabId })
    .from(orders)
    .where(eq(orders.id, orderId));
  const tabId = round!.tabId!;
  const closed = await staffCall(
    p.t,
    owner.token,
    'POST',
    `/staff/tabs/${tabId}/close`,
    { service_fee: s.fee, split: { mode: 'even', people: s.people } },
    HOST,
  );
  expect(closed.statusCode, closed.body).toBe(200);
  const shares = (await tabOf(p.t, owner.token, tabId, HOST)).partes;
  for (const [i, how] of s.paidBy.slice(0, shares.length).entries()) {
    const share = shares[i]!;
    if (how === 'cash') {
      const paid = await staffCall(
        p.t,
        owner.token,
        'POST',
        `/staff/tabs/${tabId}/shares/${share.id}/paid`,
        { forma_pagamento: 'Dinheiro' },
        HOST,
      );
      expect(paid.statusCode, paid.body).toBe(200);
      continue;
    }
    const asked = await p.t.app.inject({
      method: 'POST',
      url: `/bar/v2/tables/${qr.id}/tab/shares/${share.id}/pix/?token=${qr.token}`,
      headers: { host: HOST },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const [attempt] = await p.t.database.db
      .select()
      .from(tabSharePayments)
      .where(eq(tabSharePayments.id, (asked.json() as { id: number }).id));
    p.standin.pay(attempt!.providerRef!);
    await p.standin.context.notifier.settled();
    const polled = await p.t.app.inject({
      method: 'GET',
      url: `/bar/v2/tables/${qr.id}/tab/shares/${share.id}/pix/${attempt!.id}/?token=${qr.token}`,
      headers: { host: HOST },
    });
    expect(polled.json()).toMatchObject({ status: 'paid' });
  }
  // A tab left with unpaid shares is settled at the counter, so the next day's table is free.
  for (const share of (await tabOf(p.t, owner.token, tabId, HOST)).partes) {
    if (share.pago_em !== null) continue;
    await staffCall(
      p.t,
      owner.token,
      'POST',
      `/staff/tabs/${tabId}/shares/${share.id}/paid`,
      { forma_pagamento: 'Cartão' },
      HOST,
    );
  }
}

/** Every order's entries add up to what it is worth; every share's to its amount if paid. */
async function ledgerAgrees() {
  const db = p.t.database.db;
  const held = await db
    .select({ orderId: ledgerEntries.orderId, amount: sql<number>`sum(${ledgerEntries.amount})::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.storeId, storeId), sql`${ledgerEntries.orderId} is not null`))
    .groupBy(ledgerEntries.orderId);
  const heldByOrder = new Map(held.map((row) => [row.orderId!, row.amount]));
  for (const order of await db.select().from(orders).where(eq(orders.storeId, storeId))) {
    expect(heldByOrder.get(order.id) ?? 0, `order ${order.id} (${order.status})`).toBe(
      orderLedgerParts(order).amount,
    );
  }
  const byShare = await db
    .select({ shareId: ledgerEntries.shareId, amount: sql<number>`sum(${ledgerEntries.amount})::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.storeId, storeId), sql`${ledgerEntries.shareId} is not null`))
    .groupBy(ledgerEntries.shareId);
  const heldByShare = new Map(byShare.map((row) => [row.shareId!, row.amount]));
  for (const share of await db.select().from(tabShares).where(eq(tabShares.storeId, storeId))) {
    expect(heldByShare.get(share.id) ?? 0, `share ${share.id}`).toBe(share.paidAt ? share.amount : 0);
  }
  const [stray] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.storeId, storeId),
        sql`${ledgerEntries.orderId} is null and ${ledgerEntries.shareId} is null`,
      ),
    );
  expect(stray!.n).toBe(0);
}

describe('the ledger of a simulated day', () => {
  it('agrees with every order and table share, whatever the day brings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 5 }), async (day) => {
        for (const s of day) {
          if (s.kind === 'in_person') await inPerson(s);
          else if (s.kind === 'staff') await staffEntered(s);
          else if (s.kind === 'pix') await onlinePix(s);
          else if (s.kind === 'counter_pix') await counterPix(s);
          else await table(s);
        }
        await ledgerAgrees();
      }),
      { numRuns: 6, endOnFailure: true },
    );
  }, 240_000);

  it('in-person money is taken in the register opened first; online money never; a later cancel in the one open then', async () => {
    const db = p.t.database.db;
    const now = new Date();
    const registers = await db
      .insert(cashRegisters)
      .values([
        { storeId, name: 'Balcão', createdAt: now },
        { storeId, name: 'Delivery', createdAt: now },
      ])
      .returning();
    const open = async (registerId: number, at: Date) =>
      (
        await db
          .insert(registerSessions)
          .values({ storeId, registerId, openedAt: at, openingFloat: 10_000 })
          .returning()
      )[0]!;
    const first = await open(registers[1]!.id, new Date(now.getTime() - 60_000));
    const second = await open(registers[0]!.id, now);

    const account = await signUp(p.t.app, { host: HOST });
    const line = await cartLine(p.t, { ref: 'pizza-calabresa-grande', host: HOST });
    const placed = await placeOrder(p.t, account.token, submission(account.userId, [line]), { host: HOST });
    const inPersonId = orderPlacedReply.parse(placed.json()).order_info.order_id;
    await onlinePix({ kind: 'pix', paid: true, cancelled: false });

    const entriesOf = (orderId: number) =>
      db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(ledgerEntries.id);
    expect((await entriesOf(inPersonId)).map((e) => e.registerSessionId)).toEqual([first.id]);
    const [online] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.online, true)))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    expect(online!.registerSessionId).toBeNull();
    // A counter order paid by a PIX charge is online money too, though taken at the counter.
    await counterPix({ kind: 'counter_pix', channel: 'balcao', end: 'paid' });
    const [counter] = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.storeId, storeId), eq(ledgerEntries.online, true)))
      .orderBy(desc(ledgerEntries.id))
      .limit(1);
    expect(counter).toMatchObject({ channel: 'balcao', registerSessionId: null, kind: 'venda' });

    // The first session closes and its register opens again: the cancel's money leaves the drawer
    // of the session opened first among those open now.
    await db.update(registerSessions).set({ closedAt: new Date() }).where(eq(registerSessions.id, first.id));
    await open(registers[1]!.id, new Date());
    await move(inPersonId, 'Cancelado');
    const entries = await entriesOf(inPersonId);
    const sold = entries[0]!.amount;
    expect(sold).toBeGreaterThan(0);
    expect(entries.map((e) => [e.kind, e.amount, e.registerSessionId])).toEqual([
      ['venda', sold, first.id],
      ['estorno', -sold, second.id],
    ]);
    await db
      .update(registerSessions)
      .set({ closedAt: new Date() })
      .where(eq(registerSessions.storeId, storeId));
  });
});
