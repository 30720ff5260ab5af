import type { PeriodReport, PeriodTotals, TodayReport } from '@comanda/contract';
import {
  averageTicket,
  deliveryTypeWord,
  firstName,
  isOrderChannel,
  LEDGER_KIND_WORDS,
  ONLINE_PAYMENT_NAMES,
  ORDER_CHANNEL_LABELS,
  onlinePaymentOf,
  paymentKeyOf,
  percentChange,
  previousRange,
  REPORT_MAX_DAYS,
  type ReportRangeProblem,
  rangeDays,
  reportRangeProblem,
  spreadsheetMoney,
  storeDateTimeText,
  storeDayBounds,
  storeLocalTime,
} from '@comanda/domain';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { storeTimeZone } from '../../lib/store-time-zone.ts';
import * as repo from './repository.ts';

export const CSV_MAX_DAYS = REPORT_MAX_DAYS;
const TOP_PRODUCTS = 5;

const RANGE_MESSAGES: Record<ReportRangeProblem, [string, string]> = {
  not_a_date: ['Informe datas válidas (AAAA-MM-DD).', 'from'],
  reversed: ['A data inicial deve ser anterior ou igual à final.', 'to'],
  too_long: [`Escolha no máximo ${REPORT_MAX_DAYS} dias de cada vez.`, 'to'],
};

/** A text a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading apostrophe. */
const defuse = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A cell already made safe: money or a number, written as it is. */
export class Plain {
  constructor(readonly text: string) {}
}
export type Cell = string | number | Plain;
export const money = (centavos: number) => new Plain(spreadsheetMoney(centavos));

/** The CSV of a pt-BR spreadsheet: UTF-8 with a BOM, ';', CRLF, quoted where needed (csv-stringify). */
export function toCsv(header: string[], rows: Cell[][]): string {
  const records = rows.map((row) =>
    row.map((cell) =>
      cell instanceof Plain ? cell.text : typeof cell === 'number' ? String(cell) : defuse(cell),
    ),
  );
  return stringify([header, ...records], {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    quote_record_delimiter: true,
  });
}

/** One CSV cell as the exports write it (formulas defused, separators quoted). */
export function csvCell(value: string | number): string {
  return toCsv([], [[value]])
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .replace(/^\r\n/, '');
}

const channelWord = (channel: string) =>
  isOrderChannel(channel) ? ORDER_CHANNEL_LABELS.pt_br[channel] : channel;

const ORDERS_HEADER = [
  'Pedido',
  'Data',
  'Status',
  'Cliente',
  'Telefone',
  'Canal',
  'Tipo',
  'Pagamento',
  'Produtos',
  'Adicionais',
  'Entrega',
  'Taxa de serviço',
  'Desconto',
  'Total',
];

const SETTLEMENTS_HEADER = [
  'Dia',
  'Entregador',
  'Entregas',
  'Devido',
  'Dinheiro coletado',
  'Líquido',
  'Acertado em',
  'Por',
  'Pago do caixa',
];

const LEDGER_HEADER = [
  'Data',
  'Lançamento',
  'Pedido ou mesa',
  'Canal',
  'Tipo',
  'Pagamento',
  'Online',
  'Produtos',
  'Adicionais',
  'Entrega',
  'Taxa de serviço',
  'Desconto',
  'Valor',
];

interface Sums {
  products: number;
  extras: number;
  deliveryFee: number;
  serviceFee: number;
  discount: number;
  amount: number;
}
const noSums = (): Sums => ({
  products: 0,
  extras: 0,
  deliveryFee: 0,
  serviceFee: 0,
  discount: 0,
  amount: 0,
});

/** By product (names and categories as last sold) and by category, best sellers first. */
function soldBy(rows: repo.SoldRow[]) {
  const products = new Map<
    number,
    { produto: number; descricao: string; categoria: string; qtd: number; revenue: number }
  >();
  const categories = new Map<string, { categoria: string; qtd: number; revenue: number }>();
  for (const row of rows) {
    const product = products.get(row.produto) ?? { ...row, qtd: 0, revenue: 0 };
    product.qtd += row.qtd;
    product.revenue += row.revenue;
    products.set(row.produto, product);
    const category = categories.get(row.categoria) ?? { categoria: row.categoria, qtd: 0, revenue: 0 };
    category.qtd += row.qtd;
    category.revenue += row.revenue;
    categories.set(row.categoria, category);
  }
  const best = (a: { qtd: number; revenue: number }, b: { qtd: number; revenue: number }) =>
    b.qtd - a.qtd || b.revenue - a.revenue;
  return { products: [...products.values()].sort(best), categories: [...categories.values()].sort(best) };
}

