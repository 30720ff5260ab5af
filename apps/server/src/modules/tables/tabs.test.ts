import {
  errorReply,
  guestTableReply,
  orderErrorReply,
  orderPlacedReply,
  staffOrder,
  staffTab,
} from '@comanda/contract';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, tableCalls, tableTabs } from '../../db/schema.ts';
import {
  buildAccountsTestApp,
  SAKURA,
  type SignedUp,
  type StaffSignedIn,
  signInStaff,
  signUp,
} from '../../test/accounts.ts';
import { cartLine, customerState, tableOf } from '../../test/orders.ts';
import {
  callFromTable,
  guestTab,
  orderAtTable,
  type QrTable,
  roundAtTable,
  staffCall,
  tabOf,
} from '../../test/tables.ts';
import type { TestApp } from '../../test/test-app.ts';
import { changeStatus, placePickupOrder } from '../../test/tracking.ts';

/*
 * A table's running tab (issue 19) on the demo pizzaria: its tables' QR tokens, every round
 * joining the table's tab, the waiter's code, and the staff closing the bill with its service fee
 * (10% in the demo), split evenly or by items. Water is R$ 4,50 and a long neck R$ 11,90 at the
 * tables.
 */

const TABLE_NOT_FOUND_TEXT = 'Mesa não encontrada. Leia o QrCode novamente ou faça o login';

let t: TestApp;
let owner: StaffSignedIn;
beforeAll(async () => {
  t = await buildAccountsTestApp();
  owner = await signInStaff(t);
});
afterAll(async () => {
  await t.close();
});

const water = () => cartLine(t, { ref: 'agua', channel: 'local' });
const beer = () => cartLine(t, { ref: 'cerveja-long-neck', channel: 'local' });

async function refused(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
  const body = errorReply.parse(response.json());
  expect(body.code).toBe(code);
  return body;
}

async function guestView(table: QrTable) {
  const response = await guestTab(t, table);
  expect(response.statusCode, response.body).toBe(200);
  return guestTableReply.parse(response.json());
}

async function notClosedTabs(tableId: number) {
  return t.database.db
    .select()
    .from(tableTabs)
    .where(and(eq(tableTabs.tableId, tableId), ne(tableTabs.status, 'closed')));
}

function close(tabId: number, body: unknown, token = owner.token) {
  return staffCall(t, token, 'POST', `/staff/tabs/${tabId}/close`, body);
}

function payShare(tabId: number, shareId: number, method = 'Dinheiro') {
  return staffCall(t, owner.token, 'POST', `/staff/tabs/${tabId}/shares/${shareId}/paid`, {
    forma_pagamento: method,
  });
}

async function nothingWritten(account: SignedUp) {
  expect(await customerState(t, account.userId)).toMatchObject({ orders: 0, lines: 0 });
}

