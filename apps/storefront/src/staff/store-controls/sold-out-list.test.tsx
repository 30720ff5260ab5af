import type { MenuAvailabilityReply } from '@comanda/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import { SoldOutList } from './sold-out-list.tsx';

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

// The pizzaria's shape: four flavour groups holding the same flavours, listed once by the server.
const availability = (): MenuAvailabilityReply => ({
  categories: [
    {
      id: 1,
      descricao: 'Pizzas tradicionais',
      products: [
        { id: 10, descricao: 'Pizza Calabresa Média', esgotado: false },
        { id: 11, descricao: 'Pizza Portuguesa Média', esgotado: false },
      ],
    },
    { id: 2, descricao: 'Bebidas', products: [{ id: 20, descricao: 'Guaraná lata', esgotado: true }] },
  ],
  option_lists: [
    {
      key: '1-2-3-4',
      groups: ['Escolha até 2 sabores'],
      products: [
        'Combo Grande + Refri 2 L',
        'Pizza Meio a Meio Média',
        'Pizza Meio a Meio Grande',
        'Pizza Dois Sabores Premium',
      ],
      items: [
        { id: 100, ids: [100, 200, 300, 400], descricao: 'Calabresa', esgotado: false },
        { id: 101, ids: [101, 201, 301, 401], descricao: 'Frango com Catupiry', esgotado: false },
        { id: 102, ids: [102, 202, 302, 402], descricao: 'Portuguesa', esgotado: false },
      ],
    },
    {
      key: '5',
      groups: ['Borda recheada'],
      products: ['Pizza Calabresa Média'],
      items: [{ id: 500, ids: [500], descricao: 'Catupiry', esgotado: false }],
    },
  ],
});

function stub() {
  return stubStaffApi({
    'GET /staff/menu/availability': { body: availability() },
    'PUT /staff/menu/option-items/100/sold-out': ({ body }) => ({
      body: {
        id: 100,
        descricao: 'Calabresa',
        esgotado: (body as { sold_out: boolean }).sold_out,
        ids: [100, 200, 300, 400],
        menu_version: 9,
      },
    }),
  });
}

const search = () => screen.getByRole('searchbox', { name: 'Buscar produto ou opção' });

describe('the sold-out screen', () => {
  it('opens folded: one line per category and per option list, named by its products, no refs', async () => {
    stub();
    render(<SoldOutList />);
    const flavours = (await screen.findByText('Escolha até 2 sabores')).closest('details')!;
    expect(flavours).not.toHaveAttribute('open');
    expect(flavours).toHaveTextContent(
      'Em Combo Grande + Refri 2 L, Pizza Meio a Meio Média, Pizza Meio a Meio Grande e mais 1',
    );
    expect(screen.getByText('Bebidas').closest('details')).toHaveTextContent('1 esgotado');
    // Calabresa has one switch, however many groups hold it.
    expect(screen.getAllByRole('checkbox', { name: 'Esgotado: Calabresa', hidden: true })).toHaveLength(1);
    expect(within(flavours).getAllByText('em 4 grupos')).toHaveLength(3);
  });

  it('filters products and option items as it is typed, ignoring accents and case', async () => {
    stub();
    render(<SoldOutList />);
    await screen.findByText('Escolha até 2 sabores');
    await userEvent.type(search(), 'CALABRÉSA');
    expect(screen.getByRole('checkbox', { name: 'Esgotado: Calabresa' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Esgotado: Pizza Calabresa Média' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: 'Esgotado: Portuguesa', hidden: true })).toBeNull();
    expect(screen.queryByText('Bebidas')).toBeNull();
    // A pizza's name does not pull in every group that pizza asks for.
    expect(screen.queryByText('Borda recheada')).toBeNull();

    await userEvent.clear(search());
    await userEvent.type(search(), 'catupiry');
    expect(screen.getByRole('checkbox', { name: 'Esgotado: Frango com Catupiry' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Esgotado: Catupiry' })).toBeVisible();

    await userEvent.clear(search());
    await userEvent.type(search(), 'sabores');
    expect(screen.getAllByRole('checkbox')).toHaveLength(3);

    await userEvent.clear(search());
    await userEvent.type(search(), 'lasanha');
    expect(screen.getByRole('status')).toHaveTextContent('Nada encontrado para “lasanha”.');
    await userEvent.click(screen.getByRole('button', { name: 'Limpar a busca' }));
    expect(search()).toHaveValue('');
    expect(screen.getByText('Bebidas')).toBeVisible();
  });

  it('one tap switches the flavour off in every group: one call, and back', async () => {
    const api = stub();
    render(<SoldOutList />);
    await screen.findByText('Escolha até 2 sabores');
    await userEvent.type(search(), 'calabresa');
    const calabresa = screen.getByRole('checkbox', { name: 'Esgotado: Calabresa' });
    await userEvent.click(calabresa);
    expect(calabresa).toBeChecked();
    expect(calabresa.closest('label')).toHaveTextContent('Esgotado');
    expect(api.callsTo('PUT', '/staff/menu/option-items/100/sold-out')).toEqual([
      { method: 'PUT', path: '/staff/menu/option-items/100/sold-out', body: { sold_out: true } },
    ]);
    await userEvent.clear(search());
    expect(screen.getByText('Escolha até 2 sabores').closest('details')).toHaveTextContent('1 esgotado');
    await userEvent.type(search(), 'calab');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Esgotado: Calabresa' }));
    expect(screen.getByRole('checkbox', { name: 'Esgotado: Calabresa' })).not.toBeChecked();
    expect(api.callsTo('PUT', '/staff/menu/option-items/100/sold-out').at(-1)?.body).toEqual({
      sold_out: false,
    });
  });

  it('a refused switch says why and shows the list as the server has it', async () => {
    stubStaffApi({
      'GET /staff/menu/availability': { body: availability() },
      'PUT /staff/menu/option-items/101/sold-out': {
        status: 404,
        body: { code: 'OPTION_ITEM_NOT_FOUND', detail: 'Opção não encontrada.' },
      },
    });
    render(<SoldOutList />);
    await screen.findByText('Escolha até 2 sabores');
    await userEvent.type(search(), 'frango');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Esgotado: Frango com Catupiry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível: Opção não encontrada.');
    expect(screen.getByRole('checkbox', { name: 'Esgotado: Frango com Catupiry' })).not.toBeChecked();
  });

  it('a switch without a network says so in words, never the browser’s "Failed to fetch"', async () => {
    stubStaffApi({
      'GET /staff/menu/availability': { body: availability() },
      'PUT /staff/menu/option-items/101/sold-out': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    render(<SoldOutList />);
    await screen.findByText('Escolha até 2 sabores');
    await userEvent.type(search(), 'frango');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Esgotado: Frango com Catupiry' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sem conexão com o servidor: nada foi alterado. Tente de novo.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
  });

  it('speaks English', async () => {
    languageStore.set('en');
    stub();
    render(<SoldOutList />);
    expect(await screen.findByRole('searchbox', { name: 'Search a product or option' })).toBeVisible();
    expect(screen.getByText('Bebidas').closest('details')).toHaveTextContent('1 sold out');
    expect(screen.getByText('Escolha até 2 sabores').closest('details')).toHaveTextContent(
      'In Combo Grande + Refri 2 L, Pizza Meio a Meio Média, Pizza Meio a Meio Grande and 1 more',
    );
  });
});
