import type { PaymentStatus } from '@comanda/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore, saveCart } from '../../../lib/cart-store.ts';
import {
  PENDING_PIX_KEY,
  type PendingPix,
  readPendingPix,
  savePendingPix,
} from '../../../lib/pending-pix.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { setToken } from '../../../lib/session.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { mockApi, sessionToken } from '../../../test/accounts.tsx';
import { company } from '../../../test/fixtures.ts';
import { cartWith, drink } from '../../../test/product-fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import PixScreen from './pix-screen.tsx';

const CHECK = 'POST /integracoes/v2/payment/check-confirmation/';
const CANCEL = 'POST /bar/v2/payment/cancel-pix-order/';
const COPY_CODE = '00020126580014br.gov.bcb.pix0136pix@fornoebrasa.example5204000053039865406';

function pending(overrides: Partial<PendingPix> = {}): PendingPix {
  const now = Date.now();
  return {
    intentId: 'pi_0123456789',
    qrImage: 'data:image/svg+xml;base64,PHN2Zy8+',
    copyCode: COPY_CODE,
    createdAt: now,
    expiresAt: now + 300_000,
    orderId: 321,
    amount: 3750,
    userId: 7,
    paid: false,
    ...overrides,
  };
}

const polling = (status: PaymentStatus, detail = 'Aguardando o pagamento.') => ({
  body: { success: true, detail, data: { polling: status === 'pending', status, order_id: 321 } },
});

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [CHECK]: polling('pending'), ...handlers });
  renderWithData(<PixScreen />, { [START_PATHS.company]: [company()] });
  return { api, user: userEvent.setup({ delay: null }) };
}

