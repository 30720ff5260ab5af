import type { TrackedOrder } from '@comanda/contract';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../lib/cart-store.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { setToken, tokenStore } from '../../../lib/session.ts';
import { mockApi, renderApp, sessionToken } from '../../../test/accounts.tsx';
import { ORDERS_SWR_OPTIONS } from '../api/orders-api.ts';
import { stepperOf } from '../model/order-view.ts';
import { OrderDetail } from './order-detail.tsx';
import { OrderStepper } from './order-stepper.tsx';

const LIST = 'GET /bar/atendimentos_list_app?format=json&client_id=7';
const TICKET = 'POST /bar/v2/orders/events/ticket';
const TICKET_REPLY = { body: { ticket: '1.2.ticket', expires_in: 60 } };
const HOUR = 60 * 60 * 1000;

function order(
  id: number,
  status: string,
  ageMs: number,
  overrides: Partial<TrackedOrder> = {},
): TrackedOrder {
  const placed = new Date(Date.now() - ageMs).toISOString();
  return {
    id,
    status,
    dh_iniciado: placed,
    tipo_entrega: 'Entregar',
    forma_entrada: 'mobile',
    total_produtos: 3000,
    desconto: 500,
    desconto_cupom: 500,
    desconto_fidelidade: 0,
    acrescimo: 400,
    valor_entrega: 700,
    total: 3600,
    cupom: 'PROMO',
    observacoes: '',
    forma_pagamento_nome: 'Dinheiro',
    troco_para: null,
    agendado: false,
    hora_entrega: null,
    address_string: 'Rua Augusta, 1500 - Consolação, São Paulo - SP',
    mesa: null,
    fidelidade_utilizada: false,
    pontos_fidelidade: 0,
    pontos_utilizados: 0,
    produtos_pedidos: [
      {
        produto: 11,
        descricao_produto: 'Pizza Margherita',
        descricao_categoria: 'Pizzas',
        produto_valor: 1500,
        valor_adicionais: 200,
        qtd: 2,
        valor_total: 3400,
        observacao: '',
        itens_pedidos: [],
      },
      {
        produto: 0,
        descricao_produto: 'Entrega',
        descricao_categoria: '',
        produto_valor: 700,
        valor_adicionais: 0,
        qtd: 1,
        valor_total: 700,
        observacao: '',
        itens_pedidos: [],
      },
    ],
    updated_at: placed,
    estimated_at: placed,
    estimated_time: '19:40',
    motivo_cancelamento: null,
    status_changes: [{ status, at: placed }],
    avaliacao: null,
    entrega: null,
    ...overrides,
  };
}

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((candidate) => candidate !== listener),
    );
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    const event = new MessageEvent(type, { data: data === undefined ? '' : JSON.stringify(data) });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

describe('order stepper', () => {
  it.each([
    // Received, not yet accepted (the store accepts by moving it to Preparo): 'Aceito' is not ticked.
    ['Solicitado', ['current', 'upcoming', 'upcoming', 'upcoming', 'upcoming']],
    ['Preparo', ['completed', 'completed', 'current', 'upcoming', 'upcoming']],
    ['Finalização', ['completed', 'completed', 'current', 'upcoming', 'upcoming']],
    ['Concluido', ['completed', 'completed', 'completed', 'current', 'upcoming']],
    ['Entregue', ['completed', 'completed', 'completed', 'completed', 'current']],
  ])('%s completes the steps up to its active one', (status, states) => {
    expect(stepperOf(status)?.map((step) => step.state)).toEqual(states);
    languageStore.set('pt_br');
    render(<OrderStepper status={status} />);
    const list = screen.getByRole('list', { name: 'Andamento do pedido' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.state)).toEqual(states);
    const current = items.filter((item) => item.getAttribute('aria-current') === 'step');
    expect(current).toHaveLength(1);
    expect(list.tagName).toBe('OL');
  });

  it('shows the cancelled state instead of the steps', () => {
    expect(stepperOf('Cancelado')).toBeNull();
    languageStore.set('en');
    render(<OrderStepper status="Cancelado" reason="Sem entregador" />);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Order canceledReason: Sem entregador');
  });
});

