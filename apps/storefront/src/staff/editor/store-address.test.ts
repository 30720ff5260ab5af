import { describe, expect, it } from 'vitest';
import { slugAsTyped, storeAddress } from './store-address.ts';

describe("a new store's address", () => {
  it("replaces this store's label in the host with the new one", () => {
    expect(
      storeAddress('nova', { protocol: 'https:', hostname: 'pizzaria.comanda.app', port: '' }, 'pizzaria'),
    ).toBe('https://nova.comanda.app');
    expect(
      storeAddress('nova', { protocol: 'http:', hostname: 'pizzaria.localhost', port: '3000' }, 'pizzaria'),
    ).toBe('http://nova.localhost:3000');
  });

  it("puts the label in front of a host that does not carry this store's (the bare domain of the default store)", () => {
    expect(storeAddress('nova', { protocol: 'https:', hostname: 'comanda.app', port: '' }, 'pizzaria')).toBe(
      'https://nova.comanda.app',
    );
  });

  it('is typed in lower case, without accents, with dashes for spaces', () => {
    expect(slugAsTyped('Pizza da Zé')).toBe('pizza-da-ze');
    expect(slugAsTyped('AÇAÍ  TOP')).toBe('acai-top');
  });
});
