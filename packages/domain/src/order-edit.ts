import type { CartLineDraft } from './cart.ts';

/*
 * An order edited before it is prepared (issue 33, docs/decisions/0058 and 0062): the statuses it
 * may be edited in, and a line it keeps as the checkout quote prices it. The server's edit and the
 * staff app's edit screen read the same rules.
 */

/** An order may be edited until it is prepared: from Finalização on, 409 ORDER_ALREADY_PREPARED. */
export const EDITABLE_ORDER_STATUSES: readonly string[] = ['Solicitado', 'Preparo'];

/** Whether an order may be edited: before it is prepared and not paid in the app. */
export function isOrderEditable(order: { status: string; paidOnline: boolean }): boolean {
  return EDITABLE_ORDER_STATUSES.includes(order.status) && !order.paidOnline;
}

/** A line the order already has, as it was placed. */
export interface PlacedLine {
  productId: number;
  descricaoProduto: string;
  descricaoCategoria: string;
  /** Base price of one unit when it was placed. */
  produtoValor: number;
  /** What its options added to one unit when it was placed. */
  valorAdicionais: number;
  qtd: number;
}

/**
 * A kept line as the checkout quote prices it: at the prices it was placed with (base, and its
 * options in one charge per unit), whatever the menu says today.
 */
export function placedLineDraft(line: PlacedLine): CartLineDraft {
  return {
    produto: line.productId,
    descricao_produto: line.descricaoProduto,
    descricao_categoria: line.descricaoCategoria,
    produto_valor: line.produtoValor,
    observacao: '',
    qtd: line.qtd,
    itens_pedidos: [],
    default_items: [],
    removed_items: [],
    groups: [
      {
        grupo: 0,
        grupo_descricao: '',
        politica_cobranca: 'Soma',
        total: 0,
        charge: line.valorAdicionais,
        added: [],
        removed: [],
      },
    ],
    product: {
      id: line.productId,
      descricao: line.descricaoProduto,
      detalhes: '',
      valor_venda: line.produtoValor,
      url_imagem: null,
      categoria_id: 0,
      categoria: line.descricaoCategoria,
      item_pai: false,
      item_filho: false,
      cod_pai: null,
      variant: null,
      picks: {},
      channel: 'app',
    },
  };
}
