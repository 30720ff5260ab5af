import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../lib/cart-store.ts';
import { storedCoupon } from '../../../lib/coupon-param.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { setToken, tokenStore } from '../../../lib/session.ts';
import { customer, mockApi, renderApp, sessionToken } from '../../../test/accounts.tsx';
import { AVAILABLE_COUPONS_PATH } from '../api/available-coupons.ts';

const COUPONS = [
  {
    id: 1,
    codigo: 'BEMVINDO10',
    valor: 10,
    perc: true,
    descricao: '10% de desconto nos produtos',
    local: 'Carrinho',
    valor_minimo: 0,
  },
  {
    id: 3,
    codigo: 'PRIMEIRA15',
    valor: 1500,
    perc: false,
    descricao: 'R$ 15,00 no primeiro pedido',
    local: 'Carrinho',
    valor_minimo: 6000,
  },
];

/** Spec section 2 "Bars": the signed-in menu lists the available coupons, only if there are any. */
describe('available coupons', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
    localStorage.clear();
    setToken(sessionToken());
  });
  afterEach(() => {
    tokenStore.set(null);
    vi.unstubAllGlobals();
  });

  it('the account menu opens the coupon-copy dialog: copy a code, or keep it for the checkout', async () => {
    mockApi({
      'GET /core/cliente_app/7?format=json': { body: customer() },
      [`GET ${AVAILABLE_COUPONS_PATH}`]: { body: COUPONS },
    });
    const user = renderApp('/home');
    await user.click(screen.getByRole('button', { name: 'Menu da conta' }));
    await user.click(await screen.findByRole('button', { name: 'Cupons disponíveis (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cupons disponíveis' });
    const items = within(dialog).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[1]).toHaveTextContent('Para pedidos a partir de R$ 60,00.');
    expect(within(items[0]!).getByRole('textbox', { name: 'Código do cupom' })).toHaveValue('BEMVINDO10');
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(items[0]!).getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith('BEMVINDO10');
    await user.click(within(items[1]!).getByRole('button', { name: 'Usar no pedido' }));
    expect(storedCoupon()).toBe('PRIMEIRA15');
    expect(within(dialog).getByText(/Cupom PRIMEIRA15 guardado/)).toBeInTheDocument();
  });

  it('no coupons, no menu entry', async () => {
    mockApi({
      'GET /core/cliente_app/7?format=json': { body: customer() },
      [`GET ${AVAILABLE_COUPONS_PATH}`]: { body: [] },
    });
    const user = renderApp('/home');
    await user.click(screen.getByRole('button', { name: 'Menu da conta' }));
    await screen.findByRole('button', { name: 'Meus pedidos' });
    expect(screen.queryByRole('button', { name: /Cupons disponíveis/ })).toBeNull();
  });
});
