import type { KitchenOrder, KitchenReply } from '@comanda/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { FakeEventSource, NOW, stubStaffApi } from '../lib/test-kit.ts';
import KitchenScreen from './kitchen-screen.tsx';

const KITCHEN = 1;
const BAR = 2;
const STATIONS = [
  { id: KITCHEN, name: 'Cozinha' },
  { id: BAR, name: 'Bar' },
];

const ago = (minutes: number, seconds = 0) =>
  new Date(NOW.getTime() - minutes * 60_000 - seconds * 1000).toISOString();

function orderOf(id: number, overrides: Partial<KitchenOrder> = {}): KitchenOrder {
  return {
    id,
    status: 'Preparo',
    tipo_entrega: 'Retirada',
    mesa: null,
    rodada: null,
    cliente_nome: 'Maria',
    accepted_at: ago(2),
    hora_entrega: null,
    observacoes: '',
    lines: [
      {
        seq: 0,
        qtd: 1,
        descricao: 'Burger Clássico',
        station_id: KITCHEN,
        bumped: false,
        sem: ['Cebola roxa'],
        extras: ['2x Bacon'],
        opcoes: ['Ao ponto'],
        observacao: 'Bem passado',
        nova: false,
      },
    ],
    alterado_em: null,
    removidas: [],
    ...overrides,
  };
}

const replyOf = (overrides: Partial<KitchenReply> = {}): KitchenReply => ({
  stations: STATIONS,
  station_id: KITCHEN,
  orders: [orderOf(41)],
  last_bump: null,
  ...overrides,
});

const barOrder = orderOf(41, {
  lines: [
    {
      seq: 1,
      qtd: 2,
      descricao: 'Água mineral 500 ml',
      station_id: BAR,
      bumped: false,
      sem: [],
      extras: [],
      opcoes: [],
      observacao: '',
      nova: false,
    },
  ],
});

function kitchenApi(handlers: Parameters<typeof stubStaffApi>[0] = {}) {
  setStaffToken('staff-token');
  return stubStaffApi({
    'POST /staff/orders/events/ticket': { body: { ticket: 'ticket-1', expires_in: 60 } },
    'GET /staff/kitchen?station=1': { body: replyOf() },
    'GET /staff/kitchen?station=2': { body: replyOf({ station_id: BAR, orders: [barOrder] }) },
    'GET /staff/kitchen': { body: replyOf({ station_id: null }) },
    ...handlers,
  });
}

const ticket = (id: number) => screen.findByRole('article', { name: `#${id}` });

