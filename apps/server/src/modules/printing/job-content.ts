import { CLOUD_PRINT_COLUMNS, storeClockText, storeDateTimeText, storeLocalTime } from '@comanda/domain';
import type { OrderLineItemSnapshot } from '../../db/schema.ts';

/*
 * A station's ticket as fixed-width text, what a CloudPRNT printer prints as `text/plain`
 * (docs/decisions/0054). The one function the printing module asks for a ticket's text: the shared
 * ticket document's renderer (renderTicketText of @comanda/domain) takes its place once it exists.
 */

export interface TicketOrder {
  id: number;
  dhIniciado: Date;
  /** The scheduled period's start; null for an order for now. */
  horaEntrega: Date | null;
  tipoEntrega: string;
  mesa: string | null;
  rodada: number | null;
  observacoes: string;
}

export interface TicketLine {
  descricaoProduto: string;
  qtd: number;
  observacao: string;
  itensPedidos: readonly OrderLineItemSnapshot[];
}

export interface TicketStore {
  name: string;
  timeZone: string;
  /** The station whose lines these are; null for a store without stations. */
  stationName: string | null;
}

export type TicketKind = 'kitchen' | 'cancel';

const rule = (char: string, columns: number) => char.repeat(columns);

function centred(text: string, columns: number): string {
  const cut = text.slice(0, columns);
  return `${' '.repeat(Math.floor((columns - cut.length) / 2))}${cut}`;
}

/** Left text and right text on one line, the left cut when both do not fit. */
function spread(left: string, right: string, columns: number): string {
  const room = columns - right.length - 1;
  const head = left.length > room ? left.slice(0, room) : left;
  return `${head}${' '.repeat(columns - head.length - right.length)}${right}`;
}

/** Words wrapped at `columns`, every line after the first indented by `indent` spaces. */
function wrapped(text: string, columns: number, indent: number, firstIndent = indent): string[] {
  const out: string[] = [];
  let line = ' '.repeat(firstIndent);
  let empty = true;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (rest.length > 0) {
      const room = columns - line.length - (empty ? 0 : 1);
      if (rest.length <= room) {
        line += (empty ? '' : ' ') + rest;
        rest = '';
        empty = false;
      } else if (!empty) {
        out.push(line);
        line = ' '.repeat(indent);
        empty = true;
      } else {
        line += rest.slice(0, room);
        rest = rest.slice(room);
        out.push(line);
        line = ' '.repeat(indent);
      }
    }
  }
  if (!empty) out.push(line);
  return out;
}

function serviceLine(order: TicketOrder): string {
  if (order.mesa) return order.rodada ? `MESA ${order.mesa} · RODADA ${order.rodada}` : `MESA ${order.mesa}`;
  if (order.tipoEntrega === 'Entregar') return 'ENTREGA';
  if (order.tipoEntrega === 'Retirada') return 'RETIRADA NO BALCÃO';
  return 'CONSUMO NO LOCAL';
}

function itemText(item: OrderLineItemSnapshot): string {
  if (item.quantidade_pedida === 0) return `SEM ${item.descricao}`;
  return `+ ${item.quantidade_pedida > 1 ? `${item.quantidade_pedida}x ` : ''}${item.descricao}`;
}

/** Removed ingredients first ("SEM …", set apart), then what was added or chosen. */
function itemsInPrintOrder(items: readonly OrderLineItemSnapshot[]) {
  return [
    ...items.filter((item) => item.quantidade_pedida === 0),
    ...items.filter((item) => item.quantidade_pedida > 0),
  ];
}

/** The ticket of one station's lines of an order: the kitchen's, or the CANCELADO one after a cancel. */
export function stationTicketText(
  order: TicketOrder,
  lines: readonly TicketLine[],
  store: TicketStore,
  kind: TicketKind = 'kitchen',
  columns = CLOUD_PRINT_COLUMNS,
): string {
  const out: string[] = [];
  const { timeZone } = store;
  out.push(rule('=', columns));
  out.push(centred(store.name.toUpperCase(), columns));
  if (kind === 'cancel') {
    out.push(rule('*', columns));
    out.push(centred('*** CANCELADO ***', columns));
    out.push(centred('NÃO PREPARAR', columns));
    out.push(rule('*', columns));
  }
  out.push(spread((store.stationName ?? 'COZINHA').toUpperCase(), `PEDIDO #${order.id}`, columns));
  out.push(rule('-', columns));
  if (order.horaEntrega) {
    const day = storeLocalTime(order.horaEntrega, timeZone).dateISO.split('-');
    out.push(
      centred(`AGENDADO PARA ${day[2]}/${day[1]} ÀS ${storeClockText(order.horaEntrega, timeZone)}`, columns),
    );
    out.push(rule('-', columns));
  }
  out.push(`Feito em ${storeDateTimeText(order.dhIniciado, timeZone)}`);
  out.push(serviceLine(order));
  out.push(rule('-', columns));
  for (const line of lines) {
    out.push(...wrapped(`${line.qtd}x ${line.descricaoProduto}`, columns, 3, 0));
    for (const item of itemsInPrintOrder(line.itensPedidos))
      out.push(...wrapped(itemText(item), columns, 5, 3));
    if (line.observacao.trim()) out.push(...wrapped(`>> OBS: ${line.observacao.trim()}`, columns, 10, 3));
  }
  if (order.observacoes.trim()) {
    out.push(rule('-', columns));
    out.push(...wrapped(`>> OBS DO PEDIDO: ${order.observacoes.trim()}`, columns, 3, 0));
  }
  out.push(rule('=', columns));
  return `${out.join('\n')}\n\n\n`;
}
