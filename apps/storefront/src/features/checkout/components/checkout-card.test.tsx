import type { Company } from '@comanda/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore, saveCart } from '../../../lib/cart-store.ts';
import { customerPath } from '../../../lib/customer.ts';
import { PENDING_CARD_KEY, readPendingCard, savePendingCard } from '../../../lib/pending-card.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { setToken } from '../../../lib/session.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { customer, mockApi, sessionToken } from '../../../test/accounts.tsx';
import { company, paymentMethod, placedOrder } from '../../../test/fixtures.ts';
import { cartWith, drink, listed } from '../../../test/product-fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import CheckoutScreen from './checkout-screen.tsx';

/* The checkout with cards through the app (spec section 4 "Card payment", "Payment routing"). */

const CARD_STORE: Partial<Company> = { online_payment: true, payment_by_card: true };
const CREATE = 'POST /bar/v2/payment/create-payment-intent/';
const GET = 'POST /bar/v2/payment/get-payment-intent/';
const VISA = { id: 7, brand: 'visa' as const, ultimos4: '4242', excluido: false };

const waiting = {
  integration: 'stripe',
  intent_id: 'pi_card_0123456789',
  order_id: 321,
  status: 'pending',
  amount: 1950,
  qr_content: null,
  qrcode: null,
  expires_at: null,
  expires_in: null,
  payed: false,
  clientSecret: 'pi_x_secret_y',
  authorization_code: null,
  card_kit: { provider: 'stripe', script_url: 'https://js.stripe.com/v3/', public_key: 'pk_test_abc' },
  order_data: null,
};
const placed = {
  success: true,
  detail: 'ok',
  order_info: {
    order_id: 321,
    status: 'Solicitado',
    total: 1950,
    estimated_time: '20:30',
    pontos_fidelidade: 0,
  },
  order: placedOrder(),
};

function setup(handlers: Parameters<typeof mockApi>[0] = {}, cards = [VISA]) {
  const data = {
    [START_PATHS.company]: [company({ valor_minimo: 0, ...CARD_STORE })],
    // The cart's product as the store lists it now (the checkout checks its lines).
    [START_PATHS.products]: [listed(drink())],
    [START_PATHS.paymentMethods]: [paymentMethod({ id: 2, descricao: 'Cartão na entrega', tipo: 'cartao' })],
    [START_PATHS.loyalty]: [],
    [customerPath(7)]: customer({ cards }),
  };
  const api = mockApi({
    ...Object.fromEntries(Object.entries(data).map(([path, body]) => [`GET ${path}`, { body }])),
    ...handlers,
  });
  renderWithData(<CheckoutScreen />, data);
  return { api, user: userEvent.setup() };
}

describe('checkout with cards through the app', () => {
  const assign = vi.fn();
  beforeEach(() => {
    languageStore.set('pt_br');
    localStorage.clear();
    history.replaceState(null, '', '/confirmation');
    act(() => setToken(sessionToken()));
    saveCart(cartWith([{ product: drink(), times: 3 }]));
    assign.mockReset();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    cartStore.set([]);
  });

  it('preselects a new card when the store takes cards online; saved cards are offered beside it', async () => {
    setup();
    expect(await screen.findByRole('radio', { name: 'Pagamento online (cartão)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Visa final 4242' })).not.toBeChecked();
  });

  it('a new card: the intent is kept and the card route opened as a page of its own', async () => {
    const { api, user } = setup({
      [CREATE]: { status: 201, body: { success: true, detail: 'ok', data: waiting } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('button', { name: /^Confirmar pedido/ }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/card_checkout'));
    expect(api.callsTo('POST', '/bar/v2/payment/create-payment-intent/')[0]!.body).toMatchObject({
      type: 'card',
      order: { fk_forma_pagamento: 998 },
    });
    expect(readPendingCard()).toMatchObject({ intentId: 'pi_card_0123456789', mode: 'new', paid: false });
  });

  it('a saved card is charged at once: the success dialog, never the card route', async () => {
    const { api, user } = setup({
      [CREATE]: {
        status: 201,
        body: {
          success: true,
          detail: 'ok',
          data: { ...waiting, payed: true, clientSecret: null, order_data: placed },
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'Visa final 4242' }));
    await user.click(screen.getByRole('button', { name: /^Confirmar pedido/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(dialog).toHaveTextContent('Seu pedido nº 321 foi recebido.');
    expect(within(dialog).queryByRole('link', { name: 'Enviar comprovante' })).toBeNull();
    expect(api.callsTo('POST', '/bar/v2/payment/create-payment-intent/')[0]!.body).toMatchObject({ card: 7 });
    expect(assign).not.toHaveBeenCalled();
  });

  it('back from the card route with the payment confirmed, the order is confirmed at once', async () => {
    savePendingCard({
      intentId: 'pi_card_0123456789',
      orderId: 321,
      amount: 1950,
      clientSecret: 'pi_x_secret_y',
      kit: { provider: 'stripe', scriptUrl: 'https://js.stripe.com/v3/', publicKey: 'pk_test_abc' },
      mode: 'new',
      methodId: null,
      last4: null,
      createdAt: Date.now(),
      userId: 7,
      paid: true,
    });
    setup({
      [GET]: { body: { success: true, detail: 'ok', data: { ...waiting, payed: true, order_data: placed } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(dialog).toHaveTextContent('Seu pedido nº 321 foi recebido.');
    expect(localStorage.getItem(PENDING_CARD_KEY)).toBeNull();
    expect(localStorage.getItem('shop_cart')).toBeNull();
  });
});
