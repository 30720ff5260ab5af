import { describe, expect, it } from 'vitest';
import {
  addCategory,
  addGroup,
  addItem,
  addProduct,
  addVariant,
  attachableGroups,
  attachGroup,
  countUnder,
  detachGroup,
  findProduct,
  groupUsers,
  itemsLinkedTo,
  type Menu,
  moveCategory,
  moveInList,
  moveItem,
  moveProduct,
  moveProductToCategory,
  moveUse,
  moveVariant,
  newItem,
  newProduct,
  newVariant,
  placeOfPath,
  removeCategory,
  removeGroup,
  removeItem,
  removeProduct,
  removeVariant,
  setOwnUses,
  slugify,
  uniqueRef,
  updateCategory,
  updateItem,
  updateProduct,
  updateUse,
  updateVariant,
  usesOf,
} from './menu-model.ts';

/** Pizzas (a calabresa in two sizes, a margherita) and drinks; a crust group and a flavour group. */
function sampleMenu(): Menu {
  const calabresa = {
    ...newProduct('pizza-calabresa', 'Pizza Calabresa'),
    groups: [{ group: 'borda', min: 0, max: 1 }],
    variants: [
      newVariant('pizza-calabresa-media', 'Média', 4790),
      newVariant('pizza-calabresa-grande', 'Grande', 5990),
    ],
  };
  return {
    categories: [
      {
        ref: 'pizzas',
        descricao: 'Pizzas',
        detalhes: '',
        aberto: true,
        products: [calabresa, { ...newProduct('pizza-margherita', 'Pizza Margherita'), valor_venda: 4990 }],
      },
      {
        ref: 'bebidas',
        descricao: 'Bebidas',
        detalhes: '',
        aberto: false,
        products: [{ ...newProduct('agua', 'Água'), valor_venda: 450 }],
      },
    ],
    option_groups: [
      {
        ref: 'borda',
        descricao: 'Borda recheada',
        detalhes: '',
        repetir_itens: false,
        politica_cobranca: 'Soma',
        items: [{ ...newItem('catupiry', 'Catupiry'), preco: 900 }],
      },
      {
        ref: 'sabores',
        descricao: 'Sabores',
        detalhes: '',
        repetir_itens: false,
        politica_cobranca: 'Média',
        items: [
          { ...newItem('calabresa', 'Calabresa'), preco: 5990, product: 'pizza-calabresa-grande' },
          { ...newItem('margherita', 'Margherita'), preco: 6290, product: 'pizza-margherita' },
        ],
      },
    ],
  };
}

const names = (menu: Menu, category = 0) => menu.categories[category]!.products.map((p) => p.descricao);

describe('refs of new things', () => {
  it('are the name in lower case without accents, spaces as dashes', () => {
    expect(slugify('Pizza Calabresa (Grande)')).toBe('pizza-calabresa-grande');
    expect(slugify('  Açaí com Guaraná!  ')).toBe('acai-com-guarana');
    expect(slugify('Pão de queijo — 6 un.')).toBe('pao-de-queijo-6-un');
  });

  it('fit the document (at most 80 characters) even with a suffix', () => {
    const ref = uniqueRef('x'.repeat(200), new Set(['x'.repeat(76)]), 'item');
    expect(ref.length).toBeLessThanOrEqual(80);
    expect(ref).toMatch(/^[a-z0-9][a-z0-9-]{0,79}$/);
  });

  it('get -2, -3… when the name is taken, and a fallback when it has no letters', () => {
    expect(uniqueRef('Água', new Set(['agua']), 'produto')).toBe('agua-2');
    expect(uniqueRef('Água', new Set(['agua', 'agua-2']), 'produto')).toBe('agua-3');
    expect(uniqueRef('🍕', new Set(), 'produto')).toBe('produto');
  });

  it('are unique among products and variants together, as the document requires', () => {
    const { menu, ref } = addProduct(sampleMenu(), 'bebidas', 'Pizza Calabresa Média');
    expect(ref).toBe('pizza-calabresa-media-2');
    expect(findProduct(menu, ref)?.product.descricao).toBe('Pizza Calabresa Média');
  });

  it('stay when the thing is renamed (a saved row keeps its key)', () => {
    const menu = updateProduct(sampleMenu(), 'agua', { descricao: 'Água com gás' });
    expect(findProduct(menu, 'agua')?.product.descricao).toBe('Água com gás');
  });
});

