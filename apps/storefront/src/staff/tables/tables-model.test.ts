import type { StaffTab, TableCall } from '@comanda/contract';
import { TAB_SPLIT_MAX_PEOPLE } from '@comanda/domain';
import { describe, expect, it } from 'vitest';
import {
  billableLines,
  callsOfTable,
  closePreview,
  elapsed,
  hearCall,
  itemsDraft,
  listCalls,
  NO_CALLS,
  qrPages,
  sortTables,
  unpaid,
  withLineIn,
  withShareCount,
} from './tables-model.ts';

const NOW = new Date('2026-05-05T23:00:00Z'); // 20:00 in São Paulo

function call(id: number, minutesAgo: number, overrides: Partial<TableCall> = {}): TableCall {
  return {
    id,
    kind: 'waiter',
    table_id: 3,
    table_description: 'Mesa 3',
    created_at: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
    acknowledged_at: null,
    ...overrides,
  };
}

const answered = (c: TableCall): TableCall => ({ ...c, acknowledged_at: NOW.toISOString() });

describe('guests’ calls on the board', () => {
  it('lists a call heard on the stream once, oldest first', () => {
    let state = hearCall(NO_CALLS, call(2, 1), 1000);
    state = hearCall(state, call(1, 5), 1000);
    state = hearCall(state, call(2, 1), 2000);
    expect(state.waiting.map((c) => c.id)).toEqual([1, 2]);
  });

  it('an answered call leaves every board, and a stale list does not bring it back', () => {
    let state = hearCall(NO_CALLS, call(1, 5), 1000);
    state = hearCall(state, answered(call(1, 5)), 2000);
    expect(state.waiting).toEqual([]);
    state = listCalls(state, [call(1, 5)], 1500);
    expect(state.waiting).toEqual([]);
    state = hearCall(state, call(1, 5), 3000);
    expect(state.waiting).toEqual([]);
  });

  it('the catch-up list replaces the calls shown: one answered while offline leaves', () => {
    let state = listCalls(NO_CALLS, [call(1, 9), call(2, 4)], 1000);
    state = listCalls(state, [call(2, 4)], 5000);
    expect(state.waiting.map((c) => c.id)).toEqual([2]);
  });

  it('keeps a call heard on the stream after the list was asked for', () => {
    let state = hearCall(NO_CALLS, call(7, 0), 5000);
    state = hearCall(state, call(6, 2), 1000);
    state = listCalls(state, [call(1, 9)], 4000);
    expect(state.waiting.map((c) => c.id)).toEqual([1, 7]);
  });

  it('finds the calls of one table', () => {
    const calls = [call(1, 2), call(2, 1, { table_id: 4 }), call(3, 0, { kind: 'bill' })];
    expect(callsOfTable(calls, 3).map((c) => c.id)).toEqual([1, 3]);
  });
});

