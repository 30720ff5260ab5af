import type { StoreDocumentBase } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import { sameSection, sectionBody, withSectionBody } from './document-sections.ts';

const document = {
  slug: 'loja',
  settings: { nome: 'Loja', holidays: ['2026-12-25'], valor_minimo: 1000 },
  hours: [{ dia_semana: 1, turno: 1, hr_inicio: '11:00:00', hr_fim: '22:00:00' }],
  coupons: [],
} as unknown as StoreDocumentBase;

describe('a section of the store document', () => {
  it('is the document cut down to its paths, settings kept under settings', () => {
    expect(sectionBody(document, ['hours', 'settings.holidays'])).toEqual({
      hours: document.hours,
      settings: { holidays: ['2026-12-25'] },
    });
  });

  it('replaces only its own parts when put back into the document', () => {
    const next = withSectionBody(document, { settings: { holidays: [] }, hours: [] });
    expect(next.hours).toEqual([]);
    expect(next.settings).toEqual({ nome: 'Loja', holidays: [], valor_minimo: 1000 });
    expect(document.settings.holidays).toEqual(['2026-12-25']);
  });

  it('tells a changed section from an untouched one, whatever else changed', () => {
    const renamed = withSectionBody(document, { settings: { nome: 'Outra' } });
    expect(sameSection(document, renamed, ['hours', 'settings.holidays'])).toBe(true);
    expect(sameSection(document, renamed, ['settings.nome'])).toBe(false);
  });
});
