import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { en } from './i18n/en.ts';
import { ptBr } from './i18n/pt-br.ts';
import { featureTranslator, pluralCategory, textKeys, translate, translatorFor } from './i18n.ts';
import { languageStore } from './preferences.ts';

describe('i18n', () => {
  it('speaks Portuguese by default and English when chosen', () => {
    expect(translatorFor('pt_br')('tryAgain')).toBe('Tentar novamente');
    expect(translatorFor('en')('tryAgain')).toBe('Try again');
  });

  it('falls back to Portuguese for a text missing in a dictionary', () => {
    expect(translate({}, 'tryAgain')).toBe('Tentar novamente');
    expect(translate({ tabMenu: 'Menu' }, 'tabCart')).toBe('Carrinho');
  });

  it('falls back to the key when no dictionary has it', () => {
    // @ts-expect-error an unknown key on purpose
    expect(translate({}, 'no.such.key')).toBe('no.such.key');
  });

  it('fills placeholders and picks the singular for a count of 1', () => {
    const t = translatorFor('pt_br');
    expect(t('productCount', { count: 3 })).toBe('3 itens');
    expect(t('productCount', { count: 1 })).toBe('1 item');
    expect(t('noResults', { query: 'sushi' })).toBe('Nenhum produto encontrado para “sushi”.');
    expect(translatorFor('en')('minimumOrder', { amount: 'R$ 25,00' })).toBe('Minimum order: R$ 25,00');
  });

  it("picks a feature's own singular for a count of 1, in its language or else in Portuguese", () => {
    const useWords = featureTranslator({
      pt_br: { problems: '{count} problemas', problems_one: '1 problema', saved: 'Salvo' },
      en: { problems: '{count} problems', problems_one: '1 problem' },
    });
    const say = () => renderHook(() => useWords()).result.current;
    languageStore.set('pt_br');
    expect(say()('problems', { count: 1 })).toBe('1 problema');
    expect(say()('problems', { count: 2 })).toBe('2 problemas');
    languageStore.set('en');
    expect(say()('problems', { count: 1 })).toBe('1 problem');
    expect(say()('problems', { count: 3 })).toBe('3 problems');
    expect(say()('saved')).toBe('Salvo');
    languageStore.set('pt_br');
  });

  it('takes Portuguese plural categories from CLDR: 0, 1 and 1,5 are one, 2 other, a round million many', () => {
    expect([0, 1, 1.5, 2, 5, 1_000_000, 1_000_001].map((count) => pluralCategory('pt_br', count))).toEqual([
      'one',
      'one',
      'one',
      'other',
      'other',
      'many',
      'other',
    ]);
  });

  it('takes English plural categories from CLDR: only 1 is one', () => {
    expect([0, 1, 1.5, 2, 5, 1_000_000].map((count) => pluralCategory('en', count))).toEqual([
      'other',
      'one',
      'other',
      'other',
      'other',
      'other',
    ]);
  });

  it('tries the zero text, then the category, then the base key', () => {
    expect(textKeys('pt_br', 'items', { count: 0 })).toEqual(['items_zero', 'items_one', 'items']);
    expect(textKeys('en', 'items', { count: 0 })).toEqual(['items_zero', 'items']);
    expect(textKeys('pt_br', 'items', { count: 1 })).toEqual(['items_one', 'items']);
    expect(textKeys('pt_br', 'items', { count: 2 })).toEqual(['items']);
    expect(textKeys('pt_br', 'items', { count: 3_000_000 })).toEqual(['items_many', 'items']);
    expect(textKeys('en', 'items', { count: '1' })).toEqual(['items']);
    expect(textKeys('en', 'items')).toEqual(['items']);
  });

  it('says counts in each language’s plural: 0, 1, 2 and many', () => {
    const useWords = featureTranslator({
      pt_br: { orders: '{count} pedidos novos', orders_one: '{count} pedido novo' },
      en: { orders: '{count} new orders', orders_one: '{count} new order' },
    });
    const say = () => renderHook(() => useWords()).result.current;
    languageStore.set('pt_br');
    expect([0, 1, 2, 1_000_000].map((count) => say()('orders', { count }))).toEqual([
      '0 pedido novo',
      '1 pedido novo',
      '2 pedidos novos',
      '1000000 pedidos novos',
    ]);
    languageStore.set('en');
    expect([0, 1, 2, 1_000_000].map((count) => say()('orders', { count }))).toEqual([
      '0 new orders',
      '1 new order',
      '2 new orders',
      '1000000 new orders',
    ]);
    languageStore.set('pt_br');
  });

  it('prefers a zero text when one is written, in either language', () => {
    expect(translatorFor('pt_br')('searchResults', { count: 0 })).toBe('Nenhum produto encontrado');
    expect(translatorFor('en')('searchResults', { count: 0 })).toBe('No products found');
    expect(translatorFor('pt_br')('searchResults', { count: 1 })).toBe('1 produto encontrado');
    expect(translatorFor('en')('searchResults', { count: 2 })).toBe('2 products found');
  });

  it('picks the plural by the number and fills other named values as given', () => {
    const useWords = featureTranslator({
      pt_br: { points: '{points} pontos', points_one: '{points} ponto' },
      en: { points: '{points} points', points_one: '{points} point' },
    });
    const say = () => renderHook(() => useWords()).result.current;
    languageStore.set('pt_br');
    expect(say()('points', { count: 1.5, points: '1,5' })).toBe('1,5 ponto');
    languageStore.set('en');
    expect(say()('points', { count: 1.5, points: '1.5' })).toBe('1.5 points');
    expect(say()('points', { count: 1, points: '1' })).toBe('1 point');
    languageStore.set('pt_br');
  });

  it('chooses a Portuguese fallback text by Portuguese rules', () => {
    const useWords = featureTranslator({
      pt_br: { days: '{count} dias', days_one: '{count} dia' },
      en: {},
    });
    languageStore.set('en');
    const say = renderHook(() => useWords()).result.current;
    expect(say('days', { count: 0 })).toBe('0 dia');
    expect(say('days', { count: 2 })).toBe('2 dias');
    languageStore.set('pt_br');
  });

  it('writes every singular text with its count, never a literal 1 (Portuguese singular covers 0 and 1,5)', () => {
    for (const dictionary of [ptBr, en]) {
      for (const [key, text] of Object.entries(dictionary)) {
        if (key.endsWith('_one')) expect(text, key).toContain('{count}');
      }
    }
  });

  it('has every Portuguese text in English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ptBr).sort());
    for (const value of Object.values(en)) expect(value.trim()).not.toBe('');
  });

  it('shows the spec texts for the connection error and the closed store', () => {
    expect(ptBr.connectionError).toBe(
      'Não foi possível se conectar. Verifique sua conexão com a internet e tente novamente.',
    );
    expect(ptBr.storeClosedBanner).toBe('Estamos fechados. Você não poderá concluir o pedido');
  });

  it('loads English before switching to it: Portuguese meanwhile, English after, the choice kept', async () => {
    // A fresh copy of the modules, as a page has before its language is loaded.
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    const preferences = await import('./preferences.ts');
    expect(fresh.translatorFor('en')('tryAgain')).toBe('Tentar novamente');
    const switched = fresh.switchLanguage('en');
    expect(preferences.languageStore.get()).toBe('pt_br');
    await switched;
    expect(preferences.languageStore.get()).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(fresh.translatorFor('en')('tryAgain')).toBe('Try again');
    await fresh.switchLanguage('pt_br');
    expect(preferences.languageStore.get()).toBe('pt_br');
  });
});
