import type { StaffOrder } from '@comanda/contract';
import { MOVABLE_CAPABILITIES } from '@comanda/domain';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { FakeEventSource, stubStaffApi, tablesReplyOf } from '../lib/test-kit.ts';
import { RULE_LABEL } from '../roles/role-rules-section.tsx';
import { StaffApp } from './staff-app.tsx';

/*
 * Role rules for money in the staff app (issue 33): the owners' notice of a changed PIX key, an
 * attendant's cancel of an order paid online (ask a manager, or their code typed here), the
 * managers' requests on the board, and tabs that follow the store's own roles.
 */

const OPEN = '/staff/orders?status=Solicitado,Preparo,Finalização,Concluido&limit=100';
const DONE = '/staff/orders?status=Entregue,Cancelado&limit=50';

function paidOrder(overrides: Partial<StaffOrder> = {}): StaffOrder {
  const placed = new Date(Date.now() - 3 * 60_000).toISOString();
  return {
    id: 731,
    status: 'Preparo',
    dh_iniciado: placed,
    updated_at: placed,
    agendado: false,
    hora_entrega: null,
    tipo_entrega: 'Buscar',
    mesa: null,
    rodada: null,
    address_string: null,
    cliente: { nome: 'Rita', telefone: '11987654321' },
    fone_para_mensagens: null,
    observacoes: '',
    forma_pagamento_nome: 'PIX',
    troco_para: null,
    pagamento_online: { status: 'paid', valor: 11_980, metodo: 'pix', devolver_na_mao: false },
    pedidos_anteriores: 0,
    total: 11_980,
    motivo_cancelamento: null,
    status_changes: [],
    produtos_pedidos: [],
    ...overrides,
  } as unknown as StaffOrder;
}

const NOTICE = {
  id: 9,
  kind: 'pix_key',
  staff_nome: 'Olga Dona',
  at: '2026-11-27T17:32:00.000Z',
  before: '••••0000',
  after: '••••6543',
};

const REQUEST = {
  id: 44,
  order_id: 731,
  order_total: 11_980,
  customer_nome: 'Rita',
  asked_by: { id: 3, nome: 'Ana Balcão' },
  reason: 'Cliente desistiu',
  at: '2026-11-27T17:40:00.000Z',
  status: 'pending',
  decided_by: null,
  decided_at: null,
};

function signedIn(
  role: 'attendant' | 'manager' | 'owner',
  extra: Record<string, { status?: number; body?: unknown }> = {},
  overrides: Record<string, string> = {},
) {
  setStaffToken('staff-token');
  return stubStaffApi({
    'GET /staff/me': {
      body: { user_id: 1, username: '11999990000', nome: 'Ana', role, capability_overrides: overrides },
    },
    'GET /staff/store': { body: { auto_print: false } },
    'POST /staff/orders/events/ticket': { body: { ticket: 'ticket-1', expires_in: 60 } },
    [`GET ${OPEN}`]: { body: { results: [paidOrder()] } },
    [`GET ${DONE}`]: { body: { results: [] } },
    'GET /staff/tables': { body: tablesReplyOf({ calls: [] }) },
    'GET /staff/notices': { body: { time_zone: 'America/Sao_Paulo', notices: [NOTICE] } },
    'POST /staff/notices/9/dismiss': { status: 204 },
    'GET /staff/cancel-requests': { body: { time_zone: 'America/Sao_Paulo', requests: [REQUEST] } },
    ...extra,
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

describe('the owners’ notice', () => {
  it('tells an owner who changed the PIX key and when, in store time, masked; dismissed for them', async () => {
    const api = signedIn('owner');
    render(<StaffApp />);
    await openStream();
    const banner = await screen.findByText(/mudou a chave PIX/);
    expect(banner.closest('p')!.textContent).toBe(
      'Aviso aos donos: Olga Dona mudou a chave PIX da loja em 27/11/2026 14:32: agora ••••6543 (antes ••••0000).',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(screen.queryByText(/mudou a chave PIX/)).toBeNull());
    expect(api.callsTo('POST', '/staff/notices/9/dismiss')).toHaveLength(1);
  });

  it('is not asked for by a manager', async () => {
    const api = signedIn('manager');
    render(<StaffApp />);
    await openStream();
    await screen.findByText('Pedido nº 731');
    expect(api.callsTo('GET', '/staff/notices')).toHaveLength(0);
    expect(screen.queryByText(/mudou a chave PIX/)).toBeNull();
  });
});

describe('an attendant’s cancel of an order paid online', () => {
  const refused = {
    status: 403,
    body: {
      code: 'CANCEL_NEEDS_APPROVAL',
      detail: 'Este pedido foi pago online: o cancelamento precisa de um gerente.',
    },
  };

  async function cancelIt() {
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    await userEvent.type(screen.getByLabelText('Motivo (o cliente vê)'), 'Cliente desistiu');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    return screen.findByRole('dialog', { name: 'Cancelar o pedido nº 731 precisa de um gerente' });
  }

  it('asks a manager, with the reason typed', async () => {
    const api = signedIn('attendant', {
      'POST /staff/orders/731/status': refused,
      'POST /staff/orders/731/cancel-requests': { status: 201, body: REQUEST },
    });
    render(<StaffApp />);
    await openStream();
    const dialog = await cancelIt();
    expect(within(dialog).getByText('Motivo: Cliente desistiu')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pedir a um gerente' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/staff/orders/731/cancel-requests')[0]!.body).toEqual({
      reason: 'Cliente desistiu',
    });
    expect(
      screen.getByText('Pedido de cancelamento enviado. Um gerente aprova no aparelho dele.'),
    ).toBeTruthy();
    // An attendant is no approver: no requests list on their board.
    expect(api.callsTo('GET', '/staff/cancel-requests')).toHaveLength(0);
  });

  it('takes a manager’s code typed here; a wrong one says so and cancels nothing', async () => {
    let tries = 0;
    const api = signedIn('attendant', {
      'POST /staff/orders/731/status': refused,
      'POST /staff/orders/731/cancel-with-code': {},
    });
    api.on('POST /staff/orders/731/cancel-with-code', () =>
      ++tries === 1
        ? { status: 403, body: { code: 'APPROVAL_CODE_WRONG', detail: 'Código de aprovação incorreto.' } }
        : { body: paidOrder({ status: 'Cancelado', motivo_cancelamento: 'Cliente desistiu' }) },
    );
    render(<StaffApp />);
    await openStream();
    const dialog = await cancelIt();
    const code = within(dialog).getByLabelText(/Código do gerente/);
    await userEvent.type(code, '1111');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar com o código' }));
    expect(await within(dialog).findByText('Código de aprovação incorreto.')).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '4821');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar com o código' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/staff/orders/731/cancel-with-code').map((call) => call.body)).toEqual([
      { reason: 'Cliente desistiu', approval_code: '1111' },
      { reason: 'Cliente desistiu', approval_code: '4821' },
    ]);
  });
});

