import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeForSearch, productMatchesSearch } from './text-search.ts';

describe('normalizeForSearch', () => {
  it('strips accents, including the cedilla', () => {
    expect(normalizeForSearch('Açaí com Pão')).toBe('acai com pao');
  });

  it('lower-cases', () => {
    expect(normalizeForSearch('X-BURGUER')).toBe('x-burguer');
  });

  it('collapses runs of whitespace and trims the ends', () => {
    expect(normalizeForSearch('  Pizza \t  de\n calabresa ')).toBe('pizza de calabresa');
  });
});

describe('matchesSearch', () => {
  it('search ignores accents', () => {
    expect(matchesSearch('Pão de queijo', 'pao')).toBe(true);
    expect(matchesSearch('Pao de queijo', 'pão')).toBe(true);
  });

  it('search ignores case', () => {
    expect(matchesSearch('Coca-Cola Lata', 'COCA')).toBe(true);
  });

  it('search matches a substring anywhere in the description', () => {
    expect(matchesSearch('Pizza de calabresa', 'labre')).toBe(true);
  });

  it('search ignores extra spaces in the query', () => {
    expect(matchesSearch('Pizza de calabresa', '  pizza   de ')).toBe(true);
  });

  it('an empty query matches everything', () => {
    expect(matchesSearch('Suco', '')).toBe(true);
  });

  it('text without the query does not match', () => {
    expect(matchesSearch('Suco de laranja', 'uva')).toBe(false);
  });
});

describe('productMatchesSearch', () => {
  const margherita = {
    descricao: 'Pizza Margherita',
    detalhes: 'Molho de tomate, muçarela de búfala e manjericão',
  };

  it('finds a word that is only in the details, accents and case ignored', () => {
    expect(productMatchesSearch(margherita, 'búfala')).toBe(true);
    expect(productMatchesSearch(margherita, 'BUFALA')).toBe(true);
  });

  it('finds words spread over the name and the details', () => {
    expect(productMatchesSearch(margherita, 'pizza manjericao')).toBe(true);
  });

  it('refuses when one word is in neither', () => {
    expect(productMatchesSearch(margherita, 'pizza calabresa')).toBe(false);
  });

  it('matches anything with an empty query and copes with missing details', () => {
    expect(productMatchesSearch(margherita, '  ')).toBe(true);
    expect(productMatchesSearch({ descricao: 'Água', detalhes: null }, 'agua')).toBe(true);
  });
});
