import { describe, expect, it } from 'vitest';
import { stationRouting } from '../stations.ts';
import {
  cancelledTicket,
  changedTicket,
  counterTicket,
  kitchenTicket,
  orderChangeTickets,
  orderTickets,
  type TicketBlock,
  type TicketDocument,
} from './ticket-document.ts';
import { BAR_STATION, GUARANA, KITCHEN_STATION, PIZZA, STORE, scheduledDelivery } from './ticket-fixtures.ts';
import { renderTicketText } from './ticket-text.ts';

const routing = stationRouting(
  [KITCHEN_STATION.id, BAR_STATION.id],
  [
    { id: PIZZA, stationId: null, categoryStationId: null },
    { id: GUARANA, stationId: null, categoryStationId: BAR_STATION.id },
  ],
);
const stations = [KITCHEN_STATION, BAR_STATION];

const ofType = <T extends TicketBlock['type']>(document: TicketDocument, type: T) =>
  document.blocks.filter((block): block is Extract<TicketBlock, { type: T }> => block.type === type);

describe('the kitchen ticket', () => {
  it('puts a scheduled order’s time, in the store’s time zone, in large type with when it was placed', () => {
    const ticket = kitchenTicket(scheduledDelivery(), { store: STORE });
    const large = ofType(ticket, 'large').map((block) => block.text);
    expect(large).toContain('AGENDADO PARA 20:30');
    expect(ofType(ticket, 'text').map((block) => block.text)).toContain('Feito em 27/11/2026 19:02');
  });

  it('says the day of a scheduled order for another day', () => {
    const ticket = kitchenTicket(scheduledDelivery({ hora_entrega: '2026-11-28T23:30:00.000Z' }), {
      store: STORE,
    });
    expect(ofType(ticket, 'text').map((block) => block.text)).toContain('Dia 28/11/2026');
  });

  it('has no scheduled time for an order for now', () => {
    const ticket = kitchenTicket(scheduledDelivery({ agendado: false, hora_entrega: null }), {
      store: STORE,
    });
    expect(renderTicketText(ticket, { columns: 48 })).not.toContain('AGENDADO');
  });

  it('sets removed default ingredients (SEM) apart from extras (+), and says nothing of a kept default', () => {
    const [pizza] = ofType(kitchenTicket(scheduledDelivery(), { store: STORE }), 'item');
    expect(pizza?.item).toMatchObject({
      quantity: 1,
      name: 'Pizza Calabresa (grande)',
      without: ['SEM Cebola'],
      extras: ['Bacon'],
      choices: ['Borda de catupiry'],
      note: 'Bem assada, por favor',
      amount: null,
    });
    const text = renderTicketText(kitchenTicket(scheduledDelivery(), { store: STORE }), { columns: 48 });
    expect(text).toContain('   ** SEM Cebola');
    expect(text).toContain('   + Bacon');
    expect(text).not.toContain('Mussarela');
    expect(text).not.toContain('+ Cebola');
  });

  it('adds up identical lines and never lists the delivery line', () => {
    const items = ofType(kitchenTicket(scheduledDelivery(), { store: STORE }), 'item').map(
      (block) => block.item,
    );
    expect(items.map((item) => `${item.quantity}x ${item.name}`)).toEqual([
      '1x Pizza Calabresa (grande)',
      '2x Guaraná Antarctica 350 ml',
    ]);
  });

  it('highlights the order’s note', () => {
    const notes = ofType(kitchenTicket(scheduledDelivery(), { store: STORE }), 'note');
    expect(notes.map((block) => block.text)).toEqual(['OBS. DO PEDIDO: Interfone quebrado: ligar ao chegar']);
  });

  it('names a table and its round', () => {
    const ticket = kitchenTicket(scheduledDelivery({ mesa: '3', rodada: 2, tipo_entrega: 'Vem comer' }), {
      store: STORE,
    });
    expect(ofType(ticket, 'large').map((block) => block.text)).toContain('MESA 3 · RODADA 2');
  });
});

