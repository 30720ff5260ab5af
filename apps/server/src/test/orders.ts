import { randomUUID } from 'node:crypto';
import { fullProduct as fullProductReply } from '@comanda/contract';
import {
  buildCartLine,
  type CartLineDraft,
  type Channel,
  type FullProduct,
  initialPicks,
  type Picks,
} from '@comanda/domain';
import { and, count, eq, sum } from 'drizzle-orm';
import {
  couponRedemptions,
  coupons,
  customers,
  diningTables,
  idempotencyKeys,
  loyaltyPointsLedger,
  orderLines,
  orders,
  products,
  storeOrderNumbers,
  stores,
} from '../db/schema.ts';
import { bearer, PIZZARIA } from './accounts.ts';
import type { TestApp } from './test-app.ts';

export { submission } from './submission.ts';

/*
 * Order fixtures for server tests: cart lines built the way the storefront builds them (the full
 * product from the menu call, then `buildCartLine` of @comanda/domain), the submission payload, the
 * placement call, and the database state a test asserts on.
 */

const slugOf = (host: string) => host.split('.')[0]!;

export async function storeIdOf(t: TestApp, host: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.slug, slugOf(host)));
  return row!.id;
}

/**
 * Moves the store's order numbers on (its next order is nº `last` + 1), so a test tells the number
 * people read (orders.numero, ADR 0065) from the order's id.
 */
export async function skipOrderNumbers(t: TestApp, last: number, host = PIZZARIA): Promise<void> {
  const storeId = await storeIdOf(t, host);
  await t.database.db
    .insert(storeOrderNumbers)
    .values({ storeId, lastNumber: last })
    .onConflictDoUpdate({ target: storeOrderNumbers.storeId, set: { lastNumber: last } });
}

export async function productIdOf(t: TestApp, ref: string, host = PIZZARIA): Promise<number> {
  const storeId = await storeIdOf(t, host);
  const [row] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.storeId, storeId), eq(products.ref, ref)));
  if (!row) throw new Error(`no product ${ref} at ${host}`);
  return row.id;
}

export async function tableIdOf(t: TestApp, ref: string, host = PIZZARIA): Promise<number> {
  const storeId = await storeIdOf(t, host);
  const [row] = await t.database.db
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(and(eq(diningTables.storeId, storeId), eq(diningTables.ref, ref)));
  return row!.id;
}

/** A table's id and the token of its QR code (what a table order must send: token_mesa). */
export async function tableOf(
  t: TestApp,
  ref: string,
  host = PIZZARIA,
): Promise<{ id: number; token: string }> {
  const storeId = await storeIdOf(t, host);
  const [row] = await t.database.db
    .select({ id: diningTables.id, token: diningTables.token })
    .from(diningTables)
    .where(and(eq(diningTables.storeId, storeId), eq(diningTables.ref, ref)));
  return row!;
}

/** The product as the product dialog loads it. */
export async function loadFullProduct(t: TestApp, id: number, host = PIZZARIA, channel: Channel = 'app') {
  const response = await t.app.inject({
    method: 'GET',
    url: `/estoque/produtos_full_app/${id}?format=json${channel === 'local' ? '&local=local' : ''}`,
    headers: { host },
  });
  if (response.statusCode !== 200) throw new Error(`product ${id}: ${response.statusCode}`);
  return fullProductReply.parse(response.json()) as FullProduct;
}

/** The dialog's starting picks changed by group and item names: {'Adicionais': {'Bacon': 2}}. */
export function picksFor(
  product: FullProduct,
  channel: Channel,
  choices: Record<string, Record<string, number>>,
): Picks {
  const picks: Record<number, Record<number, number>> = {};
  for (const [groupId, items] of Object.entries(initialPicks(product, channel)))
    picks[Number(groupId)] = { ...items };
  for (const [groupName, items] of Object.entries(choices)) {
    const group = product.grupos.find((candidate) => candidate.grupo.descricao === groupName);
    if (!group) throw new Error(`no group ${groupName} in ${product.descricao}`);
    for (const [itemName, quantity] of Object.entries(items)) {
      const item = group.grupo.lista_itens.find((candidate) => candidate.descricao === itemName);
      if (!item) throw new Error(`no item ${itemName} in ${groupName}`);
      picks[group.grupo.id] = { ...picks[group.grupo.id], [item.id]: quantity };
    }
  }
  return picks;
}

