import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { tokenStore } from '../../lib/session.ts';
import { START_PATHS } from '../../lib/start-data.ts';
import { company } from '../../test/fixtures.ts';
import { jsonFetch, renderWithData } from '../../test/render.tsx';
import { TopBar } from './top-bar.tsx';

function setup(path: string) {
  history.replaceState(null, '', path);
  const replies = { [START_PATHS.company]: [company()] };
  vi.stubGlobal('fetch', jsonFetch(replies));
  renderWithData(<TopBar />, replies);
  return userEvent.setup();
}

describe('TopBar', () => {
  beforeEach(() => languageStore.set('pt_br'));
  afterEach(() => {
    vi.unstubAllGlobals();
    tokenStore.set(null);
    languageStore.set('pt_br');
    history.replaceState(null, '', '/');
  });

  it("the checkout's top bar says what the screen is for, in both languages (issue 34, #14)", () => {
    setup('/confirmation');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Finalizar pedido');
    act(() => languageStore.set('en'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Checkout');
  });

  it('the menu keeps the store name as its title', () => {
    setup('/home');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forno & Brasa');
  });

  it('switching the language from the account menu closes the menu (issue 34, #14)', async () => {
    tokenStore.set('abc');
    const user = setup('/home');
    await user.click(screen.getByRole('button', { name: 'Menu da conta' }));
    await user.click(await screen.findByRole('button', { name: 'Mudar idioma para inglês (English)' }));
    expect(languageStore.get()).toBe('en');
    expect(screen.queryByRole('list', { name: /account menu|Menu da conta/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});
