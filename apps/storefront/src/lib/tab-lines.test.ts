import { describe, expect, it } from 'vitest';
import { groupedTabLines } from './tab-lines.ts';

const line = (id: number, descricao_produto: string, qtd: number, valor_total: number, detalhes = '') => ({
  id,
  descricao_produto,
  qtd,
  detalhes,
  valor_total,
});

describe('a round’s lines as people read them', () => {
  it('adds up identical lines: two Guaranás sent one per unit read 2× Guaraná', () => {
    expect(groupedTabLines([line(1, 'Guaraná', 1, 650), line(2, 'Guaraná', 1, 650)])).toEqual([
      { key: 1, ids: [1, 2], qtd: 2, descricao_produto: 'Guaraná', detalhes: '', valor_total: 1300 },
    ]);
  });

  it('keeps lines apart when their details or unit value differ', () => {
    const grouped = groupedTabLines([
      line(1, 'Pizza', 1, 5000, 'Calabresa'),
      line(2, 'Pizza', 1, 5000, 'Margherita'),
      line(3, 'Pizza', 1, 5500, 'Calabresa'),
      line(4, 'Pizza', 2, 10000, 'Calabresa'),
    ]);
    expect(grouped.map((group) => [group.ids, group.qtd, group.valor_total])).toEqual([
      [[1, 4], 3, 15000],
      [[2], 1, 5000],
      [[3], 1, 5500],
    ]);
  });
});
