import type { Company, PaymentMethod } from '@comanda/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore, saveCart } from '../../../lib/cart-store.ts';
import { customerPath } from '../../../lib/customer.ts';
import { PENDING_PIX_KEY, readPendingPix, savePendingPix } from '../../../lib/pending-pix.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { setToken } from '../../../lib/session.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { customer, mockApi, sessionToken } from '../../../test/accounts.tsx';
import { company, paymentMethod, placedOrder } from '../../../test/fixtures.ts';
import { cartWith, drink, listed } from '../../../test/product-fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import CheckoutScreen from './checkout-screen.tsx';

/* The checkout with PIX through the app (spec sections 2 "Order result dialog", 4 "Payment routing" and "PIX"). */

const CARD = paymentMethod({ id: 2, descricao: 'Cartão na entrega', tipo: 'cartao' });
const STORE_KEY_PIX = paymentMethod({ id: 4, descricao: 'PIX (chave da loja)', tipo: 'pix' });
const PIX_STORE: Partial<Company> = { online_payment: true, payment_by_pix: true, expiration_time_pix: 300 };
const CREATE = 'POST /bar/v2/payment/create-payment-intent/';
const GET = 'POST /bar/v2/payment/get-payment-intent/';

const intent = {
  integration: 'mercadopago',
  intent_id: 'pi_0123456789',
  order_id: 321,
  status: 'pending',
  amount: 1950,
  qr_content: '00020126580014br.gov.bcb.pix',
  qrcode: 'data:image/svg+xml;base64,PHN2Zy8+',
  expires_at: '2030-01-01T15:05:00.000Z',
  expires_in: 300,
  payed: false,
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

function setup({
  store = PIX_STORE,
  methods = [CARD, STORE_KEY_PIX],
  handlers = {},
}: {
  store?: Partial<Company>;
  methods?: PaymentMethod[];
  handlers?: Parameters<typeof mockApi>[0];
} = {}) {
  const data = {
    [START_PATHS.company]: [company({ valor_minimo: 0, ...store })],
    // The cart's product as the store lists it now (the checkout checks its lines).
    [START_PATHS.products]: [listed(drink())],
    [START_PATHS.paymentMethods]: methods,
    [START_PATHS.loyalty]: [],
    [customerPath(7)]: customer(),
  };
  const api = mockApi({
    ...Object.fromEntries(Object.entries(data).map(([path, body]) => [`GET ${path}`, { body }])),
    ...handlers,
  });
  renderWithData(<CheckoutScreen />, data);
  return { api, user: userEvent.setup() };
}

describe('checkout with PIX through the app', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    localStorage.clear();
    history.replaceState(null, '', '/confirmation');
    act(() => setToken(sessionToken()));
    saveCart(cartWith([{ product: drink(), times: 3 }]));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cartStore.set([]);
  });

  it('preselects the online payment when the store takes PIX online and is open', async () => {
    setup();
    expect(await screen.findByRole('radio', { name: 'Pagamento online (PIX)' })).toBeChecked();
  });

  it('starts with no payment chosen when the store takes no online payment', async () => {
    setup({ store: {} });
    await screen.findByRole('radio', { name: 'Cartão na entrega' });
    expect(screen.queryByRole('radio', { name: 'Pagamento online (PIX)' })).toBeNull();
    for (const radio of screen.getAllByRole('radio')) expect(radio).not.toBeChecked();
  });

  it('sends the order as a PIX intent, keeps it and goes to /pix_checkout', async () => {
    const { api, user } = setup({
      handlers: { [CREATE]: { status: 201, body: { success: true, detail: 'ok', data: intent } } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('button', { name: /^Confirmar pedido/ }));
    await vi.waitFor(() => expect(location.pathname).toBe('/pix_checkout'));
    const [call] = api.callsTo('POST', '/bar/v2/payment/create-payment-intent/');
    expect(call!.body).toMatchObject({
      type: 'pix',
      order: { fk_forma_pagamento: 999, tipo_entrega: 'Retirada' },
    });
    expect(api.callsTo('POST', '/bar/v2/app/order/upsert/')).toHaveLength(0);
    expect(readPendingPix()).toMatchObject({
      intentId: 'pi_0123456789',
      qrImage: intent.qrcode,
      copyCode: intent.qr_content,
      orderId: 321,
      paid: false,
    });
    // The cart stays until the payment is confirmed.
    expect(localStorage.getItem('shop_cart')).not.toBeNull();
  });

  it("shows 'Erro ao gerar o PIX. Detalhes: …' when the provider fails", async () => {
    const { user } = setup({
      handlers: {
        [CREATE]: { status: 502, body: { detail: 'Tempo esgotado.', code: 'PAYMENT_PROVIDER_ERROR' } },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('button', { name: /^Confirmar pedido/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Houve um erro ao inserir seu pedido!' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Erro ao gerar o PIX. Detalhes: Tempo esgotado.',
    );
    expect(localStorage.getItem(PENDING_PIX_KEY)).toBeNull();
    expect(location.pathname).toBe('/confirmation');
  });

  it('confirms a paid PIX on arrival: the number, the estimate, the cart emptied and what was paid (issue 34)', async () => {
    savePendingPix({
      intentId: 'pi_0123456789',
      qrImage: null,
      copyCode: null,
      createdAt: Date.now(),
      expiresAt: Date.now() + 300_000,
      orderId: 321,
      amount: 1950,
      userId: 7,
      paid: true,
    });
    // The store charged 16,50 after a coupon of 3,00 (the checkout's own quote would say 19,50).
    const paid = {
      ...placed,
      // The store's own number (docs/decisions/0065), not the order's id.
      order_info: { ...placed.order_info, numero: 12 },
      order: placedOrder({
        total_produtos: 1950,
        desconto_cupom: 300,
        desconto: 300,
        total: 1650,
        cupom: 'X3',
      }),
    };
    const { api } = setup({
      handlers: {
        [GET]: { body: { success: true, detail: 'ok', data: { ...intent, payed: true, order_data: paid } } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(dialog).toHaveTextContent('Seu pedido nº 12 foi recebido.');
    expect(dialog).toHaveTextContent('Previsão: 20:30');
    // Paid through the app and confirmed: nothing to send the store.
    expect(within(dialog).queryByRole('link', { name: 'Enviar comprovante' })).toBeNull();
    // Behind the result: the cart is empty (the badge) and the summary is what was paid.
    expect(cartStore.get()).toEqual([]);
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('R$ 16,50');
    expect(screen.getByRole('region', { name: 'Resumo', hidden: true })).toHaveTextContent('Cupom−R$ 3,00');
    expect(screen.queryByRole('button', { name: /^Confirmar pedido/, hidden: true })).toBeNull();
    expect(api.callsTo('POST', '/bar/v2/payment/get-payment-intent/')).toHaveLength(1);
    expect(localStorage.getItem(PENDING_PIX_KEY)).toBeNull();
    expect(localStorage.getItem('shop_cart')).toBeNull();
  });

  it('offers the receipt for an order paid to the store’s PIX key', async () => {
    const { user } = setup({
      store: {},
      handlers: { 'POST /bar/v2/app/order/upsert/': { status: 201, body: placed } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'PIX (chave da loja)' }));
    await user.click(screen.getByRole('button', { name: /^Confirmar pedido/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(within(dialog).getByRole('link', { name: 'Enviar comprovante' })).toBeInTheDocument();
  });

  it('offers no receipt for an order paid by card on delivery', async () => {
    const { user } = setup({
      store: {},
      handlers: { 'POST /bar/v2/app/order/upsert/': { status: 201, body: placed } },
    });
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'Cartão na retirada' }));
    await user.click(screen.getByRole('button', { name: /^Confirmar pedido/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(within(dialog).queryByRole('link', { name: 'Enviar comprovante' })).toBeNull();
  });
});
