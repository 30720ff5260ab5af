import type { PaymentStatus } from '@comanda/contract';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
 * The card route with Mercado Pago's kit replaced at the outer edge: a stand-in for the SDK whose
 * fields report their validity and whose tokens come back at once. The journeys (e2e/cards.e2e.ts)
 * run the stand-in PSP's real kit.
 */

const CHECK = 'POST /integracoes/v2/payment/check-confirmation/';
const PAY = 'POST /bar/v2/payment/card-token/';
/** Money has a no-break space after R$. */
const PAY_LABEL = /^Pagar R\$\s32,50$/;

function pending(overrides: Partial<PendingCard> = {}): PendingCard {
  return {
    intentId: 'pi_card_0123456789',
    orderId: 321,
    amount: 3250,
    clientSecret: null,
    kit: { provider: 'mercadopago', scriptUrl: 'http://127.0.0.1:9/mercadopago/js/v2', publicKey: 'TEST-pk' },
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

function fakeSdk() {
  const handlers: Record<string, (detail: { field: string; errorMessages: { message: string }[] }) => void> =
    {};
  const createCardToken = vi.fn(async () => ({
    id: `tok${createCardToken.mock.calls.length}`,
    first_six_digits: '503143',
    last_four_digits: '6351',
  }));
  const sdk = {
    fields: {
      create: (type: string) => {
        const field = {
          mount: () => field,
          on: (_event: string, handler: (typeof handlers)[string]) => {
            handlers[type] = handler;
            return field;
          },
          unmount: () => field,
        };
        return field;
      },
      createCardToken,
    },
    getPaymentMethods: vi.fn(async () => ({ results: [{ id: 'master' }] })),
  };
  vi.stubGlobal(
    'MercadoPago',
    // A constructor (the SDK is `new MercadoPago(publicKey)`) that answers the fake.
    vi.fn(function construct() {
      return sdk;
    }),
  );
  const typeValid = (...types: string[]) =>
    act(() => {
      for (const type of types) handlers[type]?.({ field: type, errorMessages: [] });
    });
  return { createCardToken, typeValid };
}

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [CHECK]: polling('paid'), ...handlers });
  renderWithData(<CardCheckoutScreen />, { [START_PATHS.company]: [company()] });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('card route with Mercado Pago (the token flow)', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/card_checkout');
    act(() => setToken(sessionToken()));
    saveCart(cartWith([{ product: drink(), times: 2 }]));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cartStore.set([]);
  });

  it('pays with a token (and a second one to keep the card), then the order is confirmed', async () => {
    savePendingCard(pending());
    const sdk = fakeSdk();
    const { api, user } = setup({ [PAY]: { body: { success: true, detail: 'ok', data: { payed: true } } } });
    const pay = await screen.findByRole('button', { name: PAY_LABEL });
    expect(pay).toBeDisabled();
    await sdk.typeValid('cardNumber', 'expirationDate', 'securityCode');
    await user.type(screen.getByRole('textbox', { name: 'Nome impresso no cartão' }), 'APRO');
    await user.type(screen.getByRole('textbox', { name: 'CPF do titular do cartão' }), '19119119100');
    expect(screen.getByRole('textbox', { name: 'CPF do titular do cartão' })).toHaveValue('191.191.191-00');
    await user.click(screen.getByRole('checkbox', { name: 'Salvar este cartão para as próximas compras' }));
    expect(pay).toBeEnabled();
    await user.click(pay);
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
    expect(sdk.createCardToken).toHaveBeenCalledWith({
      cardholderName: 'APRO',
      identificationType: 'CPF',
      identificationNumber: '19119119100',
    });
    expect(api.callsTo('POST', '/bar/v2/payment/card-token/')[0]!.body).toEqual({
      intent_id: 'pi_card_0123456789',
      token: 'tok1',
      payment_method_id: 'master',
      save_token: 'tok2',
    });
    expect(readPendingCard()).toMatchObject({ paid: true });
  });

  it('a decline shows the server’s words and the form stays for another try', async () => {
    savePendingCard(pending());
    const sdk = fakeSdk();
    const { user } = setup({
      [PAY]: {
        status: 402,
        body: { detail: 'Cartão recusado: saldo ou limite insuficiente.', code: 'CARD_DECLINED' },
      },
    });
    await screen.findByRole('button', { name: PAY_LABEL });
    await sdk.typeValid('cardNumber', 'expirationDate', 'securityCode');
    await user.type(screen.getByRole('textbox', { name: 'Nome impresso no cartão' }), 'FUND');
    await user.type(screen.getByRole('textbox', { name: 'CPF do titular do cartão' }), '19119119100');
    await user.click(screen.getByRole('button', { name: PAY_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cartão recusado: saldo ou limite insuficiente.',
    );
    expect(screen.getByRole('button', { name: PAY_LABEL })).toBeEnabled();
    expect(location.pathname).toBe('/card_checkout');
  });

  it('a saved card asks only its security code and makes the token from the card', async () => {
    savePendingCard(pending({ mode: 'saved', methodId: '1234567890123', last4: '6351' }));
    const sdk = fakeSdk();
    const { api, user } = setup({ [PAY]: { body: { success: true, detail: 'ok', data: { payed: true } } } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Cartão final 6351' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Nome impresso no cartão' })).toBeNull();
    await sdk.typeValid('securityCode');
    await user.click(screen.getByRole('button', { name: PAY_LABEL }));
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
    expect(sdk.createCardToken).toHaveBeenCalledWith({ cardId: '1234567890123' });
    expect(api.callsTo('POST', '/bar/v2/payment/card-token/')[0]!.body).not.toHaveProperty('save_token');
  });

  it("an issuer's challenge is posted to the issuer in a frame over the page", async () => {
    savePendingCard(pending());
    const sdk = fakeSdk();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { user } = setup({
      [PAY]: {
        body: {
          success: true,
          detail: 'ok',
          data: { payed: false, three_ds: { url: 'https://acs.example/challenge', creq: 'abc' } },
        },
      },
    });
    await screen.findByRole('button', { name: PAY_LABEL });
    await sdk.typeValid('cardNumber', 'expirationDate', 'securityCode');
    await user.type(screen.getByRole('textbox', { name: 'Nome impresso no cartão' }), '3DSC');
    await user.type(screen.getByRole('textbox', { name: 'CPF do titular do cartão' }), '19119119100');
    await user.click(screen.getByRole('button', { name: PAY_LABEL }));
    const frame = await screen.findByTitle('Confirme com o seu banco');
    const form = document.querySelector<HTMLFormElement>(`form[target="${frame.getAttribute('name')}"]`)!;
    expect(form.action).toBe('https://acs.example/challenge');
    expect(new FormData(form).get('creq')).toBe('abc');
    expect(submit).toHaveBeenCalled();
    submit.mockRestore();
  });
});
