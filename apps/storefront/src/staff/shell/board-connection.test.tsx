import type { StaffOrder } from '@comanda/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { WATCHDOG_TIMEOUT_MS } from '../board/stream-watchdog.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { FakeEventSource, stubStaffApi, tablesReplyOf } from '../lib/test-kit.ts';
import { StaffApp } from './staff-app.tsx';

/*
 * The board that cannot go deaf (docs/decisions/0048): the browser's offline/online events and the
 * stream's heartbeats decide whether it says 'Sem conexão'; actions are refused in words while it
 * does; the catch-up after the cut shows what was placed meanwhile, once.
 */

const OPEN = '/staff/orders?status=Solicitado,Preparo,Finalização,Concluido&limit=100';
const DONE = '/staff/orders?status=Entregue,Cancelado&limit=50';

function newOrder(id: number): StaffOrder {
  const placed = new Date(Date.now() - 60_000).toISOString();
  return {
    id,
    status: 'Solicitado',
    dh_iniciado: placed,
    updated_at: placed,
    agendado: false,
    hora_entrega: null,
    tipo_entrega: 'Retirada',
    mesa: null,
    rodada: null,
    address_string: null,
    cliente: { nome: 'Bia', telefone: '11987654321' },
    fone_para_mensagens: null,
    observacoes: '',
    forma_pagamento_nome: 'Pix na retirada',
    troco_para: null,
    pagamento_online: null,
    total: 2500,
    motivo_cancelamento: null,
    status_changes: [],
    produtos_pedidos: [],
  } as unknown as StaffOrder;
}

let online = true;

function signedIn(open: StaffOrder[]) {
  setStaffToken('staff-token');
  let ticket = 0;
  return stubStaffApi({
    'GET /staff/me': { body: { user_id: 1, username: '11999990000', nome: 'Ana', role: 'manager' } },
    'GET /staff/store': {
      body: {
        mode: 'auto',
        paused_until: null,
        pause_reason: null,
        open_now: true,
        closed_by: null,
        reopens_at: null,
        auto_accept: false,
        auto_print: false,
        refusal_reasons: ['Item em falta'],
        cancel_reasons: [],
      },
    },
    'POST /staff/orders/events/ticket': () => {
      ticket += 1;
      return { body: { ticket: `ticket-${ticket}`, expires_in: 60 } };
    },
    [`GET ${OPEN}`]: { body: { results: open } },
    [`GET ${DONE}`]: { body: { results: [] } },
    'GET /staff/tables': { body: tablesReplyOf({ calls: [] }) },
  });
}

async function stream(index: number): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.instances.length).toBeGreaterThan(index));
  return FakeEventSource.instances[index]!;
}

const cards = (id: number) => screen.queryAllByRole('article', { name: `Pedido nº ${id}` });

beforeEach(() => {
  languageStore.set('pt_br');
  online = true;
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the browser going offline and back', () => {
  it('says Sem conexão at once, refuses an accept in words, and catches up once when the stream is heard again', async () => {
    const api = signedIn([newOrder(601)]);
    const user = userEvent.setup();
    render(<StaffApp />);
    const first = await stream(0);
    act(() => first.emit('heartbeat', {}));
    expect(await screen.findByRole('article', { name: 'Pedido nº 601' })).toBeInTheDocument();
    expect(screen.queryByText('Sem conexão')).toBeNull();

    online = false;
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(
      screen.getAllByRole('alert').find((alert) => alert.textContent?.includes('Sem conexão')),
    ).toBeTruthy();
    expect(first.closed).toBe(true);
    expect(document.querySelector('.staff-app')).toHaveAttribute('data-link', 'down');

    await user.click(within(cards(601)[0]!).getByRole('button', { name: 'Aceitar' }));
    expect(
      screen.getByText(
        'Sem conexão: nada foi alterado no pedido nº 601. Tente de novo quando a conexão voltar.',
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/staff/orders/601/status')).toHaveLength(0);
    // Refusing asks for nothing either.
    await user.click(within(cards(601)[0]!).getByRole('button', { name: 'Recusar' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Placed during the cut.
    api.on(`GET ${OPEN}`, { body: { results: [newOrder(601), newOrder(602)] } });
    api.on('GET /staff/orders/602', { body: newOrder(602) });
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    const second = await stream(1);
    // Online is not enough: the board waits to hear the new stream.
    expect(screen.getByText('Sem conexão')).toBeInTheDocument();
    act(() => second.emit('heartbeat', {}));
    await waitFor(() => expect(screen.queryByText('Sem conexão')).toBeNull());
    expect(await screen.findByRole('article', { name: 'Pedido nº 602' })).toBeInTheDocument();
    // The stale message went with the cut.
    expect(screen.queryByText(/Sem conexão: nada foi alterado/)).toBeNull();
    // Its event arriving as well does not show it twice.
    act(() => second.emit('order', { id: 602, status: 'Solicitado', updated_at: newOrder(602).updated_at }));
    await waitFor(() => expect(api.callsTo('GET', '/staff/orders/602')).toHaveLength(1));
    expect(cards(602)).toHaveLength(1);
    expect(cards(601)).toHaveLength(1);
  });

  it('a call that fails for want of a network says so in words, never the browser’s "Failed to fetch"', async () => {
    signedIn([newOrder(603)]);
    const user = userEvent.setup();
    render(<StaffApp />);
    const first = await stream(0);
    act(() => first.emit('heartbeat', {}));
    type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
    const fetchStub = globalThis.fetch as unknown as ReturnType<typeof vi.fn<Fetch>>;
    const real = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/status')) throw new TypeError('Failed to fetch');
      return real(input, init);
    });
    await user.click(
      within(await screen.findByRole('article', { name: 'Pedido nº 603' })).getByRole('button', {
        name: 'Aceitar',
      }),
    );
    expect(
      await screen.findByText('Sem conexão com o servidor: nada foi alterado. Tente de novo.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    expect(fetchStub.mock.calls.some(([input]) => String(input).endsWith('/603/status'))).toBe(true);
  });
});

describe('a stream that goes silent while the browser says online', () => {
  it('is declared lost after the watchdog’s timeout (within 20 s), and a new stream is opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedIn([newOrder(604)]);
    render(<StaffApp />);
    const first = await stream(0);
    act(() => first.emit('heartbeat', {}));
    expect(await screen.findByRole('article', { name: 'Pedido nº 604' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(WATCHDOG_TIMEOUT_MS - 1000);
    });
    expect(screen.queryByText('Sem conexão')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Sem conexão')).toBeInTheDocument();
    expect(WATCHDOG_TIMEOUT_MS).toBeLessThan(20_000);
    expect(first.closed).toBe(true);
    const second = await stream(1);
    act(() => second.emit('heartbeat', {}));
    await waitFor(() => expect(screen.queryByText('Sem conexão')).toBeNull());
  });
});
