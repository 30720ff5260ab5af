import type { OrderHistoryEntry, StaffOrder } from '@comanda/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { useStaffT } from '../lib/staff-texts.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import HistoryView from './history-view.tsx';

const LATEST = '/staff/orders/history?limit=20';

function entry(id: number, overrides: Partial<OrderHistoryEntry> = {}): OrderHistoryEntry {
  return {
    id,
    dh_iniciado: '2026-05-04T15:00:00.000Z', // 12:00 in São Paulo
    status: 'Entregue',
    cliente: { id: 7, nome: 'Maria', telefone: '11987654321' },
    tipo_entrega: 'Retirada',
    channel: 'pickup',
    mesa: null,
    rodada: null,
    forma_pagamento_nome: 'Dinheiro',
    total: 3290,
    agendado: false,
    hora_entrega: null,
    ...overrides,
  };
}

const order = {
  id: 41,
  status: 'Cancelado',
  dh_iniciado: '2026-05-06T15:00:00.000Z',
  updated_at: '2026-05-06T15:05:00.000Z',
  agendado: false,
  hora_entrega: null,
  tipo_entrega: 'Entregar',
  mesa: null,
  rodada: null,
  address_string: 'Rua Augusta, 1500 - Consolação',
  cliente: { id: 7, nome: 'Maria', telefone: '11987654321' },
  fone_para_mensagens: null,
  observacoes: '',
  forma_pagamento_nome: 'Dinheiro',
  troco_para: 5000,
  pagamento_online: null,
  pedidos_anteriores: 2,
  total_produtos: 3290,
  acrescimo: 0,
  valor_entrega: 500,
  desconto: 0,
  total: 3790,
  motivo_cancelamento: 'Sem entregador',
  status_changes: [
    {
      status: 'Solicitado',
      from: null,
      at: '2026-05-06T15:00:00.000Z',
      by: 7,
      actor: 'customer',
      by_name: null,
      reason: null,
    },
    {
      status: 'Preparo',
      from: 'Solicitado',
      at: '2026-05-06T15:01:00.000Z',
      by: null,
      actor: 'system',
      by_name: null,
      reason: null,
    },
    {
      status: 'Cancelado',
      from: 'Preparo',
      at: '2026-05-06T15:05:00.000Z',
      by: 3,
      actor: 'staff',
      by_name: 'Bruno Costa',
      reason: 'Sem entregador',
    },
  ],
  produtos_pedidos: [
    {
      produto: 9,
      descricao_produto: 'Burger Clássico',
      descricao_categoria: 'Burgers',
      produto_valor: 3290,
      valor_adicionais: 0,
      qtd: 1,
      valor_total: 3290,
      observacao: '',
      itens_pedidos: [{ item_id: 1, grupo: 2, descricao: 'Ao ponto', quantidade_pedida: 1 }],
    },
    {
      produto: 0,
      descricao_produto: 'Entrega',
      descricao_categoria: '',
      produto_valor: 500,
      valor_adicionais: 0,
      qtd: 1,
      valor_total: 500,
      observacao: '',
      itens_pedidos: [],
    },
  ],
} as unknown as StaffOrder;

function Screen({
  onPrint = () => undefined,
  onEdit,
}: {
  onPrint?: (order: StaffOrder) => void;
  onEdit?: (order: StaffOrder) => void;
}) {
  return <HistoryView t={useStaffT()} onPrint={onPrint} onEdit={onEdit} />;
}

beforeEach(() => {
  setStaffToken('staff-token');
  languageStore.set('pt_br');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setStaffToken(null);
});

