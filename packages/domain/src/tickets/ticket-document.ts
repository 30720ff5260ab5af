import { formatBRL } from '../money.ts';
import { orderPaymentName } from '../payment-names.ts';
import { linesByStation, type StationRouting } from '../stations.ts';
import { storeClockText, storeDateTimeText, storeLocalTime } from '../store-time.ts';

/*
 * The paper tickets of an order (docs/decisions/0053), as one structured document that every
 * printer path renders: the browser's print dialog (HTML), raw ESC/POS (WebUSB, WebSerial) and plain
 * text (cloud printers). The kitchen reads what to cook; the counter's copy what to charge.
 */

/** `produto` of the line that carries the delivery fee: it is a total, never an item on paper. */
export const TICKET_DELIVERY_LINE_PRODUCT_ID = 0;

export interface TicketItemOption {
  item_id: number;
  quantidade_pedida: number;
  quantidade_padrao: number;
  valor: number;
  grupo: number;
  descricao: string;
  ingrediente: boolean;
}

export interface TicketLine {
  produto: number;
  descricao_produto: string;
  qtd: number;
  valor_total: number;
  observacao: string;
  itens_pedidos: readonly TicketItemOption[];
}

/** The part of the staff API's order (StaffOrder) a ticket reads. */
export interface TicketOrder {
  id: number;
  /** The store's own number, the one the board and the customer read (docs/decisions/0065). */
  numero?: number | null;
  status: string;
  dh_iniciado: string;
  tipo_entrega: string;
  total_produtos: number;
  acrescimo: number;
  valor_entrega: number;
  desconto_cupom: number;
  desconto_fidelidade: number;
  total: number;
  cupom: string | null;
  observacoes: string;
  forma_pagamento_nome: string | null;
  troco_para: number | null;
  agendado: boolean;
  hora_entrega: string | null;
  address_string: string | null;
  mesa: string | null;
  rodada?: number | null;
  motivo_cancelamento: string | null;
  cliente: { nome: string; telefone: string };
  fone_para_mensagens: string | null;
  status_changes: readonly { status: string; from: string | null; reason: string | null }[];
  pagamento_online: {
    status: string;
    valor: number;
    metodo?: 'pix' | 'card';
    devolver_na_mao: boolean;
  } | null;
  produtos_pedidos: readonly TicketLine[];
}

export interface TicketStore {
  name: string;
  timeZone: string;
}

export interface TicketStation {
  id: number;
  name: string;
}

export type TicketKind = 'kitchen' | 'counter' | 'cancelled' | 'changed' | 'register';

export interface TicketItem {
  quantity: number;
  name: string;
  /** Options chosen in the product (a flavour, a size), as they are. */
  choices: string[];
  /** Paid or extra options: '+ Bacon'. */
  extras: string[];
  /** Default ingredients taken out, as printed: 'SEM Cebola'. */
  without: string[];
  note: string | null;
  /** The line's price on the counter's copy; null on the kitchen's. */
  amount: number | null;
  /** A line an edit took out of the order (PEDIDO ALTERADO): not to be prepared, struck on paper. */
  removed?: boolean;
}

export interface TicketTotal {
  label: string;
  /** Centavos; a discount is negative. */
  amount: number;
  strong?: boolean;
}

export type TicketBlock =
  /** A banner across the paper, white on black: the station, CANCELADO, the store's name. */
  | { type: 'banner'; text: string }
  /** Large type: the order's number, its table, a scheduled time. */
  | { type: 'large'; text: string }
  | { type: 'text'; text: string; strong?: boolean }
  | { type: 'rule' }
  | { type: 'item'; item: TicketItem }
  /** A note the cook must not miss: boxed or inverted. */
  | { type: 'note'; text: string }
  | { type: 'totals'; rows: TicketTotal[] };

export interface TicketDocument {
  kind: TicketKind;
  orderId: number;
  /** The station it is for; null: the whole order (a store without stations, the counter's copy). */
  stationId: number | null;
  blocks: TicketBlock[];
}

export type TicketLanguage = 'pt_br' | 'en';

/** Money on paper: the no-break space is a plain one (a printer's code page may not have it). */
export function ticketMoney(centavos: number): string {
  return formatBRL(centavos).replace(/\u00a0/g, ' ');
}

