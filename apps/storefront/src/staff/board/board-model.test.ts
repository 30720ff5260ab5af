import type { StaffOrder } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import {
  alarmState,
  autoAcceptedArrivals,
  byColumn,
  columnOf,
  editedOrders,
  groupedLines,
  mergeOrders,
  nextStatus,
  onlinePaymentNote,
  ringingOrders,
  wasRefused,
} from './board-model.ts';

const NOW = new Date('2026-05-05T15:00:00Z'); // 12:00 in São Paulo

function order(id: number, status: string, overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    id,
    status,
    dh_iniciado: new Date(NOW.getTime() - id * 60_000).toISOString(),
    updated_at: NOW.toISOString(),
    agendado: false,
    hora_entrega: null,
    produtos_pedidos: [],
    ...overrides,
  } as StaffOrder;
}

const line = (produto: number, qtd: number, itens: number[] = [], observacao = '') =>
  ({
    produto,
    qtd,
    observacao,
    valor_total: qtd * 100,
    itens_pedidos: itens.map((item_id) => ({ item_id, grupo: 1, quantidade_pedida: 1 })),
  }) as unknown as StaffOrder['produtos_pedidos'][number];

describe('the board’s columns', () => {
  it('puts each status in its column, oldest first; done only when it ended today', () => {
    const orders = [
      order(1, 'Solicitado'),
      order(2, 'Solicitado'),
      order(3, 'Preparo'),
      order(4, 'Finalização'),
      order(5, 'Concluido'),
      order(6, 'Entregue'),
      order(7, 'Cancelado', { updated_at: '2026-05-04T20:00:00Z' }),
    ];
    const columns = byColumn(orders, NOW);
    expect(columns.new.map((o) => o.id)).toEqual([2, 1]);
    expect(columns.preparing.map((o) => o.id)).toEqual([4, 3]);
    expect(columns.ready.map((o) => o.id)).toEqual([5]);
    expect(columns.done.map((o) => o.id)).toEqual([6]);
  });

  it('keeps a scheduled order apart until an hour before its time, and it does not ring', () => {
    const later = order(8, 'Solicitado', { agendado: true, hora_entrega: '2026-05-05T17:00:00Z' });
    const soon = order(9, 'Solicitado', { agendado: true, hora_entrega: '2026-05-05T15:30:00Z' });
    expect(columnOf(later, NOW)).toBe('scheduled');
    expect(columnOf(soon, NOW)).toBe('new');
    expect(ringingOrders([later, soon], NOW)).toEqual([9]);
  });
});

describe('live updates', () => {
  it('merges by id, never twice, and never back to an older copy', () => {
    const shown = mergeOrders(new Map(), [order(1, 'Preparo', { updated_at: '2026-05-05T15:05:00Z' })]);
    const late = mergeOrders(shown, [
      order(1, 'Solicitado', { updated_at: '2026-05-05T15:00:00Z' }),
      order(2, 'Solicitado'),
    ]);
    expect([...late.values()].map((o) => [o.id, o.status])).toEqual([
      [1, 'Preparo'],
      [2, 'Solicitado'],
    ]);
    const newer = mergeOrders(late, [order(1, 'Concluido', { updated_at: '2026-05-05T15:10:00Z' })]);
    expect(newer.get(1)?.status).toBe('Concluido');
    expect(newer.size).toBe(2);
  });
});

describe('actions and alarm', () => {
  it('offers the next step of each open status and none for a closed one', () => {
    expect(
      ['Solicitado', 'Preparo', 'Finalização', 'Concluido', 'Entregue', 'Cancelado'].map(nextStatus),
    ).toEqual(['Preparo', 'Concluido', 'Concluido', 'Entregue', null, null]);
  });

  it('rings while an order is new or a table calls and sound is allowed; muted until the tap; idle when none', () => {
    const now = new Date('2026-05-05T20:00:00Z');
    expect(alarmState({ soundOn: true, waiting: 1, snoozedUntil: null, now })).toBe('ringing');
    expect(alarmState({ soundOn: false, waiting: 2, snoozedUntil: null, now })).toBe('muted');
    expect(alarmState({ soundOn: true, waiting: 0, snoozedUntil: null, now })).toBe('idle');
    const later = new Date(now.getTime() + 5 * 60_000);
    expect(alarmState({ soundOn: true, waiting: 1, snoozedUntil: later, now })).toBe('snoozed');
    expect(alarmState({ soundOn: true, waiting: 1, snoozedUntil: now, now })).toBe('ringing');
  });
});

describe('what the card and the ticket show', () => {
  it('adds up identical lines, keeps different choices and notes apart', () => {
    const grouped = groupedLines([
      line(1, 1),
      line(1, 1),
      line(1, 2),
      line(1, 1, [5]),
      line(1, 1, [], 'sem gelo'),
      line(2, 1),
    ]);
    expect(grouped.map((l) => [l.produto, l.qtd, l.observacao, l.itens_pedidos.length])).toEqual([
      [1, 4, '', 0],
      [1, 1, '', 1],
      [1, 1, 'sem gelo', 0],
      [2, 1, '', 0],
    ]);
    expect(grouped[0]!.valor_total).toBe(400);
  });
});

