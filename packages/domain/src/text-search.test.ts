import { describe, expect, it } from 'vitest';
import { matchesSearch, normalizeForSearch } from './text-search.ts';

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
