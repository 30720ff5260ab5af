import { describe, expect, it } from 'vitest';
import type { DispatchBoard, ReadyOrder, Route } from '../../lib/dispatch-types.ts';
import {
  distanceText,
  moveStop,
  ordersOnActiveRoutes,
  routeCash,
  routeOrderIds,
  routeProgress,
  routesInOrder,
  suggestedGroups,
  toggleSelected,
  waitingOrders,
  waitingText,
} from './dispatch-model.ts';

const ready = (id: number, overrides: Partial<ReadyOrder> = {}): ReadyOrder => ({
  id,
  numero: id + 100,
  cliente_nome: 'Ana Souza',
  cliente_telefone: '11999990000',
  endereco: 'Rua A, 10',
  complemento: '',
  referencia: '',
  bairro: 'Centro',
  distancia_m: 1200,
  pronto_desde: '2026-11-27T22:00:00.000Z',
  aguardando_min: 5,
  total: 5200,
  valor_entrega: 700,
  cobrar: null,
  nao_entregue: null,
  ...overrides,
});

const route = (id: number, estado: Route['estado'], orders: ReadyOrder[], states: string[] = []): Route => ({
  id,
  entregador: { id: 1, nome: 'Marcos' },
  estado,
  criada_em: `2026-11-27T22:0${id}:00.000Z`,
  saiu_em: estado === 'montando' ? null : `2026-11-27T22:1${id}:00.000Z`,
  voltou_em: null,
  link_maps: null,
  paradas: orders.map((pedido, index) => ({
    id: id * 10 + index,
    posicao: index + 1,
    pedido,
    estado: (states[index] ?? 'pendente') as Route['paradas'][number]['estado'],
    motivo: null,
    em: null,
    links: { maps: null, waze: null, telefone: null, whatsapp: null },
  })),
});

describe('distances and waiting times', () => {
  it('shows metres from the store in km with one decimal, pt-BR', () => {
    expect(distanceText(850)).toBe('0,9 km');
    expect(distanceText(12_340)).toBe('12,3 km');
    expect(distanceText(12_340, 'en')).toBe('12.3 km');
    expect(distanceText(null)).toBeNull();
  });

  it('shows the time waiting in minutes, then hours and minutes', () => {
    expect(waitingText(8)).toBe('8 min');
    expect(waitingText(65)).toBe('1 h 05 min');
    expect(waitingText(null)).toBeNull();
  });
});

describe('the ready list and the suggested groups', () => {
  const board = (rotas: Route[] = []): DispatchBoard => ({
    prontos: [
      ready(1, { bairro: 'Centro', aguardando_min: 4 }),
      ready(2, { bairro: 'Jardim', aguardando_min: 12 }),
      ready(3, {
        bairro: 'Centro',
        aguardando_min: 9,
        nao_entregue: { motivo: 'Ausente', em: '2026-11-27T22:30:00Z' },
      }),
    ],
    sugestao: [
      { bairro: 'Centro', pedidos: [3, 1] },
      { bairro: 'Jardim', pedidos: [2] },
    ],
    rotas,
    externos: [],
  });

  it('lists a flagged (não entregue) order first, then the longest waiting', () => {
    expect(waitingOrders(board()).map((order) => order.id)).toEqual([3, 2, 1]);
  });

  it('keeps the server’s groups and stop order', () => {
    expect(suggestedGroups(board()).map((group) => [group.bairro, group.orders.map((o) => o.id)])).toEqual([
      ['Centro', [3, 1]],
      ['Jardim', [2]],
    ]);
  });

  it('leaves out orders a route took since, and groups left empty', () => {
    const taken = route(1, 'montando', [ready(2)]);
    expect(waitingOrders(board([taken])).map((order) => order.id)).toEqual([3, 1]);
    expect(suggestedGroups(board([taken])).map((group) => group.bairro)).toEqual(['Centro']);
  });

  it('does not count the stops of an ended route, nor a stop marked not delivered', () => {
    const ended = route(1, 'encerrada', [ready(1)]);
    const failed = route(2, 'em_rota', [ready(2), ready(3)], ['nao_entregue', 'pendente']);
    expect([...ordersOnActiveRoutes([ended, failed])]).toEqual([3]);
  });
});

describe('building a route', () => {
  it('adds a selected order at the end and takes it out on a second tap', () => {
    expect(toggleSelected([4, 2], 7)).toEqual([4, 2, 7]);
    expect(toggleSelected([4, 2, 7], 2)).toEqual([4, 7]);
  });

  it('moves a stop up or down, and not past either end', () => {
    expect(moveStop([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveStop([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveStop([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveStop([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('reads a route’s orders in stop order', () => {
    const built = route(1, 'montando', [ready(5), ready(6)]);
    built.paradas.reverse();
    expect(routeOrderIds(built)).toEqual([5, 6]);
  });
});

describe('a route on the street', () => {
  it('counts its stops delivered, not delivered and pending; finished when none is pending', () => {
    const going = route(1, 'em_rota', [ready(1), ready(2), ready(3)], ['entregue', 'nao_entregue']);
    expect(routeProgress(going)).toEqual({
      total: 3,
      delivered: 1,
      notDelivered: 1,
      pending: 1,
      finished: false,
    });
    going.paradas[2]!.estado = 'entregue';
    expect(routeProgress(going).finished).toBe(true);
  });

  it('adds up what to collect and the change to bring', () => {
    const going = route(1, 'em_rota', [
      ready(1, {
        cobrar: { valor: 5200, forma: 'Dinheiro', dinheiro: true, troco_para: 10000, troco: 4800 },
      }),
      ready(2, {
        cobrar: { valor: 3000, forma: 'Cartão de débito', dinheiro: false, troco_para: null, troco: null },
      }),
      ready(3),
    ]);
    expect(routeCash(going)).toEqual({ collect: 8200, change: 4800 });
  });

  it('lists routes being built, then on the street, then ended', () => {
    const ordered = routesInOrder([
      route(1, 'encerrada', []),
      route(2, 'em_rota', []),
      route(3, 'montando', []),
    ]);
    expect(ordered.map((each) => each.estado)).toEqual(['montando', 'em_rota', 'encerrada']);
  });
});
