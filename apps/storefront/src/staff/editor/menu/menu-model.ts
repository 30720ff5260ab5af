import type {
  DocumentCategory,
  DocumentGroupItem,
  DocumentGroupUse,
  DocumentOptionGroup,
  DocumentProduct,
  DocumentVariant,
  StoreDocumentBase,
} from '@comanda/contract';

/*
 * The menu editor's changes to a draft of the store's menu (section `menu`: categories with their
 * products, variants and uses of option groups; the option groups with their items). Pure: each
 * function takes a menu and gives a new one. Refs are the stable keys a save matches rows by
 * (docs/store-import-format.md): a new thing gets a readable ref from its name, unique where the
 * document needs it, and keeps it when renamed, so a saved row is never taken for a new one.
 */

export type Menu = Pick<StoreDocumentBase, 'categories' | 'option_groups'>;

/** The longest ref the document takes. */
const REF_MAX = 80;

/** 'Pizza Calabresa (grande)' → 'pizza-calabresa-grande': lower case, no accents, dashes. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, REF_MAX - 4)
    .replace(/-+$/g, '');
}

/** The slug of `name`, with -2, -3… when it is taken; `fallback` for a name without letters or digits. */
export function uniqueRef(name: string, taken: ReadonlySet<string>, fallback: string): string {
  const base = slugify(name) || fallback;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Moves the element at `from` to `to` (both clamped to the list). */
export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

// ---------------------------------------------------------------------------------------------
// Finding things

export const categoryRefs = (menu: Menu) => new Set(menu.categories.map((category) => category.ref));

/** Products and variants share one set of refs (a variant is a product row of its own). */
export function productRefs(menu: Menu): Set<string> {
  const refs = new Set<string>();
  for (const category of menu.categories)
    for (const product of category.products) {
      refs.add(product.ref);
      for (const variant of product.variants) refs.add(variant.ref);
    }
  return refs;
}

export const groupRefs = (menu: Menu) => new Set(menu.option_groups.map((group) => group.ref));

export interface ProductPlace {
  category: number;
  index: number;
  product: DocumentProduct;
}

export function findProduct(menu: Menu, ref: string): ProductPlace | null {
  for (const [category, { products }] of menu.categories.entries()) {
    const index = products.findIndex((product) => product.ref === ref);
    if (index >= 0) return { category, index, product: products[index]! };
  }
  return null;
}

export function findGroup(menu: Menu, ref: string): { index: number; group: DocumentOptionGroup } | null {
  const index = menu.option_groups.findIndex((group) => group.ref === ref);
  return index >= 0 ? { index, group: menu.option_groups[index]! } : null;
}

export function findCategory(menu: Menu, ref: string): { index: number; category: DocumentCategory } | null {
  const index = menu.categories.findIndex((category) => category.ref === ref);
  return index >= 0 ? { index, category: menu.categories[index]! } : null;
}

// ---------------------------------------------------------------------------------------------
// Categories

export function addCategory(menu: Menu, name: string): { menu: Menu; ref: string } {
  const ref = uniqueRef(name, categoryRefs(menu), 'categoria');
  const category: DocumentCategory = {
    ref,
    descricao: name.trim(),
    detalhes: '',
    aberto: false,
    products: [],
  };
  return { menu: { ...menu, categories: [...menu.categories, category] }, ref };
}

export type CategoryPatch = Partial<Pick<DocumentCategory, 'descricao' | 'detalhes' | 'aberto'>>;

export function updateCategory(menu: Menu, ref: string, patch: CategoryPatch): Menu {
  return {
    ...menu,
    categories: menu.categories.map((category) =>
      category.ref === ref ? { ...category, ...patch } : category,
    ),
  };
}

/** The category and its products go; options that stood for one of them stop pointing at it. */
export function removeCategory(menu: Menu, ref: string): Menu {
  const gone = menu.categories.find((category) => category.ref === ref);
  if (!gone) return menu;
  const refs = gone.products.flatMap((product) => [product.ref, ...product.variants.map((v) => v.ref)]);
  return unlinkItems(
    { ...menu, categories: menu.categories.filter((category) => category.ref !== ref) },
    refs,
  );
}

export function moveCategory(menu: Menu, from: number, to: number): Menu {
  return { ...menu, categories: moveInList(menu.categories, from, to) };
}

// ---------------------------------------------------------------------------------------------
// Products

export function newProduct(ref: string, name: string): DocumentProduct {
  return {
    ref,
    descricao: name.trim(),
    detalhes: '',
    valor_venda: 0,
    url_imagem: null,
    url_miniatura: null,
    url_video: null,
    ativo_pedidos: true,
    ativo_garcom: true,
    groups: [],
    variants: [],
  };
}

function mapProducts(menu: Menu, change: (product: DocumentProduct) => DocumentProduct): Menu {
  return {
    ...menu,
    categories: menu.categories.map((category) => ({ ...category, products: category.products.map(change) })),
  };
}

function mapProduct(menu: Menu, ref: string, change: (product: DocumentProduct) => DocumentProduct): Menu {
  return mapProducts(menu, (product) => (product.ref === ref ? change(product) : product));
}

export function addProduct(menu: Menu, categoryRef: string, name: string): { menu: Menu; ref: string } {
  const ref = uniqueRef(name, productRefs(menu), 'produto');
  return {
    menu: {
      ...menu,
      categories: menu.categories.map((category) =>
        category.ref === categoryRef
          ? { ...category, products: [...category.products, newProduct(ref, name)] }
          : category,
      ),
    },
    ref,
  };
}

export type ProductPatch = Partial<
  Pick<
    DocumentProduct,
    | 'descricao'
    | 'detalhes'
    | 'valor_venda'
    | 'url_imagem'
    | 'url_miniatura'
    | 'url_video'
    | 'ativo_pedidos'
    | 'ativo_garcom'
  >
>;

export function updateProduct(menu: Menu, ref: string, patch: ProductPatch): Menu {
  return mapProduct(menu, ref, (product) => ({ ...product, ...patch }));
}

/** The product (and its variants) go; options that stood for them stop pointing at them. */
export function removeProduct(menu: Menu, ref: string): Menu {
  const place = findProduct(menu, ref);
  if (!place) return menu;
  const refs = [ref, ...place.product.variants.map((variant) => variant.ref)];
  return unlinkItems(
    {
      ...menu,
      categories: menu.categories.map((category) => ({
        ...category,
        products: category.products.filter((product) => product.ref !== ref),
      })),
    },
    refs,
  );
}

export function moveProduct(menu: Menu, categoryRef: string, from: number, to: number): Menu {
  return {
    ...menu,
    categories: menu.categories.map((category) =>
      category.ref === categoryRef
        ? { ...category, products: moveInList(category.products, from, to) }
        : category,
    ),
  };
}

/** The product leaves its category for the end of another one, whole (variants and groups). */
export function moveProductToCategory(menu: Menu, ref: string, categoryRef: string): Menu {
  const place = findProduct(menu, ref);
  if (!place || menu.categories[place.category]!.ref === categoryRef) return menu;
  if (!menu.categories.some((category) => category.ref === categoryRef)) return menu;
  return {
    ...menu,
    categories: menu.categories.map((category, index) =>
      index === place.category
        ? { ...category, products: category.products.filter((product) => product.ref !== ref) }
        : category.ref === categoryRef
          ? { ...category, products: [...category.products, place.product] }
          : category,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Variants (sizes, kinds): the product becomes a parent item and each variant a child item

export function newVariant(ref: string, name: string, price = 0): DocumentVariant {
  return {
    ref,
    descricao: name.trim(),
    detalhes: '',
    valor_venda: price,
    url_imagem: null,
    url_miniatura: null,
    url_video: null,
    ativo_pedidos: true,
    ativo_garcom: true,
    groups: [],
  };
}

export type VariantPatch = Partial<
  Pick<DocumentVariant, 'descricao' | 'detalhes' | 'valor_venda' | 'ativo_pedidos' | 'ativo_garcom'>
>;

/**
 * A new variant. The first one takes the product's price (a parent's own price is not shown: it is
 * 'from' its cheapest variant), so turning a product into sizes keeps what it cost.
 */
export function addVariant(menu: Menu, productRef: string, name: string): { menu: Menu; ref: string } {
  const ref = uniqueRef(name, productRefs(menu), 'variante');
  return {
    menu: mapProduct(menu, productRef, (product) => {
      const variant = newVariant(ref, name, product.variants.length === 0 ? product.valor_venda : 0);
      return { ...product, valor_venda: 0, variants: [...product.variants, variant] };
    }),
    ref,
  };
}

export function updateVariant(menu: Menu, productRef: string, variantRef: string, patch: VariantPatch): Menu {
  return mapProduct(menu, productRef, (product) => ({
    ...product,
    variants: product.variants.map((variant) =>
      variant.ref === variantRef ? { ...variant, ...patch } : variant,
    ),
  }));
}

/** The variant goes; the last one gone, the product has its own price again (its cheapest variant's). */
export function removeVariant(menu: Menu, productRef: string, variantRef: string): Menu {
  const place = findProduct(menu, productRef);
  if (!place) return menu;
  const remaining = place.product.variants.filter((variant) => variant.ref !== variantRef);
  const valor_venda =
    remaining.length === 0 && place.product.variants.length > 0
      ? Math.min(...place.product.variants.map((variant) => variant.valor_venda))
      : place.product.valor_venda;
  return unlinkItems(
    mapProduct(menu, productRef, (product) => ({ ...product, valor_venda, variants: remaining })),
    [variantRef],
  );
}

export function moveVariant(menu: Menu, productRef: string, from: number, to: number): Menu {
  return mapProduct(menu, productRef, (product) => ({
    ...product,
    variants: moveInList(product.variants, from, to),
  }));
}

// ---------------------------------------------------------------------------------------------
// Uses of option groups, by a product or by one of its variants

/** Whose uses: a product's, or a variant's own (a variant without uses takes its product's). */
export interface UseOwner {
  product: string;
  variant?: string;
}

export function usesOf(menu: Menu, owner: UseOwner): DocumentGroupUse[] {
  const product = findProduct(menu, owner.product)?.product;
  if (!product) return [];
  if (owner.variant === undefined) return product.groups;
  return product.variants.find((variant) => variant.ref === owner.variant)?.groups ?? [];
}

function mapUses(
  menu: Menu,
  owner: UseOwner,
  change: (uses: DocumentGroupUse[]) => DocumentGroupUse[],
): Menu {
  return mapProduct(menu, owner.product, (product) =>
    owner.variant === undefined
      ? { ...product, groups: change(product.groups) }
      : {
          ...product,
          variants: product.variants.map((variant) =>
            variant.ref === owner.variant ? { ...variant, groups: change(variant.groups) } : variant,
          ),
        },
  );
}

/** The groups an owner can still take: a product asks for a group once. */
export function attachableGroups(menu: Menu, owner: UseOwner): DocumentOptionGroup[] {
  const used = new Set(usesOf(menu, owner).map((use) => use.group));
  return menu.option_groups.filter((group) => !used.has(group.ref));
}

/** The owner asks for the group (min and max as given; max 0 is no cap). A group already used is left as is. */
export function attachGroup(
  menu: Menu,
  owner: UseOwner,
  group: string,
  limits: { min: number; max: number } = { min: 0, max: 0 },
): Menu {
  if (usesOf(menu, owner).some((use) => use.group === group)) return menu;
  return mapUses(menu, owner, (uses) => [...uses, { group, ...limits }]);
}

export function updateUse(
  menu: Menu,
  owner: UseOwner,
  index: number,
  patch: Partial<Pick<DocumentGroupUse, 'min' | 'max'>>,
): Menu {
  return mapUses(menu, owner, (uses) => uses.map((use, i) => (i === index ? { ...use, ...patch } : use)));
}

export function detachGroup(menu: Menu, owner: UseOwner, index: number): Menu {
  return mapUses(menu, owner, (uses) => uses.filter((_, i) => i !== index));
}

export function moveUse(menu: Menu, owner: UseOwner, from: number, to: number): Menu {
  return mapUses(menu, owner, (uses) => moveInList(uses, from, to));
}

/**
 * A variant's own options, or its product's. Turning own options on starts from a copy of the
 * product's; off, the variant follows the product again (the document's empty list).
 */
export function setOwnUses(menu: Menu, productRef: string, variantRef: string, own: boolean): Menu {
  const product = findProduct(menu, productRef)?.product;
  if (!product) return menu;
  return mapUses(menu, { product: productRef, variant: variantRef }, () =>
    own ? product.groups.map((use) => ({ ...use })) : [],
  );
}

// ---------------------------------------------------------------------------------------------
// Option groups and their items

export function addGroup(menu: Menu, name: string): { menu: Menu; ref: string } {
  const ref = uniqueRef(name, groupRefs(menu), 'grupo');
  const group: DocumentOptionGroup = {
    ref,
    descricao: name.trim(),
    detalhes: '',
    repetir_itens: false,
    politica_cobranca: 'Soma',
    items: [],
  };
  return { menu: { ...menu, option_groups: [...menu.option_groups, group] }, ref };
}

export type GroupPatch = Partial<
  Pick<DocumentOptionGroup, 'descricao' | 'detalhes' | 'repetir_itens' | 'politica_cobranca'>
>;

function mapGroup(
  menu: Menu,
  ref: string,
  change: (group: DocumentOptionGroup) => DocumentOptionGroup,
): Menu {
  return {
    ...menu,
    option_groups: menu.option_groups.map((group) => (group.ref === ref ? change(group) : group)),
  };
}

export function updateGroup(menu: Menu, ref: string, patch: GroupPatch): Menu {
  return mapGroup(menu, ref, (group) => ({ ...group, ...patch }));
}

export function moveGroup(menu: Menu, from: number, to: number): Menu {
  return { ...menu, option_groups: moveInList(menu.option_groups, from, to) };
}

/** A product or variant that asks for a group, with the name the editor shows for it. */
export interface GroupUser {
  product: string;
  variant?: string;
  name: string;
}

/** Who asks for the group: products, and variants with options of their own. */
export function groupUsers(menu: Menu, ref: string): GroupUser[] {
  const users: GroupUser[] = [];
  for (const category of menu.categories)
    for (const product of category.products) {
      if (product.groups.some((use) => use.group === ref))
        users.push({ product: product.ref, name: product.descricao });
      for (const variant of product.variants)
        if (variant.groups.some((use) => use.group === ref))
          users.push({
            product: product.ref,
            variant: variant.ref,
            name: `${product.descricao} (${variant.descricao})`,
          });
    }
  return users;
}

/**
 * The group goes, and every product and variant that asked for it stops asking (the editor names
 * them before: see groupUsers). A document naming a group no product can reach would be refused.
 */
export function removeGroup(menu: Menu, ref: string): Menu {
  const without = (uses: DocumentGroupUse[]) => uses.filter((use) => use.group !== ref);
  return mapProducts(
    { ...menu, option_groups: menu.option_groups.filter((group) => group.ref !== ref) },
    (product) => ({
      ...product,
      groups: without(product.groups),
      variants: product.variants.map((variant) => ({ ...variant, groups: without(variant.groups) })),
    }),
  );
}

export function newItem(ref: string, name: string): DocumentGroupItem {
  return {
    ref,
    descricao: name.trim(),
    detalhes: '',
    preco: 0,
    url_imagem: null,
    qt_padrao: 0,
    ingrediente: false,
    ativo_pedidos: true,
    ativo_garcom: true,
  };
}

export function addItem(menu: Menu, groupRef: string, name: string): { menu: Menu; ref: string } {
  const group = findGroup(menu, groupRef)?.group;
  const ref = uniqueRef(name, new Set(group?.items.map((item) => item.ref)), 'opcao');
  return {
    menu: mapGroup(menu, groupRef, (found) => ({ ...found, items: [...found.items, newItem(ref, name)] })),
    ref,
  };
}

export type ItemPatch = Partial<
  Pick<
    DocumentGroupItem,
    'descricao' | 'detalhes' | 'preco' | 'qt_padrao' | 'ingrediente' | 'ativo_pedidos' | 'ativo_garcom'
  >
>;

export function updateItem(menu: Menu, groupRef: string, itemRef: string, patch: ItemPatch): Menu {
  return mapGroup(menu, groupRef, (group) => ({
    ...group,
    items: group.items.map((item) => (item.ref === itemRef ? { ...item, ...patch } : item)),
  }));
}

export function removeItem(menu: Menu, groupRef: string, itemRef: string): Menu {
  return mapGroup(menu, groupRef, (group) => ({
    ...group,
    items: group.items.filter((item) => item.ref !== itemRef),
  }));
}

export function moveItem(menu: Menu, groupRef: string, from: number, to: number): Menu {
  return mapGroup(menu, groupRef, (group) => ({ ...group, items: moveInList(group.items, from, to) }));
}

/** Options that stand for one of these products (a pizza flavour for the pizza): their group and name. */
export function itemsLinkedTo(menu: Menu, refs: readonly string[]): { group: string; item: string }[] {
  const set = new Set(refs);
  return menu.option_groups.flatMap((group) =>
    group.items
      .filter((item) => item.product !== undefined && set.has(item.product))
      .map((item) => ({ group: group.descricao, item: item.descricao })),
  );
}

/** Options standing for a product that goes keep their name and price but stop pointing at it. */
function unlinkItems(menu: Menu, refs: readonly string[]): Menu {
  const set = new Set(refs);
  if (!menu.option_groups.some((group) => group.items.some((item) => item.product && set.has(item.product))))
    return menu;
  return {
    ...menu,
    option_groups: menu.option_groups.map((group) => ({
      ...group,
      items: group.items.map((item) => {
        if (!item.product || !set.has(item.product)) return item;
        const { product: _gone, ...rest } = item;
        return rest;
      }),
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Where a refusal points

/** A screen of the menu editor. */
export type MenuPlace =
  | { kind: 'categories' }
  | { kind: 'category'; ref: string }
  | { kind: 'product'; ref: string }
  | { kind: 'groups' }
  | { kind: 'group'; ref: string };

/**
 * The screen that shows the field of a refusal's path (`categories.0.products.2.valor_venda`,
 * `option_groups.3.items`): the product, group or category it belongs to; null for a path outside
 * the menu.
 */
export function placeOfPath(menu: Menu, field: string): MenuPlace | null {
  const parts = field.split('.');
  if (parts[0] === 'categories') {
    if (parts.length < 2) return { kind: 'categories' };
    const category = menu.categories[Number(parts[1])];
    if (!category) return { kind: 'categories' };
    if (parts[2] !== 'products' || parts.length < 4) return { kind: 'category', ref: category.ref };
    const product = category.products[Number(parts[3])];
    return product ? { kind: 'product', ref: product.ref } : { kind: 'category', ref: category.ref };
  }
  if (parts[0] === 'option_groups') {
    const group = parts.length >= 2 ? menu.option_groups[Number(parts[1])] : undefined;
    return group ? { kind: 'group', ref: group.ref } : { kind: 'groups' };
  }
  return null;
}

/** How many of the paths lie at or under `prefix` (a row's mark: something to fix in there). */
export function countUnder(fields: readonly string[], prefix: string): number {
  return fields.filter((field) => field === prefix || field.startsWith(`${prefix}.`)).length;
}
