import type { TodayReport } from '@comanda/contract';
import { firstName, formatBRL, storeDateTimeText, storeDayBounds, storeLocalTime } from '@comanda/domain';
import type { Database } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { storeTimeZone } from '../../lib/store-time-zone.ts';
import * as repo from './repository.ts';

const MS_PER_DAY = 86_400_000;
export const CSV_MAX_DAYS = 92;
const TOP_PRODUCTS = 5;

/** Whether a 'YYYY-MM-DD' names a calendar day. */
const isCalendarDate = (date: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));

/** Money in a spreadsheet cell: '1234,50', no currency sign or thousands dot. */
const csvMoney = (centavos: number) =>
  formatBRL(centavos)
    .replace(/^R\$\s/, '')
    .replace(/\./g, '');

/**
 * One CSV cell: a text a spreadsheet would run as a formula (= + - @, tab, CR) is defused with a
 * leading apostrophe; a cell with the separator, a quote or a line break is quoted.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const CSV_HEADER = [
  'Pedido',
  'Data',
  'Status',
  'Cliente',
  'Telefone',
  'Tipo',
  'Pagamento',
  'Produtos',
  'Adicionais',
  'Entrega',
  'Desconto',
  'Total',
];

/** Today at a glance and the orders export (issue 16 part 6), for the store's staff. */
export class ReportsService {
  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  async today(storeId: number): Promise<TodayReport> {
    const timeZone = await storeTimeZone(this.deps.db, storeId);
    const date = storeLocalTime(this.deps.now(), timeZone).dateISO;
    const { from, to } = storeDayBounds(date, timeZone);
    const [rows, top] = await Promise.all([
      repo.dayTotals(this.deps.db, storeId, from, to),
      repo.topProducts(this.deps.db, storeId, from, to, TOP_PRODUCTS),
    ]);
    let orders = 0;
    let revenue = 0;
    let cancelled = 0;
    const byPayment = new Map<string, { orders: number; revenue: number }>();
    const byType = new Map<string, { orders: number; revenue: number }>();
    const add = (
      map: Map<string, { orders: number; revenue: number }>,
      key: string,
      n: number,
      value: number,
    ) => {
      const entry = map.get(key) ?? { orders: 0, revenue: 0 };
      entry.orders += n;
      entry.revenue += value;
      map.set(key, entry);
    };
    for (const row of rows) {
      if (row.status === 'Cancelado') {
        cancelled += row.count;
        continue;
      }
      orders += row.count;
      revenue += row.revenue;
      add(byPayment, row.payment, row.count, row.revenue);
      add(byType, row.deliveryType, row.count, row.revenue);
    }
    const byRevenue = (a: { revenue: number }, b: { revenue: number }) => b.revenue - a.revenue;
    return {
      date,
      orders,
      revenue,
      average_ticket: orders === 0 ? 0 : Math.round(revenue / orders),
      cancelled,
      by_payment: [...byPayment].map(([method, f]) => ({ method, ...f })).sort(byRevenue),
      by_delivery_type: [...byType].map(([tipo_entrega, f]) => ({ tipo_entrega, ...f })).sort(byRevenue),
      top_products: top.map((p) => ({
        produto: p.productId,
        descricao: p.descricao,
        qtd: p.qtd,
        revenue: p.revenue,
      })),
    };
  }

  /** The orders placed on the store-local days `from` to `to` (both included), as CSV text with a BOM. */
  async ordersCsv(storeId: number, fromDate: string, toDate: string): Promise<string> {
    if (!isCalendarDate(fromDate) || !isCalendarDate(toDate)) {
      throw invalid('INVALID_DATE_RANGE', 'Informe datas válidas (AAAA-MM-DD).', 'from');
    }
    const timeZone = await storeTimeZone(this.deps.db, storeId);
    const from = storeDayBounds(fromDate, timeZone).from;
    const to = storeDayBounds(toDate, timeZone).to;
    const days = Math.round((to.getTime() - from.getTime()) / MS_PER_DAY);
    if (days < 1)
      throw invalid('INVALID_DATE_RANGE', 'A data inicial deve ser anterior ou igual à final.', 'to');
    if (days > CSV_MAX_DAYS) {
      throw invalid('INVALID_DATE_RANGE', `Exporte no máximo ${CSV_MAX_DAYS} dias de cada vez.`, 'to');
    }
    const rows = await repo.ordersIn(this.deps.db, storeId, from, to);
    const lines = [CSV_HEADER.join(';')];
    for (const row of rows) {
      lines.push(
        [
          row.id,
          storeDateTimeText(row.dhIniciado, timeZone),
          row.status,
          firstName(row.nome),
          row.phone,
          row.tipoEntrega,
          row.pagamento ?? '',
          csvMoney(row.totalProdutos),
          csvMoney(row.acrescimo),
          csvMoney(row.valorEntrega),
          csvMoney(row.desconto),
          csvMoney(row.total),
        ]
          .map(csvCell)
          .join(';'),
      );
    }
    // The BOM makes Excel read UTF-8; CRLF is what spreadsheets expect.
    return `\uFEFF${lines.join('\r\n')}\r\n`;
  }
}