describe('the QR code’s token (guests’ calls and table orders)', () => {
  it('shows the table and no tab before the first round, never cached', async () => {
    const table = await tableOf(t, 'mesa-4');
    const response = await guestTab(t, table);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    expect(guestTableReply.parse(response.json())).toEqual({
      table: { id: table.id, description: 'Mesa 4' },
      requires_code: false,
      tab: null,
    });
  });

  it('refuses a missing token, another table’s and another store’s, in the spec’s words (400, never 401/403)', async () => {
    const table = await tableOf(t, 'mesa-4');
    const other = await tableOf(t, 'mesa-5');
    const sakura = await tableOf(t, 'balcao-1', SAKURA);
    for (const token of [null, '', other.token, sakura.token, `${table.token}x`]) {
      const body = await refused(await guestTab(t, { id: table.id, token }), 400, 'TABLE_TOKEN_INVALID');
      expect(body.detail).toBe(TABLE_NOT_FOUND_TEXT);
      await refused(await callFromTable(t, { id: table.id, token }, 'waiter'), 400, 'TABLE_TOKEN_INVALID');
    }
    // Another store's table does not exist here, with its own token or not.
    const body = await refused(await guestTab(t, sakura), 404, 'TABLE_NOT_FOUND');
    expect(body.detail).toBe(TABLE_NOT_FOUND_TEXT);
    await refused(await guestTab(t, { id: 999_999, token: table.token }), 404, 'TABLE_NOT_FOUND');
    await refused(await guestTab(t, { id: 'abc', token: table.token }), 400, 'INVALID_INPUT');
    const calls = await t.database.db.select().from(tableCalls).where(eq(tableCalls.tableId, table.id));
    expect(calls).toEqual([]);
  });

  it('a rotated token stops working at once: no order, no call, nothing written', async () => {
    const before = await tableOf(t, 'mesa-4');
    const rotated = await staffCall(t, owner.token, 'POST', `/staff/tables/${before.id}/rotate-token`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const after = await tableOf(t, 'mesa-4');
    expect(after.token).not.toBe(before.token);
    expect(rotated.json().links.local).toBe(
      `http://pizzaria.localhost:3000/local/${before.id}?token=${after.token}`,
    );

    await refused(await guestTab(t, before), 400, 'TABLE_TOKEN_INVALID');
    await refused(await callFromTable(t, before, 'waiter'), 400, 'TABLE_TOKEN_INVALID');
    const account = await signUp(t.app);
    const order = await orderAtTable(t, account, before, { lines: [await water()] });
    expect(orderErrorReply.parse(order.json())).toMatchObject({
      code: 'TABLE_TOKEN_INVALID',
      detail: TABLE_NOT_FOUND_TEXT,
      non_field_errors: [TABLE_NOT_FOUND_TEXT],
    });
    expect(order.statusCode).toBe(400);
    await nothingWritten(account);
    expect(await notClosedTabs(before.id)).toEqual([]);
    expect((await guestTab(t, after)).statusCode).toBe(200);
  });

  it('an inactive table takes no orders and no calls (404)', async () => {
    const created = await staffCall(t, owner.token, 'POST', '/staff/tables', { description: 'Varanda' });
    expect(created.statusCode, created.body).toBe(201);
    const table = {
      id: created.json().id as number,
      token: new URL(created.json().links.local).searchParams.get('token')!,
    };
    expect((await guestTab(t, table)).statusCode).toBe(200);
    const off = await staffCall(t, owner.token, 'PATCH', `/staff/tables/${table.id}`, { ativo: false });
    expect(off.statusCode, off.body).toBe(200);
    await refused(await guestTab(t, table), 404, 'TABLE_NOT_FOUND');
    await refused(await callFromTable(t, table, 'waiter'), 404, 'TABLE_NOT_FOUND');
    const account = await signUp(t.app);
    await refused(await orderAtTable(t, account, table, { lines: [await water()] }), 404, 'TABLE_NOT_FOUND');
    await nothingWritten(account);
  });
});

describe('rounds joining the table’s tab', () => {
  it('two rounds make one tab: rodada 1 and 2, each its own order on the board', async () => {
    const table = await tableOf(t, 'mesa-5');
    const ana = await signUp(t.app, { name: 'Ana Guimarães' });
    const bia = await signUp(t.app, { name: 'Bia Falcão' });
    const first = await roundAtTable(t, ana, table, { lines: [await water()] });
    const second = await roundAtTable(t, bia, table, {
      lines: [await beer(), await cartLine(t, { ref: 'agua', channel: 'local', observacao: 'com gelo' })],
    });

    const view = await guestView(table);
    expect(view.tab).toMatchObject({
      status: 'open',
      divisao: null,
      partes: [],
      chamado_garcom_em: null,
      conta_pedida_em: null,
    });
    const tab = view.tab!;
    expect(tab.rodadas.map((round) => [round.order_id, round.rodada, round.status, round.total])).toEqual([
      [first, 1, 'Solicitado', 450],
      [second, 2, 'Solicitado', 1190 + 450],
    ]);
    expect(tab.rodadas[1]!.linhas).toEqual([
      {
        id: expect.any(Number),
        descricao_produto: 'Cerveja long neck',
        qtd: 1,
        detalhes: '',
        valor_total: 1190,
      },
      {
        id: expect.any(Number),
        descricao_produto: 'Água mineral 500 ml',
        qtd: 1,
        detalhes: 'Obs.: com gelo',
        valor_total: 450,
      },
    ]);
    // The store's 10% while the tab is open, on everything ordered so far.
    expect(tab.totais).toEqual({
      consumido: 2090,
      pago_online: 0,
      a_pagar: 2090,
      taxa_servico_perc: 10,
      taxa_servico: 209,
      total: 2299,
    });
    // Guests at the table see no one's name or phone.
    const raw = (await guestTab(t, table)).body;
    for (const secret of ['Ana', 'Bia', ana.phone, bia.phone]) expect(raw).not.toContain(secret);

    // The kitchen gets each round as its own order, named by its round.
    const order = await staffCall(t, owner.token, 'GET', `/staff/orders/${second}`);
    expect(staffOrder.parse(order.json())).toMatchObject({ id: second, mesa: 'Mesa 5', rodada: 2 });
    const list = await staffCall(t, owner.token, 'GET', '/staff/orders?limit=10');
    const rounds = (list.json() as { results: { id: number; rodada: number | null }[] }).results;
    expect(rounds.find((o) => o.id === first)?.rodada).toBe(1);
    expect(await notClosedTabs(table.id)).toHaveLength(1);
  });

  it('an order away from a table has no round', async () => {
    const orderId = await placePickupOrder(t, await signUp(t.app));
    const order = await staffCall(t, owner.token, 'GET', `/staff/orders/${orderId}`);
    expect(staffOrder.parse(order.json())).toMatchObject({ mesa: null, rodada: null });
  });

  it('first rounds ordered at once open one tab between them', async () => {
    const table = await tableOf(t, 'mesa-6');
    const guests = await Promise.all([1, 2, 3, 4].map(() => signUp(t.app)));
    const lines = [await water()];
    const placed = await Promise.all(guests.map((guest) => orderAtTable(t, guest, table, { lines })));
    expect(placed.map((response) => response.statusCode)).toEqual([201, 201, 201, 201]);
    const tabs = await notClosedTabs(table.id);
    expect(tabs).toHaveLength(1);
    expect(tabs[0]!.rounds).toBe(4);
    const view = await guestView(table);
    expect(view.tab!.rodadas.map((round) => round.rodada)).toEqual([1, 2, 3, 4]);
  });

  it('a cancelled round is listed as Cancelado and left out of the bill', async () => {
    const table = await tableOf(t, 'mesa-7');
    const first = await roundAtTable(t, await signUp(t.app), table, { lines: [await beer()] });
    await roundAtTable(t, await signUp(t.app), table, { lines: [await water()] });
    const cancelled = await changeStatus(t, owner.token, first, {
      status: 'Cancelado',
      reason: 'Acabou a cerveja',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const tab = (await guestView(table)).tab!;
    expect(tab.rodadas.map((round) => round.status)).toEqual(['Cancelado', 'Solicitado']);
    expect(tab.totais).toMatchObject({ consumido: 450, a_pagar: 450, taxa_servico: 45, total: 495 });
  });

  it('a tab being closed takes no round; once closed, the next round opens a new tab', async () => {
    const table = await tableOf(t, 'mesa-7');
    const tabId = (await guestView(table)).tab!.id;
    const closing = await close(tabId, { service_fee: false, split: { mode: 'even', people: 1 } });
    expect(closing.statusCode, closing.body).toBe(200);
    expect(staffTab.parse(closing.json()).status).toBe('closing');

    const late = await signUp(t.app);
    const body = await refused(
      await orderAtTable(t, late, table, { lines: [await water()] }),
      409,
      'TAB_NOT_OPEN',
    );
    expect(body.detail).toBe('A conta desta mesa já foi fechada. Chame o garçom para abrir uma nova.');
    await nothingWritten(late);

    const share = staffTab.parse(closing.json()).partes[0]!;
    expect((await payShare(tabId, share.id)).statusCode).toBe(200);
    expect((await guestView(table)).tab).toBeNull();
    const next = await roundAtTable(t, late, table, { lines: [await water()] });
    const view = await guestView(table);
    expect(view.tab!.id).not.toBe(tabId);
    expect(view.tab!.rodadas.map((round) => [round.order_id, round.rodada])).toEqual([[next, 1]]);
  });
});

describe('the local mode’s rules at placement (spec section 6)', () => {
  it('a table order is eaten in, whatever delivery type it names', async () => {
    const table = await tableOf(t, 'mesa-5');
    for (const tipo_entrega of ['Retirada', 'Entregar'] as const) {
      const response = await orderAtTable(t, await signUp(t.app), table, {
        lines: [await water()],
        overrides: { tipo_entrega },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(orderPlacedReply.parse(response.json()).order).toMatchObject({
        tipo_entrega: 'Vem comer',
        mesa: 'Mesa 5',
      });
    }
  });

  it('a store that requires paying in the app takes no in-person payment at its tables, and opens no tab for it', async () => {
    // Sakura (cards online) on a Tuesday at lunch.
    const now = new Date();
    t.setNow(new Date('2026-05-05T12:30:00-03:00'));
    try {
      const seat = await tableOf(t, 'balcao-2', SAKURA);
      const guest = await signUp(t.app, { host: SAKURA });
      const lamen = await cartLine(t, { ref: 'lamen', channel: 'local', host: SAKURA });
      const cash = await orderAtTable(t, guest, seat, {
        host: SAKURA,
        lines: [lamen],
        overrides: { fk_forma_pagamento: 1 },
      });
      await refused(cash, 409, 'PAYMENT_METHOD_UNAVAILABLE');
      const none = await orderAtTable(t, guest, seat, { host: SAKURA, lines: [lamen] });
      await refused(none, 400, 'PAYMENT_METHOD_REQUIRED');
      await nothingWritten(guest);
      expect(await notClosedTabs(seat.id)).toEqual([]);
    } finally {
      t.setNow(now);
    }
  });
});

describe('tables opened with the waiter’s code (lock table)', () => {
  async function requireCodes(on: boolean) {
    const response = await staffCall(t, owner.token, 'PATCH', '/staff/tables/settings', {
      requires_code: on,
    });
    expect(response.statusCode, response.body).toBe(200);
  }

  it('a table nobody opened is locked; the wrong code or none is refused; the right one joins', async () => {
    await requireCodes(true);
    try {
      const table = await tableOf(t, 'mesa-8');
      expect((await guestView(table)).requires_code).toBe(true);
      const guest = await signUp(t.app);
      const locked = await refused(
        await orderAtTable(t, guest, table, { lines: [await water()], code: '1234' }),
        409,
        'TABLE_LOCKED',
      );
      expect(locked.detail).toBe('Esta mesa ainda não foi aberta. Peça ao garçom o código da mesa.');
      await nothingWritten(guest);
      expect(await notClosedTabs(table.id)).toEqual([]);

      const opened = await staffCall(t, owner.token, 'POST', `/staff/tables/${table.id}/open`);
      expect(opened.statusCode, opened.body).toBe(201);
      const tab = staffTab.parse(opened.json());
      expect(tab).toMatchObject({
        status: 'open',
        rodadas: [],
        table: { id: table.id, description: 'Mesa 8' },
      });
      expect(tab.codigo).toMatch(/^\d{4}$/);
      const wrongCode = tab.codigo === '0000' ? '0001' : '0000';
      for (const code of [wrongCode, undefined]) {
        const body = await refused(
          await orderAtTable(t, guest, table, { lines: [await water()], ...(code ? { code } : {}) }),
          400,
          'TABLE_CODE_INVALID',
        );
        expect(body.detail).toBe('Código da mesa incorreto. Confira com o garçom.');
      }
      await nothingWritten(guest);

      const placed = await roundAtTable(t, guest, table, { lines: [await water()], code: tab.codigo! });
      const view = await guestTab(t, table);
      const reply = guestTableReply.parse(view.json());
      expect(reply.tab).toMatchObject({ id: tab.id, rodadas: [{ order_id: placed, rodada: 1 }] });
      // Each round names its order by the number people read (ADR 0065), for the staff's tab.
      const [round] = await t.database.db
        .select({ numero: orders.numero })
        .from(orders)
        .where(eq(orders.id, placed));
      expect(round!.numero).not.toBeNull();
      expect(reply.tab!.rodadas[0]!.numero).toBe(round!.numero);
      // The code is the waiter's to give: guests' replies never carry it.
      expect(view.json().tab).not.toHaveProperty('codigo');
      expect((await tabOf(t, owner.token, tab.id)).codigo).toBe(tab.codigo);

      const again = await staffCall(t, owner.token, 'POST', `/staff/tables/${table.id}/open`);
      await refused(again, 409, 'TABLE_ALREADY_OPEN');
    } finally {
      await requireCodes(false);
    }
  });

  it('guessing the code costs time: after 5 wrong codes the customer waits (429), then the right one passes', async () => {
    await requireCodes(true);
    try {
      const table = await tableOf(t, 'mesa-9');
      const opened = await staffCall(t, owner.token, 'POST', `/staff/tables/${table.id}/open`);
      const code = staffTab.parse(opened.json()).codigo!;
      const guesser = await signUp(t.app);
      const lines = [await water()];
      const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
      for (let guess = 0; guess < 5; guess += 1) {
        await refused(
          await orderAtTable(t, guesser, table, { lines, code: wrong }),
          400,
          'TABLE_CODE_INVALID',
        );
      }
      const blocked = await orderAtTable(t, guesser, table, { lines, code });
      await refused(blocked, 429, 'TOO_MANY_TABLE_CODE_ATTEMPTS');
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      await nothingWritten(guesser);
      const now = new Date();
      t.setNow(new Date(now.getTime() + 31_000));
      try {
        expect((await orderAtTable(t, guesser, table, { lines, code })).statusCode).toBe(201);
      } finally {
        t.setNow(now);
      }
      // Closed with nothing else to pay than this round: the table is free for the next tests.
      const tabId = staffTab.parse(opened.json()).id;
      const closed = await close(tabId, { service_fee: false, split: { mode: 'even', people: 1 } });
      const share = staffTab.parse(closed.json()).partes[0]!;
      expect((await payShare(tabId, share.id)).statusCode).toBe(200);
    } finally {
      await requireCodes(false);
    }
  });

  it('at a store without codes, a tab the staff opens has no code and takes rounds', async () => {
    const table = await tableOf(t, 'mesa-10');
    const opened = await staffCall(t, owner.token, 'POST', `/staff/tables/${table.id}/open`);
    expect(opened.statusCode, opened.body).toBe(201);
    expect(staffTab.parse(opened.json()).codigo).toBeNull();
    await roundAtTable(t, await signUp(t.app), table, { lines: [await water()] });
    const tabId = staffTab.parse(opened.json()).id;
    expect((await tabOf(t, owner.token, tabId)).rodadas).toHaveLength(1);
    const closed = await close(tabId, { service_fee: false, split: { mode: 'even', people: 1 } });
    expect((await payShare(tabId, staffTab.parse(closed.json()).partes[0]!.id)).statusCode).toBe(200);
  });
});

describe('closing the bill', () => {
  /** A fresh table of the store (the demo has ten) with two rounds: water, then a long neck and a water. */
  async function tableWithRounds(name: string) {
    const created = await staffCall(t, owner.token, 'POST', '/staff/tables', { description: name });
    expect(created.statusCode, created.body).toBe(201);
    const table = {
      id: created.json().id as number,
      token: new URL(created.json().links.local).searchParams.get('token')!,
    };
    await roundAtTable(t, await signUp(t.app), table, { lines: [await water()] });
    await roundAtTable(t, await signUp(t.app), table, { lines: [await beer(), await water()] });
    const tabId = (await guestView(table)).tab!.id;
    return { table, tabId, tab: await tabOf(t, owner.token, tabId) };
  }

  it('evenly with the service fee: the shares add up to the bill to the centavo', async () => {
    const { table, tabId } = await tableWithRounds('Mesa 11');
    const response = await close(tabId, { service_fee: true, split: { mode: 'even', people: 3 } });
    expect(response.statusCode, response.body).toBe(200);
    const tab = staffTab.parse(response.json());
    expect(tab).toMatchObject({ status: 'closing', divisao: 'even', fechada_em: null });
    // 2090 + 10% (209) = 2299, split in three: 767 + 766 + 766, the fee 70 + 70 + 69.
    expect(tab.totais).toEqual({
      consumido: 2090,
      pago_online: 0,
      a_pagar: 2090,
      taxa_servico_perc: 10,
      taxa_servico: 209,
      total: 2299,
    });
    expect(tab.partes.map((share) => [share.parte, share.valor, share.taxa_servico, share.linhas])).toEqual([
      [1, 767, 70, []],
      [2, 766, 70, []],
      [3, 766, 69, []],
    ]);
    // The guests see the fixed bill and its shares.
    const view = (await guestView(table)).tab!;
    expect(view).toMatchObject({ status: 'closing', divisao: 'even', totais: tab.totais });
    expect(view.partes.map((share) => share.valor)).toEqual([767, 766, 766]);

    // The fee changed later does not change a fixed bill.
    await staffCall(t, owner.token, 'PATCH', '/staff/tables/settings', { service_fee_percent: 12 });
    try {
      expect((await tabOf(t, owner.token, tabId)).totais.total).toBe(2299);
    } finally {
      await staffCall(t, owner.token, 'PATCH', '/staff/tables/settings', { service_fee_percent: 10 });
    }

    // Paid share by share; the last one closes the tab.
    for (const share of tab.partes.slice(0, 2)) {
      const paid = await payShare(tabId, share.id, 'Cartão de débito');
      expect(staffTab.parse(paid.json()).status).toBe('closing');
    }
    await refused(await payShare(tabId, tab.partes[0]!.id), 409, 'TAB_SHARE_ALREADY_PAID');
    const last = staffTab.parse((await payShare(tabId, tab.partes[2]!.id, 'PIX')).json());
    expect(last.status).toBe('closed');
    expect(last.fechada_em).toEqual(expect.any(String));
    expect(last.partes.map((share) => share.forma_pagamento)).toEqual([
      'Cartão de débito',
      'Cartão de débito',
      'PIX',
    ]);
    expect(last.partes.every((share) => share.pago_em !== null)).toBe(true);
    expect((await guestView(table)).tab).toBeNull();
    await refused(
      await close(tabId, { service_fee: false, split: { mode: 'even', people: 1 } }),
      409,
      'TAB_NOT_OPEN',
    );
  });

  it('by items: each share pays its lines’ part of the bill and of the fee', async () => {
    const { tabId, tab } = await tableWithRounds('Mesa 12');
    const [waterOne] = tab.rodadas[0]!.linhas;
    const [longNeck, waterTwo] = tab.rodadas[1]!.linhas;
    const response = await close(tabId, {
      service_fee: true,
      split: { mode: 'items', shares: [[waterOne!.id, waterTwo!.id], [longNeck!.id]] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const closed = staffTab.parse(response.json());
    expect(closed.divisao).toBe('items');
    // 900 and 1190 of 2090; the fee 209 the same way: 90 and 119.
    expect(closed.partes.map((share) => [share.valor, share.taxa_servico, share.linhas])).toEqual([
      [990, 90, [waterOne!.id, waterTwo!.id]],
      [1309, 119, [longNeck!.id]],
    ]);
    expect(closed.partes.reduce((sum, share) => sum + share.valor, 0)).toBe(closed.totais.total);
  });

  it('without the service fee the bill is what was ordered', async () => {
    const { tabId } = await tableWithRounds('Mesa 13');
    const closed = staffTab.parse(
      (await close(tabId, { service_fee: false, split: { mode: 'even', people: 2 } })).json(),
    );
    expect(closed.totais).toMatchObject({ taxa_servico_perc: 0, taxa_servico: 0, total: 2090 });
    expect(closed.partes.map((share) => share.valor)).toEqual([1045, 1045]);
  });

  it('refuses a split that leaves a line out, takes one twice, names another tab’s line or has an empty share', async () => {
    const { tabId, tab } = await tableWithRounds('Mesa 14');
    const other = await tableWithRounds('Mesa 15');
    const [a] = tab.rodadas[0]!.linhas;
    const [b, c] = tab.rodadas[1]!.linhas;
    const foreign = other.tab.rodadas[0]!.linhas[0]!;
    const cases: [unknown, RegExp][] = [
      [[[a!.id, b!.id]], /'Água mineral 500 ml' \(linha \d+\) não está em nenhuma parte/],
      [
        [
          [a!.id, b!.id],
          [b!.id, c!.id],
        ],
        /'Cerveja long neck' \(linha \d+\) está em mais de uma parte/,
      ],
      [
        [[a!.id, b!.id, c!.id, foreign.id]],
        new RegExp(`A linha ${foreign.id} não é um item a pagar desta conta`),
      ],
      [[[a!.id, b!.id, c!.id], []], /Cada parte da conta precisa de pelo menos um item/],
    ];
    for (const [shares, text] of cases) {
      const body = await refused(
        await close(tabId, { service_fee: true, split: { mode: 'items', shares } }),
        400,
        'TAB_SPLIT_INVALID',
      );
      expect(body.field).toBe('split');
      expect(body.detail).toMatch(text);
    }
    for (const split of [{ mode: 'even', people: 0 }, { mode: 'even', people: 31 }, { mode: 'thirds' }]) {
      await refused(await close(tabId, { service_fee: true, split }), 400, 'INVALID_INPUT');
    }
    await refused(await close(tabId, { split: { mode: 'even', people: 2 } }), 400, 'INVALID_INPUT');
    // Nothing changed: the tab is still open, with no shares.
    expect(await tabOf(t, owner.token, tabId)).toMatchObject({ status: 'open', partes: [], divisao: null });
  });

  it('two staff closing at once: one closes it, the other is told it is closed', async () => {
    const { tabId } = await tableWithRounds('Mesa 16');
    const attendant = await signInStaff(t, { role: 'attendant' });
    const [one, two] = await Promise.all([
      close(tabId, { service_fee: true, split: { mode: 'even', people: 2 } }),
      close(tabId, { service_fee: false, split: { mode: 'even', people: 4 } }, attendant.token),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect((await tabOf(t, owner.token, tabId)).partes).toHaveLength(one.statusCode === 200 ? 2 : 4);
  });

  it('a tab with nothing to pay closes at once, with no shares', async () => {
    const created = await staffCall(t, owner.token, 'POST', '/staff/tables', { description: 'Mesa 17' });
    const opened = await staffCall(t, owner.token, 'POST', `/staff/tables/${created.json().id}/open`);
    const tabId = staffTab.parse(opened.json()).id;
    const closed = staffTab.parse(
      (await close(tabId, { service_fee: true, split: { mode: 'even', people: 2 } })).json(),
    );
    expect(closed).toMatchObject({ status: 'closed', partes: [], totais: { total: 0 } });
    expect(closed.fechada_em).toEqual(expect.any(String));
  });

  it('another store’s tab, share or an unknown one is not found', async () => {
    const { tabId, tab } = await tableWithRounds('Mesa 18');
    const sakuraStaff = await signInStaff(t, { host: SAKURA });
    const asSakura = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      staffCall(t, sakuraStaff.token, method, url, payload, SAKURA);
    await refused(await asSakura('GET', `/staff/tabs/${tabId}`), 404, 'TAB_NOT_FOUND');
    await refused(
      await asSakura('POST', `/staff/tabs/${tabId}/close`, {
        service_fee: false,
        split: { mode: 'even', people: 1 },
      }),
      404,
      'TAB_NOT_FOUND',
    );
    await refused(await staffCall(t, owner.token, 'GET', '/staff/tabs/999999'), 404, 'TAB_NOT_FOUND');
    const closed = staffTab.parse(
      (await close(tabId, { service_fee: false, split: { mode: 'even', people: 1 } })).json(),
    );
    const share = closed.partes[0]!;
    await refused(
      await asSakura('POST', `/staff/tabs/${tabId}/shares/${share.id}/paid`, { forma_pagamento: 'PIX' }),
      404,
      'TAB_NOT_FOUND',
    );
    await refused(await payShare(tabId, 999_999), 404, 'TAB_SHARE_NOT_FOUND');
    await refused(
      await staffCall(t, owner.token, 'POST', `/staff/tabs/${tabId}/shares/${share.id}/paid`, {
        forma_pagamento: '  ',
      }),
      400,
      'INVALID_INPUT',
    );
    expect(tab.table.description).toBe('Mesa 18');
  });

  it('lists the open and closing tabs, and the closed ones when asked', async () => {
    const open = await staffCall(t, owner.token, 'GET', '/staff/tabs');
    expect(open.statusCode, open.body).toBe(200);
    const statuses = (open.json() as { tabs: { status: string }[] }).tabs.map((tab) => tab.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 'open' || status === 'closing')).toBe(true);
    const closed = await staffCall(t, owner.token, 'GET', '/staff/tabs?status=closed');
    const closedTabs = (closed.json() as { tabs: { status: string; fechada_em: string }[] }).tabs;
    expect(closedTabs.length).toBeGreaterThan(0);
    expect(closedTabs.every((tab) => tab.status === 'closed')).toBe(true);
    const times = closedTabs.map((tab) => tab.fechada_em);
    expect([...times].sort().reverse()).toEqual(times);
    await refused(await staffCall(t, owner.token, 'GET', '/staff/tabs?status=paid'), 400, 'INVALID_INPUT');
  });
});

describe('the guests’ calls on the tab', () => {
  it('asking for the bill shows on the tab until the staff acknowledges it', async () => {
    const created = await staffCall(t, owner.token, 'POST', '/staff/tables', { description: 'Mesa 19' });
    const table = {
      id: created.json().id as number,
      token: new URL(created.json().links.local).searchParams.get('token')!,
    };
    await roundAtTable(t, await signUp(t.app), table, { lines: [await water()] });
    const call = await callFromTable(t, table, 'bill');
    expect(call.statusCode, call.body).toBe(201);
    expect((await guestView(table)).tab!.conta_pedida_em).toBe(call.json().created_at);
    const ack = await staffCall(t, owner.token, 'POST', `/staff/tables/calls/${call.json().id}/ack`);
    expect(ack.statusCode).toBe(200);
    expect((await guestView(table)).tab!.conta_pedida_em).toBeNull();
  });
});
