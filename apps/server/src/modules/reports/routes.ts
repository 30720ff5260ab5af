import { errorReply, ordersCsvQuery, todayReport } from '@comanda/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { requireStaff, SECURITY_BEARER } from '../../plugins/auth.ts';
import { CSV_MAX_DAYS, type ReportsService } from './service.ts';

const tags = ['staff'];
const ROLES =
  'Managers and the owner (403 FORBIDDEN for attendants and customers; 401 without a staff token).';

/** Today at a glance and the orders export (issue 16 part 6), documented under 'staff'. */
export function registerReportRoutes(ctx: AppContext, services: { reports: ReportsService }) {
  const app = ctx.app.withTypeProvider<ZodTypeProvider>();
  const service = services.reports;

  app.get(
    '/staff/reports/today',
    {
      config: { capability: 'reports.read' },
      schema: {
        tags,
        summary: 'Today so far: orders, revenue by payment and delivery type, average ticket, top products',
        description: `The store's calendar day in its own time zone; cancelled orders count apart and add no revenue; orders waiting for an online payment are left out.\n\n${ROLES}`,
        security: SECURITY_BEARER,
        response: { 200: todayReport, 401: errorReply, 403: errorReply },
      },
    },
    async (request) => service.today(requireStaff(request).storeId),
  );

  app.get(
    '/staff/reports/orders.csv',
    {
      config: { capability: 'reports.read' },
      schema: {
        tags,
        summary: 'The orders of a range of days as CSV (Excel-ready)',
        description: `Days in store time (the store's time zone), both included, at most ${CSV_MAX_DAYS}. UTF-8 with a BOM, ';' separated, money as 1234,50, times as dd/mm/aaaa hh:mm; a cell that would start a spreadsheet formula gets a leading apostrophe. 400 INVALID_DATE_RANGE otherwise.\n\n${ROLES}`,
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
      const csv = await service.ordersCsv(staff.storeId, from, to);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="pedidos-${from}-a-${to}.csv"`)
        .send(csv);
    },
  );
}
