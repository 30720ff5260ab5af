import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../lib/preferences.ts';
import { START_PATHS } from '../lib/start-data.ts';
import { mockApi, renderApp } from '../test/accounts.tsx';
import { demoMenu } from '../test/fixtures.ts';
import { atTable, GUEST_TAB_PATH, guestTable, TABLES } from '../test/table-fixtures.ts';

describe('table mode in the shell', () => {
  beforeEach(() => languageStore.set('pt_br'));
  afterEach(() => vi.unstubAllGlobals());

  it("the banner's 'Conta' opens the table's tab, titled 'Conta da mesa'", async () => {
    atTable();
    mockApi({
      [`GET ${START_PATHS.productsLocal}`]: { body: demoMenu().products },
      [`GET ${START_PATHS.tables}`]: { body: TABLES },
      [`GET ${GUEST_TAB_PATH}`]: { body: guestTable() },
    });
    const user = renderApp('/');
    const banner = await screen.findByRole('region', { name: 'Sua mesa' });
    await user.click(within(banner).getByRole('link', { name: 'Conta' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Conta da mesa' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Rodadas' })).toBeInTheDocument();
    // On the tab itself the banner only names the table: the screen has the actions.
    expect(within(banner).getByText('Mesa 3')).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Conta' })).toBeNull();
    expect(within(banner).queryByRole('button', { name: 'Chamar garçom' })).toBeNull();
  });

  it('/mesa outside table mode goes to the menu', async () => {
    mockApi({});
    renderApp('/mesa');
    await waitFor(() => expect(location.pathname).toBe('/home'));
    expect(screen.queryByRole('region', { name: 'Sua mesa' })).toBeNull();
  });
});