const WORDS = {
  pt_br: {
    kitchen: 'COZINHA',
    delivery: 'ENTREGA',
    pickup: 'RETIRADA',
    eatIn: 'COMER NO LOCAL',
    table: 'MESA {table}',
    round: 'RODADA {round}',
    order: 'PEDIDO #{id}',
    scheduledFor: 'AGENDADO PARA {time}',
    scheduledDay: 'Dia {date}',
    placedAt: 'Feito em {when}',
    customer: 'Cliente: {name}',
    phone: 'Tel.: {phone}',
    address: 'Endereço: {address}',
    without: 'SEM {item}',
    note: 'OBS: {note}',
    orderNote: 'OBS. DO PEDIDO: {note}',
    subtotal: 'Subtotal',
    deliveryFee: 'Taxa de entrega',
    coupon: 'Desconto (cupom {code})',
    loyalty: 'Desconto (fidelidade)',
    total: 'TOTAL',
    payment: 'Pagamento: {method}',
    paidOnline: 'PAGO ONLINE — NÃO COBRAR',
    refundByHand: 'DEVOLVER {amount} AO CLIENTE',
    changeFor: 'Troco para {amount}',
    changeToBring: 'LEVAR TROCO: {amount}',
    cancelled: 'CANCELADO',
    refused: 'RECUSADO',
    reason: 'Motivo: {reason}',
    doNotPrepare: 'NÃO PREPARAR / NÃO ENTREGAR',
    changed: 'PEDIDO ALTERADO',
    changedAt: 'Alterado em {when}',
    added: 'ADICIONAR',
    removed: 'REMOVER — NÃO PREPARAR',
    testTitle: 'TESTE DE IMPRESSÃO',
  },
  en: {
    kitchen: 'KITCHEN',
    delivery: 'DELIVERY',
    pickup: 'PICKUP',
    eatIn: 'EAT IN',
    table: 'TABLE {table}',
    round: 'ROUND {round}',
    order: 'ORDER #{id}',
    scheduledFor: 'SCHEDULED FOR {time}',
    scheduledDay: 'Day {date}',
    placedAt: 'Placed {when}',
    customer: 'Customer: {name}',
    phone: 'Phone: {phone}',
    address: 'Address: {address}',
    without: 'NO {item}',
    note: 'NOTE: {note}',
    orderNote: 'ORDER NOTE: {note}',
    subtotal: 'Subtotal',
    deliveryFee: 'Delivery fee',
    coupon: 'Discount (coupon {code})',
    loyalty: 'Discount (loyalty)',
    total: 'TOTAL',
    payment: 'Payment: {method}',
    paidOnline: 'PAID ONLINE — DO NOT CHARGE',
    refundByHand: 'GIVE {amount} BACK TO THE CUSTOMER',
    changeFor: 'Change for {amount}',
    changeToBring: 'BRING CHANGE: {amount}',
    cancelled: 'CANCELLED',
    refused: 'REFUSED',
    reason: 'Reason: {reason}',
    doNotPrepare: 'DO NOT PREPARE / DO NOT DELIVER',
    changed: 'ORDER CHANGED',
    changedAt: 'Changed {when}',
    added: 'ADD',
    removed: 'REMOVE — DO NOT PREPARE',
    testTitle: 'PRINT TEST',
  },
} as const;

type WordKey = keyof (typeof WORDS)['pt_br'];