/**
 * The names of the payment methods as the reports show them (docs/decisions/0064): an online entry
 * (999, 998) as 'PIX online' or 'Cartão online', a method of the store by its name now, a method it
 * no longer has by the name last written with it, a name typed at the counter as typed.
 */
async function paymentNamer(db: Database, storeId: number, keys: Iterable<string>) {
  const methods = new Map((await repo.paymentMethodsOf(db, storeId)).map((m) => [m.id, m.descricao]));
  const idOf = (key: string) => (key.startsWith('m') ? Number(key.slice(1)) : null);
  const missing = [...new Set([...keys].map(idOf))].filter(
    (id): id is number => id !== null && onlinePaymentOf(id) === null && !methods.has(id),
  );
  for (const row of await repo.lastNamesOf(db, storeId, missing)) methods.set(row.id, row.name);
  const named = (id: number | null, recorded: string) => {
    if (id === null) return recorded.trim();
    const online = onlinePaymentOf(id);
    return online ? ONLINE_PAYMENT_NAMES[online] : (methods.get(id) ?? recorded.trim());
  };
  return {
    ofKey: (key: string) => {
      const id = idOf(key);
      return id === null ? key.slice(2) : named(id, key);
    },
    ofEntry: named,
  };
}

/** 'Hoje', the period report and the exports (issue 33, docs/decisions/0061), read from the ledger. */
export class ReportsService {
  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  private async bounds(storeId: number, fromDate: string, toDate: string) {
    const problem = reportRangeProblem(fromDate, toDate);
    if (problem) {
      const [message, field] = RANGE_MESSAGES[problem];
      throw invalid('INVALID_DATE_RANGE', message, field);
    }
    const timeZone = await storeTimeZone(this.deps.db, storeId);
    return {
      timeZone,
      from: storeDayBounds(fromDate, timeZone).from,
      to: storeDayBounds(toDate, timeZone).to,
    };
  }

  async today(storeId: number): Promise<TodayReport> {
    const timeZone = await storeTimeZone(this.deps.db, storeId);
    const date = storeLocalTime(this.deps.now(), timeZone).dateISO;
    const { from, to } = storeDayBounds(date, timeZone);
    const [figures, sold, courierPay] = await Promise.all([
      repo.ledgerFigures(this.deps.db, {
        storeId,
        timeZone,
        previousFromDay: date,
        fromDay: date,
        toDay: date,
        previousFrom: from,
        from,
        to,
      }),
      repo.soldFigures(this.deps.db, storeId, from, to),
      repo.courierPay(this.deps.db, storeId, date, date),
    ]);
    const total = figures.find((row) => row.dim === 'total');
    const of = (dim: repo.LedgerFigureRow['dim']) =>
      figures
        .filter((row) => row.dim === dim && (row.sales !== 0 || row.revenue !== 0))
        .sort((a, b) => b.revenue - a.revenue)
        .map((row) => ({ key: row.key ?? '', orders: row.sales, revenue: row.revenue }));
    const revenue = total?.revenue ?? 0;
    const orders = total?.sales ?? 0;
    const payments = await paymentNamer(
      this.deps.db,
      storeId,
      figures.filter((row) => row.dim === 'payment').map((row) => row.key ?? ''),
    );
    return {
      date,
      orders,
      revenue,
      average_ticket: averageTicket(revenue, orders),
      cancelled: total?.cancels ?? 0,
      service_fees: total?.service_fees ?? 0,
      courier_pay: courierPay,
      by_payment: of('payment').map(({ key, ...f }) => ({ method: payments.ofKey(key), ...f })),
      by_delivery_type: of('type').map(({ key, ...f }) => ({ tipo_entrega: key, ...f })),
      by_channel: of('channel').map(({ key, ...f }) => ({ channel: key, ...f })),
      top_products: soldBy(sold)
        .products.slice(0, TOP_PRODUCTS)
        .map((p) => ({ produto: p.produto, descricao: p.descricao, qtd: p.qtd, revenue: p.revenue })),
    };
  }

