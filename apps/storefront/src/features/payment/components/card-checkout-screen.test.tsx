import type { PaymentStatus } from '@comanda/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardConfirmation, CardFieldState } from '../../../lib/card-kit.ts';
import { cartStore, saveCart } from '../../../lib/cart-store.ts';
import { type PendingCard, readPendingCard, savePendingCard } from '../../../lib/pending-card.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { setToken } from '../../../lib/session.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { mockApi, sessionToken } from '../../../test/accounts.tsx';
import { company } from '../../../test/fixtures.ts';
import { cartWith, drink } from '../../../test/product-fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import CardCheckoutScreen from './card-checkout-screen.tsx';

/*
 * The card route with the provider's kit replaced at the outer edge: a stand-in for window.Stripe
 * whose card element reports what the customer typed and whose confirmation answers as the
 * provider would. The browser journeys (e2e/cards.e2e.ts) run the stand-in PSP's real kit.
 */

const CHECK = 'POST /integracoes/v2/payment/check-confirmation/';
const CANCEL = 'POST /bar/v2/payment/cancel-pix-order/';

function pending(overrides: Partial<PendingCard> = {}): PendingCard {
  return {
    intentId: 'pi_card_0123456789',
    orderId: 321,
    amount: 3750,
    clientSecret: 'pi_x_secret_y',
    kit: { provider: 'stripe', scriptUrl: 'http://127.0.0.1:9/v3/', publicKey: 'pk_test_abc' },
    mode: 'new',
    methodId: null,
    last4: null,
    createdAt: Date.now(),
    userId: 7,
    paid: false,
    ...overrides,
  };
}

const polling = (status: PaymentStatus) => ({
  body: { success: true, detail: 'ok', data: { polling: status === 'pending', status, order_id: 321 } },
});

function fakeKit(answers: CardConfirmation[]) {
  const handlers: { change?: (state: CardFieldState) => void } = {};
  const element = {
    mount: vi.fn(),
    on(event: string, handler: (state: CardFieldState) => void) {
      if (event === 'change') handlers.change = handler;
      return element;
    },
    destroy: vi.fn(),
  };
  const confirm = vi.fn(async () => answers.shift() ?? { error: { message: 'no more answers' } });
  const factory = vi.fn(() => ({ elements: () => ({ create: () => element }), confirmCardPayment: confirm }));
  vi.stubGlobal('Stripe', factory);
  const type = (state: CardFieldState) => act(() => handlers.change?.(state));
  return { element, confirm, factory, type };
}

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [CHECK]: polling('paid'), ...handlers });
  renderWithData(<CardCheckoutScreen />, { [START_PATHS.company]: [company()] });
  return { api, user: userEvent.setup({ delay: null }) };
}

const payButton = () => screen.getByRole('button', { name: /^Pagar/ });

describe('card route (spec section 4 "Card payment", "Card SDK load state")', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/card_checkout');
    act(() => setToken(sessionToken()));
    saveCart(cartWith([{ product: drink(), times: 3 }]));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    cartStore.set([]);
    for (const script of document.querySelectorAll('script[data-card-kit]')) script.remove();
  });

  it('mounts the provider’s fields; Pay waits for complete fields and shows their errors', async () => {
    savePendingCard(pending());
    const kit = fakeKit([]);
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Pagamento com cartão' })).toBeInTheDocument();
    expect(screen.getByText('R$ 37,50')).toBeInTheDocument();
    await vi.waitFor(() => expect(kit.element.mount).toHaveBeenCalledTimes(1));
    expect(kit.factory).toHaveBeenCalledWith('pk_test_abc', { locale: 'pt-BR' });
    expect(payButton()).toBeDisabled();
    await kit.type({ complete: false, empty: false, error: { code: 'incorrect_number', message: 'bad' } });
    expect(screen.getByRole('alert')).toHaveTextContent('O número do cartão está incorreto.');
    expect(payButton()).toBeDisabled();
    await kit.type({ complete: true, empty: false });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(payButton()).toBeEnabled();
    expect(payButton()).toHaveTextContent('Pagar R$ 37,50');
  });

  it('pays with the kit (saving the card when asked), waits for the server, then goes to /confirmation', async () => {
    savePendingCard(pending());
    const kit = fakeKit([{ paymentIntent: { id: 'pi_x', status: 'succeeded' } }]);
    const { api, user } = setup({ [CHECK]: polling('pending') });
    await vi.waitFor(() => expect(kit.element.mount).toHaveBeenCalled());
    await kit.type({ complete: true, empty: false });
    await user.click(screen.getByRole('checkbox', { name: 'Salvar este cartão para as próximas compras' }));
    api.on(CHECK, polling('paid'));
    await user.click(payButton());
    expect(kit.confirm).toHaveBeenCalledWith('pi_x_secret_y', {
      payment_method: { card: kit.element },
      setup_future_usage: 'off_session',
    });
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
    expect(readPendingCard()).toMatchObject({ paid: true });
  });

  it('a decline shows in the customer’s words and lets the customer try again', async () => {
    savePendingCard(pending());
    const kit = fakeKit([
      {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'x',
        },
      },
    ]);
    const { user } = setup();
    await vi.waitFor(() => expect(kit.element.mount).toHaveBeenCalled());
    await kit.type({ complete: true, empty: false });
    await user.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cartão recusado: saldo ou limite insuficiente.',
    );
    expect(payButton()).toBeEnabled();
    expect(location.pathname).toBe('/card_checkout');
    expect(readPendingCard()).toMatchObject({ paid: false });
  });

  it('a saved card’s 3-D Secure starts at once with the client secret alone', async () => {
    savePendingCard(pending({ mode: 'authenticate', last4: '3184' }));
    const kit = fakeKit([{ paymentIntent: { id: 'pi_x', status: 'succeeded' } }]);
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirme com o seu banco' })).toBeInTheDocument();
    expect(screen.getByText(/cartão final 3184/)).toBeInTheDocument();
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
    expect(kit.confirm).toHaveBeenCalledWith('pi_x_secret_y');
  });

  it("a kit that never loads ends in 'Erro ao abrir Stripe.' with the details, polled every 500 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    savePendingCard(pending());
    setup();
    expect(document.querySelector('script[data-card-kit="stripe"]')).toHaveAttribute(
      'src',
      'http://127.0.0.1:9/v3/',
    );
    await act(() => vi.advanceTimersByTimeAsync(20_500));
    expect(screen.getByRole('alert')).toHaveTextContent('Erro ao abrir Stripe.');
    expect(screen.getByRole('alert')).toHaveTextContent('Detalhes: tempo esgotado');
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeEnabled();
  });

  it('cancelling abandons the payment and returns to /confirmation with the cart', async () => {
    savePendingCard(pending());
    fakeKit([]);
    const { api, user } = setup({
      [CANCEL]: { body: { success: true, detail: 'ok', data: { status: 'canceled' } } },
    });
    await user.click(screen.getByRole('button', { name: 'Cancelar e voltar ao pedido' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
    expect(api.callsTo('POST', '/bar/v2/payment/cancel-pix-order/')[0]!.body).toEqual({
      intent_id: 'pi_card_0123456789',
    });
    expect(readPendingCard()).toBeNull();
    expect(cartStore.get()).not.toHaveLength(0);
  });

  it('without a pending card payment there is nothing to pay: back to /confirmation', async () => {
    setup();
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
  });
});
