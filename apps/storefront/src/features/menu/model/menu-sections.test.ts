import { describe, expect, it } from 'vitest';
import { category, demoMenu, product } from '../../../test/fixtures.ts';
import { initiallyOpen, isExpanded, isSearching, menuSections, sectionsWithinRows } from './menu-sections.ts';

const names = (sections: ReturnType<typeof menuSections>) =>
  sections.map((s) => [s.category.descricao, s.products.map((p) => p.descricao)]);

describe('menuSections', () => {
  const { categories, products } = demoMenu();

  it('lists categories in order with their products, child variants hidden', () => {
    expect(names(menuSections(categories, products, ''))).toEqual([
      ['Pizzas', ['Pizza Calabresa', 'Pizza do Chef']],
      ['Bebidas', ['Água com gás', 'Suco de Maçã']],
      ['Sobremesas', ['Pavê de Limão']],
    ]);
  });

  it('matches the description ignoring accents and case', () => {
    expect(names(menuSections(categories, products, 'AGUA'))).toEqual([['Bebidas', ['Água com gás']]]);
    expect(names(menuSections(categories, products, 'pave de limao'))).toEqual([
      ['Sobremesas', ['Pavê de Limão']],
    ]);
    expect(names(menuSections(categories, products, '  MAÇÃ '))).toEqual([['Bebidas', ['Suco de Maçã']]]);
  });

  it('leaves out categories without a match and returns nothing when nothing matches', () => {
    expect(names(menuSections(categories, products, 'pizza'))).toEqual([
      ['Pizzas', ['Pizza Calabresa', 'Pizza do Chef']],
    ]);
    expect(menuSections(categories, products, 'sushi')).toEqual([]);
  });

  it('also finds words of the details, accents and case ignored', () => {
    expect(names(menuSections(categories, products, 'RASPAS'))).toEqual([['Sobremesas', ['Pavê de Limão']]]);
    expect(names(menuSections(categories, products, 'pave raspas'))).toEqual([
      ['Sobremesas', ['Pavê de Limão']],
    ]);
    expect(menuSections(categories, products, 'pave calabresa')).toEqual([]);
  });

  it('hides categories without products and products of unknown categories', () => {
    const sections = menuSections(
      [category({ id: 1 }), category({ id: 2 })],
      [product({ id: 1, categoria_id: 1 }), product({ id: 2, categoria_id: 9 })],
      '',
    );
    expect(sections.map((s) => s.category.id)).toEqual([1]);
  });

  it('orders by ordem, then id', () => {
    const sections = menuSections(
      [category({ id: 1, ordem: 2 }), category({ id: 2, ordem: 1 })],
      [
        product({ id: 5, categoria_id: 1, ordem: 1 }),
        product({ id: 3, categoria_id: 1, ordem: 1 }),
        product({ id: 4, categoria_id: 2, ordem: 0 }),
      ],
      '',
    );
    expect(sections.map((s) => [s.category.id, s.products.map((p) => p.id)])).toEqual([
      [2, [4]],
      [1, [3, 5]],
    ]);
  });
});

describe('accordion expansion', () => {
  it('starts with the categories marked aberto open', () => {
    const { categories } = demoMenu();
    expect([...initiallyOpen(categories)]).toEqual([1]);
  });

  it('expands every matching category while searching, unless collapsed in this search', () => {
    const open = new Set([1]);
    expect(isExpanded(2, { searching: true, open, collapsedInSearch: new Set() })).toBe(true);
    expect(isExpanded(2, { searching: true, open, collapsedInSearch: new Set([2]) })).toBe(false);
  });

  it('follows the customer’s choice when not searching', () => {
    const open = new Set([1]);
    expect(isExpanded(1, { searching: false, open, collapsedInSearch: new Set([1]) })).toBe(true);
    expect(isExpanded(2, { searching: false, open, collapsedInSearch: new Set() })).toBe(false);
  });

  it('treats blank queries as not searching', () => {
    expect(isSearching('   ')).toBe(false);
    expect(isSearching('a')).toBe(true);
  });
});

describe('the menu drawn a few rows per task', () => {
  const { categories, products } = demoMenu();
  const sections = menuSections(categories, products, '');
  const [pizzas, drinks, desserts] = sections.map((section) => section.category.id) as [
    number,
    number,
    number,
  ];
  const drawn = (open: number[], rows: number) => {
    const result = sectionsWithinRows(sections, new Set(open), rows);
    return [names(result.sections), result.complete];
  };

  it('draws the open rows in order up to the count, the last section cut short', () => {
    expect(drawn([pizzas, drinks, desserts], 3)).toEqual([
      [
        ['Pizzas', ['Pizza Calabresa', 'Pizza do Chef']],
        ['Bebidas', ['Água com gás']],
      ],
      false,
    ]);
    expect(drawn([pizzas, drinks, desserts], 5)).toEqual([names(sections), true]);
  });

  it('draws collapsed categories along, a heading each, until the rows run out', () => {
    expect(drawn([drinks], 1)).toEqual([
      [
        ['Pizzas', ['Pizza Calabresa', 'Pizza do Chef']],
        ['Bebidas', ['Água com gás']],
      ],
      false,
    ]);
    expect(drawn([], 0)).toEqual([names(sections), true]);
  });
});