describe('the counter’s copy', () => {
  const ticket = counterTicket(scheduledDelivery(), { store: STORE });
  const text = renderTicketText(ticket, { columns: 48 });

  it('has the store, date and time, number, customer, phone, address and the scheduled time', () => {
    expect(ofType(ticket, 'banner')[0]?.text).toBe('Forno & Brasa');
    for (const part of [
      'PEDIDO #1234',
      'Feito em 27/11/2026 19:02',
      'Cliente: Joana',
      'Tel.: (11) 98765-4321',
      'Apto 42',
      'AGENDADO PARA 20:30',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('puts the delivery fee and the discount in the totals, never as an item', () => {
    expect(ofType(ticket, 'totals')[0]?.rows).toEqual([
      { label: 'Subtotal', amount: 7890 },
      { label: 'Taxa de entrega', amount: 800 },
      { label: 'Desconto (cupom ENTREGA5)', amount: -500 },
      { label: 'TOTAL', amount: 8190, strong: true },
    ]);
    expect(ofType(ticket, 'item').map((block) => block.item.name)).not.toContain('Entrega');
    expect(text).not.toContain('1x Entrega');
    expect(text).toContain(`TOTAL${' '.repeat(48 - 'TOTAL'.length - 'R$ 81,90'.length)}R$ 81,90`);
  });

  it('says the payment and the change to bring', () => {
    expect(text).toContain('Pagamento: Dinheiro');
    expect(text).toContain('Troco para R$ 100,00');
    expect(ofType(ticket, 'large').map((block) => block.text)).toContain('LEVAR TROCO: R$ 18,10');
  });

  it('says an order paid online is not to be charged', () => {
    const paid = counterTicket(
      scheduledDelivery({
        pagamento_online: { status: 'paid', valor: 8190, metodo: 'pix', devolver_na_mao: false },
      }),
      { store: STORE },
    );
    const paidText = renderTicketText(paid, { columns: 48 });
    expect(paidText).toContain('PAGO ONLINE');
    expect(paidText).not.toContain('LEVAR TROCO');
  });
});

describe('a refused or cancelled order', () => {
  it('reprints a refused order as RECUSADO with its reason', () => {
    const order = scheduledDelivery({
      status: 'Cancelado',
      motivo_cancelamento: 'Acabou a calabresa',
      status_changes: [
        { status: 'Solicitado', from: null, reason: null },
        { status: 'Cancelado', from: 'Solicitado', reason: 'Acabou a calabresa' },
      ],
    });
    const [ticket, ...rest] = orderTickets(order, { store: STORE });
    expect(rest).toEqual([]);
    expect(ticket?.kind).toBe('cancelled');
    expect(ofType(ticket as TicketDocument, 'banner')[0]?.text).toBe('RECUSADO');
    expect(renderTicketText(ticket as TicketDocument, { columns: 48 })).toContain(
      'Motivo: Acabou a calabresa',
    );
  });

  it('prints CANCELADO for an accepted order cancelled, for each station with only its items', () => {
    const order = scheduledDelivery({
      status: 'Cancelado',
      motivo_cancelamento: 'Cliente desistiu',
      status_changes: [
        { status: 'Solicitado', from: null, reason: null },
        { status: 'Preparo', from: 'Solicitado', reason: null },
        { status: 'Cancelado', from: 'Preparo', reason: 'Cliente desistiu' },
      ],
    });
    const tickets = orderTickets(order, { store: STORE, stations, routing });
    expect(tickets.map((ticket) => [ticket.kind, ticket.stationId])).toEqual([
      ['cancelled', KITCHEN_STATION.id],
      ['cancelled', BAR_STATION.id],
    ]);
    const bar = renderTicketText(tickets[1] as TicketDocument, { columns: 48 });
    expect(bar).toContain('CANCELADO');
    expect(bar).toContain('2x Guaraná');
    expect(bar).not.toContain('Pizza');
    expect(cancelledTicket(order, { store: STORE }).blocks[0]).toEqual({ type: 'banner', text: 'CANCELADO' });
  });
});

describe('tickets by station', () => {
  it('prints each station’s ticket with only its items and its name on top, then the counter’s copy', () => {
    const tickets = orderTickets(scheduledDelivery(), { store: STORE, stations, routing });
    expect(tickets.map((ticket) => [ticket.kind, ticket.stationId])).toEqual([
      ['kitchen', KITCHEN_STATION.id],
      ['kitchen', BAR_STATION.id],
      ['counter', null],
    ]);
    const [kitchen, bar] = tickets as [TicketDocument, TicketDocument];
    expect(ofType(kitchen, 'banner')[0]?.text).toBe('COZINHA');
    expect(ofType(kitchen, 'item').map((block) => block.item.name)).toEqual(['Pizza Calabresa (grande)']);
    expect(ofType(bar, 'banner')[0]?.text).toBe('BAR');
    expect(ofType(bar, 'item').map((block) => block.item.name)).toEqual(['Guaraná Antarctica 350 ml']);
    // Every ticket of a scheduled order says its time.
    for (const ticket of tickets) {
      expect(ofType(ticket, 'large').map((block) => block.text)).toContain('AGENDADO PARA 20:30');
    }
  });

  it('prints only its station’s ticket on a printer for one station', () => {
    const tickets = orderTickets(scheduledDelivery(), {
      store: STORE,
      stations,
      routing,
      onlyStation: BAR_STATION.id,
    });
    expect(tickets.map((ticket) => [ticket.kind, ticket.stationId])).toEqual([['kitchen', BAR_STATION.id]]);
  });

  it('prints one kitchen ticket without stations, and no counter copy for a table', () => {
    const tickets = orderTickets(scheduledDelivery({ tipo_entrega: 'Vem comer', mesa: '3' }), {
      store: STORE,
    });
    expect(tickets.map((ticket) => [ticket.kind, ticket.stationId])).toEqual([['kitchen', null]]);
  });
});

describe('the plain-text rendering', () => {
  it('never writes past the line’s width', () => {
    for (const columns of [32, 42, 48] as const) {
      for (const ticket of orderTickets(scheduledDelivery(), { store: STORE, stations, routing })) {
        for (const line of renderTicketText(ticket, { columns }).split('\n')) {
          expect(line.length).toBeLessThanOrEqual(columns);
        }
      }
    }
  });
});

describe('an edit of the order (PEDIDO ALTERADO)', () => {
  const order = scheduledDelivery();
  const [pizza, guarana] = order.produtos_pedidos.filter((line) => line.produto !== 0) as [
    (typeof order.produtos_pedidos)[number],
    (typeof order.produtos_pedidos)[number],
  ];
  const change = { at: '2026-11-27T22:15:00.000Z', added: [pizza], removed: [guarana] };

  it('prints each station only its lines added and taken out, the removed ones struck under REMOVER', () => {
    const tickets = orderChangeTickets(order, change, { store: STORE, stations, routing, onlyStation: null });
    expect(tickets.map((ticket) => [ticket.kind, ticket.stationId])).toEqual([
      ['changed', KITCHEN_STATION.id],
      ['changed', BAR_STATION.id],
      ['counter', null],
    ]);
    const [kitchen, bar] = tickets as [TicketDocument, TicketDocument];
    expect(ofType(kitchen, 'banner').map((block) => block.text)).toEqual(['PEDIDO ALTERADO']);
    expect(ofType(kitchen, 'text').map((block) => block.text)).toContain('Alterado em 27/11/2026 19:15');
    expect(ofType(kitchen, 'item').map((block) => [block.item.name, block.item.removed ?? false])).toEqual([
      [pizza.descricao_produto, false],
    ]);
    expect(ofType(kitchen, 'note')).toEqual([]);
    expect(ofType(bar, 'note').map((block) => block.text)).toEqual(['REMOVER — NÃO PREPARAR']);
    expect(ofType(bar, 'item').map((block) => [block.item.name, block.item.removed])).toEqual([
      [guarana.descricao_produto, true],
    ]);
    const text = renderTicketText(bar, { columns: 32 });
    expect(text).toContain(`[X] ${guarana.qtd}x ${guarana.descricao_produto}`);
  });

  it('on a printer for one station, only that station’s, and nothing for a station the edit left alone', () => {
    const kitchenOnly = orderChangeTickets(
      order,
      { ...change, added: [] },
      { store: STORE, stations, routing, onlyStation: KITCHEN_STATION.id },
    );
    expect(kitchenOnly).toEqual([]);
  });

  it('one ticket without stations, in English when asked; a payment change alone prints only the counter copy', () => {
    const [ticket] = orderChangeTickets(order, change, { store: STORE, language: 'en' });
    expect(ofType(ticket!, 'banner').map((block) => block.text)).toEqual(['ORDER CHANGED']);
    expect(ofType(ticket!, 'note').map((block) => block.text)).toEqual(['REMOVE — DO NOT PREPARE']);
    expect(ofType(ticket!, 'text').map((block) => block.text)).toContain('ADD');
    const paymentOnly = orderChangeTickets(order, { ...change, added: [], removed: [] }, { store: STORE });
    expect(paymentOnly.map((each) => each.kind)).toEqual(['counter']);
    expect(changedTicket(order, change, { store: STORE }).orderId).toBe(order.id);
  });
});
