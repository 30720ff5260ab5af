import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../lib/cart-store.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { getToken, setToken, tokenStore } from '../../../lib/session.ts';
import { customer, mockApi, renderApp, sessionToken } from '../../../test/accounts.tsx';

const UPDATE = 'POST /core/v2/customer/update-customer-privacy';
const LINK_ID = 'q1w2e3r4t5y6u7i8o9p0a1s2';
const READ = `GET /core/v2/customer/get-customer-privacy/?cid=${LINK_ID}`;
const promoBox = () => screen.getByRole('checkbox', { name: /ofertas e novidades/ });

describe('privacy', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
  });
  afterEach(() => {
    tokenStore.set(null);
    vi.useRealTimers();
  });

  describe('/my_privacy (signed in)', () => {
    beforeEach(() => setToken(sessionToken()));

    it('changes the preference with the customer id and token, then goes home after 3 s', async () => {
      const api = mockApi({
        'GET /core/cliente_app/7?format=json': { body: customer({ send_promo: 'remove_promo' }) },
        [UPDATE]: { body: { success: true, send_promo: 'get_promo' } },
      });
      const user = renderApp('/my_privacy');
      await screen.findByRole('heading', { level: 2, name: 'Privacidade' });
      expect(promoBox()).not.toBeChecked();
      await user.click(promoBox());
      vi.useFakeTimers({ shouldAdvanceTime: true });
      await user.click(screen.getByRole('button', { name: 'Salvar preferência' }));
      expect(await screen.findByText(/Preferência atualizada!/)).toBeInTheDocument();
      const update = api.callsTo('POST', '/core/v2/customer/update-customer-privacy')[0]!;
      expect(update.body).toEqual({ cid: 7, is_encoded: false, send_promo: true });
      expect(update.headers.get('Authorization')).toBe(`Bearer ${sessionToken()}`);
      act(() => vi.advanceTimersByTime(2900));
      expect(location.pathname).toBe('/my_privacy');
      act(() => vi.advanceTimersByTime(200));
      expect(location.pathname).toBe('/home');
    });

    it("says 'privacy update error' and stays when the save fails", async () => {
      mockApi({
        'GET /core/cliente_app/7?format=json': { body: customer({ send_promo: 'get_promo' }) },
        [UPDATE]: { status: 500, body: {} },
      });
      const user = renderApp('/my_privacy');
      await screen.findByRole('heading', { level: 2, name: 'Privacidade' });
      expect(promoBox()).toBeChecked();
      await user.click(promoBox());
      await user.click(screen.getByRole('button', { name: 'Salvar preferência' }));
      expect(
        await screen.findByText('Não foi possível atualizar a sua preferência. Tente novamente.'),
      ).toBeInTheDocument();
      expect(location.pathname).toBe('/my_privacy');
    });

    it('ends an expired session at /signin', async () => {
      mockApi({
        'GET /core/cliente_app/7?format=json': { body: customer() },
        [UPDATE]: { status: 401, body: { detail: 'Sua sessão expirou. Entre novamente.' } },
      });
      const user = renderApp('/my_privacy');
      await screen.findByRole('heading', { level: 2, name: 'Privacidade' });
      await user.click(screen.getByRole('button', { name: 'Salvar preferência' }));
      await vi.waitFor(() => expect(location.pathname).toBe('/signin'));
      expect(getToken()).toBeNull();
    });
  });

  describe('/mobile/privacy/{encoded_id} (public)', () => {
    it('reads and changes the preference by the encoded id alone', async () => {
      const api = mockApi({
        [READ]: { body: { success: true, nome: 'Maria', send_promo: 'get_promo' } },
        [UPDATE]: { body: { success: true, send_promo: 'remove_promo' } },
      });
      const user = renderApp(`/mobile/privacy/${LINK_ID}`);
      await screen.findByRole('heading', { name: 'Olá, Maria!' });
      expect(promoBox()).toBeChecked();
      await user.click(promoBox());
      await user.click(screen.getByRole('button', { name: 'Salvar preferência' }));
      expect(await screen.findByText(/Preferência atualizada!/)).toBeInTheDocument();
      const update = api.callsTo('POST', '/core/v2/customer/update-customer-privacy')[0]!;
      expect(update.body).toEqual({ cid: LINK_ID, is_encoded: true, send_promo: false });
      expect(update.headers.get('Authorization')).toBeNull();
    });

    it('goes to /home when the lookup is unsuccessful', async () => {
      mockApi({
        [READ]: { status: 404, body: { detail: 'Cliente não encontrado.', code: 'CUSTOMER_NOT_FOUND' } },
      });
      renderApp(`/mobile/privacy/${LINK_ID}`);
      await vi.waitFor(() => expect(location.pathname).toBe('/home'));
    });
  });
});
