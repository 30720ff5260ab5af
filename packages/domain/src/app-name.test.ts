import { describe, expect, it } from 'vitest';
import { shortAppName } from './app-name.ts';

describe('shortAppName (the installed app name under its icon)', () => {
  it('keeps a name that fits', () => {
    expect(shortAppName('Sakura')).toBe('Sakura');
    expect(shortAppName('Bar do Zé')).toBe('Bar do Zé');
  });

  it('cuts a long name at a word boundary, never mid-word', () => {
    expect(shortAppName('Forno & Brasa')).toBe('Forno');
    expect(shortAppName('Sakura Temakeria')).toBe('Sakura');
    expect(shortAppName('Casa do Pão de Queijo')).toBe('Casa do Pão');
  });

  it('cuts a single long word at the limit', () => {
    expect(shortAppName('Supercalifragilistic')).toBe('Supercalifra');
  });
});