describe('the online payment on a card and a ticket', () => {
  const paid = (status: string, devolver_na_mao = false) =>
    order(1, 'Preparo', { pagamento_online: { status, valor: 11_980, devolver_na_mao } });

  it('says paid online (do not charge), on its way back, back, or to give back by hand', () => {
    expect(onlinePaymentNote(paid('paid'))).toEqual({ key: 'paidOnline', amount: 11_980 });
    expect(onlinePaymentNote(paid('canceled'))).toEqual({ key: 'refundUnderWay', amount: 11_980 });
    expect(onlinePaymentNote(paid('refunded'))).toEqual({ key: 'refundedOnline', amount: 11_980 });
    expect(onlinePaymentNote(paid('canceled', true))).toEqual({ key: 'refundByHand', amount: 11_980 });
  });

  it('names a card payment a card, not a PIX (issue 15)', () => {
    const card = (status: string) =>
      order(1, 'Preparo', {
        pagamento_online: { status, valor: 11_980, metodo: 'card', devolver_na_mao: false },
      });
    expect(onlinePaymentNote(card('paid'))).toEqual({ key: 'paidOnlineCard', amount: 11_980 });
    expect(onlinePaymentNote(card('canceled'))).toEqual({ key: 'refundUnderWayCard', amount: 11_980 });
    expect(onlinePaymentNote(card('refunded'))).toEqual({ key: 'refundedOnlineCard', amount: 11_980 });
  });

  it('says nothing of an order paid in person', () => {
    expect(onlinePaymentNote(order(2, 'Preparo', { pagamento_online: null }))).toBeNull();
  });
});

describe('auto-accepted orders print on arrival', () => {
  const OPENED = new Date(NOW.getTime() - 10 * 60_000);
  const accepted = (id: number, by: number | null, minutesAgo = 1) =>
    order(id, 'Preparo', {
      status_changes: [
        {
          status: 'Solicitado',
          from: null,
          at: NOW.toISOString(),
          by: 7,
          actor: 'customer',
          by_name: null,
          reason: null,
        },
        {
          status: 'Preparo',
          from: 'Solicitado',
          at: new Date(NOW.getTime() - minutesAgo * 60_000).toISOString(),
          by,
          actor: by === null ? 'system' : 'staff',
          by_name: null,
          reason: null,
        },
      ],
    });

  it('takes an order the store accepted by itself after the board opened, once', () => {
    const arriving = accepted(1, null);
    expect(autoAcceptedArrivals(new Map(), [arriving], OPENED)).toEqual([arriving]);
    expect(autoAcceptedArrivals(new Map([[1, arriving]]), [arriving], OPENED)).toEqual([]);
  });

  it('leaves orders a person accepted, ones accepted before the board opened, and new ones', () => {
    expect(autoAcceptedArrivals(new Map(), [accepted(2, 12)], OPENED)).toEqual([]);
    expect(autoAcceptedArrivals(new Map(), [accepted(3, null, 30)], OPENED)).toEqual([]);
    expect(autoAcceptedArrivals(new Map(), [order(4, 'Solicitado', { status_changes: [] })], OPENED)).toEqual(
      [],
    );
  });
});

describe('refused or cancelled', () => {
  const change = (from: string | null, status: string) => ({
    from,
    status,
    at: NOW.toISOString(),
    by: 7,
    reason: 'x',
  });
  it('an order cancelled before it was accepted was refused; one cancelled later was cancelled', () => {
    const refused = order(1, 'Cancelado', {
      status_changes: [change(null, 'Solicitado'), change('Solicitado', 'Cancelado')],
    } as Partial<StaffOrder>);
    const cancelled = order(2, 'Cancelado', {
      status_changes: [
        change(null, 'Solicitado'),
        change('Solicitado', 'Preparo'),
        change('Preparo', 'Cancelado'),
      ],
    } as Partial<StaffOrder>);
    const open = order(3, 'Solicitado', {
      status_changes: [change(null, 'Solicitado')],
    } as Partial<StaffOrder>);
    expect([refused, cancelled, open].map(wasRefused)).toEqual([true, false, false]);
  });
});

describe('the catch-up after a lost connection', () => {
  it('shows the orders placed during the cut once, whatever order the catch-up list and their events come in', () => {
    const before = mergeOrders(new Map(), [order(1, 'Preparo')]);
    const placedDuringCut = [order(2, 'Solicitado'), order(3, 'Solicitado')];
    // The catch-up list and the events of the same orders cross: each order is on the board once.
    let board = mergeOrders(before, [...placedDuringCut, order(1, 'Preparo')]);
    board = mergeOrders(board, [placedDuringCut[1]!]);
    board = mergeOrders(board, placedDuringCut);
    expect([...board.keys()].sort()).toEqual([1, 2, 3]);
    expect(ringingOrders(board.values(), NOW).sort()).toEqual([2, 3]);
  });
});

describe('the board hears an edit (docs/decisions/0062)', () => {
  const seqLine = (seq: number, descricao_produto: string) =>
    ({
      seq,
      produto: 10 + seq,
      descricao_produto,
      qtd: 1,
      itens_pedidos: [],
      observacao: '',
    }) as unknown as StaffOrder['produtos_pedidos'][number];
  it('tells the lines added and taken out by seq, even two edits heard as one', () => {
    const before = order(501, 'Preparo', { produtos_pedidos: [seqLine(0, 'Pizza'), seqLine(2, 'Suco')] });
    const after = order(501, 'Preparo', {
      produtos_pedidos: [seqLine(0, 'Pizza'), seqLine(3, 'Água'), seqLine(4, 'Pudim')],
    });
    const [change] = editedOrders(new Map([[before.id, before]]), [after]);
    expect(change?.added.map((each) => each.seq)).toEqual([3, 4]);
    expect(change?.removed.map((each) => each.seq)).toEqual([2]);
    // An order the board did not have, or one whose lines did not change, is no edit.
    expect(editedOrders(new Map(), [after])).toEqual([]);
    expect(editedOrders(new Map([[before.id, before]]), [{ ...before, status: 'Concluido' }])).toEqual([]);
  });
});
