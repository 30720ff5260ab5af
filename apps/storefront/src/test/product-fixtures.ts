import type { FullProduct, GroupItem, Product, ProductGroup } from '@comanda/contract';
import { addToCart, buildCartLine, type CartLine, type Picks } from '@comanda/domain';
import { product } from './fixtures.ts';

/** Contract-shaped full products for the product dialog and cart tests. */

export function groupItem(overrides: Partial<GroupItem> & { id: number }): GroupItem {
  return {
    descricao: `Item ${overrides.id}`,
    detalhes: '',
    preco: 0,
    url_imagem: null,
    ordem: overrides.id,
    fk_item: null,
    qt_padrao: 0,
    excluido: false,
    ativo_pedidos: true,
    ativo_garcom: true,
    ingrediente: false,
    ...overrides,
  };
}

export function productGroup(
  overrides: { id: number; min?: number; max?: number; items: GroupItem[] } & Partial<
    Omit<ProductGroup['grupo'], 'id' | 'lista_itens'>
  >,
): ProductGroup {
  const { id, min = 0, max = 0, items, ...grupo } = overrides;
  return {
    min,
    max,
    grupo: {
      id,
      ordem: id,
      descricao: `Grupo ${id}`,
      detalhes: '',
      repetir_itens: false,
      politica_cobranca: 'Soma',
      lista_itens: items,
      ...grupo,
    },
  };
}

export function fullProduct(
  overrides: Partial<FullProduct> & { id: number; categoria_id?: number },
): FullProduct {
  const { grupos = [], variantes = [], categoria_id = 1, ...rest } = overrides;
  return {
    ...product({ categoria_id, ...rest }),
    tem_grupos: grupos.length > 0,
    grupos,
    variantes,
  };
}

/** A burger: meat point (radio), ingredients (defaults, counters), extras (counters, max 5, one not for the app). */
export function burger(): FullProduct {
  return fullProduct({
    id: 40,
    descricao: 'Burger Clássico',
    valor_venda: 3290,
    grupos: [
      productGroup({
        id: 1,
        descricao: 'Ponto da carne',
        min: 1,
        max: 1,
        items: [
          groupItem({ id: 11, descricao: 'Mal passado' }),
          groupItem({ id: 12, descricao: 'Ao ponto' }),
        ],
      }),
      productGroup({
        id: 2,
        descricao: 'Ingredientes',
        repetir_itens: true,
        items: [
          groupItem({ id: 21, descricao: 'Queijo prata', preco: 400, qt_padrao: 1, ingrediente: true }),
          groupItem({ id: 22, descricao: 'Cebola roxa', preco: 150, qt_padrao: 1, ingrediente: true }),
        ],
      }),
      productGroup({
        id: 3,
        descricao: 'Adicionais',
        max: 5,
        repetir_itens: true,
        items: [
          groupItem({ id: 31, descricao: 'Bacon', preco: 600 }),
          groupItem({ id: 32, descricao: 'Ovo', preco: 300 }),
          groupItem({ id: 33, descricao: 'Jalapeño', preco: 400, ativo_pedidos: false }),
        ],
      }),
    ],
  });
}

/** A half-and-half pizza: two flavours at most, priced by the average ('Média'). */
export function halfAndHalf(): FullProduct {
  return fullProduct({
    id: 50,
    descricao: 'Pizza Meio a Meio Grande',
    valor_venda: 0,
    grupos: [
      productGroup({
        id: 5,
        descricao: 'Sabores',
        min: 1,
        max: 2,
        politica_cobranca: 'Média',
        items: [
          groupItem({ id: 51, descricao: 'Calabresa', preco: 5990 }),
          groupItem({ id: 52, descricao: 'Pepperoni', preco: 6990 }),
          groupItem({ id: 53, descricao: 'Mussarela', preco: 5490 }),
        ],
      }),
    ],
  });
}

/** A simple product: no groups. */
export function drink(): FullProduct {
  return fullProduct({ id: 60, descricao: 'Guaraná lata', valor_venda: 650 });
}

/** The cart line the dialog would build, added `times` times. */
export function cartWith(
  entries: readonly { product: FullProduct; picks?: Picks; times?: number; observacao?: string }[],
): CartLine[] {
  let cart: CartLine[] = [];
  for (const entry of entries) {
    const result = buildCartLine(entry.product, entry.picks ?? {}, {
      channel: 'app',
      observacao: entry.observacao ?? '',
    });
    if (!result.ok) throw new Error(`fixture line refused: ${result.error.code}`);
    cart = addToCart(cart, result.line, entry.times ?? 1);
  }
  return cart;
}

/** The list entry (GET /estoque/produtos_app) of a full product. */
export function listed(full: FullProduct, overrides: Partial<Product> = {}): Product {
  const { grupos: _grupos, variantes: _variantes, ...rest } = full;
  return { ...rest, ...overrides };
}
