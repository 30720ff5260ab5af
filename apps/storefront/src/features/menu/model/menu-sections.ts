import type { Category, Product } from '@comanda/contract';
import { normalizeForSearch, productMatchesSearch } from '@comanda/domain';

export interface MenuSection {
  category: Category;
  /** Products shown in the category: child variants left out, search applied. */
  products: Product[];
}

const byOrder = <T extends { ordem: number; id: number }>(a: T, b: T) => a.ordem - b.ordem || a.id - b.id;

export function isSearching(query: string): boolean {
  return normalizeForSearch(query) !== '';
}

/**
 * The categories of the menu in order with their visible products (spec section 2 "Menu home"):
 * child variant items are hidden; while searching, only products whose name or details hold every
 * word of the query (accents and case ignored) remain, and categories without one are left out.
 */
export function menuSections(
  categories: readonly Category[],
  products: readonly Product[],
  query: string,
): MenuSection[] {
  const searching = isSearching(query);
  const byCategory = new Map<number, Product[]>();
  for (const product of products) {
    if (product.item_filho) continue;
    if (searching && !productMatchesSearch(product, query)) continue;
    const list = byCategory.get(product.categoria_id);
    if (list) list.push(product);
    else byCategory.set(product.categoria_id, [product]);
  }
  return [...categories]
    .sort(byOrder)
    .map((category) => ({ category, products: (byCategory.get(category.id) ?? []).sort(byOrder) }))
    .filter((section) => section.products.length > 0);
}

/**
 * Which categories are expanded: while searching, every matching category (unless the customer
 * collapsed it during this search); otherwise the ones the customer opened, starting from `aberto`.
 */
export function isExpanded(
  categoryId: number,
  state: { searching: boolean; open: ReadonlySet<number>; collapsedInSearch: ReadonlySet<number> },
): boolean {
  return state.searching ? !state.collapsedInSearch.has(categoryId) : state.open.has(categoryId);
}

export function initiallyOpen(categories: readonly Category[]): Set<number> {
  return new Set(categories.filter((category) => category.aberto).map((category) => category.id));
}

/**
 * The menu drawn a few rows per task (docs/decisions/0075): the sections in order, open ones with at
 * most `rows` product rows in all, so no render of the whole menu is one long task on a slow phone.
 * Collapsed categories cost a heading each and are drawn along until the rows run out. `complete`
 * once every open row is drawn.
 */
export function sectionsWithinRows(
  sections: readonly MenuSection[],
  open: ReadonlySet<number>,
  rows: number,
): { sections: MenuSection[]; complete: boolean } {
  const drawn: MenuSection[] = [];
  let left = rows;
  for (const section of sections) {
    if (!open.has(section.category.id)) {
      drawn.push(section);
      continue;
    }
    if (left <= 0) return { sections: drawn, complete: false };
    if (section.products.length > left) {
      drawn.push({ ...section, products: section.products.slice(0, left) });
      return { sections: drawn, complete: false };
    }
    drawn.push(section);
    left -= section.products.length;
  }
  return { sections: drawn, complete: true };
}
