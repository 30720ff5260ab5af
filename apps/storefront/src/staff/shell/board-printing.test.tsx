import type { StaffOrder, StationsReply } from '@comanda/contract';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { DEFAULT_PRINTER_SETTINGS, printerSettings, savePrinterSettings } from '../lib/device-printer.ts';
import { dropConnection } from '../lib/printer-connection.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { FakeEventSource, FakeUsbPrinter, installUsb, stubStaffApi } from '../lib/test-kit.ts';
import { StaffApp } from './staff-app.tsx';

/*
 * The board's 'Imprimir' on a device with a paired printer: the station's ticket goes to the
 * printer as ESC/POS and no dialog opens. WebUSB is faked at navigator.usb (headless Chromium has
 * no USB devices); everything above it (the @point-of-sale library, the encoder) is real.
 */

const OPEN = '/staff/orders?status=Solicitado,Preparo,Finalização,Concluido&limit=100';
const DONE = '/staff/orders?status=Entregue,Cancelado&limit=50';

const line = (produto: number, descricao_produto: string) => ({
  produto,
  descricao_produto,
  descricao_categoria: '',
  produto_valor: 1000,
  valor_adicionais: 0,
  qtd: 1,
  valor_total: 1000,
  observacao: '',
  itens_pedidos: [],
});

function pickup(overrides: Partial<StaffOrder> = {}): StaffOrder {
  const placed = new Date(Date.now() - 3 * 60_000).toISOString();
  return {
    id: 601,
    status: 'Preparo',
    dh_iniciado: placed,
    updated_at: placed,
    agendado: false,
    hora_entrega: null,
    tipo_entrega: 'Retirada',
    forma_entrada: 'app',
    mesa: null,
    rodada: null,
    address_string: null,
    cliente: { id: 1, nome: 'Ana', telefone: '11987654321' },
    fone_para_mensagens: null,
    observacoes: '',
    forma_pagamento_nome: 'Dinheiro',
    troco_para: null,
    pagamento_online: null,
    total_produtos: 2000,
    acrescimo: 0,
    valor_entrega: 0,
    desconto: 0,
    desconto_cupom: 0,
    desconto_fidelidade: 0,
    cupom: null,
    total: 2000,
    motivo_cancelamento: null,
    status_changes: [],
    produtos_pedidos: [line(10, 'Pizza Calabresa'), line(20, 'Caipirinha de limão')],
    ...overrides,
  } as unknown as StaffOrder;
}

const stations: StationsReply = {
  stations: [
    { id: 1, name: 'Cozinha', position: 0 },
    { id: 2, name: 'Bar', position: 1 },
  ],
  default_station_id: 1,
  product_stations: { '10': 1, '20': 2 },
  categories: [],
};

beforeEach(() => {
  languageStore.set('pt_br');
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  setStaffToken('staff-token');
  stubStaffApi({
    'GET /staff/me': { body: { user_id: 1, username: '11999990000', nome: 'Ana', role: 'manager' } },
    'GET /staff/store': { body: { auto_print: false } },
    'POST /staff/orders/events/ticket': { body: { ticket: 'ticket-1', expires_in: 60 } },
    [`GET ${OPEN}`]: { body: { results: [pickup()] } },
    [`GET ${DONE}`]: { body: { results: [] } },
    'GET /staff/tables': { body: { tables: [], calls: [] } },
    'GET /staff/stations': { body: stations },
  });
});

