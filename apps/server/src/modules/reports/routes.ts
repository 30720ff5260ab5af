import { errorReply, ordersCsvQuery, periodReport, periodReportQuery, todayReport } from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import { CSV_MAX_DAYS, type ReportsService } from './service.ts';

const tags = ['staff'];
const CSV_TEXT = `Days in store time (the store's time zone), both included, at most ${CSV_MAX_DAYS}. For a pt-BR spreadsheet: UTF-8 with a BOM, ';' separated, money as 1234,50, dates as dd/mm/aaaa hh:mm, delivery types and channels in words; a cell that would start a formula gets a leading apostrophe. 400 INVALID_DATE_RANGE otherwise.`;
const ROLES =
  'Managers and the owner (403 FORBIDDEN for attendants and customers; 401 without a staff token).';

/** Today at a glance, the period report and the exports (issue 16 part 6, issue 33), under 'staff'. */
export function registerReportRoutes(ctx: AppContext, services: { reports: ReportsService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.reports;

  app.get(
    '/staff/reports/today',
    {
      config: { capability: 'reports.read' },
      schema: {
        tags,
        summary:
          'Today so far: sales, revenue by payment, delivery type and channel, average ticket, top products',
        description: `The store's calendar day in its own time zone. Money is the ledger's (docs/decisions/0057, 0061): a table's paid shares count with their method and the service fee; a sale is an order or a table tab with a sale today; a sale cancelled today counts apart and its reversal takes its money back.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        response: { 200: todayReport, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => service.today(requireStaff(request).storeId),
  );

  /** A CSV of a range of days: its route, text, file name and the service's call. */
  const csvRoute = (csv: {
    path: string;
    summary: string;
    description: string;
    file: string;
    make: (storeId: number, from: string, to: string) => Promise<string>;
  }) =>
    app.get(
      csv.path,
      {
        config: { capability: 'reports.read' },
        schema: {
          tags,
          summary: csv.summary,
          description: `${csv.description} ${CSV_TEXT}\n\n${ROLES}`,
          security: SECURITY_BEARER,
          querystring: ordersCsvQuery,
          response: {
            200: {
              description: 'The CSV file',
              content: { 'text/csv': { schema: z.string().describe('CSV, UTF-8 with a BOM') } },
            },
            400: errorReply,
            401: errorReply,
            403: errorReply,
          },
        },
      },
      async (request, reply) => {
        const staff = requireStaff(request);
        const { from, to } = request.query;
        const text = await csv.make(staff.storeId, from, to);
        return reply
          .type('text/csv; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${csv.file}-${from}-a-${to}.csv"`)
          .send(text);
      },
    );

  csvRoute({
    path: '/staff/reports/orders.csv',
    summary:
      'The sales of a range of days as CSV (Excel-ready): orders and paid table tabs, money from the ledger',
    description:
      "One row per order with money in the period or placed in it, one per table tab with a share paid in it; the Total column adds up to the period's revenue.",
    file: 'pedidos',
    make: (storeId, from, to) => service.ordersCsv(storeId, from, to),
  });

  csvRoute({
    path: '/staff/reports/ledger.csv',
    summary: "The ledger's entries of a range of days as CSV (for the accountant)",
    description:
      "One row per entry (venda, ajuste, estorno) with its parts; the Valor column adds up to the period's revenue.",
    file: 'lancamentos',
    make: (storeId, from, to) => service.ledgerCsv(storeId, from, to),
  });

  csvRoute({
    path: '/staff/reports/settlements.csv',
    summary: "The couriers' settlements of a range of days as CSV (their pay, apart from the takings)",
    description:
      "One row per courier and day settled: deliveries, owed, cash collected, net, when and by whom, whether paid from the register. The Devido column adds up to the period's courier_pay.",
    file: 'acertos-entregadores',
    make: (storeId, from, to) => service.settlementsCsv(storeId, from, to),
  });

  app.get(
    '/staff/reports/period',
    {
      config: { capability: 'reports.read' },
      schema: {
        tags,
        summary:
          'A period: totals, by day, hour, channel, delivery type, payment, product and category, customers, and the previous period',
        description: `Store-local days, both included, at most ${CSV_MAX_DAYS} (400 INVALID_DATE_RANGE otherwise). Money from the ledger; products, categories and customers from the orders that count. The previous period has the same length and ends the day before \`from\`.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        querystring: periodReportQuery,
        response: { 200: periodReport, 400: errorReply, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      return service.period(requireStaff(request).storeId, from, to);
    },
  );
}