describe('categories', () => {
  it('are added at the end, closed by default, with the name as typed', () => {
    const { menu, ref } = addCategory(sampleMenu(), '  Sobremesas ');
    expect(ref).toBe('sobremesas');
    expect(menu.categories.at(-1)).toMatchObject({
      ref,
      descricao: 'Sobremesas',
      aberto: false,
      products: [],
    });
  });

  it('are renamed and opened by default', () => {
    const menu = updateCategory(sampleMenu(), 'bebidas', { descricao: 'Drinks', aberto: true });
    expect(menu.categories[1]).toMatchObject({ descricao: 'Drinks', aberto: true });
  });

  it('are reordered', () => {
    expect(moveCategory(sampleMenu(), 1, 0).categories.map((c) => c.ref)).toEqual(['bebidas', 'pizzas']);
  });

  it('take their products with them when removed, and options stop pointing at those', () => {
    const menu = removeCategory(sampleMenu(), 'pizzas');
    expect(menu.categories.map((c) => c.ref)).toEqual(['bebidas']);
    const flavours = menu.option_groups[1]!.items;
    expect(flavours.map((item) => item.product)).toEqual([undefined, undefined]);
    expect(flavours.map((item) => item.descricao)).toEqual(['Calabresa', 'Margherita']);
  });
});

describe('products', () => {
  it('are added to a category at the end, active for app and table orders, without a price yet', () => {
    const { menu, ref } = addProduct(sampleMenu(), 'bebidas', 'Suco de laranja');
    expect(menu.categories[1]!.products.at(-1)).toMatchObject({
      ref,
      descricao: 'Suco de laranja',
      valor_venda: 0,
      ativo_pedidos: true,
      ativo_garcom: true,
      groups: [],
      variants: [],
    });
  });

  it('change name, details, price, picture and the channels they are offered in', () => {
    const menu = updateProduct(sampleMenu(), 'agua', {
      valor_venda: 500,
      detalhes: 'Sem gás',
      url_imagem: '/media/x-800w.webp',
      url_miniatura: '/media/x-thumb-176w.webp',
      ativo_garcom: false,
    });
    expect(findProduct(menu, 'agua')?.product).toMatchObject({
      valor_venda: 500,
      detalhes: 'Sem gás',
      url_imagem: '/media/x-800w.webp',
      url_miniatura: '/media/x-thumb-176w.webp',
      ativo_pedidos: true,
      ativo_garcom: false,
    });
  });

  it('are reordered within their category', () => {
    expect(names(moveProduct(sampleMenu(), 'pizzas', 0, 1))).toEqual(['Pizza Margherita', 'Pizza Calabresa']);
  });

  it('move to another category whole, at its end', () => {
    const menu = moveProductToCategory(sampleMenu(), 'pizza-calabresa', 'bebidas');
    expect(names(menu, 0)).toEqual(['Pizza Margherita']);
    expect(names(menu, 1)).toEqual(['Água', 'Pizza Calabresa']);
    expect(findProduct(menu, 'pizza-calabresa')?.product.variants).toHaveLength(2);
  });

  it('removed, take their variants, and options that stood for them stop pointing at them', () => {
    const before = sampleMenu();
    expect(
      itemsLinkedTo(before, ['pizza-calabresa', 'pizza-calabresa-media', 'pizza-calabresa-grande']),
    ).toEqual([{ group: 'Sabores', item: 'Calabresa' }]);
    const menu = removeProduct(before, 'pizza-calabresa');
    expect(names(menu)).toEqual(['Pizza Margherita']);
    expect(menu.option_groups[1]!.items.map((item) => item.product)).toEqual([undefined, 'pizza-margherita']);
  });
});

