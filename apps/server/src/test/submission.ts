import type { OrderSubmission } from '@comanda/contract';

/*
 * The order submission payload of the tests, the journeys' API calls and the orders bench: one
 * place, so they all send what the storefront sends. Kept free of server imports for that reason.
 */

/** The spec's submission payload for a pickup order paid by card on delivery; override any field. */
export function submission(
  customerId: number,
  lines: readonly object[],
  overrides: Partial<OrderSubmission> = {},
): OrderSubmission {
  return {
    id: null,
    tipo_entrega: 'Retirada',
    observacoes: '',
    forma_entrada: 'Instagram',
    troco_para: null,
    hora_entrega: null,
    fone_para_mensagens: null,
    imprimir: true,
    fk_forma_pagamento: 2,
    fk_endereco: null,
    fk_cliente: customerId,
    fidelidade_utilizada: false,
    fk_cupom: null,
    fk_telefone: null,
    // The whole line, as the storefront keeps it; the server reads what it needs.
    produtos_pedidos: lines.map((line) => JSON.parse(JSON.stringify(line))),
    stripe_payment_intent_id: null,
    agendado: false,
    identificador_pedido_novo: null,
    documento_cliente: null,
    codigo_autorizacao: null,
    ...overrides,
  };
}
