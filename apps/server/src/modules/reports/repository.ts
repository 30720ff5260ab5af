import { and, asc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { readTogether } from '../../db/read-together.ts';
import {
  courierSettlements,
  couriers,
  customers,
  diningTables,
  ledgerDays,
  ledgerEntries,
  orders,
  paymentMethods,
  tableTabs,
  tabShares,
} from '../../db/schema.ts';

/*
 * The reports' reads (docs/decisions/0061): money from the ledger (ledger_entries), what was sold
 * from the orders. Every query is scoped by the store.
 */

async function rowsOf<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * An entry's payment method as the reports group it (paymentKeyOf of the domain, and the
 * ledger_days trigger's key): `m<id>` for a method of the store, `n:<name>` for a name alone.
 */
const PAYMENT_KEY = sql`case when l.payment_method_id is not null then 'm' || l.payment_method_id
  else 'n:' || trim(l.payment_name) end`;

/** One grouping of the ledger's entries: `dim` names it ('total', 'day', 'hour', …), `key` its value. */
export interface LedgerFigureRow {
  current: boolean;
  dim: 'total' | 'day' | 'hour' | 'channel' | 'type' | 'payment';
  key: string | null;
  revenue: number;
  /** Sales counted for this grouping (a tab once per grouping it has a share in). */
  sales: number;
  service_fees: number;
  delivery_fees: number;
  discounts: number;
  cancels: number;
  cancelled_amount: number;
}

interface RawFigureRow extends Omit<LedgerFigureRow, 'sales'> {
  sales_all: number;
  sales_day: number;
  sales_hour: number;
  sales_pay: number;
}

/**
 * Reading the entries one by one (what the report did before ledger_days, docs/decisions/0064):
 * kept as the reference the daily figures are checked against.
 *
 * The ledger's figures over [previousFrom, to): totals of both periods, and the current period's
 * by day, hour, channel, delivery type and payment method, in one pass (hashed grouping sets). A
 * sale is an order with a 'venda' in the period and no 'estorno' in the same period, or a tab with
 * a paid share in it: a tab's first share in each grouping counts it there (no count(distinct),
 * which would sort every entry once per grouping).
 *
 * `fixedOffsetMinutes`: the store's UTC offset when it is the same over the whole range (Brazil has
 * had no summer time since 2019): days and hours are then plain arithmetic on the instant, much
 * cheaper than `at time zone` on every entry; null falls back to the time zone's rules.
 */
export async function ledgerFiguresFromEntries(
  db: DbExecutor,
  q: {
    storeId: number;
    timeZone: string;
    fixedOffsetMinutes: number | null;
    previousFrom: Date;
    from: Date;
    to: Date;
    breakdowns: boolean;
  },
): Promise<LedgerFigureRow[]> {
  const hour =
    q.fixedOffsetMinutes === null
      ? sql`extract(hour from l.at at time zone ${q.timeZone})::int`
      : sql`(((extract(epoch from l.at)::bigint + ${q.fixedOffsetMinutes * 60}) % 86400) / 3600)::int`;
  const rows = await rowsOf<RawFigureRow>(
    db,
    sql`with e as materialized (
        select l.id, l.amount, l.service_fee, l.delivery_fee, l.discount, l.kind, l.channel,
          l.delivery_type, ${PAYMENT_KEY} as payment_name, l.order_id, l.tab_id,
          l.at >= ${q.from} as cur,
          ((extract(epoch from l.at)::bigint + ${(q.fixedOffsetMinutes ?? 0) * 60}) / 86400)::int as day_n,
          ${q.fixedOffsetMinutes === null ? sql`to_char(l.at at time zone ${q.timeZone}, 'YYYY-MM-DD')` : sql`null::text`} as day_text,
          ${hour} as hour
        from ${ledgerEntries} l
        where l.store_id = ${q.storeId} and l.at >= ${q.previousFrom} and l.at < ${q.to}
      ), reversed as (
        select distinct cur, order_id from e where kind = 'estorno' and order_id is not null
      ), shares as (
        select id,
          id = min(id) over (partition by cur, tab_id) as f_all,
          id = min(id) over (partition by cur, tab_id, coalesce(day_text, day_n::text)) as f_day,
          id = min(id) over (partition by cur, tab_id, hour) as f_hour,
          id = min(id) over (partition by cur, tab_id, payment_name) as f_pay
        from e where kind = 'venda' and order_id is null
      ), f as (
        select e.*, coalesce(e.day_text, e.day_n::text) as day, r.order_id is not null as reversed,
          coalesce(s.f_all, true) as f_all, coalesce(s.f_day, true) as f_day,
          coalesce(s.f_hour, true) as f_hour, coalesce(s.f_pay, true) as f_pay
        from e left join reversed r on r.cur = e.cur and r.order_id = e.order_id
          left join shares s on s.id = e.id
      )
      select cur as current,
        case when grouping(day) = 0 then 'day' when grouping(hour) = 0 then 'hour'
          when grouping(channel) = 0 then 'channel' when grouping(delivery_type) = 0 then 'type'
          when grouping(payment_name) = 0 then 'payment' else 'total' end as dim,
        coalesce(day, hour::text, channel, delivery_type, payment_name) as key,
        coalesce(sum(amount), 0)::int as revenue,
        (count(*) filter (where kind = 'venda' and not reversed and f_all))::int as sales_all,
        (count(*) filter (where kind = 'venda' and not reversed and f_day))::int as sales_day,
        (count(*) filter (where kind = 'venda' and not reversed and f_hour))::int as sales_hour,
        (count(*) filter (where kind = 'venda' and not reversed and f_pay))::int as sales_pay,
        coalesce(sum(service_fee), 0)::int as service_fees,
        coalesce(sum(delivery_fee), 0)::int as delivery_fees,
        coalesce(sum(discount), 0)::int as discounts,
        (count(*) filter (where kind = 'estorno'))::int as cancels,
        coalesce(-sum(amount) filter (where kind = 'estorno'), 0)::int as cancelled_amount
      from f
      group by grouping sets ((cur) ${
        q.breakdowns
          ? sql`, (cur, day), (cur, hour), (cur, channel), (cur, delivery_type), (cur, payment_name)`
          : sql``
      })`,
  );
  const epochDay = (n: string) => new Date(Number(n) * 86_400_000).toISOString().slice(0, 10);
  return rows.map(({ sales_all, sales_day, sales_hour, sales_pay, ...row }) => ({
    ...row,
    key: row.dim === 'day' && q.fixedOffsetMinutes !== null && row.key !== null ? epochDay(row.key) : row.key,
    sales:
      row.dim === 'day'
        ? sales_day
        : row.dim === 'hour'
          ? sales_hour
          : row.dim === 'payment'
            ? sales_pay
            : sales_all,
  }));
}

interface DayFigureRow {
  current: boolean;
  dim: LedgerFigureRow['dim'];
  key: string;
  revenue: number;
  service_fees: number;
  delivery_fees: number;
  discounts: number;
  order_sales: number;
  cancels: number;
  cancelled_amount: number;
}

interface CountedEntryRow {
  id: number;
  current: boolean;
  /** A table share's sale (counted per tab), or an order's sale reversed in the same period. */
  share: boolean;
  tab_id: number | null;
  day: string;
  hour: string;
  channel: string;
  delivery_type: string;
  payment_name: string;
}

/**
 * The ledger's figures of the store-local days [previousFromDay, toDay] (the current period from
 * fromDay): totals of both periods and their breakdowns by day, hour, channel, delivery type and
 * payment method, the same figures ledgerFiguresFromEntries reads entry by entry
 * (docs/decisions/0061), but added up from `ledger_days` (one row per day and grouping, kept by
 * the database, docs/decisions/0064). What a day's rows cannot add up is read from the entries
 * (a partial index holds just these): an order's sale reversed in the same period does not count,
 * and a table tab counts once per grouping however many of its shares were paid in it.
 */
export async function ledgerFigures(
  db: DbExecutor,
  q: {
    storeId: number;
    timeZone: string;
    previousFromDay: string;
    fromDay: string;
    toDay: string;
    previousFrom: Date;
    from: Date;
    to: Date;
  },
): Promise<LedgerFigureRow[]> {
  const [days, counted] = await readTogether(db, [
    () =>
      rowsOf<DayFigureRow>(
        db,
        sql`with d as (
          select d.day >= ${q.fromDay}::date as current, d.day, d.dim, d.key, d.revenue, d.service_fees,
            d.delivery_fees, d.discounts, d.order_sales, d.cancels, d.cancelled_amount
          from ${ledgerDays} d
          where d.store_id = ${q.storeId} and d.day >= ${q.previousFromDay}::date and d.day <= ${q.toDay}::date
        )
        select current, dim, key, sum(revenue)::int as revenue, sum(service_fees)::int as service_fees,
          sum(delivery_fees)::int as delivery_fees, sum(discounts)::int as discounts,
          sum(order_sales)::int as order_sales, sum(cancels)::int as cancels,
          sum(cancelled_amount)::int as cancelled_amount
        from d group by current, dim, key
        union all
        select current, 'day', to_char(day, 'YYYY-MM-DD'), revenue::int, service_fees::int, delivery_fees::int,
          discounts::int, order_sales, cancels, cancelled_amount::int
        from d where dim = 'total'`,
      ),
    () =>
      rowsOf<CountedEntryRow>(
        db,
        sql`with c as (
          select l.id, l.at, l.kind, l.order_id, l.tab_id, l.at >= ${q.from} as current
          from ${ledgerEntries} l
          where l.store_id = ${q.storeId} and l.at >= ${q.previousFrom} and l.at < ${q.to}
            and (l.kind = 'estorno' or l.order_id is null)
        ), reversed as (
          select distinct current, order_id from c where kind = 'estorno' and order_id is not null
        ), picked as (
          select id from c where kind = 'venda' and order_id is null
          union all
          select v.id from reversed r join ${ledgerEntries} v on v.order_id = r.order_id
          where v.store_id = ${q.storeId} and v.kind = 'venda'
            and v.at >= ${q.previousFrom} and v.at < ${q.to} and (v.at >= ${q.from}) = r.current
        )
        select l.id, l.at >= ${q.from} as current, l.order_id is null as share, l.tab_id,
          to_char(l.at at time zone ${q.timeZone}, 'YYYY-MM-DD') as day,
          extract(hour from l.at at time zone ${q.timeZone})::int::text as hour,
          l.channel, l.delivery_type, ${PAYMENT_KEY} as payment_name
        from picked p join ${ledgerEntries} l on l.id = p.id
        order by l.id`,
      ),
  ]);
  const rows = new Map<string, LedgerFigureRow>();
  const rowOf = (current: boolean, dim: LedgerFigureRow['dim'], key: string) => {
    const id = `${current}|${dim}|${key}`;
    let row = rows.get(id);
    if (!row) {
      row = {
        current,
        dim,
        key: dim === 'total' ? null : key,
        revenue: 0,
        sales: 0,
        service_fees: 0,
        delivery_fees: 0,
        discounts: 0,
        cancels: 0,
        cancelled_amount: 0,
      };
      rows.set(id, row);
    }
    return row;
  };
  for (const d of days) {
    const row = rowOf(d.current, d.dim, d.key);
    row.revenue += d.revenue;
    row.sales += d.order_sales;
    row.service_fees += d.service_fees;
    row.delivery_fees += d.delivery_fees;
    row.discounts += d.discounts;
    row.cancels += d.cancels;
    row.cancelled_amount += d.cancelled_amount;
  }
  // Oldest first: a tab counts in a grouping with its first share there; its channel and delivery
  // type are its first share's of the period.
  const seen = new Set<string>();
  const firstIn = (e: CountedEntryRow, grouping: string) => {
    const id = `${e.current}|${e.tab_id}|${grouping}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  for (const e of counted) {
    if (!e.share) {
      // An order's sale reversed in its own period: not a sale there.
      for (const [dim, key] of [
        ['total', ''],
        ['day', e.day],
        ['hour', e.hour],
        ['channel', e.channel],
        ['type', e.delivery_type],
        ['payment', e.payment_name],
      ] as const) {
        rowOf(e.current, dim, key).sales -= 1;
      }
      continue;
    }
    if (firstIn(e, 'all')) {
      rowOf(e.current, 'total', '').sales += 1;
      rowOf(e.current, 'channel', e.channel).sales += 1;
      rowOf(e.current, 'type', e.delivery_type).sales += 1;
    }
    if (firstIn(e, `d${e.day}`)) rowOf(e.current, 'day', e.day).sales += 1;
    if (firstIn(e, `h${e.hour}`)) rowOf(e.current, 'hour', e.hour).sales += 1;
    if (firstIn(e, `p${e.payment_name}`)) rowOf(e.current, 'payment', e.payment_name).sales += 1;
  }
  return [...rows.values()];
}

/** Orders that count (seen by the store, not cancelled), table rounds included, placed in [from, to). */
const countingOrders = (storeId: number, from: Date, to: Date) =>
  sql`o.store_id = ${storeId} and o.dh_iniciado >= ${from} and o.dh_iniciado < ${to}
    and o.status <> 'Cancelado' and not o.awaiting_payment`;

export interface SoldRow {
  produto: number;
  descricao: string;
  categoria: string;
  qtd: number;
  revenue: number;
}

/**
 * What was sold in [from, to), from the order lines, by product and the category it was sold under
 * (one hashed grouping; the report adds them up by product and by category).
 */
export function soldFigures(db: DbExecutor, storeId: number, from: Date, to: Date) {
  return rowsOf<SoldRow>(
    db,
    sql`select l.product_id as produto, l.descricao_produto as descricao, l.descricao_categoria as categoria,
        sum(l.qtd)::int as qtd, sum(l.valor_total)::int as revenue
      from orders o join order_lines l on l.order_id = o.id
      where ${countingOrders(storeId, from, to)}
      group by l.product_id, l.descricao_produto, l.descricao_categoria`,
  );
}

export interface CustomerFigures {
  new_current: number;
  returning_current: number;
  new_previous: number;
  returning_previous: number;
}

/**
 * New and returning customers of both periods: a customer is new in a period when their first
 * order at the store that counts is in it, returning when they had one before.
 */
export async function customerFigures(
  db: DbExecutor,
  storeId: number,
  previousFrom: Date,
  from: Date,
  to: Date,
): Promise<CustomerFigures> {
  const [row] = await rowsOf<CustomerFigures>(
    db,
    sql`select
        (count(*) filter (where in_cur and first >= ${from}))::int as new_current,
        (count(*) filter (where in_cur and first < ${from}))::int as returning_current,
        (count(*) filter (where in_prev and first >= ${previousFrom}))::int as new_previous,
        (count(*) filter (where in_prev and first < ${previousFrom}))::int as returning_previous
      from (
        select o.customer_id, min(o.dh_iniciado) as first,
          bool_or(o.dh_iniciado >= ${from}) as in_cur,
          bool_or(o.dh_iniciado >= ${previousFrom} and o.dh_iniciado < ${from}) as in_prev
        from orders o
        where o.store_id = ${storeId} and o.dh_iniciado < ${to}
          and o.status <> 'Cancelado' and not o.awaiting_payment
        group by o.customer_id
      ) c
      where in_cur or in_prev`,
  );
  return row ?? { new_current: 0, returning_current: 0, new_previous: 0, returning_previous: 0 };
}

/** The ledger's entries of [from, to), oldest first, with the table and share they belong to. */
export function entriesIn(db: DbExecutor, storeId: number, from: Date, to: Date) {
  return db
    .select({
      id: ledgerEntries.id,
      at: ledgerEntries.at,
      kind: ledgerEntries.kind,
      orderId: ledgerEntries.orderId,
      orderNumber: orders.numero,
      tabId: ledgerEntries.tabId,
      shareSeq: tabShares.seq,
      table: diningTables.description,
      channel: ledgerEntries.channel,
      deliveryType: ledgerEntries.deliveryType,
      paymentMethodId: ledgerEntries.paymentMethodId,
      paymentName: ledgerEntries.paymentName,
      online: ledgerEntries.online,
      products: ledgerEntries.products,
      extras: ledgerEntries.extras,
      deliveryFee: ledgerEntries.deliveryFee,
      serviceFee: ledgerEntries.serviceFee,
      discount: ledgerEntries.discount,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .leftJoin(orders, and(eq(orders.id, ledgerEntries.orderId), eq(orders.storeId, ledgerEntries.storeId)))
    .leftJoin(tabShares, eq(tabShares.id, ledgerEntries.shareId))
    .leftJoin(tableTabs, eq(tableTabs.id, ledgerEntries.tabId))
    .leftJoin(diningTables, eq(diningTables.id, tableTabs.tableId))
    .where(and(eq(ledgerEntries.storeId, storeId), gte(ledgerEntries.at, from), lt(ledgerEntries.at, to)))
    .orderBy(asc(ledgerEntries.at), asc(ledgerEntries.id));
}

/** The orders placed in [from, to) that the store sees, with their customer. */
export function ordersIn(db: DbExecutor, storeId: number, from: Date, to: Date) {
  return db
    .select({
      id: orders.id,
      numero: orders.numero,
      dhIniciado: orders.dhIniciado,
      status: orders.status,
      nome: customers.nome,
      phone: customers.phone,
      tipoEntrega: orders.tipoEntrega,
      channel: orders.channel,
      tabId: orders.tabId,
      pagamento: orders.formaPagamentoNome,
      paymentMethodId: orders.paymentMethodId,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(
      and(
        eq(orders.storeId, storeId),
        gte(orders.dhIniciado, from),
        lt(orders.dhIniciado, to),
        eq(orders.awaitingPayment, false),
      ),
    )
    .orderBy(orders.dhIniciado, orders.id);
}

/** Orders by id (those with entries in a period but placed before it). */
export function ordersById(db: DbExecutor, storeId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orders.id,
      numero: orders.numero,
      dhIniciado: orders.dhIniciado,
      status: orders.status,
      nome: customers.nome,
      phone: customers.phone,
      tipoEntrega: orders.tipoEntrega,
      channel: orders.channel,
      tabId: orders.tabId,
      pagamento: orders.formaPagamentoNome,
      paymentMethodId: orders.paymentMethodId,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.storeId, storeId), inArray(orders.id, ids)));
}

/** The rounds of table tabs (their order numbers), for the export's tab rows. */
export function roundsOfTabs(db: DbExecutor, storeId: number, tabIds: number[]) {
  if (tabIds.length === 0) return Promise.resolve([]);
  return db
    .select({ tabId: orders.tabId, id: orders.id, numero: orders.numero, status: orders.status })
    .from(orders)
    .where(and(eq(orders.storeId, storeId), inArray(orders.tabId, tabIds)))
    .orderBy(orders.id);
}

/** The store's payment methods by id, for the names the reports show (docs/decisions/0064). */
export function paymentMethodsOf(db: DbExecutor, storeId: number) {
  return db
    .select({ id: paymentMethods.id, descricao: paymentMethods.descricao })
    .from(paymentMethods)
    .where(eq(paymentMethods.storeId, storeId));
}

/** The name last written with each of these method ids (a method the store no longer has). */
export function lastNamesOf(db: DbExecutor, storeId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return rowsOf<{ id: number; name: string }>(
    db,
    sql`select distinct on (payment_method_id) payment_method_id as id, payment_name as name
      from ${ledgerEntries}
      where store_id = ${storeId} and payment_method_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      order by payment_method_id, at desc, id desc`,
  );
}

/** The couriers' pay settled for the store-local days `fromDay` to `toDay` (docs/decisions/0070). */
export async function courierPay(db: DbExecutor, storeId: number, fromDay: string, toDay: string) {
  const [row] = await db
    .select({ owed: sql<number>`coalesce(sum(${courierSettlements.owed}), 0)::int` })
    .from(courierSettlements)
    .where(
      and(
        eq(courierSettlements.storeId, storeId),
        gte(courierSettlements.day, fromDay),
        lte(courierSettlements.day, toDay),
      ),
    );
  return row?.owed ?? 0;
}

/** The settlements recorded for those days, with the courier's name, by day then name. */
export function settlementsIn(db: DbExecutor, storeId: number, fromDay: string, toDay: string) {
  return db
    .select({ settlement: courierSettlements, courierName: couriers.nome })
    .from(courierSettlements)
    .innerJoin(couriers, eq(couriers.id, courierSettlements.courierId))
    .where(
      and(
        eq(courierSettlements.storeId, storeId),
        gte(courierSettlements.day, fromDay),
        lte(courierSettlements.day, toDay),
      ),
    )
    .orderBy(courierSettlements.day, couriers.nome, couriers.id);
}
