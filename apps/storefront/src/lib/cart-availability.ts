import type { FullProduct, Product } from '@comanda/contract';
import {
  buildCartLine,
  type CartLine,
  type CartLineDraft,
  type Centavos,
  type Channel,
  linePricesDiffer,
  linePricing,
  picksOfItems,
} from '@comanda/domain';

/**
 * What opening the cart (or the checkout) found about a line, compared with the store as it is now (spec section 2
 * "Cart", issue item 5). Only 'ok', 'checking' and 'unverified' lines count in the total; the
 * others are flagged on the line until the customer removes or re-adds them, so a changed price is
 * never charged silently. 'unverified' (the check could not run, e.g. offline) is not flagged: the
 * server rebuilds every line when the order is placed and refuses a changed price.
 */
export type LineCheck =
  | { status: 'ok' }
  | { status: 'checking' }
  | { status: 'unverified' }
  | { status: 'gone' }
  | { status: 'sold-out' }
  | { status: 'option-gone'; item: string }
  | { status: 'options-changed' }
  | { status: 'price-changed'; before: Centavos; after: Centavos; rebuilt: CartLineDraft };

/** The full product of a line as fetched: the reply, 'missing' (404) or 'failed' (anything else). */
export type FullProductResult = FullProduct | 'missing' | 'failed';

export const isFlagged = (check: LineCheck): boolean =>
  check.status !== 'ok' && check.status !== 'checking' && check.status !== 'unverified';

/**
 * A line's options can only be checked against the full product: when it has ordered items, or
 * when its product has groups now (a required group may have appeared).
 */
export function needsFullProduct(line: CartLine, listed: Product | undefined): boolean {
  return line.itens_pedidos.length > 0 || listed?.tem_grupos === true;
}

export interface CheckInput {
  /** The current product list for the channel; undefined while it loads. */
  products: readonly Product[] | undefined;
  /** The product list could not be loaded at all. */
  productsFailed: boolean;
  /** The line's full product when it needs one; undefined while it loads. */
  full: FullProductResult | undefined;
  channel: Channel;
}

/**
 * Rebuilds the line with the domain's buildCartLine from the product as it is now (what the server
 * does with the order) and compares: a product gone from the list or the channel, an option no
 * longer offered or a group whose rules changed, or a different base or item price.
 */
export function checkLine(
  line: CartLine,
  { products, productsFailed, full, channel }: CheckInput,
): LineCheck {
  if (!products) return productsFailed ? { status: 'unverified' } : { status: 'checking' };
  const listed = products.find((product) => product.id === line.produto);
  if (!listed) return { status: 'gone' };
  // The store switched it off for now (placement refuses it: SOLD_OUT).
  if (listed.esgotado) return { status: 'sold-out' };

  let source: FullProduct;
  if (needsFullProduct(line, listed)) {
    if (full === undefined) return { status: 'checking' };
    if (full === 'missing') return { status: 'gone' };
    if (full === 'failed') return { status: 'unverified' };
    source = full;
  } else {
    source = { ...listed, grupos: [], variantes: [] };
  }

  // What the server does with the order: rebuild the line from its items' quantities.
  const picks = picksOfItems(line.itens_pedidos);
  if (!picks) return { status: 'options-changed' };
  const result = buildCartLine(source, picks, {
    channel,
    qtd: line.qtd,
    observacao: line.observacao,
  });
  if (!result.ok) {
    const { error } = result;
    if (error.code === 'INVALID_PRICE') return { status: 'gone' };
    if (error.code === 'ITEM_NOT_OFFERED') {
      const item = line.itens_pedidos.find(
        (candidate) => candidate.grupo === error.groupId && candidate.item_id === error.itemId,
      );
      if (item) return { status: 'option-gone', item: item.descricao };
    }
    return { status: 'options-changed' };
  }
  if (!linePricesDiffer(line, result.line)) return { status: 'ok' };
  return {
    status: 'price-changed',
    before: linePricing(line).unitTotal,
    after: linePricing(result.line).unitTotal,
    rebuilt: result.line,
  };
}
