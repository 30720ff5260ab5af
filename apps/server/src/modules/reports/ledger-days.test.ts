import { addDays, previousRange, storeDayBounds } from '@comanda/domain';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, stores } from '../../db/schema.ts';
import { PIZZARIA, SAKURA } from '../../test/accounts.ts';
import { storeIdOf } from '../../test/orders.ts';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import { type LedgerFigureRow, ledgerFigures, ledgerFiguresFromEntries } from './repository.ts';

/*
 * The period report adds up the ledger's daily figures (ledger_days, docs/decisions/0064): over
 * random entries (sales of orders and table shares, edits, reversals, on days and hours around a
 * period, in more than one time zone), entries removed, and a store's time zone changed, it gives
 * exactly what reading every entry gives.
 */

let t: TestApp;
let storeId: number;
let otherStoreId: number;
const orderIds: number[] = [];
const tabIds: number[] = [];
const FIRST_DAY = '2026-03-01';
const DAYS = 20;

beforeAll(async () => {
  t = await buildTestApp();
  storeId = await storeIdOf(t, PIZZARIA);
  otherStoreId = await storeIdOf(t, SAKURA);
  const db = t.database.db;
  await db.execute(sql`insert into customers (store_id, phone, phone_country, nome, password_hash, privacy_token,
      password_changed_at, created_at, updated_at)
    values (${storeId}, '11900001111', 'BR', 'Cliente Teste', 'x', 'ledger-days', now(), now(), now())`);
  const orderRows = (await db.execute(sql`insert into orders (store_id, customer_id, status, dh_iniciado,
      tipo_entrega, forma_entrada, channel, total_produtos, acrescimo, valor_entrega, desconto_cupom, total,
      payment_method_id, forma_pagamento_nome, estimated_at, updated_at)
    select ${storeId}, (select id from customers where privacy_token = 'ledger-days'), 'Entregue', now(),
      'Retirada', 'app', 'app', 1000, 0, 0, 0, 1000, 1, 'Dinheiro', now(), now()
    from generate_series(1, 12)
    returning id`)) as unknown as { rows: { id: number }[] };
  orderIds.push(...orderRows.rows.map((r) => r.id));
  const tableRows = (await db.execute(sql`insert into dining_tables (store_id, ref, description)
    values (${storeId}, 'mesa-ledger-days', 'LD') returning id`)) as unknown as { rows: { id: number }[] };
  const tableId = tableRows.rows[0]!.id;
  for (let i = 0; i < 4; i++) {
    const tabRows =
      (await db.execute(sql`insert into table_tabs (store_id, table_id, status, opened_at, updated_at)
      values (${storeId}, ${tableId}, 'closed', now(), now()) returning id`)) as unknown as {
        rows: { id: number }[];
      };
    tabIds.push(tabRows.rows[0]!.id);
  }
});
afterAll(async () => {
  await t.close();
});

const entryArb = fc.record({
  day: fc.integer({ min: 0, max: DAYS - 1 }),
  minute: fc.integer({ min: 0, max: 24 * 60 - 1 }),
  what: fc.constantFrom('order_sale', 'order_sale', 'order_edit', 'order_cancel', 'share_sale'),
  order: fc.integer({ min: 0, max: 11 }),
  tab: fc.integer({ min: 0, max: 3 }),
  channel: fc.constantFrom('app', 'balcao', 'telefone', 'mesa'),
  deliveryType: fc.constantFrom('Entregar', 'Retirada', 'Vem comer'),
  payment: fc.constantFrom('Dinheiro', 'PIX', 'PIX (app)', 'Cartão de crédito (na entrega)'),
  products: fc.integer({ min: 0, max: 9000 }),
  deliveryFee: fc.integer({ min: 0, max: 900 }),
  serviceFee: fc.integer({ min: 0, max: 500 }),
  discount: fc.integer({ min: 0, max: 300 }),
});
type Entry = typeof entryArb extends fc.Arbitrary<infer T> ? T : never;

async function writeEntries(entries: Entry[], forStore = storeId) {
  for (const e of entries) {
    // Local wall-clock of the store in São Paulo (UTC−3) taken as the instant: the days around
    // midnight fall on either side in another time zone.
    const at = new Date(Date.parse(`${addDays(FIRST_DAY, e.day)}T00:00:00-03:00`) + e.minute * 60_000);
    const sign = e.what === 'order_cancel' ? -1 : 1;
    const isShare = e.what === 'share_sale' && forStore === storeId;
    const parts = {
      products: sign * e.products,
      extras: 0,
      deliveryFee: sign * e.deliveryFee,
      serviceFee: sign * (isShare ? e.serviceFee : 0),
      discount: sign * e.discount,
    };
    await t.database.db.insert(ledgerEntries).values({
      storeId: forStore,
      at,
      kind: e.what === 'order_cancel' ? 'estorno' : e.what === 'order_edit' ? 'ajuste' : 'venda',
      orderId: isShare || forStore !== storeId ? null : orderIds[e.order]!,
      tabId: isShare ? tabIds[e.tab]! : null,
      shareId: null,
      channel: isShare ? 'mesa' : e.channel,
      deliveryType: isShare ? 'Vem comer' : e.deliveryType,
      paymentMethodId: null,
      paymentName: e.payment,
      online: e.payment === 'PIX (app)',
      ...parts,
      amount: parts.products + parts.deliveryFee + parts.serviceFee - parts.discount,
    });
  }
}

