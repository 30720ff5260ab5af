import type { OrderRecord } from '@comanda/contract';
import type { DeliveryType } from '@comanda/domain';
import type { OrderLineItemSnapshot } from '../db/schema.ts';

/*
 * The spec's order record (section 3 "Order record (server)") from an order as it is stored: the
 * one mapping of the placement reply, the order list and detail, and the staff calls.
 */

/** The stored order's fields the record shows (the orders row, or the values about to be written). */
export interface StoredOrder {
  id: number;
  /** The store's own number (docs/decisions/0065); null or absent until the order reaches the store. */
  numero?: number | null;
  status: string;
  dhIniciado: Date;
  tipoEntrega: string;
  formaEntrada: string;
  totalProdutos: number;
  acrescimo: number;
  valorEntrega: number;
  descontoCupom: number;
  descontoFidelidade: number;
  total: number;
  cupom: string | null;
  observacoes: string;
  formaPagamentoNome: string | null;
  trocoPara: number | null;
  horaEntrega: Date | null;
  addressString: string | null;
  mesa: string | null;
  fidelidadeUtilizada: boolean;
  pontosFidelidade: number;
  pontosUtilizados: number;
}

export interface StoredOrderLine {
  productId: number;
  descricaoProduto: string;
  descricaoCategoria: string;
  produtoValor: number;
  valorAdicionais: number;
  qtd: number;
  valorTotal: number;
  observacao: string;
  itensPedidos: OrderLineItemSnapshot[];
}

export function orderRecordOf(order: StoredOrder, lines: readonly StoredOrderLine[]): OrderRecord {
  return {
    id: order.id,
    numero: order.numero ?? null,
    status: order.status,
    dh_iniciado: order.dhIniciado.toISOString(),
    tipo_entrega: order.tipoEntrega as DeliveryType,
    forma_entrada: order.formaEntrada,
    total_produtos: order.totalProdutos,
    desconto: order.descontoCupom + order.descontoFidelidade,
    desconto_cupom: order.descontoCupom,
    desconto_fidelidade: order.descontoFidelidade,
    acrescimo: order.acrescimo,
    valor_entrega: order.valorEntrega,
    total: order.total,
    cupom: order.cupom,
    observacoes: order.observacoes,
    forma_pagamento_nome: order.formaPagamentoNome,
    troco_para: order.trocoPara,
    agendado: order.horaEntrega !== null,
    hora_entrega: order.horaEntrega?.toISOString() ?? null,
    address_string: order.addressString,
    mesa: order.mesa,
    fidelidade_utilizada: order.fidelidadeUtilizada,
    pontos_fidelidade: order.pontosFidelidade,
    pontos_utilizados: order.pontosUtilizados,
    produtos_pedidos: lines.map((line) => ({
      produto: line.productId,
      descricao_produto: line.descricaoProduto,
      descricao_categoria: line.descricaoCategoria,
      produto_valor: line.produtoValor,
      valor_adicionais: line.valorAdicionais,
      qtd: line.qtd,
      valor_total: line.valorTotal,
      observacao: line.observacao,
      itens_pedidos: line.itensPedidos,
    })),
  };
}