// The tests share their workers (isolate: false): the page's address is given back after each, or
// the next file's staff app would open the kitchen display.
let addressBefore = '/';
beforeEach(() => {
  addressBefore = `${window.location.pathname}${window.location.search}`;
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
  languageStore.set('pt_br');
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  window.history.replaceState(null, '', '/staff/app/cozinha?estacao=1');
  localStorage.clear();
});
afterEach(() => {
  setStaffToken(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', addressBefore);
});

describe('the kitchen display', () => {
  it('says an order an edit changed: PEDIDO ALTERADO on top, new lines tagged, removed ones struck', async () => {
    const edited = orderOf(44, {
      alterado_em: ago(1),
      lines: [{ ...orderOf(44).lines[0]!, seq: 3, nova: true, descricao: 'X-Salada' }],
      removidas: [{ qtd: 2, descricao: 'Burger Clássico', station_id: KITCHEN }],
    });
    kitchenApi({ 'GET /staff/kitchen?station=1': { body: replyOf({ orders: [orderOf(41), edited] }) } });
    render(<KitchenScreen />);
    const card = await ticket(44);
    expect(within(card).getByText('PEDIDO ALTERADO')).toHaveClass('kds-changed');
    expect(within(card).getByRole('button', { name: 'Marcar pronto: 1x X-Salada' })).toHaveTextContent(
      'NOVO',
    );
    expect(within(card).getByText('REMOVER — não preparar')).toBeInTheDocument();
    expect(within(card).getByText('2x Burger Clássico').tagName).toBe('S');
    // An order no edit touched says none of it.
    expect(within(await ticket(41)).queryByText('PEDIDO ALTERADO')).toBeNull();
  });

  it('shows the station’s tickets: who, the items with SEM, extras, choices and notes', async () => {
    kitchenApi({
      'GET /staff/kitchen?station=1': {
        body: replyOf({
          orders: [
            orderOf(41, { observacoes: 'Sem talher' }),
            orderOf(42, { mesa: '3', rodada: 2, tipo_entrega: 'Vem comer' }),
            orderOf(43, { tipo_entrega: 'Entregar', hora_entrega: '2026-05-06T00:30:00Z' }),
          ],
        }),
      },
    });
    render(<KitchenScreen />);
    const first = await ticket(41);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Cozinha');
    expect(within(first).getByText('Retirada · Maria')).toBeInTheDocument();
    const line = within(first).getByRole('button', { name: 'Marcar pronto: 1x Burger Clássico' });
    expect(line).toHaveTextContent('Ao ponto');
    expect(within(line).getByText('SEM Cebola roxa')).toHaveClass('kds-without');
    expect(within(line).getByText('+ 2x Bacon')).toHaveClass('kds-extra');
    expect(within(line).getByText('Obs.: Bem passado')).toHaveClass('kds-note');
    expect(within(first).getByText('Obs. do pedido: Sem talher')).toBeInTheDocument();
    expect(within(await ticket(42)).getByText('Mesa 3 · Rodada 2')).toBeInTheDocument();
    const scheduled = await ticket(43);
    expect(within(scheduled).getByText('Entrega · Maria')).toBeInTheDocument();
    expect(within(scheduled).getByText('Agendado 21:30')).toHaveClass('kds-scheduled');
    expect(screen.getByText('3 pedidos')).toBeInTheDocument();
  });

  it('counts the time since acceptance live, amber past 10 min and red past 20', async () => {
    kitchenApi({
      'GET /staff/kitchen?station=1': {
        body: replyOf({ orders: [orderOf(41, { accepted_at: ago(9, 55) })] }),
      },
    });
    render(<KitchenScreen />);
    const card = await ticket(41);
    expect(within(card).getByRole('timer')).toHaveTextContent('9:55');
    expect(card).toHaveAttribute('data-urgency', 'normal');
    act(() => vi.advanceTimersByTime(5000));
    expect(within(card).getByRole('timer')).toHaveTextContent('10:00');
    expect(within(card).getByRole('timer')).toHaveAccessibleName('Aceito há 10 min');
    expect(card).toHaveAttribute('data-urgency', 'late');
    expect(card).toHaveClass('kds-late');
    act(() => vi.advanceTimersByTime(10 * 60_000));
    expect(within(card).getByRole('timer')).toHaveTextContent('20:00');
    expect(card).toHaveAttribute('data-urgency', 'very_late');
    expect(card).toHaveClass('kds-very-late');
  });

  it('switches station: the bar’s screen reads the bar’s items, and the address keeps the choice', async () => {
    const api = kitchenApi();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<KitchenScreen />);
    await ticket(41);
    const stations = screen.getByRole('navigation', { name: 'Estação' });
    expect(within(stations).getByRole('button', { name: 'Cozinha' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(stations).getByRole('button', { name: 'Bar' }));
    expect(
      await screen.findByRole('button', { name: 'Marcar pronto: 2x Água mineral 500 ml' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Burger Clássico/)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Bar');
    expect(window.location.search).toBe('?estacao=2');
    expect(localStorage.getItem('kitchen_station')).toBe('2');
    await user.click(within(stations).getByRole('button', { name: 'Todas' }));
    await waitFor(() => expect(api.callsTo('GET', '/staff/kitchen')).toHaveLength(1));
    expect(window.location.search).toBe('');
  });

  it('bumps a line by a tap, the ticket by its button or its number key, and recalls the last', async () => {
    const api = kitchenApi({
      'POST /staff/kitchen/orders/41/bump': { body: replyOf({ orders: [], last_bump: lastBump(41) }) },
      'POST /staff/kitchen/orders/41/recall': { body: replyOf() },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<KitchenScreen />);
    await user.click(
      within(await ticket(41)).getByRole('button', { name: 'Marcar pronto: 1x Burger Clássico' }),
    );
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/staff/kitchen/orders/41/bump')[0]?.body).toEqual({
      station_id: KITCHEN,
      line: 0,
    });
    expect(screen.getByText('Nada para preparar em Cozinha agora.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desfazer o último pronto (pedido nº 41)' }));
    await ticket(41);
    expect(api.callsTo('POST', '/staff/kitchen/orders/41/recall')[0]?.body).toEqual({ station_id: KITCHEN });

    await user.click(screen.getByRole('button', { name: 'Pedido nº 41 pronto' }));
    await waitFor(() => expect(api.callsTo('POST', '/staff/kitchen/orders/41/bump')).toHaveLength(2));
    expect(api.callsTo('POST', '/staff/kitchen/orders/41/bump')[1]?.body).toEqual({ station_id: KITCHEN });

    await user.click(screen.getByRole('button', { name: /Desfazer/ }));
    await ticket(41);
    await user.keyboard('1');
    await waitFor(() => expect(api.callsTo('POST', '/staff/kitchen/orders/41/bump')).toHaveLength(3));
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
  });

  it('reads the station again when the stream tells of an order or another screen’s bump', async () => {
    const api = kitchenApi();
    render(<KitchenScreen />);
    await ticket(41);
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0]!;
    const reads = () => api.callsTo('GET', '/staff/kitchen?station=1').length;
    const before = reads();
    api.on('GET /staff/kitchen?station=1', { body: replyOf({ orders: [] }) });
    act(() => source.emit('kitchen_bump', { order_id: 41, station_id: KITCHEN }));
    await waitFor(() => expect(screen.queryByRole('article')).not.toBeInTheDocument());
    expect(reads()).toBe(before + 1);
    api.on('GET /staff/kitchen?station=1', { body: replyOf({ orders: [orderOf(44)] }) });
    act(() => source.emit('order', { id: 44, status: 'Preparo', updated_at: NOW.toISOString() }));
    await ticket(44);
    act(() => source.emit('error'));
    expect(await screen.findByText('Sem conexão — tentando reconectar…')).toBeInTheDocument();
  });

  it('says when someone else moved the order first, by its number in the store (ADR 0065)', async () => {
    kitchenApi({
      'GET /staff/kitchen?station=1': { body: replyOf({ orders: [orderOf(41, { numero: 7 })] }) },
      'POST /staff/kitchen/orders/41/bump': {
        status: 409,
        body: { code: 'ORDER_NOT_IN_PREPARATION', detail: 'O pedido está em Cancelado.' },
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<KitchenScreen />);
    await user.click(within(await ticket(7)).getByRole('button', { name: 'Pedido nº 7 pronto' }));
    expect(await screen.findByText('O pedido nº 7 já saiu do preparo.')).toBeInTheDocument();
  });
});

function lastBump(orderId: number): KitchenReply['last_bump'] {
  return { order_id: orderId, station_id: KITCHEN, line_seq: null, at: NOW.toISOString() };
}