  /** The period's figures, the previous period's of equal length, and the breakdowns. */
  async period(storeId: number, fromDate: string, toDate: string): Promise<PeriodReport> {
    const { timeZone, from, to } = await this.bounds(storeId, fromDate, toDate);
    const previous = previousRange(fromDate, toDate);
    const previousFrom = storeDayBounds(previous.from, timeZone).from;
    const db = this.deps.db;
    const [figures, sold, people, payNow, payBefore] = await Promise.all([
      repo.ledgerFigures(db, {
        storeId,
        timeZone,
        previousFromDay: previous.from,
        fromDay: fromDate,
        toDay: toDate,
        previousFrom,
        from,
        to,
      }),
      repo.soldFigures(db, storeId, from, to),
      repo.customerFigures(db, storeId, previousFrom, from, to),
      repo.courierPay(db, storeId, fromDate, toDate),
      repo.courierPay(db, storeId, previous.from, previous.to),
    ]);
    const totals = (current: boolean, range: { from: string; to: string }): PeriodTotals => {
      const row = figures.find((r) => r.dim === 'total' && r.current === current);
      const revenue = row?.revenue ?? 0;
      const sales = row?.sales ?? 0;
      return {
        ...range,
        revenue,
        sales,
        average_ticket: averageTicket(revenue, sales),
        service_fees: row?.service_fees ?? 0,
        delivery_fees: row?.delivery_fees ?? 0,
        discounts: row?.discounts ?? 0,
        cancels: row?.cancels ?? 0,
        cancelled_amount: row?.cancelled_amount ?? 0,
        new_customers: current ? people.new_current : people.new_previous,
        returning_customers: current ? people.returning_current : people.returning_previous,
        courier_pay: current ? payNow : payBefore,
      };
    };
    const current = totals(true, { from: fromDate, to: toDate });
    const before = totals(false, previous);
    const change: Record<string, number | null> = {};
    for (const key of [
      'revenue',
      'sales',
      'average_ticket',
      'service_fees',
      'delivery_fees',
      'discounts',
      'cancels',
      'new_customers',
      'returning_customers',
    ] as const) {
      change[key] = percentChange(current[key], before[key]);
    }
    const of = (dim: repo.LedgerFigureRow['dim']) =>
      figures
        .filter((row) => row.current && row.dim === dim && (row.sales !== 0 || row.revenue !== 0))
        .map((row) => ({ key: row.key ?? '', sales: row.sales, revenue: row.revenue }))
        .sort((a, b) => b.revenue - a.revenue);
    const { products, categories } = soldBy(sold);
    const payments = await paymentNamer(
      db,
      storeId,
      figures.filter((row) => row.dim === 'payment').map((row) => row.key ?? ''),
    );
    const days = new Map(of('day').map((row) => [row.key, row]));
    const hours = new Map(of('hour').map((row) => [row.key, row]));
    return {
      current,
      previous: before,
      change,
      by_day: rangeDays(fromDate, toDate).map((date) => ({
        date,
        sales: days.get(date)?.sales ?? 0,
        revenue: days.get(date)?.revenue ?? 0,
      })),
      by_hour: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        sales: hours.get(String(hour))?.sales ?? 0,
        revenue: hours.get(String(hour))?.revenue ?? 0,
      })),
      by_channel: of('channel').map(({ key, ...f }) => ({ channel: key, ...f })),
      by_delivery_type: of('type').map(({ key, ...f }) => ({ tipo_entrega: key, ...f })),
      by_payment: of('payment').map(({ key, ...f }) => ({ method: payments.ofKey(key), ...f })),
      by_product: products,
      by_category: categories,
    };
  }

  /**
   * The sales of the store-local days `from` to `to` (both included) as CSV: one row per order
   * with ledger entries in the period or placed in it, one per table tab with a paid share in it
   * (its rounds named); the money is the ledger's entries in the period, so the Total column adds
   * up to the period's revenue.
   */
  async ordersCsv(storeId: number, fromDate: string, toDate: string): Promise<string> {
    const { timeZone, from, to } = await this.bounds(storeId, fromDate, toDate);
    const db = this.deps.db;
    const [entries, placed] = await Promise.all([
      repo.entriesIn(db, storeId, from, to),
      repo.ordersIn(db, storeId, from, to),
    ]);
    const payments = await paymentNamer(
      db,
      storeId,
      entries.map((e) => paymentKeyOf(e.paymentMethodId, e.paymentName)),
    );
    const byOrder = new Map<number, { sums: Sums; payments: Set<string> }>();
    const byTab = new Map<number, { sums: Sums; payments: Set<string>; at: Date; table: string | null }>();
    const add = (sums: Sums, e: (typeof entries)[number]) => {
      sums.products += e.products;
      sums.extras += e.extras;
      sums.deliveryFee += e.deliveryFee;
      sums.serviceFee += e.serviceFee;
      sums.discount += e.discount;
      sums.amount += e.amount;
    };
    for (const e of entries) {
      if (e.orderId !== null) {
        const held = byOrder.get(e.orderId) ?? { sums: noSums(), payments: new Set<string>() };
        add(held.sums, e);
        held.payments.add(payments.ofEntry(e.paymentMethodId, e.paymentName));
        byOrder.set(e.orderId, held);
      } else if (e.tabId !== null) {
        const held = byTab.get(e.tabId) ?? {
          sums: noSums(),
          payments: new Set<string>(),
          at: e.at,
          table: e.table,
        };
        add(held.sums, e);
        held.payments.add(payments.ofEntry(e.paymentMethodId, e.paymentName));
        byTab.set(e.tabId, held);
      }
    }
    const placedIds = new Set(placed.map((o) => o.id));
    const earlier = await repo.ordersById(
      db,
      storeId,
      [...byOrder.keys()].filter((id) => !placedIds.has(id)),
    );
    const rounds = await repo.roundsOfTabs(db, storeId, [...byTab.keys()]);
    const rows: { at: Date; seq: number; cells: Cell[] }[] = [];
    for (const order of [...earlier, ...placed]) {
      const held = byOrder.get(order.id);
      // A table round with no money of its own is shown in its tab's row.
      if (!held && order.tabId !== null) continue;
      const sums = held?.sums ?? noSums();
      rows.push({
        at: order.dhIniciado,
        seq: order.id,
        cells: [
          // The store's number people read (ADR 0065); the id only for an order that has none.
          order.numero ?? order.id,
          storeDateTimeText(order.dhIniciado, timeZone),
          order.status,
          firstName(order.nome),
          order.phone,
          channelWord(order.channel),
          deliveryTypeWord(order.tipoEntrega),
          held ? [...held.payments].join(' + ') : (order.pagamento ?? ''),
          money(sums.products),
          money(sums.extras),
          money(sums.deliveryFee),
          money(sums.serviceFee),
          money(sums.discount),
          money(sums.amount),
        ],
      });
    }
    for (const [tabId, held] of byTab) {
      const numbers = rounds
        .filter((r) => r.tabId === tabId && r.status !== 'Cancelado')
        .map((r) => `#${r.numero ?? r.id}`);
      rows.push({
        at: held.at,
        seq: 0,
        cells: [
          `Mesa ${held.table ?? ''}${numbers.length > 0 ? ` (${numbers.join(', ')})` : ''}`.trim(),
          storeDateTimeText(held.at, timeZone),
          'Conta paga',
          '',
          '',
          channelWord('mesa'),
          deliveryTypeWord('Vem comer'),
          [...held.payments].join(' + '),
          money(held.sums.products),
          money(held.sums.extras),
          money(held.sums.deliveryFee),
          money(held.sums.serviceFee),
          money(held.sums.discount),
          money(held.sums.amount),
        ],
      });
    }
    rows.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
    return toCsv(
      ORDERS_HEADER,
      rows.map((row) => row.cells),
    );
  }

  /**
   * The couriers' settlements recorded for the days `from` to `to` (docs/decisions/0070): one row per
   * courier and day; its Devido column adds up to the period's courier pay. Apart from the ledger's
   * CSV, whose Valor adds up to the revenue.
   */
  async settlementsCsv(storeId: number, fromDate: string, toDate: string): Promise<string> {
    const { timeZone } = await this.bounds(storeId, fromDate, toDate);
    const rows = await repo.settlementsIn(this.deps.db, storeId, fromDate, toDate);
    return toCsv(
      SETTLEMENTS_HEADER,
      rows.map(({ settlement: s, courierName }) => [
        new Plain(s.day.split('-').reverse().join('/')),
        courierName,
        new Plain(String(s.deliveries)),
        money(s.owed),
        money(s.cashCollected),
        money(s.net),
        storeDateTimeText(s.at, timeZone),
        s.staffName,
        s.registerMovementId !== null ? 'Sim' : 'Não',
      ]),
    );
  }

  /** The ledger's entries of the days `from` to `to`: its Valor column adds up to the revenue. */
  async ledgerCsv(storeId: number, fromDate: string, toDate: string): Promise<string> {
    const { timeZone, from, to } = await this.bounds(storeId, fromDate, toDate);
    const entries = await repo.entriesIn(this.deps.db, storeId, from, to);
    const payments = await paymentNamer(
      this.deps.db,
      storeId,
      entries.map((e) => paymentKeyOf(e.paymentMethodId, e.paymentName)),
    );
    return toCsv(
      LEDGER_HEADER,
      entries.map((e) => [
        storeDateTimeText(e.at, timeZone),
        LEDGER_KIND_WORDS[e.kind] ?? e.kind,
        e.orderId !== null
          ? new Plain(String(e.orderNumber ?? e.orderId))
          : `Mesa ${e.table ?? ''}${e.shareSeq !== null ? ` · parte ${e.shareSeq}` : ''}`,
        channelWord(e.channel),
        deliveryTypeWord(e.deliveryType),
        payments.ofEntry(e.paymentMethodId, e.paymentName),
        e.online ? 'Sim' : 'Não',
        money(e.products),
        money(e.extras),
        money(e.deliveryFee),
        money(e.serviceFee),
        money(e.discount),
        money(e.amount),
      ]),
    );
  }
}
