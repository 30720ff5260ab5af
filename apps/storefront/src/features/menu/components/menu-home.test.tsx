import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { START_PATHS } from '../../../lib/start-data.ts';
import { company, demoMenu } from '../../../test/fixtures.ts';
import { jsonFetch, renderWithData } from '../../../test/render.tsx';
import { ClosedView } from './closed-view.tsx';
import { MenuHeader } from './menu-header.tsx';
import { MenuHome } from './menu-home.tsx';

const { categories, products } = demoMenu();
const menuReplies = (over: Partial<Parameters<typeof company>[0]> = {}) => ({
  [START_PATHS.company]: [company(over)],
  [START_PATHS.categories]: categories,
  [START_PATHS.products]: products,
  [START_PATHS.hours]: [],
});

describe('MenuHome', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a skeleton while loading, then the menu', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = jsonFetch(menuReplies());
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      await gate;
      return answer(input);
    });
    renderWithData(<MenuHome />);
    expect(screen.getByRole('status')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Carregando o cardápio…')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: /Pizza Calabresa/ })).toBeInTheDocument();
    expect(screen.getByText('Entrega: 40-50 min')).toBeInTheDocument();
    expect(screen.getByText('Retirada: 15-25 min')).toBeInTheDocument();
    expect(screen.getByText('Pedido mínimo: R$ 25,00')).toBeInTheDocument();
    expect(screen.getByText('Aberto')).toBeInTheDocument();
  });

  it('shows the connection error when loading fails, and Try again refetches everything', async () => {
    const calls: string[] = [];
    let online = false;
    const answer = jsonFetch(menuReplies());
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      calls.push(String(input));
      if (!online) throw new TypeError('Failed to fetch');
      return answer(input);
    });
    renderWithData(<MenuHome />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Não foi possível se conectar. Verifique sua conexão com a internet e tente novamente.',
    );
    expect(calls.sort()).toEqual([START_PATHS.categories, START_PATHS.company, START_PATHS.products].sort());

    online = true;
    calls.length = 0;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: /Pizza Calabresa/ })).toBeInTheDocument();
    expect(calls).toEqual(
      expect.arrayContaining([START_PATHS.company, START_PATHS.categories, START_PATHS.products]),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the closed view for a closed store without scheduling, and the menu on request', async () => {
    const replies = menuReplies({ loja_aberta: false, store_opened: false });
    vi.stubGlobal('fetch', jsonFetch(replies));
    renderWithData(<MenuHome />, replies);
    expect(screen.getByRole('heading', { name: 'Estamos fechados' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver o cardápio' }));
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
  });

  it('shows the menu of a closed store that takes scheduled orders', async () => {
    const replies = menuReplies({
      loja_aberta: false,
      agendamento_ativo: true,
      permite_agendamento: true,
      schedule_periods: [{ period: '2030-01-01T21:00:00.000Z', free: true }],
    });
    vi.stubGlobal('fetch', jsonFetch(replies));
    renderWithData(<MenuHome />, replies);
    expect(screen.getByRole('searchbox')).toBeInTheDocument();
    expect(screen.getByText('Fechado')).toBeInTheDocument();
  });

  it('hides the minimum order in table mode', async () => {
    localStorage.setItem('source', 'local');
    const replies = { ...menuReplies(), [START_PATHS.productsLocal]: products };
    vi.stubGlobal('fetch', jsonFetch(replies));
    renderWithData(<MenuHome />, replies);
    await waitFor(() => expect(screen.getByRole('searchbox')).toBeInTheDocument());
    expect(screen.queryByText(/Pedido mínimo/)).not.toBeInTheDocument();
    // Eating at the table: no delivery or pickup times either.
    expect(screen.queryByText(/Entrega:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Retirada:/)).not.toBeInTheDocument();
    localStorage.removeItem('source');
  });

  describe("when a closed store opens again, on the store's clock", () => {
    // Tuesday 24/11/2026 12:00 in São Paulo.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T15:00:00Z'));
    });
    afterEach(() => vi.useRealTimers());

    it("a store closed by its hours says 'Abre hoje às 18:00', not only 'Fechado'", async () => {
      const replies = menuReplies({ loja_aberta: false, reabre_em: '2026-11-24T21:00:00.000Z' });
      vi.stubGlobal('fetch', jsonFetch(replies));
      renderWithData(<ClosedView company={replies[START_PATHS.company][0]!} onBrowse={() => {}} />, replies);
      expect(screen.getByText('Fechado')).toBeInTheDocument();
      expect(screen.getByText('Abre hoje às 18:00')).toBeInTheDocument();
      expect(screen.getByText('Voltamos a aceitar pedidos hoje às 18:00.')).toBeInTheDocument();
    });

    it("tomorrow's opening says 'Abre amanhã às 11:30'", async () => {
      const replies = menuReplies({ loja_aberta: false, reabre_em: '2026-11-25T14:30:00.000Z' });
      vi.stubGlobal('fetch', jsonFetch(replies));
      renderWithData(<MenuHeader company={replies[START_PATHS.company][0]!} />, replies);
      expect(screen.getByText('Abre amanhã às 11:30')).toBeInTheDocument();
    });

    it('a paused store says it is paused, why and when it is back; not "Estamos fechados" nor today\'s hours', async () => {
      const replies = menuReplies({
        loja_aberta: false,
        reabre_em: '2026-11-24T15:30:00.000Z',
        pausada: true,
        motivo_pausa: 'Cozinha cheia',
      });
      vi.stubGlobal('fetch', jsonFetch(replies));
      renderWithData(<ClosedView company={replies[START_PATHS.company][0]!} onBrowse={() => {}} />, replies);
      expect(screen.getByRole('heading', { name: 'Pedidos pausados' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Estamos fechados' })).toBeNull();
      expect(screen.getByText('Motivo: Cozinha cheia')).toBeInTheDocument();
      expect(screen.getByText('Pausado')).toBeInTheDocument();
      expect(screen.getByText('Cozinha cheia · Volta hoje às 12:30')).toBeInTheDocument();
      expect(screen.queryByText(/^Hoje/)).toBeNull();
    });
  });
});
