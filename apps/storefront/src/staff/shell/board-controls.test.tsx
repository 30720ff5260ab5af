import type { StaffOrder, StoreControlsReply } from '@comanda/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { FakeEventSource, stubStaffApi, tablesReplyOf } from '../lib/test-kit.ts';
import { StaffApp } from './staff-app.tsx';

/*
 * The board's store line, the alarm's controls, the reason dialog's presets, a pause of any length
 * and the preset reasons' editor (docs/decisions/0048).
 */

const OPEN = '/staff/orders?status=Solicitado,Preparo,Finalização,Concluido&limit=100';
const DONE = '/staff/orders?status=Entregue,Cancelado&limit=50';

const CONTROLS: StoreControlsReply = {
  mode: 'auto',
  paused_until: null,
  pause_reason: null,
  open_now: true,
  closed_by: null,
  reopens_at: null,
  auto_accept: false,
  auto_print: false,
  refusal_reasons: ['Item em falta', 'Fora da área'],
  cancel_reasons: ['Cliente desistiu'],
};

function order(id: number, overrides: Partial<StaffOrder> = {}): StaffOrder {
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
    forma_pagamento_nome: null,
    troco_para: null,
    pagamento_online: null,
    total: 2500,
    motivo_cancelamento: null,
    status_changes: [],
    produtos_pedidos: [],
    ...overrides,
  } as unknown as StaffOrder;
}

function signedIn(controls: StoreControlsReply, open: StaffOrder[] = [], done: StaffOrder[] = []) {
  setStaffToken('staff-token');
  return stubStaffApi({
    'GET /staff/me': { body: { user_id: 1, username: '11999990000', nome: 'Ana', role: 'manager' } },
    'GET /staff/store': { body: controls },
    'GET /staff/menu/availability': { body: { categories: [], option_lists: [] } },
    'POST /staff/orders/events/ticket': { body: { ticket: 'ticket-1', expires_in: 60 } },
    [`GET ${OPEN}`]: { body: { results: open } },
    [`GET ${DONE}`]: { body: { results: done } },
    'GET /staff/tables': { body: tablesReplyOf({ calls: [] }) },
  });
}

async function live() {
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  act(() => FakeEventSource.instances[0]!.emit('heartbeat', {}));
}

