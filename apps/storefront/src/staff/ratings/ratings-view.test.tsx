import type { StaffRating, StaffRatingsReply } from '@comanda/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import RatingsView from './ratings-view.tsx';

const rating = (pedido: number, nota: number, comentario: string | null, at: string): StaffRating => ({
  pedido,
  numero: pedido - 5,
  cliente: 'Maria',
  nota,
  comentario,
  at,
  tipo_entrega: 'Entregar',
});

const page = (avaliacoes: StaffRating[], proximo: string | null = null): StaffRatingsReply => ({
  resumo: { total: 4, media: 3.5, por_nota: [1, 0, 0, 2, 1] },
  avaliacoes,
  proximo,
});

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

describe('the ratings screen', () => {
  it('shows the average, the count per star and the ratings in store time; the low ones and the next page', async () => {
    const api = stubStaffApi({
      'GET /staff/ratings?': {
        body: page(
          [rating(12, 5, 'Perfeito!', '2026-05-05T23:10:00Z'), rating(11, 4, null, '2026-05-05T20:00:00Z')],
          '2026-05-05T20:00:00.000Z',
        ),
      },
      'GET /staff/ratings?before=2026-05-05T20%3A00%3A00.000Z': {
        body: page([rating(9, 4, 'Bom', '2026-05-04T20:00:00Z')]),
      },
      'GET /staff/ratings?max_nota=2': { body: page([rating(10, 1, 'Veio frio.', '2026-05-05T12:00:00Z')]) },
    });
    const user = userEvent.setup();
    render(<RatingsView />);
    expect(await screen.findByRole('img', { name: '3,5 de 5' })).toBeInTheDocument();
    expect(screen.getByText('4 avaliações')).toBeInTheDocument();
    const bars = screen.getByRole('list', { name: 'Média' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['5 estrelas1', '4 estrelas2', '3 estrelas0', '2 estrelas0', '1 estrela1']);
    // 23:10 UTC is 20:10 in São Paulo.
    expect(screen.getByText('05/05/2026 20:10')).toBeInTheDocument();
    expect(screen.getByText('Perfeito!')).toBeInTheDocument();
    expect(screen.getByText('Sem comentário.')).toBeInTheDocument();
    expect(screen.getAllByText(/Maria · Pedido nº 7 · Entrega/)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Ver mais' }));
    expect(await screen.findByText('Bom')).toBeInTheDocument();
    expect(screen.getByText('Perfeito!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver mais' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Até 2 estrelas' }));
    expect(await screen.findByText('Veio frio.')).toBeInTheDocument();
    expect(screen.queryByText('Perfeito!')).toBeNull();
    expect(api.callsTo('GET', '/staff/ratings?max_nota=2')).toHaveLength(1);
  });

  it('says when there is nothing yet', async () => {
    stubStaffApi({
      'GET /staff/ratings?': {
        body: { resumo: { total: 0, media: null, por_nota: [0, 0, 0, 0, 0] }, avaliacoes: [], proximo: null },
      },
    });
    render(<RatingsView />);
    expect(
      await screen.findByText('Nenhuma avaliação ainda. Os clientes avaliam o pedido depois de entregue.'),
    ).toBeInTheDocument();
  });
});