describe('variants', () => {
  it('make the product a parent: the first takes its price, the product keeps none of its own', () => {
    const { menu, ref } = addVariant(sampleMenu(), 'agua', 'Com gás');
    const agua = findProduct(menu, 'agua')!.product;
    expect(agua.valor_venda).toBe(0);
    expect(agua.variants).toEqual([expect.objectContaining({ ref, descricao: 'Com gás', valor_venda: 450 })]);
    const second = addVariant(menu, 'agua', 'Sem gás');
    expect(findProduct(second.menu, 'agua')!.product.variants[1]).toMatchObject({ valor_venda: 0 });
  });

  it('change and reorder', () => {
    let menu = updateVariant(sampleMenu(), 'pizza-calabresa', 'pizza-calabresa-grande', {
      valor_venda: 6190,
      ativo_garcom: false,
    });
    menu = moveVariant(menu, 'pizza-calabresa', 1, 0);
    expect(
      findProduct(menu, 'pizza-calabresa')!.product.variants.map((v) => [
        v.ref,
        v.valor_venda,
        v.ativo_garcom,
      ]),
    ).toEqual([
      ['pizza-calabresa-grande', 6190, false],
      ['pizza-calabresa-media', 4790, true],
    ]);
  });

  it('removed, unlink their options; the last one gone, the product is priced as its cheapest was', () => {
    let menu = removeVariant(sampleMenu(), 'pizza-calabresa', 'pizza-calabresa-grande');
    expect(menu.option_groups[1]!.items[0]!.product).toBeUndefined();
    menu = removeVariant(menu, 'pizza-calabresa', 'pizza-calabresa-media');
    expect(findProduct(menu, 'pizza-calabresa')!.product).toMatchObject({ valor_venda: 4790, variants: [] });
  });

  it('follow the product’s options until given their own, which start as a copy', () => {
    const owner = { product: 'pizza-calabresa', variant: 'pizza-calabresa-grande' };
    expect(usesOf(sampleMenu(), owner)).toEqual([]);
    let menu = setOwnUses(sampleMenu(), 'pizza-calabresa', 'pizza-calabresa-grande', true);
    expect(usesOf(menu, owner)).toEqual([{ group: 'borda', min: 0, max: 1 }]);
    menu = attachGroup(menu, owner, 'sabores', { min: 1, max: 2 });
    expect(usesOf(menu, { product: 'pizza-calabresa' })).toEqual([{ group: 'borda', min: 0, max: 1 }]);
    menu = setOwnUses(menu, 'pizza-calabresa', 'pizza-calabresa-grande', false);
    expect(usesOf(menu, owner)).toEqual([]);
  });
});

describe('a product’s option groups', () => {
  const owner = { product: 'pizza-margherita' };

  it('are attached with min and max, once each', () => {
    let menu = attachGroup(sampleMenu(), owner, 'sabores', { min: 1, max: 2 });
    menu = attachGroup(menu, owner, 'sabores', { min: 0, max: 0 });
    expect(usesOf(menu, owner)).toEqual([{ group: 'sabores', min: 1, max: 2 }]);
    expect(attachableGroups(menu, owner).map((group) => group.ref)).toEqual(['borda']);
  });

  it('change their limits, reorder and detach', () => {
    let menu = attachGroup(sampleMenu(), owner, 'sabores', { min: 1, max: 2 });
    menu = attachGroup(menu, owner, 'borda');
    menu = updateUse(menu, owner, 0, { min: 2 });
    menu = moveUse(menu, owner, 1, 0);
    expect(usesOf(menu, owner)).toEqual([
      { group: 'borda', min: 0, max: 0 },
      { group: 'sabores', min: 2, max: 2 },
    ]);
    menu = detachGroup(menu, owner, 0);
    expect(usesOf(menu, owner)).toEqual([{ group: 'sabores', min: 2, max: 2 }]);
  });
});

