import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { useStaffT } from '../lib/staff-texts.ts';
import { agoText, callText, openedText } from './table-words.ts';

const NOW = new Date('2026-05-05T23:00:00Z'); // 20:00 in São Paulo

function texts() {
  return renderHook(() => useStaffT()).result.current;
}

beforeEach(() => {
  languageStore.set('pt_br');
});

describe('how the board words tables, rounds and calls', () => {
  it('says who called and for what', () => {
    const t = texts();
    expect(callText({ kind: 'waiter', table_description: 'Mesa 3' }, t)).toBe('Mesa 3 chamou o garçom');
    expect(callText({ kind: 'bill', table_description: '3' }, t)).toBe('Mesa 3 pediu a conta');
  });

  it('says how long ago in minutes, hours or days, and the day a tab opened when not today', () => {
    const t = texts();
    expect(agoText('2026-05-05T22:59:40Z', NOW, t)).toBe('agora');
    expect(agoText('2026-05-05T22:35:00Z', NOW, t)).toBe('há 25 min');
    expect(agoText('2026-05-05T21:55:00Z', NOW, t)).toBe('há 1 h 5 min');
    expect(agoText('2026-05-03T20:00:00Z', NOW, t)).toBe('há 2 d 3 h');
    expect(openedText('2026-05-05T22:35:00Z', NOW, t)).toBe('Aberta às 19:35 (há 25 min)');
    expect(openedText('2026-05-05T02:00:00Z', NOW, t)).toBe('Aberta em 04/05 às 23:00 (há 21 h 0 min)');
  });

  it('speaks English too', () => {
    languageStore.set('en');
    const t = texts();
    expect(callText({ kind: 'bill', table_description: 'Mesa 3' }, t)).toBe('Mesa 3 asked for the bill');
    expect(agoText('2026-05-05T22:35:00Z', NOW, t)).toBe('25 min ago');
  });
});
