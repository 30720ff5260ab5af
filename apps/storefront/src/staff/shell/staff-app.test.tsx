import type { StaffOrder } from '@comanda/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { FakeEventSource, stubStaffApi, tableCallOf, tablesReplyOf } from '../lib/test-kit.ts';
import { StaffApp } from './staff-app.tsx';

const OPEN = '/staff/orders?status=Solicitado,Preparo,Finalização,Concluido&limit=100';
const DONE = '/staff/orders?status=Entregue,Cancelado&limit=50';

function tableRound(overrides: Partial<StaffOrder> = {}): StaffOrder {
  const placed = new Date(Date.now() - 3 * 60_000).toISOString();
  return {
    id: 502,
    status: 'Preparo',
    dh_iniciado: placed,
    updated_at: placed,
    agendado: false,
    hora_entrega: null,
    tipo_entrega: 'Vem comer',
    mesa: 'Mesa 3',
    rodada: 2,
    address_string: null,
    cliente: { nome: 'Ana', telefone: '11987654321' },
    fone_para_mensagens: null,
    observacoes: '',
    forma_pagamento_nome: 'Pagar na mesa',
    troco_para: null,
    pagamento_online: null,
    pedidos_anteriores: 0,
    total: 2500,
    motivo_cancelamento: null,
    status_changes: [],
    produtos_pedidos: [
      {
        produto: 9,
        descricao_produto: 'Petit gâteau',
        qtd: 1,
        valor_total: 2500,
        observacao: '',
        itens_pedidos: [],
      },
    ],
    ...overrides,
  } as unknown as StaffOrder;
}

function signedIn(role: 'attendant' | 'manager' = 'attendant') {
  setStaffToken('staff-token');
  return stubStaffApi({
    'GET /staff/me': { body: { user_id: 1, username: '11999990000', nome: 'Ana', role } },
    'GET /staff/store': { body: { auto_print: false } },
    'POST /staff/orders/events/ticket': { body: { ticket: 'ticket-1', expires_in: 60 } },
    [`GET ${OPEN}`]: { body: { results: [tableRound()] } },
    [`GET ${DONE}`]: { body: { results: [] } },
    'GET /staff/tables': { body: tablesReplyOf({ calls: [tableCallOf(5)] }) },
    'POST /staff/tables/calls/5/ack': {
      body: tableCallOf(5, { acknowledged_at: new Date().toISOString() }),
    },
  });
}

async function openStream(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  const source = FakeEventSource.instances[0]!;
  act(() => source.emit('open'));
  return source;
}

beforeEach(() => {
  languageStore.set('pt_br');
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

describe('the board hears the tables', () => {
  it('shows the guests’ waiting calls above the columns when it (re)connects, counted on Mesas', async () => {
    const api = signedIn();
    render(<StaffApp />);
    await openStream();
    const calls = await screen.findByRole('region', { name: 'Chamados das mesas' });
    expect(within(calls).getByText('Mesa 3 chamou o garçom')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mesas 1' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('1 chamado de mesa');
    expect(document.querySelector('.staff-app')).toHaveAttribute('data-alarm', 'muted');
    expect(api.callsTo('GET', '/staff/tables')).not.toHaveLength(0);
  });

  it('a call arrives live and rings once sound is on; Atender answers it on this board', async () => {
    const api = signedIn();
    api.on('GET /staff/tables', { body: tablesReplyOf({ calls: [] }) });
    const user = userEvent.setup();
    render(<StaffApp />);
    const source = await openStream();
    await waitFor(() => expect(api.callsTo('GET', '/staff/tables')).not.toHaveLength(0));
    await user.click(screen.getByRole('button', { name: 'Ativar som' }));
    expect(document.querySelector('.staff-app')).toHaveAttribute('data-alarm', 'idle');

    act(() => source.emit('table_call', tableCallOf(5, { kind: 'bill' })));
    expect(await screen.findByText('Mesa 3 pediu a conta')).toBeInTheDocument();
    expect(document.querySelector('.staff-app')).toHaveAttribute('data-alarm', 'ringing');

    await user.click(screen.getByRole('button', { name: 'Atender: Mesa 3 pediu a conta' }));
    expect(api.callsTo('POST', '/staff/tables/calls/5/ack')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Mesa 3 pediu a conta')).toBeNull());
    expect(document.querySelector('.staff-app')).toHaveAttribute('data-alarm', 'idle');
  });

  it('a call answered on another board leaves this one', async () => {
    signedIn();
    render(<StaffApp />);
    const source = await openStream();
    expect(await screen.findByText('Mesa 3 chamou o garçom')).toBeInTheDocument();
    act(() => source.emit('table_call', tableCallOf(5, { acknowledged_at: new Date().toISOString() })));
    await waitFor(() => expect(screen.queryByText('Mesa 3 chamou o garçom')).toBeNull());
    expect(screen.getByRole('button', { name: 'Mesas' })).toBeInTheDocument();
  });

  it('names a table’s round on its card and on its kitchen ticket', async () => {
    signedIn();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    render(<StaffApp />);
    await openStream();
    const card = await screen.findByRole('article', { name: 'Pedido nº 502' });
    expect(within(card).getByText('Mesa 3 · Rodada 2')).toBeInTheDocument();
    expect(within(card).getByText('Novo cliente')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Imprimir' }));
    const ticket = await screen.findByTestId('ticket');
    expect(ticket).toHaveTextContent('COZINHAPEDIDO #502MESA 3 · RODADA 2');
    expect(
      within(ticket)
        .getAllByRole('listitem', { hidden: true })
        .map((line) => line.textContent),
    ).toEqual(['1x Petit gâteau']);
  });

  it('opens the Mesas tab for an attendant, without the management', async () => {
    signedIn('attendant');
    const user = userEvent.setup();
    render(<StaffApp />);
    await openStream();
    await user.click(await screen.findByRole('button', { name: /^Mesas/ }));
    expect(await screen.findByRole('heading', { name: 'Mesas', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Mesa 3 / })).toHaveTextContent('2 rodadas');
    expect(screen.queryByRole('region', { name: 'Gerenciar mesas' })).toBeNull();
  });
});
