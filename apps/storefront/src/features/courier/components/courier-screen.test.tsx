import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourierRouteReply, Stop } from '../../../lib/dispatch-types.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { saveRoute } from '../model/courier-route.ts';
import CourierScreen from './courier-screen.tsx';

const TOKEN = 'courier-token-0123456789';

const stop = (id: number, posicao: number, overrides: Partial<Stop> = {}): Stop => ({
  id,
  posicao,
  pedido: {
    id,
    numero: id,
    cliente_nome: 'Ana Souza',
    cliente_telefone: '11999990000',
    endereco: `Rua das Flores, ${id}`,
    complemento: 'Apto 12',
    referencia: 'Portão azul',
    bairro: 'Centro',
    distancia_m: 1000,
    pronto_desde: '2026-11-27T22:00:00Z',
    aguardando_min: 3,
    total: 5200,
    valor_entrega: 700,
    cobrar: { valor: 5200, forma: 'Dinheiro', dinheiro: true, troco_para: 10000, troco: 4800 },
    nao_entregue: null,
  },
  estado: 'pendente',
  motivo: null,
  em: null,
  links: {
    maps: 'https://www.google.com/maps/dir/?api=1&destination=-23.5%2C-46.6',
    waze: 'https://waze.com/ul?ll=-23.5,-46.6&navigate=yes',
    telefone: 'tel:+5511999990000',
    whatsapp: 'https://wa.me/5511999990000',
  },
  ...overrides,
});

const reply: CourierRouteReply = {
  entregador: { nome: 'Marcos Lima' },
  loja: { nome: 'Forno & Brasa', endereco: 'Av. Paulista, 1000', lat: -23.56, lng: -46.65 },
  rota: {
    id: 1,
    entregador: { id: 7, nome: 'Marcos Lima' },
    estado: 'em_rota',
    criada_em: '2026-11-27T22:00:00Z',
    saiu_em: '2026-11-27T22:05:00Z',
    voltou_em: null,
    link_maps: null,
    paradas: [stop(11, 1), stop(12, 2)],
  },
};

type Handler = (init: RequestInit) => Response | Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stubFetch(handlers: Record<string, Handler>) {
  const calls: { key: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${input}`;
      calls.push({ key, init });
      const handler = handlers[key];
      if (!handler) throw new TypeError('Failed to fetch');
      return handler(init);
    }),
  );
  return calls;
}

beforeEach(() => languageStore.set('pt_br'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the courier’s page', () => {
  it('shows only that a revoked link is not valid, and forgets the saved route', async () => {
    saveRoute(TOKEN, reply, new Date());
    stubFetch({ 'GET /courier/v1/route': () => json(401, { code: 'COURIER_LINK_INVALID' }) });
    render(<CourierScreen params={{ token: TOKEN }} />);
    expect(await screen.findByRole('heading', { name: 'Link inválido' })).toBeInTheDocument();
    expect(screen.queryByText(/Rua das Flores/)).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('lists the stops with what to collect and the links, and marks one delivered with its time', async () => {
    const calls = stubFetch({
      'GET /courier/v1/route': () => json(200, reply),
      'POST /courier/v1/stops/11/delivered': () =>
        json(200, { ...stop(11, 1), estado: 'entregue', em: '2026-11-27T22:20:00Z' }),
    });
    const user = userEvent.setup();
    render(<CourierScreen params={{ token: TOKEN }} />);
    const first = await screen.findByRole('listitem', { name: 'Parada 1 de 2' });
    expect(first).toHaveAttribute('aria-current', 'step');
    expect(within(first).getByText('Complemento: Apto 12')).toBeInTheDocument();
    expect(within(first).getByText('Cliente: Ana')).toBeInTheDocument();
    expect(within(first).getByText('Cobrar R$ 52,00')).toBeInTheDocument();
    expect(within(first).getByText('Levar troco: R$ 48,00 (paga com R$ 100,00)')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Ligar' })).toHaveAttribute('href', 'tel:+5511999990000');
    expect(within(first).getByRole('link', { name: 'Abrir no Google Maps' })).toHaveAttribute(
      'href',
      reply.rota?.paradas[0]?.links?.maps,
    );
    await user.click(within(first).getByRole('button', { name: 'Entregue' }));
    // 22:20 UTC is 19:20 in São Paulo.
    expect(await within(first).findByText('✓ Entregue às 19:20')).toBeInTheDocument();
    expect(calls.find((call) => call.key === 'GET /courier/v1/route')?.init.headers).toMatchObject({
      Authorization: `Courier ${TOKEN}`,
    });
    expect(screen.getByRole('listitem', { name: 'Parada 2 de 2' })).toHaveAttribute('aria-current', 'step');
  });

  it('speaks English when the courier chooses it', async () => {
    stubFetch({ 'GET /courier/v1/route': () => json(200, reply) });
    const user = userEvent.setup();
    render(<CourierScreen params={{ token: TOKEN }} />);
    await screen.findByRole('heading', { name: 'Olá, Marcos' });
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Hi, Marcos' })).toBeInTheDocument();
    const first = screen.getByRole('listitem', { name: 'Stop 1 of 2' });
    expect(within(first).getByText('Bring change: R$ 48,00 (pays with R$ 100,00)')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Delivered' })).toBeInTheDocument();
  });

  it('without a network shows the route saved on the phone, and says so', async () => {
    saveRoute(TOKEN, reply, new Date('2026-11-27T22:07:00Z'));
    stubFetch({});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<CourierScreen params={{ token: TOKEN }} />);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await screen.findByText('Sem conexão. Mostrando a rota salva às 19:07.')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Parada 1 de 2' })).toBeInTheDocument();
    vi.useRealTimers();
  });
});
