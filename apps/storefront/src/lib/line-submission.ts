import type { OrderLineSubmission } from '@comanda/contract';
import type { CartLineDraft } from '@comanda/domain';

/**
 * A cart line as an order submission's line (the customer's checkout, the staff's order entry and
 * an edit's `adicionar`): its price goes along, so a price that moved is refused (PRICE_CHANGED).
 */
export function lineSubmission(line: CartLineDraft): OrderLineSubmission {
  return {
    produto: line.produto,
    qtd: line.qtd,
    observacao: line.observacao,
    produto_valor: line.produto_valor,
    itens_pedidos: line.itens_pedidos.map((item) => ({
      item_id: item.item_id,
      quantidade_pedida: item.quantidade_pedida,
      quantidade_padrao: item.quantidade_padrao,
      grupo: item.grupo,
      valor: item.valor,
      produto_pedido: item.produto_pedido,
      grupo_descricao: item.grupo_descricao,
      descricao: item.descricao,
      grupo_itens: item.grupo_itens,
      ingrediente: item.ingrediente,
      observacoes: item.observacoes,
    })),
  };
}