afterEach(() => {
  // The printer's connection outlives a test, as it outlives a screen: each test pairs its own.
  dropConnection();
  setStaffToken(null);
  printerSettings.set(DEFAULT_PRINTER_SETTINGS);
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openBoard() {
  render(<StaffApp />);
  await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
  act(() => FakeEventSource.instances[0]?.emit('heartbeat', {}));
  await screen.findByRole('article', { name: 'Pedido nº 601' });
}

/** The order's card as it is now (hearing the stream reloads the board, which renders it again). */
const card601 = () => screen.getByRole('article', { name: 'Pedido nº 601' });

describe('printing from the board', () => {
  it('sends only the bar’s ticket to the bar’s paired printer, without a dialog', async () => {
    const printer = new FakeUsbPrinter();
    installUsb(printer);
    savePrinterSettings({
      printer: {
        transport: 'usb',
        vendorId: printer.vendorId,
        productId: printer.productId,
        serialNumber: printer.serialNumber,
        name: 'EPSON TM-T20III',
      },
      station: 2,
    });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    await openBoard();
    await user.click(within(card601()).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(printer.received).toHaveLength(1));
    const text = new TextDecoder('latin1').decode(printer.received[0]);
    expect(text).toContain('BAR');
    expect(text).toContain('Caipirinha de lim'); // 'ã' is PC850's C6
    expect(text).not.toContain('Pizza Calabresa');
    expect(print).not.toHaveBeenCalled();
    expect(screen.queryByTestId('ticket')).toBeNull();
  });

  it('prints CANCELADO with the reason when an order it printed is cancelled', async () => {
    const printer = new FakeUsbPrinter();
    installUsb(printer);
    savePrinterSettings({
      printer: {
        transport: 'usb',
        vendorId: printer.vendorId,
        productId: printer.productId,
        serialNumber: printer.serialNumber,
        name: 'EPSON TM-T20III',
      },
      station: 1,
    });
    const cancelled = pickup({
      status: 'Cancelado',
      motivo_cancelamento: 'Cliente desistiu',
      status_changes: [
        {
          status: 'Solicitado',
          at: new Date().toISOString(),
          from: null,
          by: 5,
          actor: 'customer',
          by_name: null,
          reason: null,
        },
        {
          status: 'Preparo',
          at: new Date().toISOString(),
          from: 'Solicitado',
          by: 1,
          actor: 'staff',
          by_name: 'Ana',
          reason: null,
        },
        {
          status: 'Cancelado',
          at: new Date().toISOString(),
          from: 'Preparo',
          actor: 'staff',
          by_name: 'Ana',
          by: 1,
          reason: 'Cliente desistiu',
        },
      ],
    });
    const api = stubStaffApi({
      'GET /staff/me': { body: { user_id: 1, username: '11999990000', nome: 'Ana', role: 'manager' } },
      'GET /staff/store': { body: { auto_print: false } },
      'POST /staff/orders/events/ticket': { body: { ticket: 'ticket-1', expires_in: 60 } },
      [`GET ${OPEN}`]: { body: { results: [pickup()] } },
      [`GET ${DONE}`]: { body: { results: [] } },
      'GET /staff/tables': { body: { tables: [], calls: [] } },
      'GET /staff/stations': { body: stations },
      'POST /staff/orders/601/status': { body: cancelled },
    });
    const user = userEvent.setup();
    await openBoard();
    await user.click(within(card601()).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(printer.received).toHaveLength(1));
    await user.click(within(card601()).getByRole('button', { name: 'Cancelar pedido' }));
    await user.type(screen.getByLabelText('Motivo (o cliente vê)'), 'Cliente desistiu');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(printer.received).toHaveLength(2));
    expect(api.callsTo('POST', '/staff/orders/601/status').map((call) => call.body)).toEqual([
      { status: 'Cancelado', reason: 'Cliente desistiu' },
    ]);
    const text = new TextDecoder('latin1').decode(printer.received[1]);
    expect(text).toContain('CANCELADO');
    expect(text).toContain('Motivo: Cliente desistiu');
    expect(text).toContain('Pizza Calabresa');
    expect(text).not.toContain('Caipirinha');
  });

  it('prints PEDIDO ALTERADO with the lines added and taken out when an order it printed is edited', async () => {
    const printer = new FakeUsbPrinter();
    installUsb(printer);
    savePrinterSettings({
      printer: {
        transport: 'usb',
        vendorId: printer.vendorId,
        productId: printer.productId,
        serialNumber: printer.serialNumber,
        name: 'EPSON TM-T20III',
      },
      station: 2,
    });
    const placed = pickup({
      produtos_pedidos: [
        { ...line(10, 'Pizza Calabresa'), seq: 0 },
        { ...line(20, 'Caipirinha de limão'), seq: 1 },
      ],
    } as Partial<StaffOrder>);
    // The edit: the caipirinha (seq 1) out, a beer (seq 2) in; both the bar's.
    const edited = pickup({
      produtos_pedidos: [
        { ...line(10, 'Pizza Calabresa'), seq: 0 },
        { ...line(20, 'Cerveja long neck'), seq: 2 },
      ],
    } as Partial<StaffOrder>);
    stubStaffApi({
      'GET /staff/me': { body: { user_id: 1, username: '11999990000', nome: 'Ana', role: 'manager' } },
      'GET /staff/store': { body: { auto_print: false } },
      'POST /staff/orders/events/ticket': { body: { ticket: 'ticket-1', expires_in: 60 } },
      [`GET ${OPEN}`]: { body: { results: [placed] } },
      [`GET ${DONE}`]: { body: { results: [] } },
      'GET /staff/tables': { body: { tables: [], calls: [] } },
      'GET /staff/stations': { body: stations },
      'GET /staff/orders/601': { body: edited },
    });
    const user = userEvent.setup();
    await openBoard();
    await user.click(within(card601()).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(printer.received).toHaveLength(1));
    act(() =>
      FakeEventSource.instances[0]?.emit('order', {
        id: 601,
        status: 'Preparo',
        updated_at: placed.updated_at,
      }),
    );
    await waitFor(() => expect(printer.received).toHaveLength(2));
    const text = new TextDecoder('latin1').decode(printer.received[1]);
    expect(text).toContain('PEDIDO ALTERADO');
    expect(text).toContain('[X] 1x Caipirinha de lim');
    expect(text).toContain('Cerveja long neck');
    expect(text).not.toContain('Pizza Calabresa');
    // Heard again with nothing new, nothing more prints.
    act(() =>
      FakeEventSource.instances[0]?.emit('order', {
        id: 601,
        status: 'Preparo',
        updated_at: placed.updated_at,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(printer.received).toHaveLength(2);
  });

  it('opens the print dialog with every station’s ticket and the counter’s copy when no printer is paired', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    await openBoard();
    await user.click(within(card601()).getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const sections = screen.getByTestId('ticket').querySelectorAll('section');
    expect([...sections].map((section) => section.dataset.kind)).toEqual(['kitchen', 'kitchen', 'counter']);
    expect(
      [...sections].slice(0, 2).map((section) => section.querySelector('.ticket-banner')?.textContent),
    ).toEqual(['COZINHA', 'BAR']);
    expect(sections[1]).toHaveTextContent('Caipirinha de limão');
    expect(sections[1]).not.toHaveTextContent('Pizza Calabresa');
  });
});
