import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Courier, DispatchBoard, ReadyOrder, Route, Settlement } from '../../lib/dispatch-types.ts';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { useStaffT } from '../lib/staff-texts.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import { useDispatchT } from './dispatch-texts.ts';
import DispatchView from './dispatch-view.tsx';
import { settlementTicket } from './settlement-ticket.ts';

const ready = (id: number, bairro: string, overrides: Partial<ReadyOrder> = {}): ReadyOrder => ({
  id,
  numero: id - 100,
  cliente_nome: 'Ana Souza',
  cliente_telefone: '11999990000',
  endereco: `Rua ${id}, 10`,
  complemento: '',
  referencia: '',
  bairro,
  distancia_m: 2400,
  pronto_desde: '2026-11-27T22:00:00.000Z',
  aguardando_min: 7,
  total: 5200,
  valor_entrega: 700,
  cobrar: null,
  nao_entregue: null,
  ...overrides,
});

const marcos: Courier = {
  id: 7,
  nome: 'Marcos Lima',
  telefone: '11987654321',
  veiculo: 'moto',
  ativo_hoje: true,
  pagamento: { modelo: 'por_entrega', valor_entrega: 600 },
  link_ativo: true,
};

const board = (rotas: Route[] = []): DispatchBoard => ({
  prontos: [
    ready(101, 'Centro', {
      cobrar: { valor: 5200, forma: 'Dinheiro', dinheiro: true, troco_para: 10000, troco: 4800 },
    }),
    ready(102, 'Jardim'),
    ready(103, 'Centro', { nao_entregue: { motivo: 'Cliente ausente', em: '2026-11-27T22:20:00Z' } }),
  ],
  sugestao: [
    { bairro: 'Centro', pedidos: [103, 101] },
    { bairro: 'Jardim', pedidos: [102] },
  ],
  rotas,
  externos: [],
});

const staffT = () => renderHook(() => useStaffT()).result.current;

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