export interface LineSpec {
  ref: string;
  choices?: Record<string, Record<string, number>>;
  qtd?: number;
  observacao?: string;
  channel?: Channel;
  host?: string;
}

/** A cart line as the storefront makes it. */
export async function cartLine(t: TestApp, spec: LineSpec): Promise<CartLineDraft> {
  const channel = spec.channel ?? 'app';
  const host = spec.host ?? PIZZARIA;
  const product = await loadFullProduct(t, await productIdOf(t, spec.ref, host), host, channel);
  const result = buildCartLine(product, picksFor(product, channel, spec.choices ?? {}), {
    channel,
    qtd: spec.qtd ?? 1,
    observacao: spec.observacao ?? '',
  });
  if (!result.ok) throw new Error(`line ${spec.ref}: ${JSON.stringify(result.error)}`);
  return result.line;
}

export function placeOrder(
  t: TestApp,
  token: string,
  payload: unknown,
  options: { key?: string | null; host?: string } = {},
) {
  const key = options.key === undefined ? randomUUID() : options.key;
  return t.app.inject({
    method: 'POST',
    url: '/bar/v2/app/order/upsert/',
    headers: {
      host: options.host ?? PIZZARIA,
      ...bearer(token),
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: payload as Record<string, unknown>,
  });
}

/** What a customer's orders left in the database. */
export async function customerState(t: TestApp, customerId: number) {
  const db = t.database.db;
  const [orderCount] = await db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId));
  const [lineCount] = await db
    .select({ n: count() })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.customerId, customerId));
  const [account] = await db
    .select({ points: customers.pontosFidelidade })
    .from(customers)
    .where(eq(customers.id, customerId));
  const [ledger] = await db
    .select({ n: count(), total: sum(loyaltyPointsLedger.delta) })
    .from(loyaltyPointsLedger)
    .where(eq(loyaltyPointsLedger.customerId, customerId));
  const [redemptions] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.customerId, customerId));
  const [keys] = await db
    .select({ n: count() })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.customerId, customerId));
  return {
    orders: orderCount!.n,
    lines: lineCount!.n,
    points: account!.points,
    ledgerEntries: ledger!.n,
    ledgerSum: Number(ledger!.total ?? 0),
    couponRedemptions: redemptions!.n,
    idempotencyKeys: keys!.n,
  };
}

export async function couponUses(t: TestApp, code: string, host = PIZZARIA): Promise<number> {
  const storeId = await storeIdOf(t, host);
  const [row] = await t.database.db
    .select({ uses: coupons.uses })
    .from(coupons)
    .where(and(eq(coupons.storeId, storeId), eq(coupons.code, code)));
  return row!.uses;
}

/** Adds a coupon to a store directly (fixtures for limits the demo coupons do not have). */
export async function addCoupon(
  t: TestApp,
  values: Partial<typeof coupons.$inferInsert> & { code: string },
  host = PIZZARIA,
): Promise<number> {
  const storeId = await storeIdOf(t, host);
  const [row] = await t.database.db
    .insert(coupons)
    .values({ storeId, valor: 10, perc: true, local: 'Carrinho', ...values })
    .returning({ id: coupons.id });
  return row!.id;
}

export async function setPoints(t: TestApp, customerId: number, points: number): Promise<void> {
  await t.database.db.update(customers).set({ pontosFidelidade: points }).where(eq(customers.id, customerId));
}
