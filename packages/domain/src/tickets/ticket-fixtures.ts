import type { TicketLine, TicketOrder } from './ticket-document.ts';

/*
 * Orders for the ticket tests: a scheduled delivery of Forno & Brasa with a pizza (onion taken out,
 * bacon added, a note), two drinks for the bar, the delivery line, a coupon and change to bring.
 */

export const KITCHEN_STATION = { id: 1, name: 'Cozinha' };
export const BAR_STATION = { id: 2, name: 'Bar' };
export const PIZZA = 101;
export const GUARANA = 202;
export const STORE = { name: 'Forno & Brasa', timeZone: 'America/Sao_Paulo' };

const pizza: TicketLine = {
  produto: PIZZA,
  descricao_produto: 'Pizza Calabresa (grande)',
  qtd: 1,
  valor_total: 6490,
  observacao: 'Bem assada, por favor',
  itens_pedidos: [
    {
      item_id: 1,
      quantidade_pedida: 0,
      quantidade_padrao: 1,
      valor: 0,
      grupo: 1,
      descricao: 'Cebola',
      ingrediente: true,
    },
    {
      item_id: 2,
      quantidade_pedida: 1,
      quantidade_padrao: 1,
      valor: 0,
      grupo: 1,
      descricao: 'Mussarela',
      ingrediente: true,
    },
    {
      item_id: 3,
      quantidade_pedida: 1,
      quantidade_padrao: 0,
      valor: 600,
      grupo: 2,
      descricao: 'Bacon',
      ingrediente: false,
    },
    {
      item_id: 4,
      quantidade_pedida: 1,
      quantidade_padrao: 0,
      valor: 0,
      grupo: 3,
      descricao: 'Borda de catupiry',
      ingrediente: false,
    },
  ],
};

const guarana: TicketLine = {
  produto: GUARANA,
  descricao_produto: 'Guaraná Antarctica 350 ml',
  qtd: 1,
  valor_total: 700,
  observacao: '',
  itens_pedidos: [],
};

const deliveryLine: TicketLine = {
  produto: 0,
  descricao_produto: 'Entrega',
  qtd: 1,
  valor_total: 800,
  observacao: '',
  itens_pedidos: [],
};

/** Placed 27/11/2026 at 19:02 in São Paulo, for 20:30 the same day. */
export function scheduledDelivery(overrides: Partial<TicketOrder> = {}): TicketOrder {
  return {
    id: 1234,
    status: 'Preparo',
    dh_iniciado: '2026-11-27T22:02:00.000Z',
    tipo_entrega: 'Entregar',
    total_produtos: 7290,
    acrescimo: 600,
    valor_entrega: 800,
    desconto_cupom: 500,
    desconto_fidelidade: 0,
    total: 8190,
    cupom: 'ENTREGA5',
    observacoes: 'Interfone quebrado: ligar ao chegar',
    forma_pagamento_nome: 'Dinheiro',
    troco_para: 10000,
    agendado: true,
    hora_entrega: '2026-11-27T23:30:00.000Z',
    address_string: 'Rua das Laranjeiras, 120 - Apto 42 - Centro, São Paulo - SP',
    mesa: null,
    rodada: null,
    motivo_cancelamento: null,
    cliente: { nome: 'Joana', telefone: '11987654321' },
    fone_para_mensagens: null,
    status_changes: [
      { status: 'Solicitado', from: null, reason: null },
      { status: 'Preparo', from: 'Solicitado', reason: null },
    ],
    pagamento_online: null,
    produtos_pedidos: [pizza, guarana, { ...guarana }, deliveryLine],
    ...overrides,
  };
}
