import type {
  DocumentGroupUse,
  DocumentProduct,
  DocumentVariant,
  FullProduct,
  Product,
  ProductGroup,
} from '@comanda/contract';
import type { Channel } from '@comanda/domain';
import type { Menu } from './menu-model.ts';

/*
 * A product of the menu draft as the menu calls would give it once saved (GET /estoque/produtos_app
 * and /estoque/produtos_full_app/{id}), so the editor's preview opens the customer's own product
 * dialog on it. It follows what the import writes and the menu module reads
 * (apps/server/src/modules/store-import/service.ts, menu/service.ts): a product with variants is a
 * parent item priced at its cheapest variant, each variant a child item taking from its product the
 * details, pictures and option groups it leaves out and offered on a channel only when its product
 * is too; a group's order is its place in the product's list; the rows' order runs across the menu.
 * tests/agreement/menu-preview-agreement.test.ts holds it to the server's replies for the demo stores.
 */

/** The ids the preview gives the draft's rows: made up for a draft, the database's in the agreement test. */
export interface PreviewIds {
  category(ref: string): number;
  product(ref: string): number;
  group(ref: string): number;
  item(groupRef: string, itemRef: string): number;
}

/** Ids counted from 1 in the document's order: unsaved products have none of their own yet. */
export function draftIds(menu: Menu): PreviewIds {
  const categories = new Map<string, number>();
  const products = new Map<string, number>();
  const groups = new Map<string, number>();
  const items = new Map<string, number>();
  for (const category of menu.categories) {
    categories.set(category.ref, categories.size + 1);
    for (const product of category.products) {
      products.set(product.ref, products.size + 1);
      for (const variant of product.variants) products.set(variant.ref, products.size + 1);
    }
  }
  for (const group of menu.option_groups) {
    groups.set(group.ref, groups.size + 1);
    for (const item of group.items) items.set(`${group.ref}/${item.ref}`, items.size + 1);
  }
  const idOf = (map: Map<string, number>, key: string) => map.get(key) ?? 0;
  return {
    category: (ref) => idOf(categories, ref),
    product: (ref) => idOf(products, ref),
    group: (ref) => idOf(groups, ref),
    item: (groupRef, itemRef) => idOf(items, `${groupRef}/${itemRef}`),
  };
}

export interface PreviewOptions {
  ids?: PreviewIds;
  /** A picture's srcset when it is known (an upload's reply); null otherwise, the picture shown as is. */
  srcsetOf?: (url: string | null) => string | null;
}

export interface Preview {
  /** The product as the menu lists it: what the dialog opens with. */
  product: Product;
  /** The full product of it and of each of its variants offered on the channel, by id. */
  full: Map<number, FullProduct>;
}

const offeredOn = (row: { ativo_pedidos: boolean; ativo_garcom: boolean }, channel: Channel) =>
  channel === 'local' ? row.ativo_garcom : row.ativo_pedidos;

/**
 * The product `ref` of the draft on a channel, or null when it is not offered there (the customer
 * would not find it: switched off for app or table orders) or not in the draft.
 */
export function previewOf(
  menu: Menu,
  ref: string,
  channel: Channel,
  options: PreviewOptions = {},
): Preview | null {
  const ids = options.ids ?? draftIds(menu);
  const srcsetOf = options.srcsetOf ?? (() => null);

  let ordem = 0;
  let found: { product: DocumentProduct; category: Menu['categories'][number]; ordem: number } | null = null;
  for (const category of menu.categories)
    for (const product of category.products) {
      if (product.ref === ref) found = { product, category, ordem };
      ordem += 1 + product.variants.length;
    }
  if (!found) return null;
  const { product: parent, category } = found;
  if (!offeredOn(parent, channel)) return null;

  const groupsOf = (uses: readonly DocumentGroupUse[]): ProductGroup[] =>
    uses.flatMap((use, index) => {
      const group = menu.option_groups.find((candidate) => candidate.ref === use.group);
      if (!group) return [];
      return [
        {
          min: use.min,
          max: use.max,
          grupo: {
            id: ids.group(group.ref),
            ordem: index,
            descricao: group.descricao,
            detalhes: group.detalhes,
            repetir_itens: group.repetir_itens,
            politica_cobranca: group.politica_cobranca,
            lista_itens: group.items.map((item, itemOrder) => ({
              id: ids.item(group.ref, item.ref),
              descricao: item.descricao,
              detalhes: item.detalhes,
              preco: item.preco,
              url_imagem: item.url_imagem,
              ordem: itemOrder,
              fk_item: item.product ? ids.product(item.product) : null,
              qt_padrao: item.qt_padrao,
              excluido: false,
              ativo_pedidos: item.ativo_pedidos,
              ativo_garcom: item.ativo_garcom,
              esgotado: false,
              ingrediente: item.ingrediente,
            })),
          },
        },
      ];
    });

  const parentId = ids.product(parent.ref);
  const isParent = parent.variants.length > 0;
  const row = (
    fields: Pick<
      DocumentProduct,
      'ref' | 'descricao' | 'detalhes' | 'url_imagem' | 'url_miniatura' | 'url_video'
    >,
    extra: { valor_venda: number; child: boolean; ordem: number; uses: readonly DocumentGroupUse[] },
  ): Product => ({
    id: ids.product(fields.ref),
    descricao: fields.descricao,
    detalhes: fields.detalhes,
    valor_venda: extra.valor_venda,
    url_imagem: fields.url_imagem,
    url_miniatura: fields.url_miniatura,
    srcset_imagem: srcsetOf(fields.url_imagem),
    srcset_miniatura: srcsetOf(fields.url_miniatura),
    url_video: fields.url_video,
    categoria_id: ids.category(category.ref),
    categoria: category.descricao,
    item_pai: !extra.child && isParent,
    item_filho: extra.child,
    cod_pai: extra.child ? parentId : null,
    ordem: extra.ordem,
    tem_grupos: extra.uses.length > 0,
    esgotado: false,
  });

  /** A variant as its own row: what it leaves out comes from its product. */
  const variantRow = (variant: DocumentVariant, index: number) => {
    const uses = variant.groups.length > 0 ? variant.groups : parent.groups;
    const listed = row(
      {
        ref: variant.ref,
        descricao: variant.descricao,
        detalhes: variant.detalhes || parent.detalhes,
        url_imagem: variant.url_imagem ?? parent.url_imagem,
        url_miniatura: variant.url_miniatura ?? parent.url_miniatura,
        url_video: variant.url_video ?? parent.url_video,
      },
      { valor_venda: variant.valor_venda, child: true, ordem: found.ordem + 1 + index, uses },
    );
    return { listed, uses, offered: offeredOn(variant, channel) };
  };

  const variants = parent.variants.map(variantRow);
  const siblings = variants.filter((variant) => variant.offered).map((variant) => variant.listed);
  const listed = row(parent, {
    valor_venda: isParent
      ? Math.min(...parent.variants.map((variant) => variant.valor_venda))
      : parent.valor_venda,
    child: false,
    ordem: found.ordem,
    uses: parent.groups,
  });

  const full = new Map<number, FullProduct>();
  full.set(listed.id, { ...listed, grupos: groupsOf(parent.groups), variantes: siblings });
  for (const variant of variants)
    if (variant.offered)
      full.set(variant.listed.id, { ...variant.listed, grupos: groupsOf(variant.uses), variantes: siblings });
  return { product: listed, full };
}
