import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { isLocalMode } from '../../lib/source.ts';
import { START_PATHS } from '../../lib/start-data.ts';
import { mockApi } from '../../test/accounts.tsx';
import { company } from '../../test/fixtures.ts';
import { renderWithData } from '../../test/render.tsx';
import {
  atTable,
  CALLS_PATH,
  GUEST_TAB_PATH,
  guestTable,
  TABLES,
  tableCall,
} from '../../test/table-fixtures.ts';
import { BannerLine } from './banner-line.tsx';
import { FlashHost } from './flash-host.tsx';

const NOT_FOUND = 'Mesa não encontrada. Leia o QrCode novamente ou faça o login';

function setup(handlers: Parameters<typeof mockApi>[0] = {}, store = company()) {
  const api = mockApi({
    [`GET ${START_PATHS.company}`]: { body: [store] },
    [`GET ${START_PATHS.tables}`]: { body: TABLES },
    ...handlers,
  });
  const view = renderWithData(
    <>
      <BannerLine />
      <FlashHost />
    </>,
    { [START_PATHS.company]: [store] },
  );
  return { api, view, user: userEvent.setup() };
}

describe('table banner (spec section 2 "Bars", section 8 "Table not found")', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the table's description with 'Chamar garçom' and 'Conta' (the tab screen)", async () => {
    atTable();
    setup({ [`GET ${GUEST_TAB_PATH}`]: { body: guestTable() } });
    const banner = await screen.findByRole('region', { name: 'Sua mesa' });
    expect(within(banner).getByText('Mesa 3')).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Chamar garçom' })).toBeEnabled();
    expect(within(banner).getByRole('link', { name: 'Conta' })).toHaveAttribute('href', '/mesa');
  });

  it('keeps its line from the first frame while the table is looked up, so the menu does not move', async () => {
    atTable();
    const { view } = setup({ [`GET ${GUEST_TAB_PATH}`]: () => ({ offline: true }) });
    // The line is there at once (the lazy banner's fallback, then the banner looking the table up).
    expect(view.container.querySelector('.banner-table')).not.toBeNull();
    await screen.findByText('Mesa 3');
    expect(view.container.querySelectorAll('.banner-table')).toHaveLength(1);
  });

  it('an unknown table (404 TABLE_NOT_FOUND) shows the spec text', async () => {
    atTable();
    setup({
      [`GET ${GUEST_TAB_PATH}`]: {
        status: 404,
        body: { code: 'TABLE_NOT_FOUND', detail: 'Mesa não encontrada.' },
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent(NOT_FOUND);
    expect(screen.queryByRole('button', { name: 'Chamar garçom' })).toBeNull();
  });

  it('an invalid or rotated token (400 TABLE_TOKEN_INVALID) is a table not found too', async () => {
    atTable();
    setup({
      [`GET ${GUEST_TAB_PATH}`]: { status: 400, body: { code: 'TABLE_TOKEN_INVALID', detail: NOT_FOUND } },
    });
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });

  it('a QR address without a token is a table not found, with nothing asked of the server', async () => {
    atTable('3', null);
    const { api } = setup();
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.includes('/tab/'))).toHaveLength(0);
  });

  it("a QR address naming no table ('/local/mesa-99') is a table not found, with nothing asked", async () => {
    atTable('mesa-99', null);
    const { api } = setup();
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.includes('/tab/'))).toHaveLength(0);
  });

  it('a table missing from the tables list is not found', async () => {
    atTable('9', 'tok-9');
    setup({ 'GET /bar/v2/tables/9/tab/?token=tok-9': () => ({ offline: true }) });
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });

  it('in English', async () => {
    languageStore.set('en');
    atTable();
    setup({ [`GET ${GUEST_TAB_PATH}`]: { status: 404, body: { code: 'TABLE_NOT_FOUND' } } });
    expect(await screen.findByText('Table not found. Scan the QR code again or sign in')).toBeInTheDocument();
  });

  it("'Sair' on a table not found leaves table mode; the store's own banner comes back", async () => {
    atTable();
    const { user } = setup(
      { [`GET ${GUEST_TAB_PATH}`]: { status: 404, body: { code: 'TABLE_NOT_FOUND' } } },
      company({ loja_aberta: false }),
    );
    await user.click(await screen.findByRole('button', { name: 'Sair do modo mesa' }));
    expect(isLocalMode()).toBe(false);
    expect(
      await screen.findByText('Estamos fechados. Você não poderá concluir o pedido'),
    ).toBeInTheDocument();
  });

  it("'Chamar garçom' calls the waiter and says when", async () => {
    atTable();
    const { api, user } = setup({
      [`GET ${GUEST_TAB_PATH}`]: { body: guestTable() },
      [`POST ${CALLS_PATH}`]: { status: 201, body: tableCall() },
    });
    await user.click(await screen.findByRole('button', { name: 'Chamar garçom' }));
    expect(api.callsTo('POST', CALLS_PATH)[0]!.body).toEqual({ kind: 'waiter' });
    expect(await screen.findByText('Garçom chamado às 20:15. Já vamos até a sua mesa.')).toBeInTheDocument();
  });

  it('too many calls (429) shows the server detail in a dialog', async () => {
    atTable();
    const { user } = setup({
      [`GET ${GUEST_TAB_PATH}`]: { body: guestTable() },
      [`POST ${CALLS_PATH}`]: {
        status: 429,
        body: { code: 'TOO_MANY_TABLE_CALLS', detail: 'Muitos chamados. Aguarde 5 minutos.' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Chamar garçom' }));
    const dialog = await screen.findByRole('dialog', { name: 'Não foi possível chamar' });
    expect(dialog).toHaveTextContent('Muitos chamados. Aguarde 5 minutos.');
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('outside table mode there is no table banner and the tables list is not fetched', async () => {
    const { api } = setup({}, company({ loja_aberta: false }));
    expect(
      await screen.findByText('Estamos fechados. Você não poderá concluir o pedido'),
    ).toBeInTheDocument();
    await act(async () => {});
    expect(api.callsTo('GET', START_PATHS.tables)).toHaveLength(0);
  });

  it('a table banner comes first: a closed store at a table still shows the table', async () => {
    atTable();
    setup({ [`GET ${GUEST_TAB_PATH}`]: { body: guestTable() } }, company({ loja_aberta: false }));
    expect(await screen.findByText('Mesa 3')).toBeInTheDocument();
    expect(screen.queryByText('Estamos fechados. Você não poderá concluir o pedido')).toBeNull();
  });
});
