import type { Company, CustomerAddress, PaymentMethod } from '@comanda/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore, saveCart } from '../../../lib/cart-store.ts';
import { captureCouponParam, rememberCoupon } from '../../../lib/coupon-param.ts';
import { customerPath } from '../../../lib/customer.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { setToken } from '../../../lib/session.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { customer, mockApi, sessionToken } from '../../../test/accounts.tsx';
import { company, paymentMethod, placedOrder } from '../../../test/fixtures.ts';
import { cartWith, drink, fullProduct, listed } from '../../../test/product-fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import CheckoutScreen from './checkout-screen.tsx';

const CASH = paymentMethod({ id: 1, descricao: 'Dinheiro', permite_troco: true });
/** A second product the store still sells. */
const burgerLike = () => fullProduct({ id: 61, descricao: 'Água mineral', valor_venda: 400 });

const CARD = paymentMethod({ id: 2, descricao: 'Cartão na entrega', tipo: 'cartao' });

function address(overrides: Partial<CustomerAddress> & { id: number }): CustomerAddress {
  return {
    name: `Casa ${overrides.id}`,
    full_address: 'Rua Augusta, 1500 - Consolação, São Paulo',
    district_active: true,
    city_active: true,
    bairro_excluido: false,
    ativo_cidade: true,
    excluido: false,
    delivery_fee: 800,
    original_delivery_fee: 800,
    discount_minimum_order: 0,
    deliverable: true,
    ...overrides,
  } as CustomerAddress;
}

function setup({
  store = {},
  addresses = [address({ id: 31 })],
  methods = [CASH, CARD, paymentMethod({ id: 994, descricao: 'Reservado' })],
  handlers = {},
}: {
  store?: Partial<Company>;
  addresses?: CustomerAddress[];
  methods?: PaymentMethod[];
  handlers?: Parameters<typeof mockApi>[0];
} = {}) {
  const data = {
    [START_PATHS.company]: [company({ valor_minimo: 0, ...store })],
    // The cart's product as the store lists it now (the checkout checks its lines).
    [START_PATHS.products]: [listed(drink())],
    [START_PATHS.paymentMethods]: methods,
    [START_PATHS.loyalty]: [],
    [customerPath(7)]: customer({ enderecos: addresses }),
  };
  const api = mockApi({
    ...Object.fromEntries(Object.entries(data).map(([path, body]) => [`GET ${path}`, { body }])),
    ...handlers,
  });
  renderWithData(<CheckoutScreen />, data);
  return { api, user: userEvent.setup() };
}

const mainAction = () =>
  screen.getByRole('button', { name: /^(Loja fechada|Escolha|Agende|Informe|Confirmar)/ });

