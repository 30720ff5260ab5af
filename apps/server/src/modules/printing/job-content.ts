import {
  CLOUD_PRINT_COLUMNS,
  cancelledTicket,
  changedTicket,
  kitchenTicket,
  renderTicketText,
  type TicketLine,
  type TicketOrder,
} from '@comanda/domain';
import type { orderLines, orders } from '../../db/schema.ts';

/*
 * A station's ticket as fixed-width text, what a CloudPRNT printer prints as `text/plain`
 * (docs/decisions/0054): the order as the database holds it, put in the shape of the shared
 * ticket document (docs/decisions/0053), so a cloud printer prints what the board's printers print.
 */

export type TicketKind = 'kitchen' | 'cancel';

export interface TicketSource {
  order: typeof orders.$inferSelect;
  customerName: string;
  /** The last status change (a cancel's reason, and whether it was a refusal). */
  lastChange: { from: string | null; to: string; reason: string | null } | null;
}

type LineRow = typeof orderLines.$inferSelect;
/** What a ticket reads of a line (a stored row, or one an edit is adding). */
export type TicketLineRow = Pick<
  LineRow,
  'productId' | 'descricaoProduto' | 'qtd' | 'valorTotal' | 'observacao' | 'itensPedidos'
>;

const ticketLine = (line: TicketLineRow): TicketLine => ({
  produto: line.productId,
  descricao_produto: line.descricaoProduto,
  qtd: line.qtd,
  valor_total: line.valorTotal,
  observacao: line.observacao,
  itens_pedidos: line.itensPedidos,
});

export interface TicketPlace {
  name: string;
  timeZone: string;
  /** The station whose lines these are; null for a store without stations. */
  station: { id: number; name: string } | null;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The order in the ticket document's shape (the staff API's order record, what the board prints). */
export function ticketOrder(source: TicketSource, lines: readonly TicketLineRow[]): TicketOrder {
  const { order } = source;
  return {
    id: order.id,
    numero: order.numero ?? null,
    status: order.status,
    dh_iniciado: order.dhIniciado.toISOString(),
    tipo_entrega: order.tipoEntrega,
    total_produtos: order.totalProdutos,
    acrescimo: order.acrescimo,
    valor_entrega: order.valorEntrega,
    desconto_cupom: order.descontoCupom,
    desconto_fidelidade: order.descontoFidelidade,
    total: order.total,
    cupom: order.cupom,
    observacoes: order.observacoes,
    forma_pagamento_nome: order.formaPagamentoNome,
    troco_para: order.trocoPara,
    agendado: order.agendado,
    hora_entrega: iso(order.horaEntrega),
    address_string: order.addressString,
    mesa: order.mesa,
    rodada: order.rodada,
    motivo_cancelamento: source.lastChange?.to === 'Cancelado' ? source.lastChange.reason : null,
    cliente: { nome: source.customerName, telefone: '' },
    fone_para_mensagens: order.foneParaMensagens,
    status_changes: source.lastChange
      ? [{ status: source.lastChange.to, from: source.lastChange.from, reason: source.lastChange.reason }]
      : [],
    pagamento_online: null,
    produtos_pedidos: lines.map(ticketLine),
  };
}

/** A station's kitchen ticket, or its CANCELADO ticket, as 48-column text. */
export function stationTicketText(
  source: TicketSource,
  lines: readonly LineRow[],
  place: TicketPlace,
  kind: TicketKind = 'kitchen',
): string {
  const order = ticketOrder(source, lines);
  const options = {
    store: { name: place.name, timeZone: place.timeZone },
    station: place.station,
    lines: order.produtos_pedidos,
  };
  const document = kind === 'cancel' ? cancelledTicket(order, options) : kitchenTicket(order, options);
  return renderTicketText(document, { columns: CLOUD_PRINT_COLUMNS });
}

/** A station's PEDIDO ALTERADO ticket (an edit's lines added and taken out) as 48-column text. */
export function stationChangeText(
  source: TicketSource,
  change: { at: Date; added: readonly TicketLineRow[]; removed: readonly TicketLineRow[] },
  place: TicketPlace,
): string {
  const document = changedTicket(
    ticketOrder(source, []),
    {
      at: change.at.toISOString(),
      added: change.added.map(ticketLine),
      removed: change.removed.map(ticketLine),
    },
    { store: { name: place.name, timeZone: place.timeZone }, station: place.station },
  );
  return renderTicketText(document, { columns: CLOUD_PRINT_COLUMNS });
}