describe('orders (/mobile/orders)', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
    setToken(sessionToken());
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    tokenStore.set(null);
    vi.unstubAllGlobals();
  });

  it('caches the list as the spec says', () => {
    expect(ORDERS_SWR_OPTIONS).toEqual({
      refreshInterval: 30_000,
      dedupingInterval: 10_000,
      revalidateOnFocus: true,
    });
  });

  it('splits the orders into the three tabs, newest first', async () => {
    const api = mockApi({
      [TICKET]: TICKET_REPLY,
      [LIST]: {
        body: {
          results: [
            order(5, 'Preparo', 1 * HOUR),
            order(4, 'Solicitado', 2 * HOUR),
            order(3, 'Entregue', 3 * HOUR),
            order(2, 'Concluido', 25 * HOUR),
            order(1, 'Cancelado', 4 * HOUR),
            order(6, 'Solicitado', 0.5 * HOUR),
          ],
        },
      },
    });
    const user = renderApp('/mobile/orders');
    const inProgress = await screen.findByRole('tab', { name: 'Em andamento' });
    expect(inProgress).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    const ids = async () =>
      (await within(panel).findAllByTestId('order-card')).map(
        (card) => within(card).getByText(/Pedido nº/).textContent,
      );
    expect(await ids()).toEqual(['Pedido nº 6', 'Pedido nº 5', 'Pedido nº 4']);

    await user.click(screen.getByRole('tab', { name: 'Concluídos' }));
    expect(await ids()).toEqual(['Pedido nº 3', 'Pedido nº 2']);

    await user.click(screen.getByRole('tab', { name: 'Cancelados' }));
    expect(await ids()).toEqual(['Pedido nº 1']);
    expect(screen.getByRole('tab', { name: 'Cancelados' })).toHaveAttribute('aria-selected', 'true');

    // One live stream for the page, opened with a ticket asked for with the token (never the token).
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0]!.url).toBe('/bar/v2/orders/events?ticket=1.2.ticket');
    const asked = api.callsTo('POST', '/bar/v2/orders/events/ticket');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.headers.get('Authorization')).toBe(`Bearer ${sessionToken()}`);
  });

  it('shows the retry screen when the list cannot be loaded, and retries', async () => {
    const api = mockApi({ [LIST]: { status: 500, body: { detail: 'erro' } } });
    const user = renderApp('/mobile/orders');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' });
    api.on(LIST, { body: { results: [order(9, 'Solicitado', HOUR)] } });
    await user.click(retry);
    expect(await screen.findByText('Pedido nº 9')).toBeInTheDocument();
  });

  it('shows the detail without the delivery line and follows a live status change', async () => {
    let status = 'Solicitado';
    const api = mockApi({
      [LIST]: () => ({ body: { results: [order(42, status, HOUR)] } }),
      'GET /bar/atendimentos_app/42?format=json': () => ({ body: order(42, status, HOUR) }),
      [TICKET]: TICKET_REPLY,
    });
    renderApp('/mobile/orders/42');
    const dialog = await screen.findByRole('dialog', { name: 'Pedido nº 42' });
    await within(dialog).findByText('2× Pizza Margherita');
    const items = within(dialog).getByRole('region', { name: 'Itens' });
    expect(within(items).getAllByRole('listitem')).toHaveLength(1);
    expect(items).not.toHaveTextContent('Entrega');
    // One subtotal (products and additions), as the checkout shows it (issue 34).
    expect(dialog).toHaveTextContent('SubtotalR$ 34,00');
    expect(dialog).not.toHaveTextContent('Adicionais');
    expect(dialog).toHaveTextContent('EntregaR$ 7,00');
    expect(dialog).toHaveTextContent('Descontos− R$ 5,00');
    expect(within(dialog).getByTestId('order-total')).toHaveTextContent('R$ 36,00');
    expect(dialog).toHaveTextContent('Rua Augusta, 1500');
    expect(dialog).toHaveTextContent('Dinheiro');
    expect(dialog).toHaveTextContent('Previsão: 19:40');
    const current = () => within(dialog).getByRole('listitem', { current: 'step' });
    expect(current()).toHaveTextContent('Recebido');
    expect(within(dialog).getByTestId('order-status')).toHaveTextContent('Recebido');
    expect(within(dialog).queryByRole('button', { name: 'Pedir novamente' })).toBeNull();

    status = 'Concluido';
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const source = FakeEventSource.instances[0]!;
    await act(async () => source.emit('order', { id: 42, status, updated_at: new Date().toISOString() }));
    await vi.waitFor(() => expect(current()).toHaveTextContent('Pronto'));

    // The stream drops: closed, then opened again with a fresh ticket, and its opening refetches
    // the order (a change made while it was down shows).
    source.emit('error');
    expect(source.closed).toBe(true);
    await vi.waitFor(() => expect(FakeEventSource.instances).toHaveLength(2), { timeout: 3_000 });
    expect(api.callsTo('POST', '/bar/v2/orders/events/ticket')).toHaveLength(2);
    status = 'Entregue';
    await act(async () => FakeEventSource.instances[1]!.emit('open'));
    await vi.waitFor(() => expect(current()).toHaveTextContent('Entregue'));
  });

  it('groups a product ordered four times as one line with its quantity and total', async () => {
    const acai = {
      produto: 31,
      descricao_produto: 'Açaí tradicional 500 ml',
      descricao_categoria: 'Açaí',
      produto_valor: 2290,
      valor_adicionais: 0,
      qtd: 1,
      valor_total: 2290,
      observacao: '',
      itens_pedidos: [],
    };
    const placed = order(43, 'Preparo', HOUR, {
      tipo_entrega: 'Retirada',
      produtos_pedidos: [acai, acai, { ...acai, observacao: 'sem granola' }, acai, acai],
    });
    mockApi({
      [LIST]: { body: { results: [placed] } },
      'GET /bar/atendimentos_app/43?format=json': { body: placed },
      [TICKET]: TICKET_REPLY,
    });
    renderApp('/mobile/orders/43');
    const dialog = await screen.findByRole('dialog', { name: 'Pedido nº 43' });
    const items = await within(dialog).findByRole('region', { name: 'Itens' });
    const lines = within(items).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '4× Açaí tradicional 500 mlR$\u00a091,60',
      '1× Açaí tradicional 500 mlR$\u00a022,90Observação: sem granola',
    ]);
  });

  it('an order out for delivery names its courier and the stops before it (issue 35)', async () => {
    const out = {
      ...order(45, 'Concluido', HOUR),
      entrega: { estado: 'saiu_para_entrega', entregador: 'Marcos', paradas_antes: 1, saiu_em: null },
    } as TrackedOrder;
    mockApi({
      [LIST]: { body: { results: [out] } },
      'GET /bar/atendimentos_app/45?format=json': { body: out },
      [TICKET]: TICKET_REPLY,
    });
    renderApp('/mobile/orders/45');
    const dialog = await screen.findByRole('dialog', { name: 'Pedido nº 45' });
    expect(await within(dialog).findByTestId('order-status')).toHaveTextContent('Saiu para entrega');
    const steps = within(within(dialog).getByTestId('order-stepper')).getAllByRole('listitem');
    expect(steps[3]).toHaveTextContent('Saiu para entrega');
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(within(dialog).getByTestId('order-delivery')).toHaveTextContent(
      'Marcos está levando seu pedido1 entrega antes da sua',
    );
  });

  it('a cancelled order shows no estimate and no steps', async () => {
    const cancelled = order(44, 'Cancelado', HOUR, { motivo_cancelamento: 'Sem entregador' });
    mockApi({
      [LIST]: { body: { results: [cancelled] } },
      'GET /bar/atendimentos_app/44?format=json': { body: cancelled },
      [TICKET]: TICKET_REPLY,
    });
    renderApp('/mobile/orders/44');
    const dialog = await screen.findByRole('dialog', { name: 'Pedido nº 44' });
    await within(dialog).findByText('Pedido cancelado');
    expect(within(dialog).queryByTestId('order-stepper')).toBeNull();
    expect(dialog).not.toHaveTextContent('Previsão');
  });
});

