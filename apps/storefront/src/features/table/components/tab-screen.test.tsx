import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TAB_POLL_MS } from '../../../lib/guest-table.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { isLocalMode } from '../../../lib/source.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { mockApi } from '../../../test/accounts.tsx';
import { company } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import {
  atTable,
  CALLS_PATH,
  GUEST_TAB_PATH,
  guestTab,
  guestTable,
  TABLES,
  tableCall,
  tabRound,
} from '../../../test/table-fixtures.ts';
import TabScreen from './tab-screen.tsx';

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    [`GET ${START_PATHS.tables}`]: { body: TABLES },
    [`GET ${GUEST_TAB_PATH}`]: { body: guestTable() },
    ...handlers,
  });
  renderWithData(<TabScreen />);
  return { api, user: userEvent.setup() };
}

describe('the table tab screen (/mesa)', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/mesa');
    atTable();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the table, each round with its time in UTC-3, status, lines and values, and the totals', async () => {
    setup({
      [`GET ${GUEST_TAB_PATH}`]: {
        body: guestTable({
          tab: guestTab({
            rodadas: [
              tabRound({ rodada: 1, status: 'Entregue' }),
              tabRound({
                rodada: 2,
                // 23:40 UTC is 20:40 in São Paulo.
                dh_iniciado: '2026-11-20T23:40:00.000Z',
                status: 'Preparo',
                total: 2600,
                linhas: [
                  {
                    id: 21,
                    descricao_produto: 'Guaraná lata',
                    qtd: 2,
                    detalhes: 'Gelado, com limão',
                    valor_total: 2600,
                  },
                ],
              }),
            ],
            totais: {
              consumido: 11600,
              pago_online: 0,
              a_pagar: 11600,
              taxa_servico_perc: 10,
              taxa_servico: 1160,
              total: 12760,
            },
          }),
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Mesa 3' })).toBeInTheDocument();
    expect(screen.getByText('Conta aberta às 20:00')).toBeInTheDocument();
    const rounds = screen.getByRole('region', { name: 'Rodadas' });
    const round = (name: string) => within(rounds).getByRole('heading', { level: 4, name }).closest('li');
    const first = round('Rodada 1 20:05 · Entregue');
    const second = round('Rodada 2 20:40 · Em preparo');
    expect(first).toHaveTextContent('2× Pizza Margherita R$ 90,00');
    expect(first).toHaveTextContent('Total da rodada R$ 90,00');
    expect(second).toHaveTextContent('2× Guaraná lata');
    expect(second).toHaveTextContent('Gelado, com limão');
    const totals = screen.getByRole('region', { name: 'Valores' });
    expect(totals).toHaveTextContent('ConsumidoR$ 116,00');
    expect(totals).toHaveTextContent('Taxa de serviço (10%)R$ 11,60');
    expect(totals).toHaveTextContent('TotalR$ 127,60');
    expect(totals).not.toHaveTextContent('Pago no app');
    expect(screen.getByRole('button', { name: 'Chamar garçom' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pedir a conta' })).toBeEnabled();
    expect(document.body).not.toHaveTextContent('2026');
  });

  it('shows what was paid in the app, and no service fee line when there is none', async () => {
    setup({
      [`GET ${GUEST_TAB_PATH}`]: {
        body: guestTable({
          tab: guestTab({
            rodadas: [tabRound({ rodada: 1, pago_online: true })],
            totais: {
              consumido: 9000,
              pago_online: 9000,
              a_pagar: 0,
              taxa_servico_perc: 0,
              taxa_servico: 0,
              total: 0,
            },
          }),
        }),
      },
    });
    const totals = await screen.findByRole('region', { name: 'Valores' });
    expect(totals).toHaveTextContent('Pago no app−R$ 90,00');
    expect(totals).not.toHaveTextContent('Taxa de serviço');
    expect(screen.getByRole('region', { name: 'Rodadas' })).toHaveTextContent('Pago no app');
  });

  it('after closing: the shares, paid or to pay, and no second bill request', async () => {
    setup({
      [`GET ${GUEST_TAB_PATH}`]: {
        body: guestTable({
          tab: guestTab({
            status: 'closing',
            divisao: 'even',
            partes: [
              {
                id: 1,
                parte: 1,
                valor: 5500,
                taxa_servico: 500,
                linhas: [],
                pago_em: '2026-11-21T00:10:00.000Z',
                forma_pagamento: 'PIX',
              },
              {
                id: 2,
                parte: 2,
                valor: 4400,
                taxa_servico: 400,
                linhas: [],
                pago_em: null,
                forma_pagamento: null,
              },
            ],
          }),
        }),
      },
    });
    const shares = await screen.findByRole('region', { name: 'Divisão da conta' });
    expect(shares).toHaveTextContent('Dividida igualmente');
    const items = within(shares).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Parte 1 · R$ 55,00 · Paga');
    expect(items[1]).toHaveTextContent('Parte 2 · R$ 44,00 · A pagar');
    expect(screen.getByText('A conta foi fechada. Pague a sua parte ao garçom.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pedir a conta' })).toBeNull();
  });

  it.each([
    {
      pix: true,
      notice: 'A conta foi fechada. Pague a sua parte com PIX ou cartão aqui, ou ao garçom.',
      buttons: ['Pagar a parte 2 com PIX', 'Pagar a parte 2 com cartão'],
    },
    {
      pix: false,
      notice: 'A conta foi fechada. Pague a sua parte com cartão aqui ou ao garçom.',
      buttons: ['Pagar a parte 2 com cartão'],
    },
  ])(
    'a store that takes cards in the app (PIX too: $pix) offers them on each unpaid share; the card page is a page load of its own',
    async ({ pix, notice, buttons }) => {
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
      setup({
        [`GET ${START_PATHS.company}`]: {
          body: [company({ online_payment: true, payment_by_pix: pix, payment_by_card: true })],
        },
        [`GET ${GUEST_TAB_PATH}`]: {
          body: guestTable({
            tab: guestTab({
              status: 'closing',
              divisao: 'even',
              partes: [
                {
                  id: 1,
                  parte: 1,
                  valor: 5500,
                  taxa_servico: 500,
                  linhas: [],
                  pago_em: '2026-11-21T00:10:00.000Z',
                  forma_pagamento: 'Cartão (app)',
                },
                {
                  id: 2,
                  parte: 2,
                  valor: 4400,
                  taxa_servico: 400,
                  linhas: [],
                  pago_em: null,
                  forma_pagamento: null,
                },
              ],
            }),
          }),
        },
      });
      const shares = await screen.findByRole('region', { name: 'Divisão da conta' });
      expect(await screen.findByText(notice)).toBeInTheDocument();
      expect(
        within(shares)
          .getAllByRole('button')
          .map((button) => button.getAttribute('aria-label')),
      ).toEqual(buttons);
      await userEvent.click(within(shares).getByRole('button', { name: 'Pagar a parte 2 com cartão' }));
      expect(assign).toHaveBeenCalledWith('/mesa/cartao/2');
      assign.mockRestore();
    },
  );

  it('says when the waiter was called and the bill asked for, while they wait', async () => {
    setup({
      [`GET ${GUEST_TAB_PATH}`]: {
        body: guestTable({
          tab: guestTab({
            chamado_garcom_em: '2026-11-20T23:15:00.000Z',
            conta_pedida_em: '2026-11-20T23:20:00.000Z',
          }),
        }),
      },
    });
    expect(await screen.findByText('Garçom chamado às 20:15')).toBeInTheDocument();
    expect(screen.getByText('Conta pedida às 20:20')).toBeInTheDocument();
  });

  it("'Pedir a conta' asks for the bill and shows it at once", async () => {
    let asked: string | null = null;
    const { api, user } = setup({
      [`GET ${GUEST_TAB_PATH}`]: () => ({ body: guestTable({ tab: guestTab({ conta_pedida_em: asked }) }) }),
      [`POST ${CALLS_PATH}`]: () => {
        asked = '2026-11-20T23:20:00.000Z';
        return {
          status: 201,
          body: tableCall({ kind: 'bill', created_at: asked }),
        };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pedir a conta' }));
    expect(api.callsTo('POST', CALLS_PATH)[0]!.body).toEqual({ kind: 'bill' });
    expect(await screen.findByText('Conta pedida às 20:20')).toBeInTheDocument();
  });

  it('a bill with nothing ordered (409 NO_OPEN_TAB) shows its detail', async () => {
    const { user } = setup({
      [`GET ${GUEST_TAB_PATH}`]: { body: guestTable({ tab: null }) },
      [`POST ${CALLS_PATH}`]: {
        status: 409,
        body: { code: 'NO_OPEN_TAB', detail: 'Esta mesa ainda não pediu nada.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pedir a conta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Esta mesa ainda não pediu nada.');
  });

  it('too many calls (429) shows the server detail', async () => {
    const { user } = setup({
      [`POST ${CALLS_PATH}`]: {
        status: 429,
        body: { code: 'TOO_MANY_TABLE_CALLS', detail: 'Muitos chamados desta mesa. Tente em 5 minutos.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Chamar garçom' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Muitos chamados desta mesa. Tente em 5 minutos.',
    );
  });

  it('before the first round: nothing ordered yet, a way to the menu, and the waiter can be called', async () => {
    const { user } = setup({
      [`GET ${GUEST_TAB_PATH}`]: { body: guestTable({ tab: null }) },
      [`POST ${CALLS_PATH}`]: { status: 201, body: tableCall() },
    });
    expect(
      await screen.findByRole('heading', { name: 'Nenhum pedido nesta mesa ainda' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver o cardápio' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Chamar garçom' }));
    expect(await screen.findByText('Garçom chamado às 20:15')).toBeInTheDocument();
  });

  it("'Sair do modo mesa' asks first, then clears the table and goes to the menu", async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Sair do modo mesa' }));
    let dialog = screen.getByRole('dialog', { name: 'Sair do modo mesa?' });
    expect(dialog).toHaveTextContent('Seus próximos pedidos não serão mais para a Mesa 3.');
    await user.click(within(dialog).getByRole('button', { name: 'Continuar na mesa' }));
    expect(isLocalMode()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Sair do modo mesa' }));
    dialog = screen.getByRole('dialog', { name: 'Sair do modo mesa?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sair' }));
    expect(isLocalMode()).toBe(false);
    expect(localStorage.getItem('table_id')).toBeNull();
    expect(localStorage.getItem('table_token')).toBeNull();
    expect(location.pathname).toBe('/');
  });

  it('a table not found says so', async () => {
    setup({ [`GET ${GUEST_TAB_PATH}`]: { status: 404, body: { code: 'TABLE_NOT_FOUND' } } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Mesa não encontrada. Leia o QrCode novamente ou faça o login',
    );
  });

  it('in English', async () => {
    languageStore.set('en');
    setup({ [`GET ${GUEST_TAB_PATH}`]: { body: guestTable({ tab: guestTab({ status: 'closing' }) }) } });
    expect(await screen.findByText('Round 1')).toBeInTheDocument();
    expect(screen.getByText('The bill is closed. Pay your share to the waiter.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Amounts' })).toHaveTextContent('Service charge (10%)');
  });

  it('refreshes the tab every 10 s while open', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const { api } = setup();
    const tabCalls = () => api.callsTo('GET', GUEST_TAB_PATH).length;
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(tabCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(TAB_POLL_MS));
    expect(tabCalls()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(TAB_POLL_MS));
    expect(tabCalls()).toBe(3);
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByText('Rodada 1')).toBeInTheDocument());
  });
});
