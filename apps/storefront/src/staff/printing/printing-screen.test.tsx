import type { StationsReply } from '@comanda/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRINTER_SETTINGS, printerSettings } from '../lib/device-printer.ts';
import { dropConnection } from '../lib/printer-connection.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { FakeUsbPrinter, installUsb, stubStaffApi } from '../lib/test-kit.ts';
import PrintingScreen from './printing-screen.tsx';

/*
 * The printing screen against the staff API's stub, and a printer paired over WebUSB: headless
 * Chromium has no USB devices, so the browser's `navigator.usb` is replaced at its edge by a fake
 * device that keeps what the @point-of-sale library sends it (transferOut), as a real printer would
 * receive it.
 */

const stationsReply = (overrides: Partial<StationsReply> = {}): StationsReply => ({
  stations: [
    { id: 1, name: 'Cozinha', position: 0 },
    { id: 2, name: 'Bar', position: 1 },
  ],
  default_station_id: 1,
  product_stations: { '10': 1, '20': 2 },
  categories: [
    {
      id: 100,
      name: 'Pizzas',
      station_id: null,
      products: [{ id: 10, name: 'Calabresa', station_id: null }],
    },
    { id: 200, name: 'Bebidas', station_id: 2, products: [{ id: 20, name: 'Guaraná', station_id: null }] },
  ],
  ...overrides,
});

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

beforeEach(() => {
  setStaffToken('staff-token');
  printerSettings.set(DEFAULT_PRINTER_SETTINGS);
});

afterEach(() => {
  // The printer's connection outlives a test, as it outlives a screen: each test pairs its own.
  dropConnection();
  vi.unstubAllGlobals();
  localStorage.clear();
  setStaffToken(null);
});

