import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { en } from './i18n/en.ts';
import { ptBr } from './i18n/pt-br.ts';
import { featureTranslator, translate, translatorFor } from './i18n.ts';
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
});
