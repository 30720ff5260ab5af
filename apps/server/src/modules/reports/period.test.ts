import { errorReply, orderPlacedReply, periodReport, tabSharePixReply, todayReport } from '@comanda/contract';
import { storeLocalTime } from '@comanda/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tabSharePayments } from '../../db/schema.ts';
import {
  bearer,
  nextAddress,
  SAKURA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, placeOrder, submission, tableOf } from '../../test/orders.ts';
import { buildPaymentsTestApp, type PaymentsTestApp, PIX_STORES } from '../../test/payments.ts';
import { roundAtTable, staffCall, tabOf } from '../../test/tables.ts';
import { changeStatus, saveAddress } from '../../test/tracking.ts';

/*
 * Reports read the one ledger (issue 33, docs/decisions/0061): a day with a pickup, a delivery, a
 * table (10% service fee, share 1 in cash, share 2 by PIX in the app) and a cancel; 'Hoje', the
 * period report, the orders CSV and the ledger CSV agree to the centavo with each other and with
 * the orders, and the day before is the previous period.
 */

const PIZZARIA: string = PIX_STORES.mercadopago;
const MONDAY = new Date('2026-05-04T20:00:00-03:00');
const TUESDAY = (hour: number) => new Date(`2026-05-05T${String(hour).padStart(2, '0')}:00:00-03:00`);

let p: PaymentsTestApp;
let owner: StaffSignedIn;
let attendant: StaffSignedIn;
let sakuraOwner: StaffSignedIn;
let ana: SignedUp;
let bruno: SignedUp;
let guest: SignedUp;
const totals: Record<string, number> = {};
let tab = { id: 0, amountDue: 0, serviceFee: 0, shares: [] as number[] };

async function order(name: string, account: SignedUp, overrides: Record<string, unknown> = {}) {
  const line = await cartLine(p.t, {
    ref: 'burger-classico',
    choices: { 'Ponto da carne': { 'Ao ponto': 1 } },
  });
  const response = await placeOrder(p.t, account.token, submission(account.userId, [line], overrides), {
    host: PIZZARIA,
  });
  expect(response.statusCode, response.body).toBe(201);
  const placed = orderPlacedReply.parse(response.json()).order_info;
  totals[name] = placed.total;
  return placed.order_id;
}

beforeAll(async () => {
  p = await buildPaymentsTestApp();
  p.t.setNow(MONDAY);
  owner = await signInStaff(p.t, { host: PIZZARIA });
  attendant = await signInStaff(p.t, { host: PIZZARIA, role: 'attendant' });
  sakuraOwner = await signInStaff(p.t, { host: SAKURA });
  ana = await signUp(p.t.app, { host: PIZZARIA, name: 'Ana Souza' });
  bruno = await signUp(p.t.app, { host: PIZZARIA, name: 'Bruno Lima' });
  guest = await signUp(p.t.app, { host: PIZZARIA, name: 'Carla Dias' });
  await order('monday', ana);

  p.t.setNow(TUESDAY(12));
  await order('pickup', ana, { fk_forma_pagamento: 1, troco_para: null });
  const address = await saveAddress(p.t, bruno.token);
  await order('delivery', bruno, { tipo_entrega: 'Entregar', fk_endereco: address, fk_forma_pagamento: 4 });

  // Mesa: two beers, closed with the 10% fee in two shares; share 1 in cash, share 2 by PIX in the app.
  p.t.setNow(TUESDAY(13));
  const table = await tableOf(p.t, 'mesa-2', PIZZARIA);
  const beer = await cartLine(p.t, { ref: 'cerveja-long-neck', channel: 'local', host: PIZZARIA, qtd: 2 });
  const roundId = await roundAtTable(p.t, guest, table, { lines: [beer], host: PIZZARIA });
  const [round] = await p.t.database.db.select().from(orders).where(eq(orders.id, roundId));
  totals.round = round!.total;
  const closed = await staffCall(
    p.t,
    owner.token,
    'POST',
    `/staff/tabs/${round!.tabId}/close`,
    { service_fee: true, split: { mode: 'even', people: 2 } },
    PIZZARIA,
  );
  expect(closed.statusCode, closed.body).toBe(200);
  const closing = await tabOf(p.t, owner.token, round!.tabId!, PIZZARIA);
  const shares = closing.partes;
  const paidCash = await staffCall(
    p.t,
    owner.token,
    'POST',
    `/staff/tabs/${round!.tabId}/shares/${shares[0]!.id}/paid`,
    { forma_pagamento: 'Dinheiro' },
    PIZZARIA,
  );
  expect(paidCash.statusCode, paidCash.body).toBe(200);
  // Share 2 by PIX at the counter (the app's PIX is timed by the provider's clock, not the test's).
  const paidPix = await staffCall(
    p.t,
    owner.token,
    'POST',
    `/staff/tabs/${round!.tabId}/shares/${shares[1]!.id}/paid`,
    { forma_pagamento: 'PIX' },
    PIZZARIA,
  );
  expect(paidPix.statusCode, paidPix.body).toBe(200);
  const paid = await tabOf(p.t, owner.token, round!.tabId!, PIZZARIA);
  expect(paid.status).toBe('closed');
  tab = {
    id: round!.tabId!,
    amountDue: shares.reduce((sum, share) => sum + share.valor, 0),
    serviceFee: paid.totais.taxa_servico,
    shares: shares.map((share) => share.valor),
  };

  p.t.setNow(TUESDAY(14));
  const cancelled = await order('cancelled', bruno, { fk_forma_pagamento: 1 });
  const cancel = await changeStatus(
    p.t,
    owner.token,
    cancelled,
    { status: 'Cancelado', reason: 'Teste' },
    PIZZARIA,
  );
  expect(cancel.statusCode, cancel.body).toBe(200);
  p.t.setNow(TUESDAY(18));
}, 60_000);
afterAll(async () => {
  await p.close();
});

