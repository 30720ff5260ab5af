import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../lib/cart-store.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { getToken, setToken, tokenStore } from '../../../lib/session.ts';
import { clearReturnPath } from '../../../lib/sign-in-return.ts';
import { customer, mockApi, renderApp, sessionToken } from '../../../test/accounts.tsx';

/** Spec section 2 redirect rules, as the account screens meet them. */
describe('account routes', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
    clearReturnPath();
  });
  afterEach(() => tokenStore.set(null));

  it.each(['/profile', '/my_privacy'])('%s sends a visitor to /signin', async (path) => {
    mockApi({});
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Entre ou crie sua conta' })).toBeInTheDocument();
    expect(location.pathname).toBe('/signin');
  });

  it.each(['/signin', '/signup', '/signin/11987654321', '/forgot/11987654321'])(
    '%s sends a signed-in customer to /profile with an empty cart',
    async (path) => {
      setToken(sessionToken());
      mockApi({ 'GET /core/cliente_app/7?format=json': { body: customer() } });
      renderApp(path);
      await vi.waitFor(() => expect(location.pathname).toBe('/profile'));
    },
  );

  it.each(['/pix_checkout', '/stripe_checkout', '/card_checkout'])(
    '%s: a visitor goes to /signin, a customer with an empty cart to /profile',
    async (path) => {
      mockApi({ 'GET /core/cliente_app/7?format=json': { body: customer() } });
      renderApp(path);
      await vi.waitFor(() => expect(location.pathname).toBe('/signin'));
      cleanup();
      setToken(sessionToken());
      renderApp(path);
      await vi.waitFor(() => expect(location.pathname).toBe('/profile'));
    },
  );

  it('any *_checkout route is the card route: without a card payment to make, back to the order', async () => {
    setToken(sessionToken());
    act(() => cartStore.set([{}] as never));
    mockApi({});
    renderApp('/stripe_checkout');
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
  });

  it('/signin sends a signed-in customer with a cart to /confirmation', async () => {
    setToken(sessionToken());
    act(() => cartStore.set([{}] as never));
    mockApi({});
    renderApp('/signin');
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
  });

  it('after sign-in goes back to the screen that asked for it', async () => {
    mockApi({
      'GET /core/telefone_login_app/11987654321': {
        body: { cliente_id: 7, nome_cliente: 'Maria', user_id: 7 },
      },
      'POST /core/v2/auth/api-token-auth-without-email/': {
        body: { token: sessionToken(), user: { id: 7, username: '11987654321', is_superuser: false } },
      },
      'GET /core/cliente_app/7?format=json': { body: customer() },
    });
    const user = renderApp('/my_privacy');
    await user.type(await screen.findByRole('textbox', { name: 'Celular' }), '11987654321');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await user.type(await screen.findByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByRole('heading', { level: 2, name: 'Privacidade' });
    expect(location.pathname).toBe('/my_privacy');
  });

  it('the account menu logs out and goes home', async () => {
    setToken(sessionToken());
    const api = mockApi({ 'POST /core/v2/auth/session-logout/': {} });
    const user = renderApp('/home');
    await user.click(screen.getByRole('button', { name: 'Menu da conta' }));
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    await vi.waitFor(() => expect(getToken()).toBeNull());
    expect(location.pathname).toBe('/home');
    expect(api.callsTo('POST', '/core/v2/auth/session-logout/')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Informações da loja' })).toBeInTheDocument();
  });
});
