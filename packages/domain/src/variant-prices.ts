/**
 * The menu's price labels of parents and variants, in a module of their own so the menu home does not
 * carry the customisation rules of product-pricing.ts on its first load.
 */
import type { Centavos } from './money.ts';
import type { Product } from './product.ts';

/** The child variants of a parent: products with item_filho whose cod_pai is the parent's id. */
export function variantsOf(parent: Product, allProducts: readonly Product[]): Product[] {
  return allProducts.filter((product) => product.item_filho && product.cod_pai === parent.id);
}

/** A non-parent product whose valor_venda is 0 shows 'variable price'. */
export function isVariablePrice(product: Product): boolean {
  return !product.item_pai && product.valor_venda === 0;
}

/**
 * The 'from' price of a parent: the lowest price among its children. Children with a variable price
 * (0) are left out, since they have no price to show; null when no child has a price.
 */
export function lowestVariantPrice(parent: Product, allProducts: readonly Product[]): Centavos | null {
  const prices = variantsOf(parent, allProducts)
    .filter((child) => !isVariablePrice(child))
    .map((child) => child.valor_venda);
  return prices.length > 0 ? Math.min(...prices) : null;
}
