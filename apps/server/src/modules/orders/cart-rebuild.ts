import type { OrderLineSubmission } from '@comanda/contract';
import {
  buildCartLine,
  type CartLineDraft,
  type Channel,
  type FullProduct,
  linePricesDiffer,
  picksOfItems,
} from '@comanda/domain';
import { toProductGroup } from '../menu/index.ts';
import { cartLineRefusal, refuse } from './refusals.ts';
import type { ContextProduct } from './repository.ts';

/*
 * The server's copy of the customer's cart: every line rebuilt with `buildCartLine` from the
 * product, groups and items as they are in the database now, from the submitted quantities only.
 * A line is rebuilt from the ordered product (the chosen variant, when there is one) with that
 * product's own groups, which is what the product dialog offers for it.
 */

/** The products of the cart as the domain knows them, by id. */
export function fullProducts(rows: readonly ContextProduct[]): Map<number, FullProduct> {
  const out = new Map<number, FullProduct>();
  for (const p of rows) {
    out.set(p.id, {
      id: p.id,
      descricao: p.descricao,
      detalhes: p.detalhes,
      valor_venda: p.valorVenda,
      url_imagem: p.urlImagem,
      categoria_id: p.categoryId,
      categoria: p.categoria,
      item_pai: p.itemPai,
      item_filho: p.itemFilho,
      cod_pai: p.parentId,
      grupos: p.grupos.map((group) => toProductGroup(group, group.itens)),
    });
  }
  return out;
}

/** Whether a product row may be ordered on the channel: not deleted, active, in an active category. */
export function isOffered(row: ContextProduct, channel: Channel): boolean {
  const active = channel === 'local' ? row.ativoGarcom : row.ativoPedidos;
  return !row.excluido && row.categoriaAtiva && active;
}

/**
 * The cart repriced: every submitted line rebuilt from the database, or the first refusal:
 * ITEM_UNAVAILABLE (unknown, deleted, inactive product or option), SOLD_OUT (a product the store
 * marked sold out; a sold-out option is ITEM_UNAVAILABLE, as it is not offered), VARIANT_REQUIRED,
 * INVALID_OPTIONS, INVALID_QUANTITY, then PRICE_CHANGED for the first line whose submitted
 * `produto_valor` or item `valor` differs from today's (prices are never taken from the client).
 */
export function repriceCart(
  submitted: readonly OrderLineSubmission[],
  products: ReadonlyMap<number, FullProduct>,
  rows: ReadonlyMap<number, ContextProduct>,
  channel: Channel,
): CartLineDraft[] {
  const lines: CartLineDraft[] = [];
  let priceChange: { line: CartLineDraft; index: number } | null = null;
  for (const [index, line] of submitted.entries()) {
    const field = `produtos_pedidos.${index}`;
    const row = rows.get(line.produto);
    const product = products.get(line.produto);
    if (!row || !product) throw refuse.productGone(field);
    if (!isOffered(row, channel)) throw refuse.productUnavailable(row.descricao, field);
    if (row.esgotado) throw refuse.soldOut(row.descricao, field);
    const picks = picksOfItems(line.itens_pedidos);
    if (!picks) throw refuse.optionSentTwice(row.descricao, field);
    const result = buildCartLine(product, picks, {
      channel,
      qtd: line.qtd,
      observacao: line.observacao ?? '',
    });
    if (!result.ok) throw cartLineRefusal(result.error, product, field);
    lines.push(result.line);
    if (!priceChange && linePricesDiffer(line, result.line)) priceChange = { line: result.line, index };
  }
  if (priceChange) throw refuse.priceChanged(priceChange.line, priceChange.index);
  return lines;
}