describe('option groups', () => {
  it('are added with the Soma policy, without repeats, and without items yet', () => {
    const { menu, ref } = addGroup(sampleMenu(), 'Borda');
    expect(ref).toBe('borda-2');
    expect(menu.option_groups.at(-1)).toMatchObject({
      descricao: 'Borda',
      politica_cobranca: 'Soma',
      repetir_itens: false,
      items: [],
    });
  });

  it('name the products and variants that use them', () => {
    let menu = setOwnUses(sampleMenu(), 'pizza-calabresa', 'pizza-calabresa-grande', true);
    menu = attachGroup(menu, { product: 'pizza-margherita' }, 'borda');
    expect(groupUsers(menu, 'borda')).toEqual([
      { product: 'pizza-calabresa', name: 'Pizza Calabresa' },
      { product: 'pizza-calabresa', variant: 'pizza-calabresa-grande', name: 'Pizza Calabresa (Grande)' },
      { product: 'pizza-margherita', name: 'Pizza Margherita' },
    ]);
    expect(groupUsers(menu, 'sabores')).toEqual([]);
  });

  it('removed while in use, are taken off every product and variant that asked for them', () => {
    let menu = setOwnUses(sampleMenu(), 'pizza-calabresa', 'pizza-calabresa-grande', true);
    menu = removeGroup(menu, 'borda');
    expect(menu.option_groups.map((group) => group.ref)).toEqual(['sabores']);
    expect(groupUsers(menu, 'borda')).toEqual([]);
    expect(usesOf(menu, { product: 'pizza-calabresa' })).toEqual([]);
  });

  it('have items added, changed, reordered and removed', () => {
    let { menu, ref } = addItem(sampleMenu(), 'borda', 'Cheddar');
    menu = updateItem(menu, 'borda', ref, {
      preco: 1000,
      qt_padrao: 1,
      ingrediente: true,
      ativo_garcom: false,
    });
    menu = moveItem(menu, 'borda', 1, 0);
    expect(menu.option_groups[0]!.items.map((item) => [item.ref, item.preco, item.qt_padrao])).toEqual([
      ['cheddar', 1000, 1],
      ['catupiry', 900, 0],
    ]);
    expect(menu.option_groups[0]!.items[0]).toMatchObject({
      ingrediente: true,
      ativo_pedidos: true,
      ativo_garcom: false,
    });
    menu = removeItem(menu, 'borda', 'catupiry');
    expect(menu.option_groups[0]!.items.map((item) => item.ref)).toEqual(['cheddar']);
  });

  it('give items refs unique within their group only', () => {
    expect(addItem(sampleMenu(), 'sabores', 'Catupiry').ref).toBe('catupiry');
    expect(addItem(sampleMenu(), 'borda', 'Catupiry').ref).toBe('catupiry-2');
  });
});

describe('moving in a list', () => {
  it('clamps the target to the list', () => {
    expect(moveInList(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveInList(['a', 'b', 'c'], 2, -1)).toEqual(['c', 'a', 'b']);
    expect(moveInList(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('where a refusal points', () => {
  it('opens the product a field belongs to, its variant’s and group use’s fields included', () => {
    const menu = sampleMenu();
    expect(placeOfPath(menu, 'categories.0.products.1.valor_venda')).toEqual({
      kind: 'product',
      ref: 'pizza-margherita',
    });
    expect(placeOfPath(menu, 'categories.0.products.0.variants.1.groups.0.min')).toEqual({
      kind: 'product',
      ref: 'pizza-calabresa',
    });
  });

  it('opens the category, or the group, otherwise', () => {
    const menu = sampleMenu();
    expect(placeOfPath(menu, 'categories.1.descricao')).toEqual({ kind: 'category', ref: 'bebidas' });
    expect(placeOfPath(menu, 'option_groups.1.items')).toEqual({ kind: 'group', ref: 'sabores' });
    expect(placeOfPath(menu, 'option_groups.7')).toEqual({ kind: 'groups' });
    expect(placeOfPath(menu, 'settings.nome')).toBeNull();
  });

  it('marks the rows with something to fix under them', () => {
    const fields = ['categories.0.products.1.valor_venda', 'categories.0.products.10.descricao'];
    expect(countUnder(fields, 'categories.0')).toBe(2);
    expect(countUnder(fields, 'categories.0.products.1')).toBe(1);
    expect(countUnder(fields, 'categories.1')).toBe(0);
  });
});