describe('the Entregas screen', () => {
  it('shows each ready order’s distance, wait, cash with change and a não-entregue flag', async () => {
    stubStaffApi({
      'GET /staff/dispatch': { body: board() },
      'GET /staff/couriers': { body: { entregadores: [marcos] } },
    });
    render(<DispatchView t={staffT()} heard={null} />);
    const first = await screen.findByRole('article', { name: 'Pedido nº 1' });
    expect(within(first).getByText('2,4 km da loja')).toBeInTheDocument();
    expect(within(first).getByText('Pronto há 7 min')).toBeInTheDocument();
    expect(within(first).getByText('Cobrar R$ 52,00 · Dinheiro')).toBeInTheDocument();
    expect(within(first).getByText(/Troco para R\$ 100,00: levar R\$ 48,00/)).toBeInTheDocument();
    const flagged = screen.getByRole('article', { name: 'Pedido nº 3' });
    expect(within(flagged).getByRole('note')).toHaveTextContent('Não entregue: Cliente ausente');
    expect(
      within(screen.getByRole('article', { name: 'Pedido nº 2' })).getByText('Pago online — não cobrar'),
    ).toBeInTheDocument();
  });

  it('builds a route from a suggested group, reordered, for the chosen courier', async () => {
    const api = stubStaffApi({
      'GET /staff/dispatch': { body: board() },
      'GET /staff/couriers': { body: { entregadores: [marcos] } },
      'POST /staff/routes': { status: 201, body: {} },
    });
    const user = userEvent.setup();
    render(<DispatchView t={staffT()} heard={null} />);
    const suggested = await screen.findByRole('region', { name: 'Sugestão de rotas' });
    await user.click(within(suggested).getAllByRole('button', { name: 'Montar esta rota' })[0]!);
    const build = screen.getByRole('region', { name: 'Nova rota' });
    await user.click(within(build).getByRole('button', { name: 'Descer a parada 1' }));
    await user.selectOptions(within(build).getByRole('combobox', { name: 'Entregador' }), 'Marcos Lima');
    await user.click(within(build).getByRole('button', { name: 'Criar rota' }));
    expect(api.callsTo('POST', '/staff/routes').map((call) => call.body)).toEqual([
      { entregador_id: 7, pedidos: [101, 103] },
    ]);
  });

  it('sends a built route out and shows the stops of a route on the street', async () => {
    const building: Route = {
      id: 5,
      entregador: { id: 7, nome: 'Marcos Lima' },
      estado: 'montando',
      criada_em: '2026-11-27T22:30:00Z',
      saiu_em: null,
      voltou_em: null,
      link_maps: null,
      paradas: [
        {
          id: 51,
          posicao: 1,
          pedido: ready(102, 'Jardim'),
          estado: 'pendente',
          motivo: null,
          em: null,
          links: { maps: null, waze: null, telefone: null, whatsapp: null },
        },
      ],
    };
    const out: Route = {
      ...building,
      id: 4,
      estado: 'em_rota',
      saiu_em: '2026-11-27T22:10:00Z',
      paradas: [
        {
          id: 41,
          posicao: 1,
          pedido: ready(110, 'Centro'),
          estado: 'entregue',
          motivo: null,
          em: '2026-11-27T22:25:00Z',
          links: { maps: null, waze: null, telefone: null, whatsapp: null },
        },
        {
          id: 42,
          posicao: 2,
          pedido: ready(111, 'Centro'),
          estado: 'pendente',
          motivo: null,
          em: null,
          links: { maps: null, waze: null, telefone: null, whatsapp: null },
        },
      ],
    };
    const api = stubStaffApi({
      'GET /staff/dispatch': { body: board([building, out]) },
      'GET /staff/couriers': { body: { entregadores: [marcos] } },
      'POST /staff/routes/5/depart': { body: { ...building, estado: 'em_rota' } },
    });
    const user = userEvent.setup();
    render(<DispatchView t={staffT()} heard={null} />);
    const routes = await screen.findByRole('region', { name: 'Rotas' });
    const cards = within(routes).getAllByRole('article', { name: 'Rota de Marcos Lima' });
    expect(cards.map((card) => card.dataset.state)).toEqual(['montando', 'em_rota']);
    expect(within(cards[1]!).getByText('1 de 2 entregues')).toBeInTheDocument();
    // 22:25 UTC is 19:25 in São Paulo.
    expect(within(cards[1]!).getByText('Entregue às 19:25')).toBeInTheDocument();
    await user.click(within(cards[0]!).getByRole('button', { name: 'Saiu para entrega' }));
    expect(api.callsTo('POST', '/staff/routes/5/depart')).toHaveLength(1);
  });
});

describe('a route whose stops are all marked', () => {
  it('can be ended from the board', async () => {
    const done: Route = {
      id: 8,
      entregador: { id: 7, nome: 'Marcos Lima' },
      estado: 'em_rota',
      criada_em: '2026-11-27T22:00:00Z',
      saiu_em: '2026-11-27T22:05:00Z',
      voltou_em: null,
      link_maps: null,
      paradas: [
        {
          id: 81,
          posicao: 1,
          pedido: ready(120, 'Centro'),
          estado: 'entregue',
          motivo: null,
          em: '2026-11-27T22:20:00Z',
          links: { maps: null, waze: null, telefone: null, whatsapp: null },
        },
      ],
    };
    const api = stubStaffApi({
      'GET /staff/dispatch': { body: board([done]) },
      'GET /staff/couriers': { body: { entregadores: [marcos] } },
      'POST /staff/routes/8/back': { body: { ...done, estado: 'encerrada' } },
    });
    const user = userEvent.setup();
    render(<DispatchView t={staffT()} heard={null} />);
    const card = await screen.findByRole('article', { name: 'Rota de Marcos Lima' });
    await user.click(within(card).getByRole('button', { name: 'Voltou para a loja' }));
    expect(api.callsTo('POST', '/staff/routes/8/back')).toHaveLength(1);
  });
});