describe('rating a delivered order (docs/decisions/0068)', () => {
  const DETAIL = 'GET /bar/atendimentos_app/42?format=json';
  const RATE = 'POST /bar/v2/orders/42/rating';
  const delivered = (overrides: Partial<TrackedOrder> = {}) => {
    const at = new Date(Date.now() - HOUR).toISOString();
    return order(42, 'Entregue', 2 * HOUR, { status_changes: [{ status: 'Entregue', at }], ...overrides });
  };

  beforeEach(() => {
    languageStore.set('pt_br');
    setToken(sessionToken());
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    tokenStore.set(null);
    vi.unstubAllGlobals();
  });

  it('takes the stars and a comment once, then shows them', async () => {
    let current = delivered();
    const api = mockApi({
      [DETAIL]: () => ({ body: current }),
      [TICKET]: TICKET_REPLY,
      [RATE]: (call) => {
        const body = call.body as { nota: number; comentario?: string };
        const rating = { nota: body.nota, comentario: body.comentario ?? null, at: new Date().toISOString() };
        current = delivered({ avaliacao: rating });
        return { status: 201, body: rating };
      },
    });
    const user = renderApp('/mobile/orders/42');
    const dialog = await screen.findByRole('dialog', { name: 'Pedido nº 42' });
    const section = await within(dialog).findByRole('region', { name: 'Avalie seu pedido' });
    const send = within(section).getByRole('button', { name: 'Enviar avaliação' });
    expect(send).toBeDisabled();

    await user.click(within(section).getByRole('radio', { name: '4 estrelas' }));
    await user.type(within(section).getByLabelText('Comentário (opcional)'), 'Chegou quentinha!');
    await user.click(send);

    const given = await within(dialog).findByRole('region', { name: 'Sua avaliação' });
    expect(within(given).getByRole('status')).toHaveTextContent('Obrigado pela avaliação!');
    expect(within(given).getByRole('img', { name: 'Você deu 4 estrelas' })).toBeInTheDocument();
    expect(given).toHaveTextContent('“Chegou quentinha!”');
    const sent = api.callsTo('POST', '/bar/v2/orders/42/rating');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ nota: 4, comentario: 'Chegou quentinha!' });
    expect(sent[0]!.headers.get('Authorization')).toBe(`Bearer ${sessionToken()}`);
  });

  it('says why the store refused it, in the customer’s language', async () => {
    languageStore.set('en');
    mockApi({
      [DETAIL]: () => ({ body: delivered() }),
      [TICKET]: TICKET_REPLY,
      [RATE]: { status: 409, body: { detail: 'O prazo…', code: 'RATING_WINDOW_CLOSED' } },
    });
    const user = renderApp('/mobile/orders/42');
    const section = await screen.findByRole('region', { name: 'Rate your order' });
    await user.click(within(section).getByRole('radio', { name: '1 star' }));
    await user.click(within(section).getByRole('button', { name: 'Send rating' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'The time to rate this order is over.',
    );
  });

  it('is not offered before delivery, nor after the window', async () => {
    const weeks = 40 * 24 * HOUR;
    for (const body of [
      order(42, 'Concluido', HOUR),
      delivered({ status_changes: [{ status: 'Entregue', at: new Date(Date.now() - weeks).toISOString() }] }),
    ]) {
      mockApi({ [DETAIL]: () => ({ body }), [TICKET]: TICKET_REPLY });
      const { unmount } = render(<OrderDetail order={body} />);
      expect(screen.queryByRole('region', { name: 'Avalie seu pedido' })).toBeNull();
      unmount();
    }
  });
});
