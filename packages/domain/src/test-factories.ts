/** Factories for the pricing and cart tests: sensible defaults, overrides for what a test is about. */
import type { FullProduct, GroupItem, ItemGroup, Product, ProductGroup } from './product-pricing.ts';

export function groupItem(overrides: Partial<GroupItem> & Pick<GroupItem, 'id'>): GroupItem {
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
  overrides: Partial<Omit<ProductGroup, 'grupo'>> & Partial<ItemGroup> & Pick<ItemGroup, 'id'>,
): ProductGroup {
  const { min = 0, max = 0, ...grupo } = overrides;
  return {
    min,
    max,
    grupo: {
      ordem: grupo.id,
      descricao: `Group ${grupo.id}`,
      detalhes: '',
      repetir_itens: false,
      politica_cobranca: 'Soma',
      lista_itens: [],
      ...grupo,
    },
  };
}

export function product(overrides: Partial<Product> & Pick<Product, 'id'>): Product {
  return {
    descricao: `Product ${overrides.id}`,
    detalhes: '',
    valor_venda: 0,
    url_imagem: null,
    categoria_id: 1,
    categoria: 'Pizzas',
    item_pai: false,
    item_filho: false,
    cod_pai: null,
    ...overrides,
  };
}

export function fullProduct(overrides: Partial<FullProduct> & Pick<FullProduct, 'id'>): FullProduct {
  return { grupos: [], ...product(overrides), ...overrides };
}
