import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../lib/cart-store.ts';
import { DataCache, DataConfig } from '../lib/data-cache.tsx';
import { savePendingPix } from '../lib/pending-pix.ts';
import { languageStore, storedModeStore } from '../lib/preferences.ts';
import { tokenStore } from '../lib/session.ts';
import { START_PATHS } from '../lib/start-data.ts';
import { sessionToken } from '../test/accounts.tsx';
import { company, demoMenu } from '../test/fixtures.ts';
import { jsonFetch } from '../test/render.tsx';
import { App } from './app.tsx';

const { categories, products } = demoMenu();

function setup(over: Parameters<typeof company>[0] = {}) {
  const replies = {
    [START_PATHS.company]: [company(over)],
    [START_PATHS.categories]: categories,
    [START_PATHS.products]: products,
    [START_PATHS.hours]: [],
  };
  vi.stubGlobal('fetch', jsonFetch(replies));
  render(
    <DataConfig value={{ provider: () => new DataCache() }}>
      <App fallback={replies} />
    </DataConfig>,
  );
  return userEvent.setup();
}

describe('App shell', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/');
    languageStore.set('pt_br');
    storedModeStore.set(null);
    cartStore.set([]);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    tokenStore.set(null);
  });

  it("offline without a saved menu: the connection problem alone, no 'last saved menu' notice", async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(
      <DataConfig value={{ provider: () => new DataCache() }}>
        <App fallback={{}} />
      </DataConfig>,
    );
    expect(await screen.findByText(/Não foi possível se conectar/)).toBeInTheDocument();
    expect(screen.queryByText(/último cardápio salvo/)).toBeNull();
    onLine.mockRestore();
  });

  it('offline with the saved menu says it is the last saved one', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    setup();
    expect(screen.getByText(/último cardápio salvo/)).toBeInTheDocument();
    onLine.mockRestore();
  });

  it('has the landmarks: top bar, main and the tab bar', () => {
    setup();
    expect(screen.getByRole('banner')).toHaveTextContent('Forno & Brasa');
    expect(screen.getByRole('main')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegação principal' });
    expect(nav).toHaveTextContent('CardápioCarrinhoPerfil');
    expect(screen.getByRole('link', { name: 'Cardápio' })).toHaveAttribute('aria-current', 'page');
  });

  it('switches the language, remembers it and keeps it for the next visit', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Mudar idioma para inglês (English)' }));
    expect(screen.getByRole('link', { name: 'Menu' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the menu' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches the theme and remembers it; the store default applies until then', async () => {
    const user = setup({ default_style_mode: 'dark' });
    await vi.waitFor(() => expect(document.documentElement.dataset.mode).toBe('dark'));
    await user.click(screen.getByRole('button', { name: 'Usar modo claro' }));
    expect(document.documentElement.dataset.mode).toBe('light');
    expect(localStorage.getItem('mode')).toBe('light');
    expect(screen.getByRole('button', { name: 'Usar modo escuro' })).toBeInTheDocument();
  });

  it('applies the store look: title, colours and readable text on the primary colour', async () => {
    setup({ nome: 'Sakura', primary_color: '#ff5c8a' });
    await vi.waitFor(() => expect(document.title).toBe('Sakura'));
    const root = getComputedStyle(document.documentElement);
    expect(root.getPropertyValue('--primary').trim()).toBe('#ff5c8a');
    expect(root.getPropertyValue('--on-primary').trim()).toBe('#000000');
  });

  it('shows the closed banner for a closed store', () => {
    setup({ loja_aberta: false });
    expect(screen.getByText('Estamos fechados. Você não poderá concluir o pedido')).toBeInTheDocument();
  });

  it('shows a dismissible scheduling warning when orders can be scheduled', async () => {
    const user = setup({
      loja_aberta: false,
      agendamento_ativo: true,
      permite_agendamento: true,
      schedule_periods: [{ period: '2030-01-01T21:00:00.000Z', free: true }],
    });
    expect(screen.getByText(/você pode agendar/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fechar aviso' }));
    expect(screen.queryByText(/você pode agendar/)).not.toBeInTheDocument();
  });

  it('counts cart lines on the cart tab', () => {
    setup();
    act(() => cartStore.set([{}, {}] as never));
    expect(screen.getByRole('link', { name: /^Carrinho.*2 itens no carrinho$/ })).toBeInTheDocument();
  });

  it('hides both bars on the payment checkout routes', async () => {
    history.replaceState(null, '', '/pix_checkout');
    tokenStore.set(sessionToken());
    act(() => cartStore.set([{}] as never));
    savePendingPix({
      intentId: 'pi_0123456789',
      qrImage: null,
      copyCode: '000201',
      createdAt: Date.now(),
      expiresAt: Date.now() + 300_000,
      orderId: 321,
      amount: 3750,
      userId: 7,
      paid: false,
    });
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pague com PIX' })).toBeInTheDocument();
    expect(location.pathname).toBe('/pix_checkout');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('/pix_checkout has the checkout guard: a visitor goes to /signin', async () => {
    history.replaceState(null, '', '/pix_checkout');
    act(() => cartStore.set([{}] as never));
    setup();
    await vi.waitFor(() => expect(location.pathname).toBe('/signin'));
  });

  it('/pix_checkout has the checkout guard: signed in with an empty cart goes to /profile', async () => {
    history.replaceState(null, '', '/pix_checkout');
    tokenStore.set(sessionToken());
    setup();
    await vi.waitFor(() => expect(location.pathname).toBe('/profile'));
  });

  it('gives a signed-in customer the account menu instead of the visitor icons', async () => {
    tokenStore.set('abc');
    const user = setup();
    expect(screen.queryByRole('button', { name: 'Informações da loja' })).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Menu da conta' });
    await user.click(toggle);
    const menu = await screen.findByRole('list', { name: 'Menu da conta' });
    expect(menu).toHaveTextContent('Meu perfilInformações da lojaMeus pedidosUsar modo escuroPrivacidade');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Menu da conta' })).not.toBeInTheDocument();
    tokenStore.set(null);
  });

  it('opens the store info from the top bar', async () => {
    const user = setup();
    await user.click(screen.getByRole('button', { name: 'Informações da loja' }));
    expect(await screen.findByRole('dialog', { name: 'Forno & Brasa' })).toBeInTheDocument();
  });
});
