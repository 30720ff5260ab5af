import { errorReply, orderPlacedReply, todayReport } from '@comanda/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildAccountsTestApp,
  PIZZARIA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, placeOrder, skipOrderNumbers, submission } from '../../test/orders.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus } from '../../test/tracking.ts';
import { csvCell } from './service.ts';

/*
 * Today at a glance and the orders export: the store's day is its UTC-3 calendar day, cancelled
 * orders add no revenue, and the CSV opens in a spreadsheet as it is (BOM, ';', 1234,50) without
 * running anything a customer typed.
 */

const LATE_MONDAY = new Date('2026-05-04T23:30:00-03:00');
const EARLY_TUESDAY = new Date('2026-05-05T00:30:00-03:00');

let t: TestApp;
let staff: StaffSignedIn;
let customer: SignedUp;
const totals: Record<string, number> = {};
const ids: Record<string, number> = {};
/** The orders' numbers in the store (what the CSV shows), apart from their ids. */
const numbers: Record<string, number> = {};

async function order(name: string, at: Date, qtd: number) {
  t.setNow(at);
  const line = await cartLine(t, {
    ref: 'burger-classico',
    qtd,
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
  });
  const response = await placeOrder(t, customer.token, submission(customer.userId, [line]));
  expect(response.statusCode, response.body).toBe(201);
  const placed = orderPlacedReply.parse(response.json());
  ids[name] = placed.order_info.order_id;
  numbers[name] = placed.order_info.numero!;
  totals[name] = placed.order_info.total;
}

beforeAll(async () => {
  t = await buildAccountsTestApp({ now: LATE_MONDAY, env: { ORDER_RATE_LIMIT_MAX: '10000' } });
  staff = await signInStaff(t, { name: 'Ana Lima' });
  customer = await signUp(t.app, { name: '=HYPERLINK("http://x") Maria' });
  await skipOrderNumbers(t, 700);
  await order('monday', LATE_MONDAY, 1);
  await order('tuesday', EARLY_TUESDAY, 2);
  await order('cancelled', EARLY_TUESDAY, 1);
  const cancel = await changeStatus(t, staff.token, ids.cancelled!, { status: 'Cancelado', reason: 'Teste' });
  expect(cancel.statusCode, cancel.body).toBe(200);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string | null = staff.token) =>
  t.app.inject({ method: 'GET', url, headers: { host: PIZZARIA, ...(token ? bearer(token) : {}) } });

describe('today at a glance', () => {
  it('counts the store’s own day, cancelled apart, by payment and delivery type, with the top products', async () => {
    t.setNow(new Date('2026-05-05T12:00:00-03:00'));
    const response = await get('/staff/reports/today');
    expect(response.statusCode, response.body).toBe(200);
    const report = todayReport.parse(response.json());
    const revenue = totals.tuesday!;
    expect(report).toMatchObject({
      date: '2026-05-05',
      orders: 1,
      revenue,
      average_ticket: revenue,
      cancelled: 1,
    });
    expect(report.by_payment).toEqual([{ method: 'Cartão de crédito (na entrega)', orders: 1, revenue }]);
    expect(report.by_delivery_type).toEqual([{ tipo_entrega: 'Retirada', orders: 1, revenue }]);
    expect(report.top_products).toHaveLength(1);
    expect(report.top_products[0]).toMatchObject({ descricao: 'Burger Clássico', qtd: 2 });
  });

  it('is for managers and owners: a customer gets 403, no token 401', async () => {
    expect((await get('/staff/reports/today', customer.token)).statusCode).toBe(403);
    expect((await get('/staff/reports/today', null)).statusCode).toBe(401);
  });
});

describe('orders export (CSV)', () => {
  it('writes one row per order of the days asked, its money from the ledger, in store time, ready for a spreadsheet', async () => {
    const response = await get('/staff/reports/orders.csv?from=2026-05-04&to=2026-05-05');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="pedidos-2026-05-04-a-2026-05-05.csv"',
    );
    const text = response.body;
    expect(text.startsWith('\uFEFFPedido;Data;Status;Cliente;Telefone;Canal;Tipo;Pagamento;Produtos;')).toBe(
      true,
    );
    const rows = text.slice(1).trimEnd().split('\r\n');
    expect(rows).toHaveLength(4);
    const [id, date, status, name, phone, channel, type, payment, , , , , , total] = rows[1]!.split(';');
    expect(numbers.monday).not.toBe(ids.monday);
    expect([id, date, status, channel, type, payment]).toEqual([
      String(numbers.monday),
      '04/05/2026 23:30',
      'Solicitado',
      'App',
      'Retirada',
      'Cartão de crédito (na entrega)',
    ]);
    // The name a customer typed never reaches a spreadsheet as a formula.
    expect(name).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(phone).toBe(customer.phone);
    expect(total).toBe((totals.monday! / 100).toFixed(2).replace('.', ','));
    expect(rows[3]).toContain(';Cancelado;');

    const mondayOnly = (await get('/staff/reports/orders.csv?from=2026-05-04&to=2026-05-04')).body;
    expect(mondayOnly.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('names each order by its number in the store in both exports, never its id (ADR 0065)', async () => {
    const ledger = (await get('/staff/reports/ledger.csv?from=2026-05-04&to=2026-05-04')).body;
    const orderCells = ledger
      .slice(1)
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((row) => row.split(';')[2]);
    expect(orderCells).toContain(String(numbers.monday));
    expect(orderCells).not.toContain(String(ids.monday));
  });

  it.each([
    ['to before from', '?from=2026-05-05&to=2026-05-04'],
    ['more than 366 days', '?from=2025-01-01&to=2026-05-05'],
    ['not a date', '?from=ontem&to=2026-05-05'],
    ['an impossible date', '?from=2026-02-31&to=2026-03-01'],
    ['no range', ''],
  ])('refuses %s with 400', async (_, query) => {
    const response = await get(`/staff/reports/orders.csv${query}`);
    expect(response.statusCode, response.body).toBe(400);
    errorReply.parse(response.json());
  });

  it('defuses formulas and quotes separators', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+55 11')).toBe("'+55 11");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('Rua A; 10')).toBe('"Rua A; 10"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
    expect(csvCell(-5)).toBe('-5');
  });
});