describe('CheckoutScreen', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    localStorage.clear();
    history.replaceState(null, '', '/confirmation');
    act(() => setToken(sessionToken()));
    saveCart(cartWith([{ product: drink(), times: 3 }]));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    cartStore.set([]);
  });

  it('closed store without scheduling: the main action is disabled', async () => {
    setup({ store: { loja_aberta: false } });
    expect(await screen.findByRole('button', { name: 'Loja fechada' })).toBeDisabled();
  });

  it('delivery without an address asks for one; the chooser blocks undeliverable addresses', async () => {
    const { user } = setup({
      addresses: [
        address({ id: 40, name: 'Sítio', deliverable: false } as Partial<CustomerAddress> & { id: number }),
      ],
    });
    // No delivery fee line (a misleading R$ 0,00) before an address is chosen.
    expect(await screen.findByRole('region', { name: 'Resumo' })).not.toHaveTextContent('Entrega');
    await user.click(await screen.findByRole('button', { name: 'Escolha um endereço' }));
    const dialog = screen.getByRole('dialog', { name: 'Escolha o endereço' });
    expect(within(dialog).getByRole('button', { name: /Sítio/ })).toBeDisabled();
    expect(within(dialog).getByText('Esse endereço não está disponível para entrega')).toBeInTheDocument();
    // Managing them from here comes back here (with the new address chosen).
    expect(within(dialog).getByRole('link', { name: 'Gerenciar endereços' })).toHaveAttribute(
      'href',
      '/addresses?return=%2Fconfirmation',
    );
  });

  it("with no saved address the chooser's main action is 'Adicionar endereço', straight into the wizard", async () => {
    const { user } = setup({ addresses: [] });
    await user.click(await screen.findByRole('button', { name: 'Escolha um endereço' }));
    const dialog = screen.getByRole('dialog', { name: 'Escolha o endereço' });
    expect(within(dialog).getByText('Você ainda não tem endereços cadastrados.')).toBeInTheDocument();
    const add = within(dialog).getByRole('link', { name: 'Adicionar endereço' });
    expect(add).toHaveAttribute('href', '/addresses/new?return=%2Fconfirmation');
    expect(add).toHaveClass('button-primary');
    expect(within(dialog).queryByRole('link', { name: 'Gerenciar endereços' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Fechar' })).not.toHaveClass('button-primary');
  });

  it('closed store with a free period asks to schedule first, times by day in UTC-3', async () => {
    // Monday 23/11 at 16:00 in São Paulo; only Date is faked, so the user events still run.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T19:00:00Z'));
    const { user } = setup({
      store: {
        loja_aberta: false,
        agendamento_ativo: true,
        permite_agendamento: true,
        schedule_periods: [
          { period: '2026-11-23T22:30:00.000Z', free: true },
          { period: '2026-11-24T13:30:00.000Z', free: false },
          { period: '2026-11-24T14:30:00.000Z', free: true },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Agende o pedido' }));
    const dialog = screen.getByRole('dialog', { name: 'Escolha um horário' });
    expect(within(dialog).getByRole('region', { name: 'Hoje' })).toHaveTextContent('19:30');
    const tomorrow = within(dialog).getByRole('region', { name: 'Amanhã' });
    expect(within(tomorrow).queryByRole('button', { name: 'Amanhã 10:30' })).toBeNull();
    expect(dialog).not.toHaveTextContent('2026');
    await user.click(within(tomorrow).getByRole('button', { name: 'Amanhã 11:30' }));
    expect(screen.getByText('Agendado para amanhã às 11:30')).toBeInTheDocument();
    expect(mainAction()).toHaveTextContent('Escolha a forma de pagamento');
    vi.useRealTimers();
  });

  it("choosing the store's PIX key shows the key, its type and holder, with a copy button", async () => {
    const PIX = paymentMethod({
      id: 4,
      descricao: 'PIX (chave da loja)',
      tipo: 'pix',
      chave_pix: 'pix@loja.example',
      tipo_chave_pix: 'email',
      pix_nome_titular: 'Loja Exemplo LTDA',
    });
    const { user } = setup({ methods: [CASH, PIX] });
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'PIX (chave da loja)' }));
    const dialog = screen.getByRole('dialog', { name: 'Pague com a chave PIX da loja' });
    expect(within(dialog).getByRole('textbox', { name: 'Chave PIX (e-mail)' })).toHaveValue(
      'pix@loja.example',
    );
    expect(dialog).toHaveTextContent('Titular: Loja Exemplo LTDA');
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    expect(writeText).toHaveBeenCalledWith('pix@loja.example');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Chave copiada!');
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver chave PIX' }));
    expect(screen.getByRole('dialog', { name: 'Pague com a chave PIX da loja' })).toBeInTheDocument();
  });

  it('a required document comes before the payment; then the payment, then confirm', async () => {
    const { user } = setup({ store: { delivery_customer_doc_required: true } });
    expect(await screen.findByRole('button', { name: 'Informe o CPF ou CNPJ' })).toBeEnabled();
    await user.type(screen.getByRole('textbox', { name: 'CPF ou CNPJ' }), '52998224725');
    expect(mainAction()).toHaveTextContent('Escolha a forma de pagamento');
    // Pickup does not need the document, and offers no reserved method.
    expect(screen.queryByRole('radio', { name: 'Reservado' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Cartão na entrega' }));
    expect(mainAction()).toHaveTextContent('Confirmar pedido');
  });

  it('places the order with an Idempotency-Key, reuses it on retry and shows the result', async () => {
    let replies = 0;
    const { api, user } = setup({
      handlers: {
        'POST /bar/v2/app/order/upsert/': () =>
          ++replies === 1
            ? { offline: true }
            : {
                status: 201,
                body: {
                  success: true,
                  detail: 'ok',
                  order_info: {
                    order_id: 321,
                    status: 'Solicitado',
                    total: 0,
                    estimated_time: '20:30',
                    pontos_fidelidade: 0,
                  },
                  order: placedOrder(),
                },
              },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'Cartão na retirada' }));
    await user.click(mainAction());
    const failed = await screen.findByRole('dialog', { name: 'Houve um erro ao inserir seu pedido!' });
    expect(within(failed).getByRole('alert')).toHaveTextContent('Não foi possível enviar o pedido');
    await user.click(within(failed).getByRole('button', { name: 'Fechar' }));
    await user.click(mainAction());
    const done = await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(done).toHaveTextContent('321');
    expect(done).toHaveTextContent('Previsão: 20:30');
    const calls = api.callsTo('POST', '/bar/v2/app/order/upsert/');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(calls[1]!.headers.get('Idempotency-Key')).toBe(calls[0]!.headers.get('Idempotency-Key'));
    const body = calls[1]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      tipo_entrega: 'Retirada',
      fk_forma_pagamento: 2,
      fk_endereco: null,
      imprimir: true,
    });
    expect((body.produtos_pedidos as unknown[]).length).toBe(3);
    expect(localStorage.getItem('shop_cart')).toBeNull();
  });

  it('WhatsApp: the opt-in is off by default; switched on, the order carries the agreement (issue 36)', async () => {
    const placed = {
      status: 201,
      body: {
        success: true,
        detail: 'ok',
        order_info: {
          order_id: 322,
          status: 'Solicitado',
          total: 0,
          estimated_time: '20:30',
          pontos_fidelidade: 0,
        },
        order: placedOrder(),
      },
    };
    const { api, user } = setup({
      store: { whatsapp_canal: { ativo: true } },
      handlers: {
        'GET /core/v2/app/customer/whatsapp': { body: { disponivel: true, atualizacoes_pedido: false } },
        'POST /bar/v2/app/order/upsert/': placed,
      },
    });
    const optIn = await screen.findByRole('switch', { name: 'Receber atualizações do pedido pelo WhatsApp' });
    expect(optIn).not.toBeChecked();
    expect(optIn).toHaveAccessibleDescription(/Para parar, responda “parar” ou desligue no seu perfil\./);
    // The consent call carries the customer's token itself.
    expect(api.callsTo('GET', '/core/v2/app/customer/whatsapp')[0]!.headers.get('Authorization')).toBe(
      `Bearer ${sessionToken()}`,
    );
    await user.click(optIn);
    await user.click(screen.getByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'Cartão na retirada' }));
    await user.click(mainAction());
    await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    const body = api.callsTo('POST', '/bar/v2/app/order/upsert/')[0]!.body as Record<string, unknown>;
    expect(body.whatsapp_atualizacoes).toBe(true);
  });

  it('WhatsApp: one who already agreed sees it on, and switching it off stops the updates at once', async () => {
    const { api, user } = setup({
      store: { whatsapp_canal: { ativo: true } },
      handlers: {
        'GET /core/v2/app/customer/whatsapp': { body: { disponivel: true, atualizacoes_pedido: true } },
        'PUT /core/v2/app/customer/whatsapp': { body: { disponivel: true, atualizacoes_pedido: false } },
      },
    });
    const optIn = await screen.findByRole('switch', { name: 'Receber atualizações do pedido pelo WhatsApp' });
    await waitFor(() => expect(optIn).toBeChecked());
    await user.click(optIn);
    expect(
      await screen.findByText('Pronto: você não vai mais receber atualizações pelo WhatsApp.'),
    ).toBeInTheDocument();
    expect(optIn).not.toBeChecked();
    expect(api.callsTo('PUT', '/core/v2/app/customer/whatsapp')[0]!.body).toEqual({
      atualizacoes_pedido: false,
    });
  });

  it('WhatsApp: no opt-in where the store has no channel', async () => {
    const { api } = setup();
    await screen.findByRole('tab', { name: 'Retirada' });
    expect(screen.queryByRole('switch', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/core/v2/app/customer/whatsapp')).toHaveLength(0);
  });

  it('shows the server refusal: non_field_errors first', async () => {
    const { user } = setup({
      handlers: {
        'POST /bar/v2/app/order/upsert/': {
          status: 409,
          body: { detail: 'x', code: 'PRICE_CHANGED', non_field_errors: ['O preço mudou.'] },
        },
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'Cartão na retirada' }));
    await user.click(mainAction());
    const dialog = await screen.findByRole('dialog', { name: 'Houve um erro ao inserir seu pedido!' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('O preço mudou.');
  });

  it('a coupon link is applied on arrival; the main action shows the total', async () => {
    captureCouponParam('?coupon=BEMVINDO10');
    const { api, user } = setup({
      handlers: {
        'POST /core/coupon_validate_app?format=json': {
          body: {
            success: true,
            detail: {
              id: 9,
              codigo: 'BEMVINDO10',
              valor: 10,
              perc: true,
              descricao: '10% off',
              local: 'Carrinho',
              valor_minimo: 0,
            },
          },
        },
      },
    });
    const coupon = await screen.findByRole('region', { name: 'Cupom de desconto' });
    expect(await within(coupon).findByText('Cupom BEMVINDO10 aplicado')).toBeInTheDocument();
    expect(api.callsTo('POST', '/core/coupon_validate_app?format=json')[0]!.body).toMatchObject({
      coupon: 'BEMVINDO10',
    });
    await user.click(screen.getByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'Cartão na retirada' }));
    // Three cans of R$ 6,50 less 10%.
    expect(mainAction()).toHaveTextContent('Confirmar pedido · R$ 17,55');
  });

  it("a coupon link's refusal is shown on the coupon row", async () => {
    captureCouponParam('?coupon=ENTREGA5');
    setup({
      handlers: {
        'POST /core/coupon_validate_app?format=json': {
          status: 400,
          body: { success: false, code: 'COUPON_EXPIRED', detail: 'Este cupom expirou.' },
        },
      },
    });
    const coupon = await screen.findByRole('region', { name: 'Cupom de desconto' });
    expect(
      await within(coupon).findByText('O cupom ENTREGA5 do link não foi aplicado: Este cupom expirou.'),
    ).toBeInTheDocument();
  });

  it("'Usar no pedido' in the available coupons applies the coupon to the open checkout (issue 34)", async () => {
    const { api } = setup({
      handlers: {
        'POST /core/coupon_validate_app?format=json': {
          body: {
            success: true,
            detail: {
              id: 9,
              codigo: 'BEMVINDO10',
              valor: 10,
              perc: true,
              descricao: '10% off',
              local: 'Carrinho',
              valor_minimo: 0,
            },
          },
        },
      },
    });
    const coupon = await screen.findByRole('region', { name: 'Cupom de desconto' });
    await within(coupon).findByRole('button', { name: 'Adicionar cupom' });
    expect(api.callsTo('POST', '/core/coupon_validate_app?format=json')).toHaveLength(0);
    // The account menu's dialog, over the open checkout.
    act(() => rememberCoupon('BEMVINDO10'));
    expect(await within(coupon).findByText('Cupom BEMVINDO10 aplicado')).toBeInTheDocument();
    // Three cans of R$ 6,50: 10% off is R$ 1,95, at once (no reload).
    expect(screen.getByRole('region', { name: 'Resumo' })).toHaveTextContent('Cupom−R$ 1,95');
  });

  it('a delivery coupon dropped by choosing pickup says so, not an older link notice (issue 34)', async () => {
    captureCouponParam('?coupon=VELHO');
    const { user } = setup({
      handlers: {
        'POST /core/coupon_validate_app?format=json': (call) =>
          (call.body as { coupon?: string } | undefined)?.coupon === 'ENTREGA5'
            ? {
                body: {
                  success: true,
                  detail: {
                    id: 5,
                    codigo: 'ENTREGA5',
                    valor: 500,
                    perc: false,
                    descricao: 'R$ 5,00 na entrega',
                    local: 'Entrega',
                    valor_minimo: 0,
                  },
                },
              }
            : {
                status: 400,
                body: { success: false, code: 'COUPON_EXPIRED', detail: 'Este cupom expirou.' },
              },
      },
    });
    const coupon = await screen.findByRole('region', { name: 'Cupom de desconto' });
    await within(coupon).findByText('O cupom VELHO do link não foi aplicado: Este cupom expirou.');
    await user.click(within(coupon).getByRole('button', { name: 'Adicionar cupom' }));
    const dialog = screen.getByRole('dialog', { name: 'Aplicar cupom' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Código do cupom' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Código do cupom' }), 'ENTREGA5');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await within(coupon).findByText('Cupom ENTREGA5 aplicado')).toBeInTheDocument();
    expect(coupon).not.toHaveTextContent('VELHO');
    await user.click(screen.getByRole('tab', { name: 'Retirada' }));
    expect(within(coupon).getByRole('status')).toHaveTextContent('ENTREGA5 vale só para entrega.');
    expect(coupon).not.toHaveTextContent('VELHO');
    expect(screen.getByRole('region', { name: 'Resumo' })).not.toHaveTextContent('Cupom');
  });

  it('the chosen time, coupon and payment survive leaving for the addresses and coming back (issue 34)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T19:00:00Z'));
    const store = {
      loja_aberta: false,
      agendamento_ativo: true,
      permite_agendamento: true,
      schedule_periods: [{ period: '2026-11-24T15:30:00.000Z', free: true }],
    };
    const first = setup({ store });
    await first.user.click(await screen.findByRole('button', { name: 'Agende o pedido' }));
    await first.user.click(screen.getByRole('button', { name: 'Amanhã 12:30' }));
    await first.user.click(screen.getByRole('radio', { name: 'Cartão na entrega' }));
    // Escolher endereço → Gerenciar → a new address: the screen is left and opened again.
    cleanup();
    localStorage.setItem('address_id', '32');
    setup({ store, addresses: [address({ id: 31 }), address({ id: 32, name: 'Trabalho' })] });
    expect(await screen.findByText('Agendado para amanhã às 12:30')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cartão na entrega' })).toBeChecked();
    // The new address is the chosen one.
    expect(screen.getByText('Trabalho')).toBeInTheDocument();
    vi.useRealTimers();
  });

  it('order notes are a compact row that opens the notes dialog', async () => {
    const { user } = setup();
    const notes = await screen.findByRole('region', { name: 'Observações do pedido' });
    await user.click(within(notes).getByRole('button', { name: 'Adicionar' }));
    const dialog = screen.getByRole('dialog', { name: 'Observações do pedido' });
    await user.type(within(dialog).getByRole('textbox'), 'Interfone quebrado');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(notes).getByText('Interfone quebrado')).toBeInTheDocument();
    expect(within(notes).getByRole('button', { name: 'Editar' })).toBeInTheDocument();
  });

  it('opens the minimum-order dialog with Comprar mais', async () => {
    setup({ store: { valor_minimo: 100_000 } });
    const dialog = await screen.findByRole('dialog', { name: 'Pedido mínimo' });
    expect(within(dialog).getByRole('link', { name: 'Comprar mais' })).toHaveAttribute('href', '/home');
  });
});

