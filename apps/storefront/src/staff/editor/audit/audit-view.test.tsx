import type { EditorAuditEntry } from '@comanda/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { setStaffToken } from '../../lib/staff-api.ts';
import { stubStaffApi } from '../../lib/test-kit.ts';
import AuditView from './audit-view.tsx';

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

const pizza = (valor_venda: number) => ({
  ref: 'margherita',
  descricao: 'Pizza Margherita',
  valor_venda,
  variants: [],
});
const menu = (products: object[]) => ({
  categories: [{ ref: 'pizzas', descricao: 'Pizzas', products }],
  option_groups: [],
});

function entry(id: number, overrides: Partial<EditorAuditEntry>): EditorAuditEntry {
  return {
    id,
    at: '2026-05-05T23:10:00.000Z',
    section: 'menu',
    menu_version: 10 + id,
    staff: { id: 3, nome: 'Carla', role: 'manager' },
    before: {},
    after: {},
    ...overrides,
  };
}

describe('the change history', () => {
  it('shows who saved what and when (UTC-3), and reads the change in plain words', async () => {
    stubStaffApi({
      'GET /staff/editor/audit?limit=20': {
        body: {
          entries: [
            entry(12, { before: menu([pizza(4590)]), after: menu([pizza(4990)]) }),
            entry(11, {
              at: '2026-05-04T15:00:00.000Z',
              section: 'coupons',
              staff: { id: 1, nome: 'Rita', role: 'owner' },
              before: { coupons: [] },
              after: {
                coupons: [
                  {
                    code: 'FRETE',
                    descricao: '',
                    perc: false,
                    valor: 500,
                    local: 'Entrega',
                    ativo: true,
                    valid_from: null,
                    valid_until: '2026-06-30T23:59:59-03:00',
                    max_uses: null,
                    max_uses_per_customer: null,
                    min_subtotal: 0,
                  },
                ],
              },
            }),
            entry(10, {
              section: 'look',
              before: { look: { primary_color: '#b3261e', logo: null, default_style_mode: 'light' } },
              after: {
                look: { primary_color: '#8a1c1c', logo: '/media/l.webp', default_style_mode: 'dark' },
              },
            }),
          ],
          next_before: null,
        },
      },
    });
    render(<AuditView />);
    const entries = await screen.findAllByRole('article');
    expect(entries.map((article) => article.getAttribute('aria-label'))).toEqual([
      'Cardápio, 05/05/2026 20:10',
      'Cupons, 04/05/2026 12:00',
      'Visual, 05/05/2026 20:10',
    ]);
    expect(entries[0]).toHaveTextContent('Por Carla, gerente');
    expect(within(entries[0]!).getByRole('listitem')).toHaveTextContent(
      'Pizza Margherita: preço R$ 45,90 → R$ 49,90',
    );
    expect(entries[1]).toHaveTextContent('Por Rita, dono(a)');
    expect(entries[1]).toHaveTextContent('Cupom adicionado: FRETE');
    expect(
      within(entries[2]!)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Cor principal #b3261e → #8a1c1c', 'Logo: imagem adicionada', 'Tema inicial claro → escuro']);
    expect(screen.getByText('Não há alterações mais antigas.')).toBeInTheDocument();
  });

  it('folds a big change under a summary, closed until asked', async () => {
    const products = (price: number) =>
      Array.from({ length: 5 }, (_, i) => ({
        ref: `p${i}`,
        descricao: `Pizza ${i}`,
        valor_venda: price,
        variants: [],
      }));
    stubStaffApi({
      'GET /staff/editor/audit?limit=20': {
        body: {
          entries: [entry(5, { before: menu(products(4000)), after: menu(products(4200)) })],
          next_before: null,
        },
      },
    });
    const user = userEvent.setup();
    render(<AuditView />);
    const summary = await screen.findByText('Ver as 5 alterações');
    const details = summary.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await user.click(summary);
    expect(details).toHaveAttribute('open');
    expect(within(details).getAllByRole('listitem')[0]).toHaveTextContent(
      'Pizza 0: preço R$ 40,00 → R$ 42,00',
    );
  });

  it('pages back with next_before until there is nothing older', async () => {
    const api = stubStaffApi({
      'GET /staff/editor/audit?limit=20': {
        body: {
          entries: [entry(30, { before: menu([pizza(4590)]), after: menu([pizza(4690)]) })],
          next_before: 30,
        },
      },
      'GET /staff/editor/audit?limit=20&before=30': {
        body: {
          entries: [entry(29, { before: menu([pizza(4490)]), after: menu([pizza(4590)]) })],
          next_before: null,
        },
      },
    });
    const user = userEvent.setup();
    render(<AuditView />);
    expect(await screen.findByText('Pizza Margherita: preço R$ 45,90 → R$ 46,90')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ver alterações mais antigas' }));
    expect(await screen.findByText('Pizza Margherita: preço R$ 44,90 → R$ 45,90')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Ver alterações mais antigas' })).toBeNull();
    expect(api.callsTo('GET', '/staff/editor/audit?limit=20&before=30')).toHaveLength(1);
  });

  it('says so when the history cannot be read, and tries again', async () => {
    const api = stubStaffApi({
      'GET /staff/editor/audit?limit=20': {
        status: 403,
        body: { code: 'FORBIDDEN', detail: 'Só gerentes e donos.' },
      },
    });
    const user = userEvent.setup();
    render(<AuditView />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o histórico: Só gerentes e donos.',
    );
    api.on('GET /staff/editor/audit?limit=20', { body: { entries: [], next_before: null } });
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Nenhuma alteração salva ainda.')).toBeInTheDocument();
  });

  it('words pauses and sold-out switches in one line each, with who and when, in pt-BR and English', async () => {
    const controls = {
      entries: [
        entry(44, {
          section: 'sold_out',
          at: '2026-05-05T23:40:00.000Z',
          staff: { id: 7, nome: 'Caio', role: 'attendant' },
          before: { esgotado: true },
          after: {
            kind: 'option_item',
            ref: 'calabresa',
            descricao: 'Calabresa',
            esgotado: false,
            copies: 4,
          },
        }),
        entry(43, {
          section: 'sold_out',
          at: '2026-05-05T23:20:00.000Z',
          before: { esgotado: false },
          after: {
            kind: 'product',
            ref: 'pizza-calabresa',
            descricao: 'Pizza Calabresa',
            esgotado: true,
            copies: 1,
          },
        }),
        entry(42, {
          section: 'pause',
          at: '2026-05-05T23:15:00.000Z',
          before: { paused_until: '2026-05-05T23:40:00.000Z', pause_reason: 'Cozinha cheia' },
          after: { paused_until: null, pause_reason: null },
        }),
        entry(41, {
          section: 'pause',
          at: '2026-05-05T23:10:00.000Z',
          before: { paused_until: null, pause_reason: null },
          after: { paused_until: '2026-05-05T23:40:00.000Z', pause_reason: 'Cozinha cheia', minutes: 30 },
        }),
      ],
      next_before: null,
    };
    stubStaffApi({ 'GET /staff/editor/audit?limit=20': { body: controls } });
    const { unmount } = render(<AuditView />);
    const pause = await screen.findByRole('article', { name: 'Pausa, 05/05/2026 20:10' });
    expect(within(pause).getByRole('heading')).toHaveTextContent('Pausou a loja por 30 min: Cozinha cheia');
    expect(pause).toHaveTextContent('Por Carla, gerente');
    expect(screen.getByRole('article', { name: 'Pausa, 05/05/2026 20:15' })).toHaveTextContent(
      'Encerrou a pausa',
    );
    expect(screen.getByRole('article', { name: 'Esgotados, 05/05/2026 20:20' })).toHaveTextContent(
      'Esgotou Pizza Calabresa',
    );
    const back = screen.getByRole('article', { name: 'Esgotados, 05/05/2026 20:40' });
    expect(back).toHaveTextContent('Voltou Calabresa');
    expect(back).toHaveTextContent('Opção, em 4 grupos · Por Caio, atendente');
    // No refs, no ISO instants.
    expect(document.body.textContent).not.toMatch(/calabresa|pizza-|T23:/);
    unmount();

    languageStore.set('en');
    render(<AuditView />);
    expect(await screen.findByText('Paused the store for 30 min: Cozinha cheia')).toBeInTheDocument();
    expect(screen.getByText('Ended the pause')).toBeInTheDocument();
    expect(screen.getByText('Marked Pizza Calabresa sold out')).toBeInTheDocument();
    expect(screen.getByText('Calabresa back on sale')).toBeInTheDocument();
    expect(screen.getByText('Option, in 4 groups · By Caio, attendant')).toBeInTheDocument();
  });

  it('words a change of the store’s rules in one line, without the capabilities’ names (issue 33)', async () => {
    stubStaffApi({
      'GET /staff/editor/audit?limit=20': {
        body: {
          entries: [
            entry(50, {
              section: 'roles',
              at: '2026-05-05T23:45:00.000Z',
              staff: { id: 1, nome: 'Olga', role: 'owner' },
              before: {},
              after: { 'orders.cancel': 'manager' },
            }),
          ],
          next_before: null,
        },
      },
    });
    render(<AuditView />);
    const rules = await screen.findByRole('article', { name: 'Regras da equipe, 05/05/2026 20:45' });
    expect(within(rules).getByRole('heading')).toHaveTextContent('Mudou quem pode fazer o quê na loja');
    expect(rules).toHaveTextContent('Por Olga, dono(a)');
    expect(document.body.textContent).not.toMatch(/orders\.cancel/);
  });
});