/** Lets `ms` pass, with the replies that come meanwhile. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('PIX screen (spec section 2 "PIX screen", section 4 "PIX")', () => {
  beforeEach(() => {
    // The clock also moves on by itself, which user-event's clicks need.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    languageStore.set('pt_br');
    history.replaceState(null, '', '/pix_checkout');
    act(() => setToken(sessionToken()));
    saveCart(cartWith([{ product: drink(), times: 3 }]));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    cartStore.set([]);
  });

  it('shows the amount, the order, the QR code and the copy key', async () => {
    savePendingPix(pending());
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Pague com PIX' })).toBeInTheDocument();
    expect(screen.getByText('R$ 37,50')).toBeInTheDocument();
    // No number before the payment: the order is numbered when it reaches the store (issue 34).
    expect(screen.getByText('Forno & Brasa')).toBeInTheDocument();
    expect(screen.queryByText(/nº 321/)).toBeNull();
    expect(screen.getByRole('img', { name: 'QR Code do PIX' })).toHaveAttribute('src', pending().qrImage);
    expect(screen.getByRole('textbox', { name: 'Pix Copia e Cola' })).toHaveValue(COPY_CODE);
  });

  it('counts down from the code’s expiry in 1 s ticks, as mm:ss', async () => {
    savePendingPix(pending());
    setup();
    const timer = screen.getByRole('timer', { name: 'Tempo para pagar' });
    expect(timer).toHaveTextContent('05:00');
    await pass(1000);
    expect(timer).toHaveTextContent('04:59');
    await pass(64_000);
    expect(timer).toHaveTextContent('03:55');
  });

  it('after a reload, counts from the stored creation time', async () => {
    const createdAt = Date.now() - 240_000;
    savePendingPix(pending({ createdAt, expiresAt: createdAt + 300_000 }));
    setup();
    expect(screen.getByRole('timer', { name: 'Tempo para pagar' })).toHaveTextContent('01:00');
  });

  it("copies the key and says so for 5 s, in a status region ('copiado')", async () => {
    savePendingPix(pending());
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Copiar código' }));
    expect(await navigator.clipboard.readText()).toBe(COPY_CODE);
    expect(screen.getByRole('button', { name: '✓ Copiado' })).toBeInTheDocument();
    const notice = screen.getByText(/Código copiado!/);
    expect(notice).toHaveAttribute('role', 'status');
    await pass(4900);
    expect(screen.getByText(/Código copiado!/)).toBeInTheDocument();
    await pass(200);
    expect(screen.queryByText(/Código copiado!/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
  });

  it('asks every 3 s whether it was paid, ignoring failed calls', async () => {
    savePendingPix(pending());
    let calls = 0;
    const { api } = setup({ [CHECK]: () => (++calls === 2 ? { offline: true } : polling('pending')) });
    await pass(0);
    expect(api.callsTo('POST', '/integracoes/v2/payment/check-confirmation/')).toHaveLength(1);
    await pass(3000);
    await pass(3000);
    await pass(3000);
    const checks = api.callsTo('POST', '/integracoes/v2/payment/check-confirmation/');
    expect(checks).toHaveLength(4);
    expect(checks[0]!.body).toEqual({ intent_id: 'pi_0123456789' });
    expect(screen.getByText('Aguardando o pagamento…')).toBeInTheDocument();
  });

  it('goes to /confirmation once paid, marking the intent paid', async () => {
    savePendingPix(pending());
    setup({ [CHECK]: polling('paid', 'Pagamento confirmado.') });
    await pass(0);
    expect(location.pathname).toBe('/confirmation');
    expect(readPendingPix()?.paid).toBe(true);
  });

  it("shows the server's detail when it stops the poll without a payment, and forgets the intent", async () => {
    savePendingPix(pending());
    const { user, api } = setup({ [CHECK]: polling('failed', 'O pagamento foi recusado pelo banco.') });
    await pass(0);
    const dialog = screen.getByRole('dialog', { name: 'Pagamento não concluído' });
    expect(dialog).toHaveTextContent('O pagamento foi recusado pelo banco.');
    expect(localStorage.getItem(PENDING_PIX_KEY)).toBeNull();
    await pass(9000);
    expect(api.callsTo('POST', '/integracoes/v2/payment/check-confirmation/')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Voltar ao pedido' }));
    expect(location.pathname).toBe('/confirmation');
  });

  it('at zero forgets the intent and the cart, says so, and goes to the menu', async () => {
    savePendingPix(pending());
    const { user } = setup();
    await pass(300_000);
    const dialog = screen.getByRole('dialog', { name: 'PIX não identificado' });
    expect(dialog).toHaveTextContent('O prazo para pagar este PIX acabou');
    expect(localStorage.getItem(PENDING_PIX_KEY)).toBeNull();
    expect(localStorage.getItem('shop_cart')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar ao cardápio' }));
    expect(location.pathname).toBe('/');
    expect(cartStore.get()).toHaveLength(0);
  });

  it('a reload past the code’s time clears the cart and the intent at once', async () => {
    const createdAt = Date.now() - 301_000;
    savePendingPix(pending({ createdAt, expiresAt: createdAt + 300_000 }));
    setup();
    await pass(0);
    expect(screen.getByRole('dialog', { name: 'PIX não identificado' })).toBeInTheDocument();
    expect(localStorage.getItem(PENDING_PIX_KEY)).toBeNull();
    expect(localStorage.getItem('shop_cart')).toBeNull();
  });

  it('abandons after a confirm: cancels the intent, clears it and the cart, goes to the menu', async () => {
    savePendingPix(pending());
    const { api, user } = setup({
      [CANCEL]: { body: { success: true, detail: 'Cancelado.', data: { status: 'canceled' } } },
    });
    await user.click(screen.getByRole('button', { name: 'Desistir do pagamento' }));
    const dialog = screen.getByRole('dialog', { name: 'Desistir do pagamento?' });
    expect(within(dialog).getByRole('button', { name: 'Continuar pagando' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Sim, desistir' }));
    await pass(0);
    expect(api.callsTo('POST', '/bar/v2/payment/cancel-pix-order/')[0]!.body).toEqual({
      intent_id: 'pi_0123456789',
    });
    expect(location.pathname).toBe('/');
    expect(localStorage.getItem(PENDING_PIX_KEY)).toBeNull();
    expect(cartStore.get()).toHaveLength(0);
  });

  it('keeps paying when the confirm is dismissed', async () => {
    savePendingPix(pending());
    const { api, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Desistir do pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Continuar pagando' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.callsTo('POST', '/bar/v2/payment/cancel-pix-order/')).toHaveLength(0);
    expect(readPendingPix()).not.toBeNull();
  });

  it('goes to /confirmation when the cancel finds the payment already made', async () => {
    savePendingPix(pending());
    const { user } = setup({
      [CANCEL]: { status: 409, body: { detail: 'O pagamento já foi feito.', code: 'PAYMENT_ALREADY_PAID' } },
    });
    await user.click(screen.getByRole('button', { name: 'Desistir do pagamento' }));
    await user.click(screen.getByRole('button', { name: 'Sim, desistir' }));
    await pass(0);
    expect(location.pathname).toBe('/confirmation');
    expect(readPendingPix()?.paid).toBe(true);
    expect(cartStore.get()).toHaveLength(3);
  });

  it('without a pending intent goes back to the checkout', async () => {
    setup();
    await pass(0);
    expect(location.pathname).toBe('/confirmation');
  });
});