describe('change dialog', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    localStorage.clear();
    act(() => setToken(sessionToken()));
    saveCart(cartWith([{ product: drink(), times: 2 }]));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cartStore.set([]);
  });

  it('refuses below the total and above total + 200, accepts in between', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'Dinheiro' }));
    const dialog = screen.getByRole('dialog', { name: 'Precisa de troco?' });
    const input = within(dialog).getByRole('textbox', { name: 'Troco para quanto?' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirmar' });
    await user.type(input, '10');
    await user.click(confirm);
    expect(
      within(dialog).getByText('O valor deve ser pelo menos o total do pedido (R$ 13,00).'),
    ).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '300');
    await user.click(confirm);
    expect(within(dialog).getByText('O valor pode ser no máximo R$ 213,00.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '50,00');
    expect(within(dialog).getByText('Seu troco: R$ 37,00')).toBeInTheDocument();
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Troco para R$ 50,00')).toBeInTheDocument();
    expect(mainAction()).toHaveTextContent('Confirmar pedido');
  });

  it('no change needed keeps cash without an amount', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'Dinheiro' }));
    await user.click(screen.getByRole('button', { name: 'Não preciso de troco' }));
    expect(screen.getByText('Sem troco')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Dinheiro' })).toBeChecked();
  });
});