/** Both readings of a period, each as a map of its non-zero rows. */
async function bothReadings(fromDay: string, toDay: string) {
  const [zone] = await t.database.db
    .select({ timeZone: stores.timeZone })
    .from(stores)
    .where(eq(stores.id, storeId));
  const timeZone = zone!.timeZone;
  const previous = previousRange(fromDay, toDay);
  const bounds = {
    previousFrom: storeDayBounds(previous.from, timeZone).from,
    from: storeDayBounds(fromDay, timeZone).from,
    to: storeDayBounds(toDay, timeZone).to,
  };
  const summed = await ledgerFigures(t.database.db, {
    storeId,
    timeZone,
    previousFromDay: previous.from,
    fromDay,
    toDay,
    ...bounds,
  });
  const direct = await ledgerFiguresFromEntries(t.database.db, {
    storeId,
    timeZone,
    fixedOffsetMinutes: null,
    breakdowns: true,
    ...bounds,
  });
  const asMap = (rows: LedgerFigureRow[]) =>
    Object.fromEntries(
      rows
        .filter((r) =>
          [r.revenue, r.sales, r.service_fees, r.delivery_fees, r.discounts, r.cancels].some(Boolean),
        )
        .map(({ current, dim, key, ...figures }) => [`${current}|${dim}|${key ?? ''}`, figures]),
    );
  return { summed: asMap(summed), direct: asMap(direct) };
}

const periodArb = fc
  .tuple(fc.integer({ min: 0, max: DAYS - 1 }), fc.integer({ min: 0, max: 8 }))
  .map(([start, length]) => ({
    from: addDays(FIRST_DAY, start),
    to: addDays(FIRST_DAY, Math.min(DAYS - 1, start + length)),
  }));

describe('the daily figures of the ledger', () => {
  it('add up to what reading every entry gives, after entries are written and removed and the time zone changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArb, { maxLength: 40 }),
        fc.array(entryArb, { maxLength: 10 }),
        fc.array(periodArb, { minLength: 1, maxLength: 3 }),
        fc.constantFrom('America/Sao_Paulo', 'America/Manaus', 'America/New_York', 'Europe/Lisbon'),
        async (entries, otherStore, periods, zone) => {
          await t.database.db.delete(ledgerEntries);
          await t.database.db
            .update(stores)
            .set({ timeZone: 'America/Sao_Paulo' })
            .where(eq(stores.id, storeId));
          await writeEntries(entries);
          // Another store's money never shows in this one's figures.
          await writeEntries(otherStore, otherStoreId);
          for (const period of periods) {
            const { summed, direct } = await bothReadings(period.from, period.to);
            expect(summed).toEqual(direct);
          }
          // Some entries removed (an order deleted takes its entries with it).
          await t.database.db.execute(
            sql`delete from ledger_entries where store_id = ${storeId} and id % 3 = 0`,
          );
          // The store moves to another time zone: its days are rebuilt.
          await t.database.db.update(stores).set({ timeZone: zone }).where(eq(stores.id, storeId));
          for (const period of periods) {
            const { summed, direct } = await bothReadings(period.from, period.to);
            expect(summed).toEqual(direct);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('differ from the entries when an entry is written behind the trigger (the comparison can fail)', async () => {
    await t.database.db.delete(ledgerEntries);
    await t.database.db.update(stores).set({ timeZone: 'America/Sao_Paulo' }).where(eq(stores.id, storeId));
    const sale: Entry = {
      day: 3,
      minute: 600,
      what: 'order_sale',
      order: 0,
      tab: 0,
      channel: 'balcao',
      deliveryType: 'Retirada',
      payment: 'Dinheiro',
      products: 2500,
      deliveryFee: 0,
      serviceFee: 0,
      discount: 0,
    };
    await writeEntries([sale]);
    await t.database.db.execute(sql`alter table ledger_entries disable trigger ledger_days_keep`);
    try {
      await writeEntries([{ ...sale, products: 1000 }]);
    } finally {
      await t.database.db.execute(sql`alter table ledger_entries enable trigger ledger_days_keep`);
    }
    const day = addDays(FIRST_DAY, 3);
    const behind = await bothReadings(day, day);
    expect(behind.summed['true|total|']).toMatchObject({ revenue: 2500, sales: 1 });
    expect(behind.direct['true|total|']).toMatchObject({ revenue: 3500, sales: 2 });
    // Rebuilt from the entries, they agree again.
    await t.database.db.execute(sql`select ledger_days_rebuild(${storeId})`);
    const rebuilt = await bothReadings(day, day);
    expect(rebuilt.summed).toEqual(rebuilt.direct);
  });
});
