import { describe, expect, it } from 'vitest';
import { stationTicketText } from './job-content.ts';

const order = {
  id: 4821,
  dhIniciado: new Date('2026-11-27T21:05:00Z'),
  horaEntrega: new Date('2026-11-27T23:30:00Z'),
  tipoEntrega: 'Entregar',
  mesa: null,
  rodada: null,
  observacoes: 'Tocar o interfone do bloco B',
};
const item = (descricao: string, pedida: number, padrao: number) => ({
  item_id: 1,
  quantidade_pedida: pedida,
  quantidade_padrao: padrao,
  valor: 0,
  grupo: 1,
  grupo_descricao: 'Ingredientes',
  descricao,
  ingrediente: padrao > 0,
});
const lines = [
  {
    descricaoProduto: 'Pizza Calabresa Grande com borda recheada de catupiry e cheddar',
    qtd: 2,
    observacao: 'Bem assada',
    itensPedidos: [item('Borda catupiry', 1, 0), item('Cebola', 0, 1), item('Bacon', 2, 0)],
  },
];
const store = { name: 'Pizzaria Bella', timeZone: 'America/Sao_Paulo', stationName: 'Cozinha' };

describe('a station’s ticket as 48-column text', () => {
  it('shows the number, the scheduled time, the service, the items with removals set apart and notes', () => {
    const text = stationTicketText(order, lines, store);
    expect(text).toBe(
      [
        '================================================',
        '                 PIZZARIA BELLA',
        'COZINHA' + ' '.repeat(29) + 'PEDIDO #4821',
        '------------------------------------------------',
        ' '.repeat(10) + 'AGENDADO PARA 27/11 ÀS 20:30',
        '------------------------------------------------',
        'Feito em 27/11/2026 18:05',
        'ENTREGA',
        '------------------------------------------------',
        '2x Pizza Calabresa Grande com borda recheada de',
        '   catupiry e cheddar',
        '   SEM Cebola',
        '   + Borda catupiry',
        '   + 2x Bacon',
        '   >> OBS: Bem assada',
        '------------------------------------------------',
        '>> OBS DO PEDIDO: Tocar o interfone do bloco B',
        '================================================',
        '',
        '',
        '',
      ].join('\n'),
    );
  });

  it('a cancel says CANCELADO before anything else; a table says its table and round', () => {
    const text = stationTicketText(
      { ...order, horaEntrega: null, mesa: '7', rodada: 2 },
      lines,
      store,
      'cancel',
    );
    expect(text.split('\n').slice(2, 6)).toEqual([
      '************************************************',
      '               *** CANCELADO ***',
      '                  NÃO PREPARAR',
      '************************************************',
    ]);
    expect(text).toContain('\nMESA 7 · RODADA 2\n');
    expect(text).not.toContain('AGENDADO');
  });

  it('never passes 48 columns, even with a word longer than the line', () => {
    const long = [{ ...lines[0]!, observacao: 'x'.repeat(120) }];
    for (const line of stationTicketText(order, long, store).split('\n'))
      expect(line.length).toBeLessThanOrEqual(48);
  });
});