function wordsOf(language: TicketLanguage | undefined) {
  const words = WORDS[language ?? 'pt_br'];
  return (key: WordKey, vars: Record<string, string | number> = {}) =>
    words[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

export interface TicketOptions {
  store: TicketStore;
  language?: TicketLanguage;
}

/** Brazilian phone digits as people read them: '(11) 98765-4321'. */
function phoneText(digits: string): string {
  const local = digits.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  if (local.length === 11) return `(${local.slice(0, 2)}) ${local.slice(2, 7)}-${local.slice(7)}`;
  if (local.length === 10) return `(${local.slice(0, 2)}) ${local.slice(2, 6)}-${local.slice(6)}`;
  return digits;
}

/** The order's product lines: never the delivery line (its money is the fee, in the totals). */
export function ticketLines<Line extends TicketLine>(lines: readonly Line[]): Line[] {
  return lines.filter((line) => line.produto !== TICKET_DELIVERY_LINE_PRODUCT_ID);
}

/** Identical lines added up: the kitchen reads '5x Guaraná', not five lines of '1x Guaraná'. */
function groupedLines(lines: readonly TicketLine[]): TicketLine[] {
  const out: TicketLine[] = [];
  const byKey = new Map<string, TicketLine>();
  for (const line of lines) {
    const key = JSON.stringify([
      line.produto,
      line.descricao_produto,
      line.observacao,
      line.itens_pedidos.map((item) => [item.grupo, item.item_id, item.quantidade_pedida]),
    ]);
    const same = byKey.get(key);
    if (same) {
      same.qtd += line.qtd;
      same.valor_total += line.valor_total;
    } else {
      const copy = { ...line };
      byKey.set(key, copy);
      out.push(copy);
    }
  }
  return out;
}

function counted(quantity: number, name: string): string {
  return quantity > 1 ? `${quantity}x ${name}` : name;
}

/**
 * A line as the kitchen reads it: a default ingredient taken out is 'SEM Cebola', apart from what
 * was added ('+ Bacon', '+ 2x Queijo' for one more than the default); a default ingredient left as
 * it is says nothing; a free choice (a flavour) is listed as it is.
 */
export function ticketItem(line: TicketLine, withAmount: boolean, language?: TicketLanguage): TicketItem {
  const say = wordsOf(language);
  const choices: string[] = [];
  const extras: string[] = [];
  const without: string[] = [];
  for (const option of line.itens_pedidos) {
    const asked = option.quantidade_pedida;
    const standard = option.quantidade_padrao;
    if (asked === 0) {
      if (standard > 0) without.push(say('without', { item: option.descricao }));
    } else if (option.ingrediente) {
      if (asked > standard) extras.push(counted(asked - standard, option.descricao));
      else if (asked < standard) choices.push(counted(asked, option.descricao));
    } else if (option.valor > 0) extras.push(counted(asked, option.descricao));
    else choices.push(counted(asked, option.descricao));
  }
  return {
    quantity: line.qtd,
    name: line.descricao_produto,
    choices,
    extras,
    without,
    note: line.observacao.trim() || null,
    amount: withAmount ? line.valor_total : null,
  };
}

function serviceText(order: TicketOrder, say: ReturnType<typeof wordsOf>): string {
  if (order.mesa) {
    // A bare number takes the word ('3' → 'MESA 3'); a name is as the store wrote it ('Varanda').
    const description = order.mesa.trim();
    const table = /^\d+$/.test(description)
      ? say('table', { table: description })
      : description.toLocaleUpperCase('pt-BR');
    return order.rodada ? `${table} · ${say('round', { round: order.rodada })}` : table;
  }
  if (order.tipo_entrega === 'Entregar') return say('delivery');
  if (order.tipo_entrega === 'Retirada') return say('pickup');
  return say('eatIn');
}

/** 'AGENDADO PARA 20:30' (with its day when it is not the day it was placed), or nothing. */
function scheduleBlocks(
  order: TicketOrder,
  store: TicketStore,
  say: ReturnType<typeof wordsOf>,
): TicketBlock[] {
  if (!order.agendado || !order.hora_entrega) return [];
  const at = new Date(order.hora_entrega);
  const blocks: TicketBlock[] = [
    { type: 'large', text: say('scheduledFor', { time: storeClockText(at, store.timeZone) }) },
  ];
  const day = storeLocalTime(at, store.timeZone).dateISO;
  if (day !== storeLocalTime(new Date(order.dh_iniciado), store.timeZone).dateISO) {
    const [year, month, date] = day.split('-');
    blocks.push({
      type: 'text',
      text: say('scheduledDay', { date: `${date}/${month}/${year}` }),
      strong: true,
    });
  }
  return blocks;
}

function itemBlocks(
  lines: readonly TicketLine[],
  withAmount: boolean,
  language?: TicketLanguage,
): TicketBlock[] {
  return groupedLines(ticketLines(lines)).map((line) => ({
    type: 'item',
    item: ticketItem(line, withAmount, language),
  }));
}

/** Refused (never accepted) or cancelled, with the store's reason; null while it stands. */
export function ticketCancellation(order: TicketOrder): { refused: boolean; reason: string | null } | null {
  if (order.status !== 'Cancelado') return null;
  const change = [...order.status_changes].reverse().find((each) => each.status === 'Cancelado');
  return {
    refused: change?.from === 'Solicitado',
    reason: order.motivo_cancelamento ?? change?.reason ?? null,
  };
}

/**
 * The kitchen's ticket of an order, or of one station's part of it (`station` and its `lines`):
 * the station's name on top, the number and service in large type, a scheduled order's time in
 * large type, the items without prices, notes set apart.
 */
export function kitchenTicket(
  order: TicketOrder,
  options: TicketOptions & { station?: TicketStation | null; lines?: readonly TicketLine[] },
): TicketDocument {
  const say = wordsOf(options.language);
  const station = options.station ?? null;
  const blocks: TicketBlock[] = [
    { type: 'banner', text: (station?.name ?? say('kitchen')).toLocaleUpperCase('pt-BR') },
    { type: 'large', text: say('order', { id: order.numero ?? order.id }) },
    { type: 'large', text: serviceText(order, say) },
    ...scheduleBlocks(order, options.store, say),
    {
      type: 'text',
      text: say('placedAt', { when: storeDateTimeText(new Date(order.dh_iniciado), options.store.timeZone) }),
    },
    { type: 'text', text: say('customer', { name: order.cliente.nome }) },
    { type: 'rule' },
    ...itemBlocks(options.lines ?? order.produtos_pedidos, false, options.language),
    { type: 'rule' },
  ];
  if (order.observacoes.trim())
    blocks.push({ type: 'note', text: say('orderNote', { note: order.observacoes.trim() }) });
  return { kind: 'kitchen', orderId: order.id, stationId: station?.id ?? null, blocks };
}

/** The totals as paid: products and extras, the delivery fee, each discount, the total. */
export function ticketTotals(order: TicketOrder, language?: TicketLanguage): TicketTotal[] {
  const say = wordsOf(language);
  const rows: TicketTotal[] = [{ label: say('subtotal'), amount: order.total_produtos + order.acrescimo }];
  if (order.tipo_entrega === 'Entregar' || order.valor_entrega > 0) {
    rows.push({ label: say('deliveryFee'), amount: order.valor_entrega });
  }
  if (order.desconto_cupom > 0) {
    rows.push({
      label: say('coupon', { code: order.cupom ?? '' }).replace(' ()', ''),
      amount: -order.desconto_cupom,
    });
  }
  if (order.desconto_fidelidade > 0) rows.push({ label: say('loyalty'), amount: -order.desconto_fidelidade });
  rows.push({ label: say('total'), amount: order.total, strong: true });
  return rows;
}

/**
 * The counter's and the courier's copy: the store, date and time, number, customer, phone,
 * address, items with prices, totals (delivery fee and discounts there, never as items), payment
 * and the change to bring.
 */
export function counterTicket(order: TicketOrder, options: TicketOptions): TicketDocument {
  const say = wordsOf(options.language);
  const { store } = options;
  const blocks: TicketBlock[] = [
    { type: 'banner', text: store.name },
    { type: 'large', text: say('order', { id: order.numero ?? order.id }) },
    { type: 'large', text: serviceText(order, say) },
    ...scheduleBlocks(order, store, say),
    {
      type: 'text',
      text: say('placedAt', { when: storeDateTimeText(new Date(order.dh_iniciado), store.timeZone) }),
    },
    { type: 'text', text: say('customer', { name: order.cliente.nome }), strong: true },
    {
      type: 'text',
      text: say('phone', { phone: phoneText(order.fone_para_mensagens ?? order.cliente.telefone) }),
    },
  ];
  if (order.tipo_entrega === 'Entregar' && order.address_string) {
    blocks.push({ type: 'text', text: say('address', { address: order.address_string }), strong: true });
  }
  blocks.push({ type: 'rule' }, ...itemBlocks(order.produtos_pedidos, true, options.language), {
    type: 'rule',
  });
  blocks.push({ type: 'totals', rows: ticketTotals(order, options.language) });
  blocks.push({ type: 'rule' });
  const online = order.pagamento_online;
  if (online?.devolver_na_mao) {
    blocks.push({ type: 'large', text: say('refundByHand', { amount: ticketMoney(online.valor) }) });
  } else if (online?.status === 'paid') {
    blocks.push({ type: 'large', text: say('paidOnline') });
  } else {
    blocks.push({
      type: 'text',
      text: say('payment', {
        method: order.forma_pagamento_nome
          ? orderPaymentName(order.forma_pagamento_nome, order.tipo_entrega, options.language)
          : '—',
      }),
      strong: true,
    });
    if (order.troco_para && order.troco_para > order.total) {
      blocks.push({ type: 'text', text: say('changeFor', { amount: ticketMoney(order.troco_para) }) });
      blocks.push({
        type: 'large',
        text: say('changeToBring', { amount: ticketMoney(order.troco_para - order.total) }),
      });
    }
  }
  if (order.observacoes.trim())
    blocks.push({ type: 'note', text: say('orderNote', { note: order.observacoes.trim() }) });
  return { kind: 'counter', orderId: order.id, stationId: null, blocks };
}

/**
 * The ticket that stops a printed order: CANCELADO (or RECUSADO when it was never accepted) in a
 * banner, the reason, and what not to prepare (a station's part, or all of it).
 */
export function cancelledTicket(
  order: TicketOrder,
  options: TicketOptions & { station?: TicketStation | null; lines?: readonly TicketLine[] },
): TicketDocument {
  const say = wordsOf(options.language);
  const cancellation = ticketCancellation(order) ?? { refused: false, reason: null };
  const station = options.station ?? null;
  const blocks: TicketBlock[] = [
    { type: 'banner', text: say(cancellation.refused ? 'refused' : 'cancelled') },
    { type: 'large', text: say('order', { id: order.numero ?? order.id }) },
  ];
  if (station) blocks.push({ type: 'large', text: station.name.toLocaleUpperCase('pt-BR') });
  blocks.push({ type: 'large', text: serviceText(order, say) }, ...scheduleBlocks(order, options.store, say));
  if (cancellation.reason)
    blocks.push({ type: 'note', text: say('reason', { reason: cancellation.reason }) });
  blocks.push(
    { type: 'text', text: say('doNotPrepare'), strong: true },
    { type: 'text', text: say('customer', { name: order.cliente.nome }) },
    { type: 'rule' },
    ...itemBlocks(options.lines ?? order.produtos_pedidos, false, options.language),
    { type: 'rule' },
  );
  return { kind: 'cancelled', orderId: order.id, stationId: station?.id ?? null, blocks };
}

/** What an edit of the order changed (POST /staff/orders/{id}/edit): its lines added and taken out. */
export interface TicketOrderChange {
  /** When the edit was made (ISO 8601). */
  at: string;
  added: readonly TicketLine[];
  removed: readonly TicketLine[];
}

/**
 * The ticket that tells a kitchen already cooking an order what an edit changed: PEDIDO ALTERADO
 * in a banner, the number, the station and service, then the lines taken out under an inverted
 * 'REMOVER — NÃO PREPARAR' (each struck) and the lines added under 'ADICIONAR' (a station's part
 * of each, or all of it).
 */
export function changedTicket(
  order: TicketOrder,
  change: TicketOrderChange,
  options: TicketOptions & { station?: TicketStation | null },
): TicketDocument {
  const say = wordsOf(options.language);
  const station = options.station ?? null;
  const blocks: TicketBlock[] = [
    { type: 'banner', text: say('changed') },
    { type: 'large', text: say('order', { id: order.id }) },
  ];
  if (station) blocks.push({ type: 'large', text: station.name.toLocaleUpperCase('pt-BR') });
  blocks.push(
    { type: 'large', text: serviceText(order, say) },
    ...scheduleBlocks(order, options.store, say),
    {
      type: 'text',
      text: say('changedAt', { when: storeDateTimeText(new Date(change.at), options.store.timeZone) }),
    },
    { type: 'text', text: say('customer', { name: order.cliente.nome }) },
    { type: 'rule' },
  );
  const removed = itemBlocks(change.removed, false, options.language).map((block) =>
    block.type === 'item' ? { ...block, item: { ...block.item, removed: true } } : block,
  );
  if (removed.length > 0) blocks.push({ type: 'note', text: say('removed') }, ...removed, { type: 'rule' });
  const added = itemBlocks(change.added, false, options.language);
  if (added.length > 0)
    blocks.push({ type: 'text', text: say('added'), strong: true }, ...added, { type: 'rule' });
  return { kind: 'changed', orderId: order.id, stationId: station?.id ?? null, blocks };
}

export interface OrderTicketsOptions extends TicketOptions {
  /** The store's stations in order and the routing of its products (GET /staff/stations); none: one kitchen. */
  stations?: readonly TicketStation[];
  routing?: StationRouting | null;
  /** Which station this printer prints for; null or absent: every station and the counter's copy. */
  onlyStation?: number | null;
}

/**
 * Every ticket an order prints: one kitchen ticket per station that prepares something of it (only
 * its items), then the counter's copy for delivery and pickup; a cancelled or refused order prints
 * the CANCELADO ticket of each station instead (and the counter's, on a printer for all).
 */
export function orderTickets(order: TicketOrder, options: OrderTicketsOptions): TicketDocument[] {
  const stations = options.stations ?? [];
  const cancelled = ticketCancellation(order) !== null;
  const only = options.onlyStation ?? null;
  const out: TicketDocument[] = [];
  const lines = ticketLines(order.produtos_pedidos);
  if (stations.length === 0 || !options.routing) {
    out.push(cancelled ? cancelledTicket(order, options) : kitchenTicket(order, options));
  } else {
    const byId = new Map(stations.map((station) => [station.id, station]));
    const groups = linesByStation(options.routing, lines);
    for (const station of stations) {
      const stationLines = groups.get(station.id);
      if (!stationLines || (only !== null && station.id !== only)) continue;
      const each = { ...options, station: byId.get(station.id) ?? null, lines: stationLines };
      out.push(cancelled ? cancelledTicket(order, each) : kitchenTicket(order, each));
    }
  }
  const counterCopy = order.tipo_entrega === 'Entregar' || order.tipo_entrega === 'Retirada';
  if (only === null && counterCopy && !cancelled) out.push(counterTicket(order, options));
  return out;
}

/**
 * The tickets an edit prints: a PEDIDO ALTERADO ticket per station with a line added or taken out
 * (the same routing as the order's own tickets: `linesByStation`), or one for a store without
 * stations; then the counter's copy of the order as it now is (new total, payment, change) on a
 * printer for all, for delivery and pickup, also when only the payment changed.
 */
export function orderChangeTickets(
  order: TicketOrder,
  change: TicketOrderChange,
  options: OrderTicketsOptions,
): TicketDocument[] {
  const stations = options.stations ?? [];
  const only = options.onlyStation ?? null;
  const added = ticketLines(change.added);
  const removed = ticketLines(change.removed);
  const out: TicketDocument[] = [];
  if (added.length > 0 || removed.length > 0) {
    if (stations.length === 0 || !options.routing) {
      out.push(changedTicket(order, { at: change.at, added, removed }, options));
    } else {
      const addedBy = linesByStation(options.routing, added);
      const removedBy = linesByStation(options.routing, removed);
      for (const station of stations) {
        if (only !== null && station.id !== only) continue;
        const part = {
          at: change.at,
          added: addedBy.get(station.id) ?? [],
          removed: removedBy.get(station.id) ?? [],
        };
        if (part.added.length === 0 && part.removed.length === 0) continue;
        out.push(changedTicket(order, part, { ...options, station }));
      }
    }
  }
  const counterCopy = order.tipo_entrega === 'Entregar' || order.tipo_entrega === 'Retirada';
  if (only === null && counterCopy) out.push(counterTicket(order, options));
  return out;
}

/** The test print: the station, the accents the code page must get right, and a cut. */
export function testTicket(
  options: TicketOptions & { station?: TicketStation | null; at: Date },
): TicketDocument {
  const say = wordsOf(options.language);
  return {
    kind: 'kitchen',
    orderId: 0,
    stationId: options.station?.id ?? null,
    blocks: [
      { type: 'banner', text: say('testTitle') },
      { type: 'large', text: options.station?.name.toLocaleUpperCase('pt-BR') ?? options.store.name },
      { type: 'text', text: storeDateTimeText(options.at, options.store.timeZone) },
      { type: 'rule' },
      {
        type: 'item',
        item: {
          quantity: 2,
          name: 'Pão de queijo, açaí, coração',
          choices: ['Maçã, limão, pêssego'],
          extras: ['Açúcar'],
          without: [say('without', { item: 'Cebola' })],
          note: 'ÀÉÍÓÚ ÂÊÔ ÃÕ Ç',
          amount: null,
        },
      },
      { type: 'rule' },
    ],
  };
}