describe('a manager’s board', () => {
  it('lists the requests waiting, read again at their event, and approves one', async () => {
    const api = signedIn('manager', {
      'POST /staff/cancel-requests/44/approve': { body: { ...REQUEST, status: 'approved' } },
      'GET /staff/orders/731': { body: paidOrder({ status: 'Cancelado' }) },
    });
    render(<StaffApp />);
    const source = await openStream();
    const list = await screen.findByRole('region', { name: 'Cancelamentos esperando aprovação' });
    expect(within(list).getByText('Pedido nº 731 · Rita · R$ 119,80')).toBeTruthy();
    expect(within(list).getByText('Ana Balcão pediu às 14:40: Cliente desistiu')).toBeTruthy();
    const before = api.callsTo('GET', '/staff/cancel-requests').length;
    act(() => source.emit('cancel_request', { id: 45, order_id: 732, status: 'pending' }));
    await waitFor(() => expect(api.callsTo('GET', '/staff/cancel-requests').length).toBeGreaterThan(before));
    api.on('GET /staff/cancel-requests', { body: { time_zone: 'America/Sao_Paulo', requests: [] } });
    await userEvent.click(within(list).getByRole('button', { name: 'Aprovar e cancelar' }));
    expect(await screen.findByText('Cancelamento do pedido nº 731 aprovado.')).toBeTruthy();
    expect(api.callsTo('POST', '/staff/cancel-requests/44/approve')).toHaveLength(1);
  });
});

describe('the store’s own roles', () => {
  it('show an attendant the tab the store opened to them', async () => {
    signedIn('attendant', {}, { 'reports.read': 'attendant' });
    render(<StaffApp />);
    await openStream();
    expect(await screen.findByRole('button', { name: 'Hoje' })).toBeTruthy();
  });

  it('hide it without the rule', async () => {
    signedIn('attendant');
    render(<StaffApp />);
    await openStream();
    await screen.findByText('Pedido nº 731');
    expect(screen.queryByRole('button', { name: 'Hoje' })).toBeNull();
  });
});

describe('dispatch tabs (issue 35)', () => {
  it('show an attendant ‘Entregas’ but not ‘Entregadores’', async () => {
    signedIn('attendant');
    render(<StaffApp />);
    await openStream();
    expect(await screen.findByRole('button', { name: 'Entregas' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Entregadores' })).toBeNull();
  });

  it('show a manager both', async () => {
    signedIn('manager');
    render(<StaffApp />);
    await openStream();
    expect(await screen.findByRole('button', { name: 'Entregas' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Entregadores' })).toBeTruthy();
  });
});

describe('the roles screen', () => {
  it('names every rule a store may move, never by its internal name', () => {
    for (const capability of MOVABLE_CAPABILITIES) expect(RULE_LABEL[capability], capability).toBeDefined();
  });
});