const get = (url: string, token: string | null = owner.token, host = PIZZARIA) =>
  p.t.app.inject({ method: 'GET', url, headers: { host, ...(token ? bearer(token) : {}) } });

/** A pt-BR CSV read back: BOM, ';', CRLF, quoted cells. */
function readCsv(text: string): string[][] {
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

const centavos = (cell: string) => {
  const match = /^(-?)(\d+),(\d\d)$/.exec(cell);
  if (!match) throw new Error(`not money: ${cell}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
};
const column = (rows: string[][], name: string) => {
  const index = rows[0]!.indexOf(name);
  expect(index, name).toBeGreaterThanOrEqual(0);
  return rows.slice(1).map((row) => row[index]!);
};

describe('a day of a store with delivery, pickup, a table and a cancel', () => {
  const dayRevenue = () => totals.pickup! + totals.delivery! + tab.amountDue;

  it('the table is paid in two methods with its service fee', () => {
    expect(tab.serviceFee).toBeGreaterThan(0);
    expect(tab.amountDue).toBe(totals.round! + tab.serviceFee);
  });

  it("'Hoje' counts the table's shares by method, with the fee, and the cancel apart", async () => {
    const response = await get('/staff/reports/today');
    expect(response.statusCode, response.body).toBe(200);
    const report = todayReport.parse(response.json());
    expect(report).toMatchObject({
      date: '2026-05-05',
      orders: 3,
      revenue: dayRevenue(),
      average_ticket: Math.round(dayRevenue() / 3),
      cancelled: 1,
      service_fees: tab.serviceFee,
    });
    expect(report.by_payment).toEqual(
      expect.arrayContaining([
        { method: 'Dinheiro', orders: 2, revenue: totals.pickup! + tab.shares[0]! },
        { method: 'PIX', orders: 1, revenue: tab.shares[1]! },
      ]),
    );
    expect(report.by_payment.some((row) => row.method === '' || row.method === '—')).toBe(false);
    expect(report.by_channel).toEqual(
      expect.arrayContaining([
        { channel: 'mesa', orders: 1, revenue: tab.amountDue },
        { channel: 'app', orders: 2, revenue: totals.pickup! + totals.delivery! },
      ]),
    );
    expect(report.by_payment.reduce((sum, row) => sum + row.revenue, 0)).toBe(report.revenue);
  });

  it('the period report agrees, with the day before as the previous period', async () => {
    const response = await get('/staff/reports/period?from=2026-05-05&to=2026-05-05');
    expect(response.statusCode, response.body).toBe(200);
    const report = periodReport.parse(response.json());
    expect(report.current).toMatchObject({
      from: '2026-05-05',
      to: '2026-05-05',
      revenue: dayRevenue(),
      sales: 3,
      service_fees: tab.serviceFee,
      cancels: 1,
      cancelled_amount: totals.cancelled,
      new_customers: 2,
      returning_customers: 1,
    });
    expect(report.current.delivery_fees).toBeGreaterThan(0);
    expect(report.previous).toMatchObject({
      from: '2026-05-04',
      to: '2026-05-04',
      revenue: totals.monday,
      sales: 1,
      new_customers: 1,
      returning_customers: 0,
    });
    expect(report.change.sales).toBe(200);
    expect(report.by_day).toEqual([{ date: '2026-05-05', sales: 3, revenue: dayRevenue() }]);
    expect(report.by_hour.filter((h) => h.revenue !== 0).map((h) => h.hour)).toEqual([12, 13]);
    expect(report.by_hour.reduce((sum, h) => sum + h.revenue, 0)).toBe(dayRevenue());
    expect(report.by_delivery_type.map((row) => row.tipo_entrega).sort()).toEqual([
      'Entregar',
      'Retirada',
      'Vem comer',
    ]);
    expect(report.by_product).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ descricao: 'Burger Clássico', qtd: 2 }),
        expect.objectContaining({ qtd: 2, revenue: totals.round }),
      ]),
    );
    expect(report.by_category.reduce((sum, row) => sum + row.revenue, 0)).toBe(
      report.by_product.reduce((sum, row) => sum + row.revenue, 0),
    );

    const week = periodReport.parse(
      (await get('/staff/reports/period?from=2026-05-04&to=2026-05-05')).json(),
    );
    expect(week.current.revenue).toBe(dayRevenue() + totals.monday!);
    expect(week.current).toMatchObject({ new_customers: 3, returning_customers: 0, sales: 4 });
    expect(week.previous).toMatchObject({ from: '2026-05-02', to: '2026-05-03', revenue: 0 });
    expect(week.change.revenue).toBeNull();
  });

  it('the orders CSV has the table with both methods and its fee, and adds up to the revenue', async () => {
    const response = await get('/staff/reports/orders.csv?from=2026-05-05&to=2026-05-05');
    expect(response.statusCode, response.body).toBe(200);
    const rows = readCsv(response.body);
    expect(rows[0]).toEqual([
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
    ]);
    expect(
      column(rows, 'Total')
        .map(centavos)
        .reduce((a, b) => a + b, 0),
    ).toBe(dayRevenue());
    const table = rows.find((row) => row[0]!.startsWith('Mesa'))!;
    expect(table[7]).toBe('Dinheiro + PIX');
    expect(centavos(table[11]!)).toBe(tab.serviceFee);
    expect(centavos(table[13]!)).toBe(tab.amountDue);
    expect(table[1]).toBe('05/05/2026 13:00');
    expect(column(rows, 'Tipo').sort()).toEqual(['Comer no local', 'Entrega', 'Retirada', 'Retirada']);
    expect(column(rows, 'Pagamento').every((cell) => cell !== '')).toBe(true);
  });

  it('the ledger CSV lists every entry, and its Valor adds up to the revenue', async () => {
    const response = await get('/staff/reports/ledger.csv?from=2026-05-05&to=2026-05-05');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="lancamentos-2026-05-05-a-2026-05-05.csv"',
    );
    const rows = readCsv(response.body);
    expect(rows).toHaveLength(1 + 6);
    expect(
      column(rows, 'Valor')
        .map(centavos)
        .reduce((a, b) => a + b, 0),
    ).toBe(dayRevenue());
    expect(column(rows, 'Lançamento').sort()).toEqual([
      'Estorno',
      'Venda',
      'Venda',
      'Venda',
      'Venda',
      'Venda',
    ]);
    const estorno = rows.find((row) => row[1] === 'Estorno')!;
    expect(centavos(estorno.at(-1)!)).toBe(-totals.cancelled!);
    expect(rows.filter((row) => row[2]!.startsWith('Mesa')).map((row) => [row[5], row[6]])).toEqual([
      ['Dinheiro', 'Não'],
      ['PIX', 'Não'],
    ]);
    expect(
      column(rows, 'Taxa de serviço')
        .map(centavos)
        .reduce((a, b) => a + b, 0),
    ).toBe(tab.serviceFee);
  });
});

describe('who may read them, and bad ranges', () => {
  it.each([
    ['to before from', '?from=2026-05-05&to=2026-05-04'],
    ['more than 366 days', '?from=2025-01-01&to=2026-05-05'],
    ['not a date', '?from=ontem&to=2026-05-05'],
    ['an impossible date', '?from=2026-02-31&to=2026-03-01'],
    ['no range', ''],
  ])('refuses %s with 400 INVALID_DATE_RANGE or a validation error', async (_, query) => {
    for (const path of ['/staff/reports/period', '/staff/reports/ledger.csv', '/staff/reports/orders.csv']) {
      const response = await get(`${path}${query}`);
      expect(response.statusCode, response.body).toBe(400);
      errorReply.parse(response.json());
    }
  });

  it('a whole year is allowed', async () => {
    expect((await get('/staff/reports/period?from=2025-05-06&to=2026-05-05')).statusCode).toBe(200);
  });

  it("another store's staff gets 401, an attendant 403, a customer 403", async () => {
    for (const path of [
      '/staff/reports/period?from=2026-05-05&to=2026-05-05',
      '/staff/reports/ledger.csv?from=2026-05-05&to=2026-05-05',
    ]) {
      expect((await get(path, sakuraOwner.token)).statusCode).toBe(401);
      expect((await get(path, attendant.token)).statusCode).toBe(403);
      expect((await get(path, ana.token)).statusCode).toBe(403);
      expect((await get(path, null)).statusCode).toBe(401);
    }
  });
});

describe('a share paid by PIX in the app', () => {
  it('is in the period report and the ledger CSV as online money, with its part of the fee', async () => {
    // The provider's stand-in times the charge by the real clock: this table is paid now.
    p.t.setNow(new Date());
    const diner = await signUp(p.t.app, { host: PIZZARIA, name: 'Davi Pix' });
    const boss = await signInStaff(p.t, { host: PIZZARIA });
    const table = await tableOf(p.t, 'mesa-3', PIZZARIA);
    const beer = await cartLine(p.t, { ref: 'cerveja-long-neck', channel: 'local', host: PIZZARIA, qtd: 2 });
    const roundId = await roundAtTable(p.t, diner, table, { lines: [beer], host: PIZZARIA });
    const [round] = await p.t.database.db.select().from(orders).where(eq(orders.id, roundId));
    const tabId = round!.tabId!;
    const close = await staffCall(
      p.t,
      boss.token,
      'POST',
      `/staff/tabs/${tabId}/close`,
      {
        service_fee: true,
        split: { mode: 'even', people: 2 },
      },
      PIZZARIA,
    );
    expect(close.statusCode, close.body).toBe(200);
    const shares = (await tabOf(p.t, boss.token, tabId, PIZZARIA)).partes;
    const cash = await staffCall(
      p.t,
      boss.token,
      'POST',
      `/staff/tabs/${tabId}/shares/${shares[0]!.id}/paid`,
      {
        forma_pagamento: 'Dinheiro',
      },
      PIZZARIA,
    );
    expect(cash.statusCode, cash.body).toBe(200);
    const ask = await p.t.app.inject({
      method: 'POST',
      url: `/bar/v2/tables/${table.id}/tab/shares/${shares[1]!.id}/pix/?token=${table.token}`,
      headers: { host: PIZZARIA },
      remoteAddress: nextAddress(),
    });
    expect(ask.statusCode, ask.body).toBe(201);
    const pix = tabSharePixReply.parse(ask.json());
    const [charge] = await p.t.database.db
      .select()
      .from(tabSharePayments)
      .where(eq(tabSharePayments.id, pix.id));
    p.standin.pay(charge!.providerRef!);
    await p.standin.context.notifier.settled();
    const tab = await tabOf(p.t, boss.token, tabId, PIZZARIA);
    expect(tab.status).toBe('closed');

    const day = storeLocalTime(new Date(), 'America/Sao_Paulo').dateISO;
    const report = periodReport.parse(
      (await get(`/staff/reports/period?from=${day}&to=${day}`, boss.token)).json(),
    );
    expect(report.by_payment).toEqual(
      expect.arrayContaining([
        { method: 'Dinheiro', sales: 1, revenue: shares[0]!.valor },
        // Named as an order paid by PIX in the app is: one method, online (docs/decisions/0064).
        { method: 'PIX online', sales: 1, revenue: shares[1]!.valor },
      ]),
    );
    expect(report.current).toMatchObject({
      sales: 1,
      revenue: shares[0]!.valor + shares[1]!.valor,
      service_fees: tab.totais.taxa_servico,
    });
    const rows = readCsv((await get(`/staff/reports/ledger.csv?from=${day}&to=${day}`, boss.token)).body);
    expect(rows.slice(1).map((row) => [row[5], row[6]])).toEqual([
      ['Dinheiro', 'Não'],
      ['PIX online', 'Sim'],
    ]);
  });

  it("puts a share paid at the counter under the store's method it names, with the orders paid that way", async () => {
    p.t.setNow(new Date());
    const diner = await signUp(p.t.app, { host: PIZZARIA, name: 'Elisa Chave' });
    const boss = await signInStaff(p.t, { host: PIZZARIA });
    const day = storeLocalTime(new Date(), 'America/Sao_Paulo').dateISO;
    const before = periodReport.parse(
      (await get(`/staff/reports/period?from=${day}&to=${day}`, boss.token)).json(),
    );
    const keyRow = (report: typeof before) =>
      report.by_payment.find((r) => r.method === 'PIX (chave da loja)');
    // An order paid to the store's PIX key, then a table's share paid the same way at the counter,
    // its method typed in other letters.
    await order('keyed', diner, { fk_forma_pagamento: 4, troco_para: null });
    const table = await tableOf(p.t, 'mesa-4', PIZZARIA);
    const beer = await cartLine(p.t, { ref: 'cerveja-long-neck', channel: 'local', host: PIZZARIA, qtd: 1 });
    const roundId = await roundAtTable(p.t, diner, table, { lines: [beer], host: PIZZARIA });
    const [round] = await p.t.database.db.select().from(orders).where(eq(orders.id, roundId));
    const tabId = round!.tabId!;
    const close = await staffCall(
      p.t,
      boss.token,
      'POST',
      `/staff/tabs/${tabId}/close`,
      { service_fee: false, split: { mode: 'even', people: 1 } },
      PIZZARIA,
    );
    expect(close.statusCode, close.body).toBe(200);
    const [share] = (await tabOf(p.t, boss.token, tabId, PIZZARIA)).partes;
    const paid = await staffCall(
      p.t,
      boss.token,
      'POST',
      `/staff/tabs/${tabId}/shares/${share!.id}/paid`,
      { forma_pagamento: ' pix (CHAVE da loja) ' },
      PIZZARIA,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const after = periodReport.parse(
      (await get(`/staff/reports/period?from=${day}&to=${day}`, boss.token)).json(),
    );
    expect(keyRow(after)).toEqual({
      method: 'PIX (chave da loja)',
      sales: (keyRow(before)?.sales ?? 0) + 2,
      revenue: (keyRow(before)?.revenue ?? 0) + totals.keyed! + share!.valor,
    });
    expect(
      after.by_payment.some((r) => /chave da loja/i.test(r.method) && r.method !== 'PIX (chave da loja)'),
    ).toBe(false);
    const rows = readCsv((await get(`/staff/reports/ledger.csv?from=${day}&to=${day}`, boss.token)).body);
    expect(rows.at(-1)?.slice(5, 7)).toEqual(['PIX (chave da loja)', 'Não']);
  });
});