beforeEach(() => {
  languageStore.set('pt_br');
  localStorage.clear();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

describe('the store’s state on the board', () => {
  it('shows a pause with its end in the store’s time and its reason, and names the open tab in the header', async () => {
    const until = new Date(Date.now() + 30 * 60_000);
    signedIn({
      ...CONTROLS,
      open_now: false,
      closed_by: 'pause',
      paused_until: until.toISOString(),
      pause_reason: 'Cozinha cheia',
    });
    const user = userEvent.setup();
    render(<StaffApp />);
    await live();
    const time = new Intl.DateTimeFormat('pt-BR', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'America/Sao_Paulo',
    }).format(until);
    expect(await screen.findByText(`Loja pausada até ${time}`)).toBeInTheDocument();
    expect(screen.getByText('· Cozinha cheia')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pedidos');
    await user.click(screen.getByRole('button', { name: 'Mesas' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mesas');
  });

  it('a closed store says when it opens; a store closed by hand says so', async () => {
    signedIn({ ...CONTROLS, open_now: false, closed_by: 'mode' });
    render(<StaffApp />);
    await live();
    expect(await screen.findByText('Loja fechada (manualmente)')).toBeInTheDocument();
  });
});

describe('the alarm’s controls', () => {
  it('says sound is held back until a tap; then picks a sound (kept on the device) and snoozes the alarm', async () => {
    signedIn(CONTROLS, [order(701)]);
    const user = userEvent.setup();
    render(<StaffApp />);
    await live();
    expect(await screen.findByText(/Alarme sem som/)).toBeInTheDocument();
    expect(document.querySelector('.staff-app')).toHaveAttribute('data-alarm', 'muted');
    await user.click(screen.getByRole('button', { name: 'Ativar som' }));
    await user.click(screen.getByRole('button', { name: 'Som' }));
    const panel = screen.getByRole('dialog', { name: 'Alarme' });
    expect(within(panel).getByRole('radio', { name: 'Bipe duplo' })).toBeChecked();
    await user.click(within(panel).getByRole('radio', { name: 'Sirene' }));
    expect(localStorage.getItem('staff_alarm_sound')).toBe('siren');
    await user.click(within(panel).getByRole('button', { name: '10 min' }));
    expect(document.querySelector('.staff-app')).toHaveAttribute('data-alarm', 'snoozed');
    expect(within(panel).getByRole('status')).toHaveTextContent(/^Silenciado até \d{2}:\d{2}\.$/);
    await user.click(within(panel).getByRole('button', { name: 'Reativar o som agora' }));
    expect(document.querySelector('.staff-app')).not.toHaveAttribute('data-alarm', 'snoozed');
    expect(localStorage.getItem('staff_alarm_snoozed_until')).toBeNull();
  });
});

describe('the reason dialog and the cards’ wording', () => {
  it('offers the store’s refusal presets, fills the reason with one, and sends it', async () => {
    const api = signedIn(CONTROLS, [order(702)]);
    api.on('POST /staff/orders/702/status', { body: order(702, { status: 'Cancelado' }) });
    const user = userEvent.setup();
    render(<StaffApp />);
    await live();
    const card = await screen.findByRole('article', { name: 'Pedido nº 702' });
    // No payment method name: no payment line (never 'Pagamento: —').
    expect(card).not.toHaveTextContent('Pagamento');
    await user.click(within(card).getByRole('button', { name: 'Recusar' }));
    const dialog = screen.getByRole('dialog', { name: 'Recusar o pedido nº 702' });
    const presets = within(dialog).getByRole('group', { name: 'Motivos prontos' });
    expect(
      within(presets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Item em falta', 'Fora da área']);
    await user.click(within(presets).getByRole('button', { name: 'Fora da área' }));
    expect(within(dialog).getByLabelText('Motivo (o cliente vê)')).toHaveValue('Fora da área');
    await user.type(within(dialog).getByLabelText('Motivo (o cliente vê)'), ' (Zona Sul)');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect(api.callsTo('POST', '/staff/orders/702/status')[0]!.body).toEqual({
      status: 'Cancelado',
      reason: 'Fora da área (Zona Sul)',
    });
  });

  it('a refused order says Recusado, a table’s round says it is paid on the bill', async () => {
    const at = new Date().toISOString();
    const refused = order(703, {
      status: 'Cancelado',
      status_changes: [
        { status: 'Solicitado', from: null, at, by: 9, reason: null },
        { status: 'Cancelado', from: 'Solicitado', at, by: 1, reason: 'Item em falta' },
      ],
    } as Partial<StaffOrder>);
    signedIn(
      CONTROLS,
      [
        order(704, {
          mesa: '3',
          rodada: 1,
          tipo_entrega: 'Vem comer',
          status: 'Preparo',
        } as Partial<StaffOrder>),
      ],
      [refused],
    );
    render(<StaffApp />);
    await live();
    const card = await screen.findByRole('article', { name: 'Pedido nº 703' });
    expect(card).toHaveTextContent('Recusado');
    expect(card).not.toHaveTextContent('Cancelado');
    expect(await screen.findByRole('article', { name: 'Pedido nº 704' })).toHaveTextContent(
      'Pagamento: na conta da mesa',
    );
  });
});

describe('the store’s tab', () => {
  it('pauses for a typed number of minutes in 5–240, refusing others before any call', async () => {
    const api = signedIn(CONTROLS);
    api.on('POST /staff/store/pause', {
      body: {
        ...CONTROLS,
        open_now: false,
        closed_by: 'pause',
        paused_until: new Date(Date.now() + 17 * 60_000).toISOString(),
      },
    });
    const user = userEvent.setup();
    render(<StaffApp />);
    await live();
    await user.click(screen.getByRole('button', { name: 'Loja' }));
    const minutes = await screen.findByLabelText('Outro tempo (min)');
    await user.type(minutes, '241');
    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Informe de 5 a 240 minutos.');
    expect(api.callsTo('POST', '/staff/store/pause')).toHaveLength(0);
    await user.clear(minutes);
    await user.type(minutes, '17');
    await user.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(api.callsTo('POST', '/staff/store/pause')[0]!.body).toEqual({ minutes: 17 });
    expect(await screen.findByText(/^Loja pausada até/)).toBeInTheDocument();
  });

  it('edits the preset reasons one per line, refusing a repeated one before any call', async () => {
    const api = signedIn(CONTROLS);
    api.on('PATCH /staff/store/settings', (call) => ({ body: { ...CONTROLS, ...(call.body as object) } }));
    const user = userEvent.setup();
    render(<StaffApp />);
    await live();
    await user.click(screen.getByRole('button', { name: 'Loja' }));
    const refusal = await screen.findByLabelText('Ao recusar');
    expect(refusal).toHaveValue('Item em falta\nFora da área');
    await user.clear(refusal);
    await user.type(refusal, 'Sem motoboy{Enter}sem motoboy');
    await user.click(screen.getByRole('button', { name: 'Salvar motivos' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Há um motivo repetido.');
    expect(api.callsTo('PATCH', '/staff/store/settings')).toHaveLength(0);
    await user.clear(refusal);
    await user.type(refusal, ' Sem motoboy {Enter}{Enter}Chuva forte');
    await user.click(screen.getByRole('button', { name: 'Salvar motivos' }));
    expect(api.callsTo('PATCH', '/staff/store/settings')[0]!.body).toEqual({
      refusal_reasons: ['Sem motoboy', 'Chuva forte'],
      cancel_reasons: ['Cliente desistiu'],
    });
    expect(await screen.findByText('Motivos salvos.')).toBeInTheDocument();
  });
});