describe('tables in the order a waiter walks them', () => {
  it('sorts names with numbers as numbers', () => {
    const tables = ['Mesa 10', 'Mesa 2', 'Varanda', 'Mesa 1'].map((description, id) => ({ id, description }));
    expect(sortTables(tables).map((t) => t.description)).toEqual(['Mesa 1', 'Mesa 2', 'Mesa 10', 'Varanda']);
  });

  it('counts the time a tab has been open in hours and minutes', () => {
    expect(elapsed('2026-05-05T22:35:00Z', NOW)).toEqual({ days: 0, hours: 0, minutes: 25 });
    expect(elapsed('2026-05-05T21:10:30Z', NOW)).toEqual({ days: 0, hours: 1, minutes: 49 });
    expect(elapsed('2026-05-03T20:00:00Z', NOW)).toEqual({ days: 2, hours: 3, minutes: 0 });
    expect(elapsed('2026-05-05T23:05:00Z', NOW)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});

function tab(overrides: Partial<StaffTab> = {}): StaffTab {
  const line = (id: number, valor_total: number, descricao_produto = `Item ${id}`) => ({
    id,
    descricao_produto,
    qtd: 1,
    detalhes: '',
    valor_total,
  });
  return {
    id: 40,
    status: 'open',
    aberta_em: '2026-05-05T22:35:00Z',
    rodadas: [
      {
        order_id: 501,
        rodada: 1,
        dh_iniciado: '2026-05-05T22:36:00Z',
        status: 'Entregue',
        total: 6000,
        pago_online: false,
        linhas: [line(1, 4000, 'Pizza'), line(2, 2000, 'Chopp')],
      },
      {
        order_id: 502,
        rodada: 2,
        dh_iniciado: '2026-05-05T22:50:00Z',
        status: 'Cancelado',
        total: 9900,
        pago_online: false,
        linhas: [line(3, 9900)],
      },
      {
        order_id: 503,
        rodada: 3,
        dh_iniciado: '2026-05-05T22:55:00Z',
        status: 'Preparo',
        total: 1500,
        pago_online: true,
        linhas: [line(4, 1500)],
      },
      {
        order_id: 504,
        rodada: 4,
        dh_iniciado: '2026-05-05T22:58:00Z',
        status: 'Preparo',
        total: 4000,
        pago_online: false,
        linhas: [line(5, 4000, 'Picanha')],
      },
    ],
    totais: {
      consumido: 11500,
      pago_online: 1500,
      a_pagar: 10000,
      taxa_servico_perc: 10,
      taxa_servico: 1000,
      total: 11000,
    },
    divisao: null,
    partes: [],
    chamado_garcom_em: null,
    conta_pedida_em: null,
    table: { id: 3, description: 'Mesa 3' },
    codigo: null,
    fechada_em: null,
    ...overrides,
  };
}

describe('closing a tab: the preview the staff confirms', () => {
  it('charges the service fee on what is paid at the table, or not at all', () => {
    const withFee = closePreview(tab(), true, { mode: 'even', people: 1 });
    expect(withFee.bill).toMatchObject({ due: 10000, serviceFee: 1000, total: 11000 });
    expect(withFee.percent).toBe(10);
    const without = closePreview(tab(), false, { mode: 'even', people: 1 });
    expect(without.bill).toMatchObject({ due: 10000, serviceFee: 0, total: 10000 });
    expect(without.request).toEqual({ service_fee: false, split: { mode: 'even', people: 1 } });
  });

  it('splits evenly, the odd centavos to the first shares, and sends the people', () => {
    const preview = closePreview(tab(), true, { mode: 'even', people: 3 });
    expect(preview.shares).toEqual([
      { amount: 3667, serviceFee: 334 },
      { amount: 3667, serviceFee: 333 },
      { amount: 3666, serviceFee: 333 },
    ]);
    expect(preview.request).toEqual({ service_fee: true, split: { mode: 'even', people: 3 } });
  });

  it('keeps the people between 1 and the most a tab splits into', () => {
    expect(closePreview(tab(), true, { mode: 'even', people: 99 }).shares).toHaveLength(TAB_SPLIT_MAX_PEOPLE);
    expect(closePreview(tab(), true, { mode: 'even', people: 0 }).shares).toHaveLength(1);
  });

  it('shares out by items only the lines paid at the table', () => {
    expect(billableLines(tab()).map((line) => [line.id, line.rodada])).toEqual([
      [1, 1],
      [2, 1],
      [5, 4],
    ]);
  });

  it('by items: each share pays its lines with the fee in proportion, and names them', () => {
    let draft = itemsDraft(tab());
    draft = withLineIn(draft, 5, 1);
    draft = withLineIn(draft, 2, 1);
    const preview = closePreview(tab(), true, draft);
    expect(preview.refusal).toBeNull();
    expect(preview.shares).toEqual([
      { amount: 4400, serviceFee: 400 },
      { amount: 6600, serviceFee: 600 },
    ]);
    expect(preview.request).toEqual({
      service_fee: true,
      split: {
        mode: 'items',
        shares: [[1], [2, 5]],
      },
    });
  });

  it('by items: refuses a share with no items before anything is sent', () => {
    const preview = closePreview(tab(), true, itemsDraft(tab(), 2));
    expect(preview.refusal).toEqual({ ok: false, reason: 'EMPTY_SHARE' });
    expect(preview.request).toBeNull();
    expect(preview.shares).toBeNull();
  });

  it('by items: fewer shares move the lines of a share that is gone to the last one', () => {
    let draft = itemsDraft(tab(), 3);
    draft = withLineIn(draft, 5, 2);
    const fewer = withShareCount(draft, 2);
    expect(fewer).toMatchObject({ shares: 2 });
    expect(fewer.assignment.get(5)).toBe(1);
    expect(closePreview(tab(), false, fewer).request?.split).toEqual({
      mode: 'items',
      shares: [[1, 2], [5]],
    });
  });

  it('with nothing left to pay, one share of nothing: the server closes the tab at once', () => {
    const paid = tab({
      rodadas: tab().rodadas.map((round) => ({ ...round, pago_online: true })),
    });
    const preview = closePreview(paid, true, itemsDraft(paid));
    expect(preview.bill.total).toBe(0);
    expect(preview.refusal).toBeNull();
    expect(preview.request).toEqual({ service_fee: true, split: { mode: 'even', people: 1 } });
  });

  it('adds up what is still to pay', () => {
    const share = (id: number, valor: number, pago_em: string | null) => ({
      id,
      parte: id,
      valor,
      taxa_servico: 0,
      linhas: [],
      pago_em,
      forma_pagamento: pago_em ? 'PIX' : null,
    });
    expect(
      unpaid({ partes: [share(1, 3667, NOW.toISOString()), share(2, 3667, null), share(3, 3666, null)] }),
    ).toEqual({ count: 2, amount: 7333 });
  });
});

describe('the QR sheet', () => {
  it('puts six cards on an A4 page and one on each label', () => {
    const cards = Array.from({ length: 13 }, (_, index) => index);
    expect(qrPages(cards, 'a4').map((page) => page.length)).toEqual([6, 6, 1]);
    expect(qrPages(cards, 'label-62x80')).toHaveLength(13);
    expect(qrPages([], 'a4')).toEqual([]);
  });
});
