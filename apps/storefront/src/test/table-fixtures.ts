import type { GuestTab, GuestTableReply, TableCall, TabRound } from '@comanda/contract';
import { enterTableMode } from '../lib/source.ts';

/** Table mode at table 3 as its QR code opens it (`/local/3?token=tok-3`). */
export function atTable(tableId = '3', token: string | null = 'tok-3', now = Date.now()) {
  enterTableMode(tableId, token, now);
}

export const GUEST_TAB_PATH = '/bar/v2/tables/3/tab/?token=tok-3';
export const CALLS_PATH = '/bar/v2/tables/3/calls/?token=tok-3';

export function tabRound(overrides: Partial<TabRound> & { rodada: number }): TabRound {
  return {
    order_id: 500 + overrides.rodada,
    // 23:05 UTC is 20:05 in São Paulo.
    dh_iniciado: '2026-11-20T23:05:00.000Z',
    status: 'Solicitado',
    total: 9000,
    pago_online: false,
    linhas: [
      {
        id: 10 * overrides.rodada + 1,
        descricao_produto: 'Pizza Margherita',
        qtd: 2,
        detalhes: '',
        valor_total: 9000,
      },
    ],
    ...overrides,
  };
}

export function guestTab(overrides: Partial<GuestTab> = {}): GuestTab {
  return {
    id: 41,
    status: 'open',
    aberta_em: '2026-11-20T23:00:00.000Z',
    rodadas: [tabRound({ rodada: 1 })],
    totais: {
      consumido: 9000,
      pago_online: 0,
      a_pagar: 9000,
      taxa_servico_perc: 10,
      taxa_servico: 900,
      total: 9900,
    },
    divisao: null,
    partes: [],
    chamado_garcom_em: null,
    conta_pedida_em: null,
    ...overrides,
  };
}

export function guestTable(overrides: Partial<GuestTableReply> = {}): GuestTableReply {
  return {
    table: { id: 3, description: 'Mesa 3' },
    requires_code: false,
    tab: guestTab(),
    ...overrides,
  };
}

export function tableCall(overrides: Partial<TableCall> = {}): TableCall {
  return {
    id: 1,
    kind: 'waiter',
    table_id: 3,
    table_description: 'Mesa 3',
    // 23:15 UTC is 20:15 in São Paulo.
    created_at: '2026-11-20T23:15:00.000Z',
    acknowledged_at: null,
    ...overrides,
  };
}

export const TABLES = {
  tables: [
    { id: 3, description: 'Mesa 3' },
    { id: 4, description: 'Varanda 1' },
  ],
};