describe('live', () => {
  it('reads the dispatch again when the board’s stream hears something', async () => {
    const api = stubStaffApi({
      'GET /staff/dispatch': { body: board() },
      'GET /staff/couriers': { body: { entregadores: [marcos] } },
    });
    const { rerender } = render(<DispatchView t={staffT()} heard={{}} />);
    await screen.findByRole('article', { name: 'Pedido nº 1' });
    expect(api.callsTo('GET', '/staff/dispatch')).toHaveLength(1);
    api.on('GET /staff/dispatch', { body: { ...board(), prontos: board().prontos.slice(1) } });
    rerender(<DispatchView t={staffT()} heard={{}} />);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Pedido nº 1' })).toBeNull());
    expect(api.callsTo('GET', '/staff/dispatch')).toHaveLength(2);
  });
});

describe('an outside courier', () => {
  it('is asked for an order, and its progress shows like a route’s', async () => {
    let requested = false;
    const api = stubStaffApi({
      'GET /staff/dispatch': () => ({
        body: requested
          ? {
              ...board(),
              prontos: board().prontos.filter((order) => order.id !== 102),
              externos: [
                {
                  id: 9,
                  pedido_id: 102,
                  numero: 2,
                  provedor: 'Entregas Já',
                  estado: 'atribuido',
                  entregador_nome: 'Rui',
                  eventos: [{ estado: 'atribuido', em: '2026-11-27T22:40:00Z' }],
                },
              ],
            }
          : board(),
      }),
      'GET /staff/couriers': { body: { entregadores: [marcos] } },
      'POST /staff/routes/outside': () => {
        requested = true;
        return { status: 201, body: {} };
      },
    });
    const user = userEvent.setup();
    render(<DispatchView t={staffT()} heard={null} />);
    const second = await screen.findByRole('article', { name: 'Pedido nº 2' });
    await user.click(within(second).getByRole('button', { name: 'Chamar entregador de fora' }));
    expect(api.callsTo('POST', '/staff/routes/outside').map((call) => call.body)).toEqual([
      { pedido_id: 102 },
    ]);
    const outside = await screen.findByRole('region', { name: 'Entregador de fora' });
    // 22:40 UTC is 19:40 in São Paulo.
    expect(outside).toHaveTextContent('Pedido nº 2 · Entregador a caminho da loja · 19:40');
    expect(outside).toHaveTextContent('Entregas Já: Rui');
  });
});

describe('the settlement on the roll', () => {
  it('lists each courier’s bands, what is owed, the cash and who pays whom', () => {
    const t = renderHook(() => useDispatchT()).result.current;
    const settlement: Settlement = {
      dia: '2026-11-27',
      entregadores: [
        {
          entregador: { id: 7, nome: 'Marcos Lima' },
          pagamento: {
            modelo: 'faixa_km',
            faixas: [
              { ate_km: 3, valor: 600 },
              { ate_km: 6, valor: 900 },
            ],
          },
          entregas: 3,
          nao_entregues: 0,
          distancia_m: 9000,
          por_faixa: [
            { ate_km: 3, entregas: 2, valor: 1200 },
            { ate_km: null, entregas: 1, valor: 900 },
          ],
          diaria: 0,
          devido: 2100,
          dinheiro_coletado: 5200,
          liquido: -3100,
          acertado: null,
        },
      ],
    };
    const ticket = settlementTicket(settlement, 'Forno & Brasa', t);
    const text = JSON.stringify(ticket.blocks);
    expect(text).toContain('Acerto de entregadores — 27/11/2026');
    expect(text).toContain('2× até 3 km');
    expect(text).toContain('1× acima de 3 km');
    expect(text).toContain('O entregador devolve R$ 31,00');
  });
});
