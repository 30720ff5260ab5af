import { describe, expect, it } from 'vitest';
import type { orderLines, orders } from '../../db/schema.ts';
import { stationTicketText, type TicketSource } from './job-content.ts';

/*
 * A cloud printer's ticket is the shared ticket document (docs/decisions/0053) rendered as 48
 * columns of text, from the order as the database holds it.
 */

const order = {
  id: 4821,
  storeId: 1,
  customerId: 7,
  status: 'Preparo',
  dhIniciado: new Date('2026-11-27T21:05:00Z'),
  tipoEntrega: 'Entregar',
  mesa: null,
  rodada: null,
  totalProdutos: 11980,
  acrescimo: 0,
  valorEntrega: 700,
  descontoCupom: 0,
  descontoFidelidade: 0,
  total: 12680,
  cupom: null,
  observacoes: 'Tocar o interfone do bloco B',
  formaPagamentoNome: 'Dinheiro',
  trocoPara: 15000,
  agendado: true,
  horaEntrega: new Date('2026-11-27T23:30:00Z'),
  addressString: 'Rua das Flores, 12',
  foneParaMensagens: null,
} as unknown as typeof orders.$inferSelect;

const item = (descricao: string, pedida: number, padrao: number) => ({
  item_id: descricao.length,
  quantidade_pedida: pedida,
  quantidade_padrao: padrao,
  valor: pedida > padrao ? 500 : 0,
  grupo: 1,
  grupo_descricao: 'Ingredientes',
  descricao,
  ingrediente: true,
});

const line = (seq: number, descricaoProduto: string, observacao = '') =>
  ({
    id: seq,
    orderId: order.id,
    storeId: 1,
    seq,
    productId: 100 + seq,
    descricaoProduto,
    descricaoCategoria: 'Pizzas',
    produtoValor: 5490,
    valorAdicionais: 500,
    qtd: 2,
    valorTotal: 11980,
    observacao,
    itensPedidos: [item('Cebola', 0, 1), item('Bacon', 2, 0)],
  }) as typeof orderLines.$inferSelect;

const source: TicketSource = { order, customerName: 'Kátia Souza', lastChange: null };
const place = { name: 'Pizzaria Bella', timeZone: 'America/Sao_Paulo', station: { id: 3, name: 'Cozinha' } };
const lines = [line(0, 'Pizza Calabresa Grande com borda recheada de catupiry e cheddar', 'Bem assada')];

describe('a cloud printer’s station ticket', () => {
  it('names its station and the scheduled time, sets removed ingredients apart from extras, keeps notes', () => {
    const text = stationTicketText(source, lines, place);
    expect(text).toContain('COZINHA');
    expect(text).toContain('AGENDADO PARA 20:30');
    expect(text).toMatch(/SEM Cebola/);
    expect(text).toMatch(/\+ 2x Bacon|\+ Bacon/);
    expect(text).toContain('Bem assada');
    expect(text).toContain('Tocar o interfone do bloco B');
    // The kitchen's ticket has no prices and no delivery fee line.
    expect(text).not.toContain('R$');
    for (const each of text.split('\n')) expect(each.length).toBeLessThanOrEqual(48);
  });

  it('a cancel after acceptance says CANCELADO with the reason; before it, RECUSADO', () => {
    const cancelled = stationTicketText(
      {
        ...source,
        order: { ...order, status: 'Cancelado' },
        lastChange: { from: 'Preparo', to: 'Cancelado', reason: 'Cliente desistiu' },
      },
      lines,
      place,
      'cancel',
    );
    expect(cancelled).toContain('CANCELADO');
    expect(cancelled).toContain('Cliente desistiu');
    const refused = stationTicketText(
      {
        ...source,
        order: { ...order, status: 'Cancelado' },
        lastChange: { from: 'Solicitado', to: 'Cancelado', reason: null },
      },
      lines,
      place,
      'cancel',
    );
    expect(refused).toContain('RECUSADO');
  });

  it('a table’s round says its table; a store without stations prints one kitchen ticket', () => {
    const text = stationTicketText(
      { ...source, order: { ...order, mesa: '7', rodada: 2, agendado: false, horaEntrega: null } },
      lines,
      { ...place, station: null },
    );
    expect(text).toContain('MESA 7');
    expect(text).not.toContain('AGENDADO');
    expect(text).toMatch(/^ +COZINHA$/m);
  });
});