describe('Histórico', () => {
  it('lists the latest orders, then what the filters ask for, page after page', async () => {
    const api = stubStaffApi({
      [`GET ${LATEST}`]: { body: { results: [entry(45), entry(44)], next_before: null } },
      'GET /financeiro/formas_pagamento_app': { body: [{ id: 1, descricao: 'Dinheiro' }] },
      'GET /staff/orders/history?phone=987654321&from=2026-05-01&to=2026-05-31&status=Cancelado&channel=delivery&payment=1&limit=20':
        {
          body: {
            results: [entry(41, { status: 'Cancelado', channel: 'delivery', tipo_entrega: 'Entregar' })],
            next_before: 41,
          },
        },
      'GET /staff/orders/history?phone=987654321&from=2026-05-01&to=2026-05-31&status=Cancelado&channel=delivery&payment=1&limit=20&before=41':
        { body: { results: [entry(12, { dh_iniciado: '2026-05-02T02:50:00.000Z' })], next_before: null } },
    });
    const user = userEvent.setup();
    render(<Screen />);
    const list = await screen.findByRole('button', { name: 'Abrir o pedido nº 45' });
    expect(list).toHaveTextContent('Pedido nº 45Entregue04/05/2026 12:00 · Maria · (11) 98765-4321');
    expect(list).toHaveTextContent('Retirada · Dinheiro');
    expect(list.textContent).toContain('R$\u00a032,90');
    expect(screen.getByRole('status')).toHaveTextContent('2 pedidos');

    const form = screen.getByRole('form', { name: 'Buscar pedidos' });
    await user.type(within(form).getByLabelText('Telefone'), '98765-4321');
    // Typed as digits on a phone's keyboard, the slashes come by themselves.
    await user.type(within(form).getByLabelText('De (dd/mm/aaaa)'), '01052026');
    expect(within(form).getByLabelText('De (dd/mm/aaaa)')).toHaveValue('01/05/2026');
    await user.type(within(form).getByLabelText('Até (dd/mm/aaaa)'), '31/05/2026');
    await user.selectOptions(within(form).getByLabelText('Situação'), 'Cancelado');
    await user.selectOptions(within(form).getByLabelText('Tipo'), 'Entrega');
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Dinheiro' })).toBeInTheDocument());
    await user.selectOptions(within(form).getByLabelText('Pagamento'), 'Dinheiro');
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));

    expect(await screen.findByRole('button', { name: 'Abrir o pedido nº 41' })).toHaveTextContent('Entrega');
    expect(screen.queryByRole('button', { name: 'Abrir o pedido nº 45' })).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('1 pedido (há mais)');
    await user.click(screen.getByRole('button', { name: 'Mostrar mais' }));
    // 23:50 of the 1st in São Paulo, whatever the test machine's zone.
    expect(await screen.findByRole('button', { name: 'Abrir o pedido nº 12' })).toHaveTextContent(
      '01/05/2026 23:50',
    );
    expect(screen.getByRole('status')).toHaveTextContent('2 pedidos');
    expect(screen.queryByRole('button', { name: 'Mostrar mais' })).toBeNull();
    expect(api.calls.filter((call) => call.path.startsWith('/staff/orders/history'))).toHaveLength(3);
  });

  it('says what is wrong with a date before asking the server', async () => {
    const api = stubStaffApi({ [`GET ${LATEST}`]: { body: { results: [], next_before: null } } });
    const user = userEvent.setup();
    render(<Screen />);
    expect(await screen.findByText('Nenhum pedido encontrado com esses filtros.')).toBeVisible();
    const form = screen.getByRole('form', { name: 'Buscar pedidos' });
    await user.type(within(form).getByLabelText('De (dd/mm/aaaa)'), '31/02/2026');
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Data inicial inválida: use dd/mm/aaaa.');
    await user.clear(within(form).getByLabelText('De (dd/mm/aaaa)'));
    await user.type(within(form).getByLabelText('De (dd/mm/aaaa)'), '10/05/2026');
    await user.type(within(form).getByLabelText('Até (dd/mm/aaaa)'), '01/05/2026');
    await user.click(within(form).getByRole('button', { name: 'Buscar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A data inicial é depois da final.');
    expect(api.calls.filter((call) => call.path.startsWith('/staff/orders/history'))).toHaveLength(1);
  });

  it('opens an order with who did what and when, in store time, and reprints it', async () => {
    stubStaffApi({
      [`GET ${LATEST}`]: { body: { results: [entry(41, { status: 'Cancelado' })], next_before: null } },
      'GET /staff/orders/41': { body: order },
    });
    const onPrint = vi.fn();
    const user = userEvent.setup();
    render(<Screen onPrint={onPrint} />);
    await user.click(await screen.findByRole('button', { name: 'Abrir o pedido nº 41' }));
    const detail = await screen.findByRole('region', { name: 'Pedido nº 41' });
    await within(detail).findByText('Feito em 06/05/2026 12:00');
    expect(within(detail).getByText('2 pedidos anteriores')).toBeInTheDocument();
    expect(within(detail).getByText('Entrega: Rua Augusta, 1500 - Consolação')).toBeInTheDocument();
    const timeline = within(detail).getAllByRole('listitem').slice(-3);
    expect(timeline.map((step) => step.textContent)).toEqual([
      '06/05/2026 12:00Pedido feito · cliente',
      '06/05/2026 12:01Em preparo · sistema (aceite automático)',
      '06/05/2026 12:05Cancelado · Bruno CostaMotivo: Sem entregador',
    ]);
    // The delivery fee is a total, not an item.
    expect(within(detail).queryByText(/1× Entrega/)).toBeNull();
    await user.click(within(detail).getByRole('button', { name: 'Reimprimir' }));
    expect(onPrint).toHaveBeenCalledWith(order);
    await user.click(within(detail).getByRole('button', { name: /Voltar à lista/ }));
    expect(screen.queryByRole('region', { name: 'Pedido nº 41' })).toBeNull();
  });

  it('offers Editar pedido on an order still being prepared, not on a cancelled one', async () => {
    const preparing = { ...order, id: 42, status: 'Preparo', motivo_cancelamento: null };
    stubStaffApi({
      [`GET ${LATEST}`]: {
        body: {
          results: [entry(41, { status: 'Cancelado' }), entry(42, { status: 'Preparo' })],
          next_before: null,
        },
      },
      'GET /staff/orders/41': { body: order },
      'GET /staff/orders/42': { body: preparing },
    });
    const onEdit = vi.fn();
    const user = userEvent.setup();
    render(<Screen onEdit={onEdit} />);
    await user.click(await screen.findByRole('button', { name: 'Abrir o pedido nº 41' }));
    const cancelled = await screen.findByRole('region', { name: 'Pedido nº 41' });
    await within(cancelled).findByRole('button', { name: 'Reimprimir' });
    expect(within(cancelled).queryByRole('button', { name: 'Editar pedido' })).toBeNull();
    await user.click(within(cancelled).getByRole('button', { name: /Voltar à lista/ }));
    await user.click(await screen.findByRole('button', { name: 'Abrir o pedido nº 42' }));
    const open = await screen.findByRole('region', { name: 'Pedido nº 42' });
    await user.click(await within(open).findByRole('button', { name: 'Editar pedido' }));
    expect(onEdit).toHaveBeenCalledWith(preparing);
  });

  it('speaks English', async () => {
    languageStore.set('en');
    stubStaffApi({ [`GET ${LATEST}`]: { body: { results: [entry(45)], next_before: null } } });
    render(<Screen />);
    expect(await screen.findByRole('button', { name: 'Open order no. 45' })).toHaveTextContent(
      'Pickup · Cash',
    );
    expect(screen.getByRole('form', { name: 'Find orders' })).toBeInTheDocument();
    expect(screen.getByLabelText('From (dd/mm/yyyy)')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 order');
  });
});
