import type { CloudPrinter, CloudPrintersReply } from '@comanda/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubStaffApi } from '../lib/test-kit.ts';
import { CloudPrintersSection } from './cloud-printers-section.tsx';

const URL_TO_POLL = 'https://pizzaria.comanda.app/integracoes/cloudprnt';

const printer = (overrides: Partial<CloudPrinter> = {}): CloudPrinter => ({
  id: 7,
  name: 'Cozinha quente',
  station_id: 3,
  station_name: 'Cozinha',
  login: 'cp-abcdefghjkmn',
  last_poll_at: '2026-11-27T23:16:05.000Z',
  last_status_code: '410 Out of paper',
  state: 'paper_out',
  pending_jobs: 2,
  failed_jobs: 0,
  ...overrides,
});

const list = (printers: CloudPrinter[]): CloudPrintersReply => ({ cloudprnt_url: URL_TO_POLL, printers });

const stations = {
  stations: [
    { id: 3, name: 'Cozinha', position: 0 },
    { id: 4, name: 'Bar', position: 1 },
  ],
  default_station_id: 3,
  product_stations: {},
  categories: [],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the cloud printers section', () => {
  it('lists each printer with its station, last contact in the store’s time and what it reported', async () => {
    stubStaffApi({
      'GET /staff/printers': { body: list([printer()]) },
      'GET /staff/stations': { body: stations },
    });
    render(<CloudPrintersSection />);
    const row = await screen.findByRole('listitem', { name: 'Cozinha quente' });
    expect(within(row).getByText('Sem papel')).toBeVisible();
    expect(within(row).getByText('Estação: Cozinha')).toBeVisible();
    // 23:16 UTC is 20:16 in São Paulo (the page's store zone without a boot block).
    expect(within(row).getByText('Último contato: 27/11/2026 20:16')).toBeVisible();
    expect(within(row).getByText('2 tíquetes na fila')).toBeVisible();
  });

  it('says when there is none, adds one and shows its address, user name and password once', async () => {
    const api = stubStaffApi({
      'GET /staff/printers': { body: list([]) },
      'GET /staff/stations': { body: stations },
    });
    render(<CloudPrintersSection />);
    expect(await screen.findByText('Nenhuma impressora na nuvem ainda.')).toBeVisible();
    const added = printer({
      id: 8,
      name: 'Bar',
      station_id: 4,
      station_name: 'Bar',
      state: 'never_polled',
      last_poll_at: null,
      last_status_code: null,
      pending_jobs: 0,
    });
    api.on('POST /staff/printers', {
      body: {
        printer: added,
        cloudprnt_url: URL_TO_POLL,
        login: added.login,
        secret: 'k3mnp9qrstuvwxyz23456789abcdefgh',
      },
    });
    api.on('GET /staff/printers', { body: list([added]) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome'), 'Bar');
    await user.selectOptions(screen.getByLabelText('Imprime os itens de'), 'Bar');
    await user.click(screen.getByRole('button', { name: 'Adicionar impressora' }));
    expect(api.callsTo('POST', '/staff/printers')[0]!.body).toEqual({ name: 'Bar', station_id: 4 });
    const setup = await screen.findByRole('region', { name: 'Configure a impressora Bar' });
    expect(within(setup).getByText(URL_TO_POLL)).toBeVisible();
    expect(within(setup).getByText('k3mnp9qrstuvwxyz23456789abcdefgh')).toBeVisible();
    expect(within(setup).getByText(/a senha aparece só esta vez/)).toBeVisible();
    expect(screen.getByRole('listitem', { name: 'Bar' })).toHaveTextContent('Aguardando conexão');
    await user.click(within(setup).getByRole('button', { name: 'Pronto, já configurei' }));
    expect(screen.queryByText('k3mnp9qrstuvwxyz23456789abcdefgh')).toBeNull();
  });

  it('removes a printer only after asking', async () => {
    const api = stubStaffApi({
      'GET /staff/printers': { body: list([printer()]) },
      'GET /staff/stations': { body: stations },
    });
    api.on('DELETE /staff/printers/7', { body: list([]) });
    render(<CloudPrintersSection />);
    const row = await screen.findByRole('listitem', { name: 'Cozinha quente' });
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    expect(api.callsTo('DELETE', '/staff/printers/7')).toHaveLength(0);
    expect(within(row).getByText(/Ela para de imprimir na hora/)).toBeVisible();
    await user.click(within(row).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Cozinha quente foi removida.')).toBeVisible();
    expect(screen.getByText('Nenhuma impressora na nuvem ainda.')).toBeVisible();
  });
});
