import type { Product } from '@comanda/contract';
import { isVariablePrice, lowestVariantPrice } from '@comanda/domain';

export type PriceLabel =
  | { kind: 'fixed'; amount: number }
  | { kind: 'from'; amount: number }
  | { kind: 'variable' };

/**
 * The price a product row shows (spec section 2): a parent shows 'from' its lowest variant price,
 * a product priced 0 shows 'variable price', any other its own price. A parent without any priced
 * variant also shows 'variable price'.
 */
export function priceLabel(product: Product, allProducts: readonly Product[]): PriceLabel {
  if (product.item_pai) {
    const lowest = lowestVariantPrice(product, allProducts);
    return lowest === null ? { kind: 'variable' } : { kind: 'from', amount: lowest };
  }
  if (isVariablePrice(product)) return { kind: 'variable' };
  return { kind: 'fixed', amount: product.valor_venda };
}