describe('the stations', { timeout: 20_000 }, () => {
  it('adds, reorders and routes, saving each change at once and showing the server’s reply', async () => {
    const api = stubStaffApi({
      'GET /staff/stations': { body: stationsReply() },
      'POST /staff/stations': {
        body: stationsReply({
          stations: [...stationsReply().stations, { id: 3, name: 'Balcão', position: 2 }],
        }),
      },
      'PATCH /staff/stations/2': {
        body: stationsReply({
          stations: [
            { id: 2, name: 'Bar', position: 0 },
            { id: 1, name: 'Cozinha', position: 1 },
          ],
        }),
      },
      'PUT /staff/stations/routes': { body: stationsReply() },
    });
    const user = userEvent.setup();
    render(<PrintingScreen />);
    const section = await screen.findByRole('region', { name: 'Estações' });

    await user.type(
      within(section).getByLabelText('Nome da estação', { selector: '.printing-add input' }),
      'Balcão',
    );
    await user.click(within(section).getByRole('button', { name: 'Adicionar estação' }));
    expect(api.callsTo('POST', '/staff/stations').map((call) => call.body)).toEqual([{ name: 'Balcão' }]);
    expect(await within(section).findByRole('button', { name: 'Remover Balcão' })).toBeTruthy();

    await user.click(within(section).getByRole('button', { name: 'Subir Bar' }));
    expect(api.callsTo('PATCH', '/staff/stations/2').map((call) => call.body)).toEqual([{ position: 0 }]);
    await waitFor(() =>
      expect(within(section).getByRole('button', { name: 'Subir Bar' })).toHaveProperty('disabled', true),
    );

    await user.selectOptions(within(section).getByLabelText('Estação de Pizzas'), 'Cozinha');
    await user.click(within(section).getAllByText('Produto (1)', { selector: 'summary' })[1] as HTMLElement);
    await user.selectOptions(within(section).getByLabelText('Estação de Guaraná'), 'Cozinha');
    expect(api.callsTo('PUT', '/staff/stations/routes').map((call) => call.body)).toEqual([
      { categories: [{ id: 100, station_id: 1 }] },
      { products: [{ id: 20, station_id: 1 }] },
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Salvo: Guaraná vai para Cozinha.');
  });

  it('says what the server refused, and changes nothing shown', async () => {
    stubStaffApi({
      'GET /staff/stations': { body: stationsReply() },
      'POST /staff/stations': {
        status: 409,
        body: { code: 'STATION_NAME_TAKEN', detail: 'Já existe uma estação Bar.' },
      },
    });
    const user = userEvent.setup();
    render(<PrintingScreen />);
    const section = await screen.findByRole('region', { name: 'Estações' });
    await user.type(
      within(section).getByLabelText('Nome da estação', { selector: '.printing-add input' }),
      'Bar',
    );
    await user.click(within(section).getByRole('button', { name: 'Adicionar estação' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent('Já existe uma estação Bar.');
    expect(
      within(section)
        .getAllByRole('listitem')
        .filter((item) => item.className === 'printing-station'),
    ).toHaveLength(2);
  });
});

describe('this device’s printer', { timeout: 20_000 }, () => {
  it('pairs a USB printer, remembers it, and prints the test in ESC/POS with PC850 accents and a cut', async () => {
    stubStaffApi({ 'GET /staff/stations': { body: stationsReply() } });
    const printer = new FakeUsbPrinter();
    installUsb(printer);
    const user = userEvent.setup();
    render(<PrintingScreen />);
    const section = await screen.findByRole('region', { name: 'Impressora deste aparelho' });
    expect(within(section).getByTestId('device-printer')).toHaveTextContent('Nenhuma impressora pareada');

    await user.click(within(section).getByRole('button', { name: 'Parear por USB' }));
    await waitFor(() =>
      expect(within(section).getByTestId('device-printer')).toHaveTextContent(
        'Impressora: EPSON TM-T20III (USB)',
      ),
    );
    expect(JSON.parse(localStorage.getItem('staff_printer') ?? '{}').printer).toMatchObject({
      transport: 'usb',
      vendorId: 0x04b8,
      serialNumber: 'TM-T20III-001',
    });

    await user.selectOptions(within(section).getByLabelText('Este aparelho imprime'), 'Só Bar');
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await user.click(within(section).getByRole('button', { name: 'Imprimir teste' }));
    await waitFor(() => expect(printer.received).toHaveLength(1));
    expect(await within(section).findByRole('status')).toHaveTextContent('Teste enviado para a impressora.');
    expect(print).not.toHaveBeenCalled();
    const bytes = hex(printer.received[0] as Uint8Array);
    expect(bytes.startsWith('1b40')).toBe(true);
    expect(bytes).toContain('1b7402'); // ESC t 2: PC850
    expect(bytes).toContain(hex(Uint8Array.from([0x50, 0xc6, 0x6f]))); // Pão
    expect(bytes).toContain(hex(Uint8Array.from([0x61, 0x87, 0x61, 0xa1]))); // açaí
    expect(bytes).toContain(hex(Uint8Array.from([0x63, 0x6f, 0x72, 0x61, 0x87, 0xc6, 0x6f]))); // coração
    expect(bytes).toContain(hex(new TextEncoder().encode('BAR')));
    expect(bytes.endsWith('1d56010a')).toBe(true); // GS V 1: the cut

    await user.selectOptions(within(section).getByLabelText('Acentos (página de código)'), 'PC860 português');
    await user.click(within(section).getByRole('button', { name: 'Imprimir teste' }));
    await waitFor(() => expect(printer.received).toHaveLength(2));
    expect(hex(printer.received[1] as Uint8Array)).toContain('1b7403');
    expect(hex(printer.received[1] as Uint8Array)).toContain(hex(Uint8Array.from([0x50, 0x84, 0x6f]))); // Pão in PC860
  });

  it('without WebUSB or WebSerial, says so and prints the test through the print dialog', async () => {
    stubStaffApi({ 'GET /staff/stations': { body: stationsReply() } });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const user = userEvent.setup();
    render(<PrintingScreen />);
    const section = await screen.findByRole('region', { name: 'Impressora deste aparelho' });
    expect(within(section).getByText(/Este navegador não imprime direto/)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Parear por USB' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Imprimir teste' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('ticket')).toHaveTextContent('TESTE DE IMPRESSÃO');
    expect(screen.getByTestId('ticket')).toHaveTextContent('Pão de queijo, açaí, coração');
  });
});
