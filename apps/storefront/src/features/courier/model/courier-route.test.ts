import { afterEach, describe, expect, it } from 'vitest';
import type { CourierRouteReply, ReadyOrder, Stop } from '../../../lib/dispatch-types.ts';
import {
  allMarked,
  backToStoreMapsUrl,
  backToStoreWazeUrl,
  currentStop,
  firstName,
  forgetRoute,
  markOutcome,
  readSavedRoute,
  saveRoute,
  stopsInOrder,
  withStop,
} from './courier-route.ts';

const order = (id: number): ReadyOrder => ({
  id,
  numero: id,
  cliente_nome: 'Ana Souza',
  cliente_telefone: '11999990000',
  endereco: `Rua ${id}`,
  complemento: '',
  referencia: '',
  bairro: 'Centro',
  distancia_m: 1000,
  pronto_desde: '2026-11-27T22:00:00Z',
  aguardando_min: 3,
  total: 5200,
  valor_entrega: 700,
  cobrar: null,
  nao_entregue: null,
});

const stop = (id: number, posicao: number, estado: Stop['estado'] = 'pendente'): Stop => ({
  id,
  posicao,
  pedido: order(id),
  estado,
  motivo: null,
  em: null,
  links: {
    maps: 'https://www.google.com/maps/dir/?api=1',
    waze: null,
    telefone: 'tel:+5511999990000',
    whatsapp: null,
  },
});

const reply = (paradas: Stop[]): CourierRouteReply => ({
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
    paradas,
  },
});

afterEach(() => localStorage.clear());

describe('the courier’s route', () => {
  it('lists stops by position and points at the first one not marked', () => {
    const route = reply([stop(2, 2), stop(1, 1, 'entregue'), stop(3, 3)]);
    expect(stopsInOrder(route).map((each) => each.id)).toEqual([1, 2, 3]);
    expect(currentStop(route)?.id).toBe(2);
    expect(allMarked(route)).toBe(false);
    expect(allMarked(reply([stop(1, 1, 'entregue'), stop(2, 2, 'nao_entregue')]))).toBe(true);
    expect(allMarked(reply([]))).toBe(false);
  });

  it('puts a marked stop into the route, keeping its links', () => {
    const route = reply([stop(1, 1), stop(2, 2)]);
    const marked = {
      ...stop(1, 1, 'entregue'),
      em: '2026-11-27T22:20:00Z',
      links: { maps: null, waze: null, telefone: null, whatsapp: null },
    };
    const updated = withStop(route, marked);
    expect(updated.rota?.paradas[0]).toMatchObject({ estado: 'entregue', em: '2026-11-27T22:20:00Z' });
    expect(updated.rota?.paradas[0]?.links?.telefone).toBe('tel:+5511999990000');
  });

  it('keeps the last route on the phone per link, and forgets it when the link is revoked', () => {
    const route = reply([stop(1, 1)]);
    saveRoute('token-abcdefghijkl-1', route, new Date('2026-11-27T22:10:00Z'));
    expect(readSavedRoute('token-abcdefghijkl-1')).toEqual({
      savedAt: '2026-11-27T22:10:00.000Z',
      reply: route,
    });
    expect(readSavedRoute('another-token-000')).toBeNull();
    forgetRoute('token-abcdefghijkl-1');
    expect(readSavedRoute('token-abcdefghijkl-1')).toBeNull();
  });

  it('counts a mark answered "already marked" as done when it is the same mark (a retried tap)', () => {
    expect(markOutcome('entregue', stop(1, 1, 'entregue')).kind).toBe('done');
    expect(markOutcome('entregue', stop(1, 1, 'nao_entregue')).kind).toBe('other');
    expect(markOutcome('entregue', null).kind).toBe('unknown');
  });

  it('calls the customer by their first name', () => {
    expect(firstName('  Ana Maria Souza ')).toBe('Ana');
  });

  it('opens the way back to the store in Google Maps and Waze, without a key', () => {
    const { loja } = reply([]);
    expect(backToStoreMapsUrl(loja)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=-23.56%2C-46.65&travelmode=driving',
    );
    expect(backToStoreWazeUrl(loja)).toBe('https://waze.com/ul?ll=-23.56,-46.65&navigate=yes');
    expect(backToStoreWazeUrl({ ...loja, lat: null, lng: null })).toBeNull();
  });
});