describe('document field', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    localStorage.clear();
    act(() => setToken(sessionToken()));
    saveCart(cartWith([{ product: drink(), times: 5 }]));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cartStore.set([]);
  });

  it('formats a CPF and a CNPJ while typing and flags an invalid one', async () => {
    const { user } = setup();
    const field = await screen.findByRole('textbox', { name: 'CPF ou CNPJ' });
    await user.type(field, '5299822472');
    expect(field).toHaveValue('529.982.247-2');
    expect(field).toHaveAccessibleDescription('Informe um documento válido.');
    expect(mainAction()).toHaveTextContent('Informe o CPF ou CNPJ');
    await user.type(field, '5');
    expect(field).toHaveValue('529.982.247-25');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.clear(field);
    await user.type(field, '11222333000181');
    expect(field).toHaveValue('11.222.333/0001-81');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('opens the numeric keyboard for a CPF and the letter one on request, for the alphanumeric CNPJ', async () => {
    const { user } = setup();
    const field = await screen.findByRole('textbox', { name: 'CPF ou CNPJ' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.click(screen.getByRole('button', { name: 'CNPJ com letras? Usar teclado com letras' }));
    expect(field).toHaveAttribute('inputmode', 'text');
    expect(field).toHaveFocus();
    await user.type(field, '12abc34501de35');
    expect(field).toHaveValue('12.ABC.345/01DE-35');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('is required for delivery when the store says so', async () => {
    setup({ store: { delivery_customer_doc_required: true } });
    const field = await screen.findByRole('textbox', { name: 'CPF ou CNPJ' });
    expect(field).toBeRequired();
    expect(field).toHaveAccessibleDescription(
      /Obrigatório para entregas nesta loja\..*Informe um documento válido\./,
    );
  });
  it('marks a line the store switched sold out before paying: no order goes out, Remover takes it out', async () => {
    saveCart(cartWith([{ product: drink(), times: 2 }, { product: burgerLike() }]));
    const { api, user } = setup({
      handlers: {
        [`GET ${START_PATHS.products}`]: {
          body: [listed(drink(), { esgotado: true }), listed(burgerLike())],
        },
      },
    });
    const block = await screen.findByRole('region', { name: 'Revise antes de pagar' });
    expect(within(block).getByText('2× Guaraná lata')).toBeInTheDocument();
    expect(within(block).getByText('Esgotado no momento.')).toBeInTheDocument();
    expect(within(block).queryByText('Água mineral')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Retirada' }));
    await user.click(screen.getByRole('radio', { name: 'Cartão na retirada' }));
    await user.click(mainAction());
    expect(api.callsTo('POST', '/bar/v2/app/order/upsert/')).toHaveLength(0);
    expect(block).toHaveFocus();

    await user.click(within(block).getByRole('button', { name: 'Remover Guaraná lata do carrinho' }));
    expect(cartStore.get().map((line) => line.descricao_produto)).toEqual(['Água mineral']);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Revise antes de pagar' })).not.toBeInTheDocument(),
    );
  });

  it('in English too', async () => {
    languageStore.set('en');
    setup({ handlers: { [`GET ${START_PATHS.products}`]: { body: [] } } });
    const block = await screen.findByRole('region', { name: 'Check before paying' });
    expect(within(block).getByText('No longer available.')).toBeInTheDocument();
  });
});
