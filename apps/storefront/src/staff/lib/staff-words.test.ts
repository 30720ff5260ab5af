import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { useStaffT } from './staff-texts.ts';
import { phoneText, tableLabel, tableName, tableRoundLabel } from './staff-words.ts';

function texts() {
  return renderHook(() => useStaffT()).result.current;
}

beforeEach(() => {
  languageStore.set('pt_br');
});

describe('how every staff screen words phones and tables', () => {
  it('writes Brazilian phone digits as (11) 98765-4321', () => {
    expect(phoneText('11987654321')).toBe('(11) 98765-4321');
    expect(phoneText('1133334444')).toBe('(11) 3333-4444');
    expect(phoneText('+351912345678')).toBe('+351912345678');
  });

  it('names a bare number as a table number, and a name as it is', () => {
    expect(tableName('3')).toEqual({ number: '3' });
    expect(tableName(' Mesa 3 ')).toEqual({ name: 'Mesa 3' });
  });

  it('names a round by its table and number, a bare number as Mesa N', () => {
    const t = texts();
    expect(tableRoundLabel('Mesa 3', 2, t)).toBe('Mesa 3 · Rodada 2');
    expect(tableRoundLabel('7', 1, t)).toBe('Mesa 7 · Rodada 1');
    expect(tableRoundLabel('Varanda', null, t)).toBe('Varanda');
    expect(tableLabel('12', t)).toBe('Mesa 12');
  });

  it('speaks English too', () => {
    languageStore.set('en');
    expect(tableRoundLabel('7', 2, texts())).toBe('Table 7 · Round 2');
  });
});
