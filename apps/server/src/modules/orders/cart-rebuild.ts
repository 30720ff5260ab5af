import type { OrderLineSubmission } from '@comanda/contract';
import {
  buildCartLine,
  type CartLineDraft,
  type CartLineError,
  type Channel,
  type ChargePolicy,
  type FullProduct,
  formatBRL,
  type GroupItem,
  linePricesDiffer,
  linePricing,
  MAX_ITEM_QUANTITY,
  type ProductGroup,
  picksOfItems,
} from '@comanda/domain';
import { AppError, invalid } from '../../lib/errors.ts';
import type { ContextProduct } from './repository.ts';

/*
 * The server's copy of the customer's cart: every line rebuilt with `buildCartLine` from the
 * product, groups and items as they are in the database now, from the submitted quantities only.
 * A line is rebuilt from the ordered product (the chosen variant, when there is one) with that
 * product's own groups, which is what the product dialog offers for it.
 */

const unavailable = (detail: string, field: string) =>
  new AppError('conflict', 'ITEM_UNAVAILABLE', detail, { field });

/** The products of the cart as the domain knows them, by id. */
export function fullProducts(rows: readonly ContextProduct[]): Map<number, FullProduct> {
  const out = new Map<number, FullProduct>();
  for (const p of rows) {
    const grupos: ProductGroup[] = p.grupos.map((g) => ({
      min: g.min,
      max: g.max,
      grupo: {
        id: g.id,
        ordem: g.ordem,
        descricao: g.descricao,
        detalhes: g.detalhes,
        repetir_itens: g.repetirItens,
        politica_cobranca: g.politicaCobranca as ChargePolicy,
        lista_itens: g.itens.map(
          (item): GroupItem => ({
            id: item.id,
            descricao: item.descricao,
            detalhes: item.detalhes,
            preco: item.preco,
            url_imagem: item.urlImagem,
            ordem: item.ordem,
            fk_item: item.fkItem,
            qt_padrao: item.qtPadrao,
            excluido: item.excluido,
            ativo_pedidos: item.ativoPedidos,
            ativo_garcom: item.ativoGarcom,
            ingrediente: item.ingrediente,
          }),
        ),
      },
    }));
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
      grupos,
    });
  }
  return out;
}

/** Whether a product row may be ordered on the channel: not deleted, active, in an active category. */
export function isOffered(row: ContextProduct, channel: Channel): boolean {
  const active = channel === 'local' ? row.ativoGarcom : row.ativoPedidos;
  return !row.excluido && row.categoriaAtiva && active;
}

function itemName(product: FullProduct, groupId: number, itemId: number): string | null {
  const group = product.grupos.find((candidate) => candidate.grupo.id === groupId);
  return group?.grupo.lista_itens.find((item) => item.id === itemId)?.descricao ?? null;
}

function lineError(error: CartLineError, product: FullProduct, field: string): AppError {
  const name = product.descricao;
  switch (error.code) {
    case 'INVALID_LINE_QUANTITY':
      return invalid('INVALID_QUANTITY', 'A quantidade de cada item deve ser de 1 a 99.', `${field}.qtd`);
    case 'NOTE_TOO_LONG':
      return invalid(
        'NOTE_TOO_LONG',
        `As observações podem ter no máximo ${error.maxLength} caracteres.`,
        field,
      );
    case 'VARIANT_REQUIRED':
    case 'INVALID_VARIANT':
      return invalid('VARIANT_REQUIRED', `Escolha uma opção de ${name}.`, `${field}.produto`);
    case 'INVALID_PRICE':
    case 'UNKNOWN_GROUP':
      return unavailable(`${name} não está mais disponível.`, field);
    case 'ITEM_NOT_OFFERED': {
      const item = itemName(product, error.groupId, error.itemId);
      return unavailable(
        item
          ? `${item} (${name}) não está mais disponível.`
          : `Uma opção de ${name} não está mais disponível.`,
        `${field}.itens_pedidos`,
      );
    }
    case 'INVALID_QUANTITY':
      return invalid(
        'INVALID_QUANTITY',
        `A quantidade de cada opção deve ser de 0 a ${MAX_ITEM_QUANTITY}.`,
        `${field}.itens_pedidos`,
      );
    case 'REPEAT_NOT_ALLOWED': {
      const item = itemName(product, error.groupId, error.itemId) ?? 'Esta opção';
      return invalid(
        'INVALID_OPTIONS',
        `${item} só pode ser escolhido uma vez em ${name}.`,
        `${field}.itens_pedidos`,
      );
    }
    case 'GROUP_NOT_OK': {
      const group = product.grupos.find((candidate) => candidate.grupo.id === error.groupId);
      const groupName = group?.grupo.descricao ?? 'uma etapa';
      const detail =
        error.missing > 0
          ? `Escolha mais ${error.missing} em '${groupName}' de ${name}.`
          : `Escolha no máximo ${error.max} em '${groupName}' de ${name}.`;
      return invalid('INVALID_OPTIONS', detail, `${field}.itens_pedidos`);
    }
  }
}

export interface RebuiltCart {
  lines: CartLineDraft[];
  /** The first line whose submitted prices disagree with today's, if any. */
  priceChange: { line: CartLineDraft; index: number } | null;
}

/**
 * Rebuilds every submitted line, or throws the first refusal: ITEM_UNAVAILABLE (unknown, deleted,
 * inactive product or option), VARIANT_REQUIRED, INVALID_OPTIONS, INVALID_QUANTITY. Prices are not
 * taken from the client; a submitted `produto_valor` or item `valor` that differs from today's is
 * reported as `priceChange` for the caller to refuse after the availability checks.
 */
export function rebuildCart(
  submitted: readonly OrderLineSubmission[],
  products: ReadonlyMap<number, FullProduct>,
  rows: ReadonlyMap<number, ContextProduct>,
  channel: Channel,
): RebuiltCart {
  const lines: CartLineDraft[] = [];
  let priceChange: RebuiltCart['priceChange'] = null;
  submitted.forEach((line, index) => {
    const field = `produtos_pedidos.${index}`;
    const row = rows.get(line.produto);
    const product = products.get(line.produto);
    if (!row || !product) throw unavailable('Um produto do seu carrinho não existe mais nesta loja.', field);
    if (!isOffered(row, channel)) throw unavailable(`${row.descricao} não está mais disponível.`, field);
    const picks = picksOfItems(line.itens_pedidos);
    if (!picks) {
      throw invalid('INVALID_OPTIONS', `Uma opção de ${row.descricao} foi enviada duas vezes.`, field);
    }
    const result = buildCartLine(product, picks, {
      channel,
      qtd: line.qtd,
      observacao: line.observacao ?? '',
    });
    if (!result.ok) throw lineError(result.error, product, field);
    lines.push(result.line);
    if (!priceChange && linePricesDiffer(line, result.line)) priceChange = { line: result.line, index };
  });
  return { lines, priceChange };
}

export function priceChangedError(line: CartLineDraft, index: number): AppError {
  const { unitTotal } = linePricing(line);
  return new AppError(
    'conflict',
    'PRICE_CHANGED',
    `O preço de ${line.descricao_produto} mudou para ${formatBRL(unitTotal)}. Confira o carrinho e confirme de novo.`,
    { field: `produtos_pedidos.${index}` },
  );
}
