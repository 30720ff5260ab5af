import type { Company, PaymentMethod } from '@comanda/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore, saveCart } from '../../../lib/cart-store.ts';
import { customerPath } from '../../../lib/customer.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { setToken } from '../../../lib/session.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { customer, mockApi, sessionToken } from '../../../test/accounts.tsx';
import { company, paymentMethod, placedOrder } from '../../../test/fixtures.ts';
import { cartWith, drink } from '../../../test/product-fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { atTable, GUEST_TAB_PATH, guestTable, TABLES } from '../../../test/table-fixtures.ts';
import CheckoutScreen from './checkout-screen.tsx';

/* The checkout at a table (spec section 6 "Local (table) mode"; issue 19). */

const ORDER = 'POST /bar/v2/app/order/upsert/';
const CASH = paymentMethod({ id: 1, descricao: 'Dinheiro', permite_troco: true });
const CARD = paymentMethod({ id: 2, descricao: 'Cartão na entrega', tipo: 'cartao' });
const placed = {
  status: 201,
  body: {
    success: true,
    detail: 'ok',
    order_info: {
      order_id: 321,
      status: 'Solicitado',
      total: 1950,
      estimated_time: '20:30',
      pontos_fidelidade: 0,
    },
    order: placedOrder({ tipo_entrega: 'Vem comer' }),
  },
};

function setup({
  store = {},
  methods = [CASH, CARD],
  handlers = {},
}: {
  store?: Partial<Company>;
  methods?: PaymentMethod[];
  handlers?: Parameters<typeof mockApi>[0];
} = {}) {
  const data = {
    [START_PATHS.company]: [company({ permite_comer_local: true, valor_minimo: 0, ...store })],
    [START_PATHS.paymentMethods]: methods,
    [START_PATHS.loyalty]: [],
    [customerPath(7)]: customer(),
  };
  const api = mockApi({
    ...Object.fromEntries(Object.entries(data).map(([path, body]) => [`GET ${path}`, { body }])),
    [`GET ${START_PATHS.tables}`]: { body: TABLES },
    [`GET ${GUEST_TAB_PATH}`]: { body: guestTable() },
    ...handlers,
  });
  renderWithData(<CheckoutScreen />, data);
  return { api, user: userEvent.setup() };
}

const mainAction = () =>
  screen.getByRole('button', { name: /^(Loja fechada|Escolha|Agende|Informe|Confirmar)/ });
const sentOrders = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('POST', '/bar/v2/app/order/upsert/').map((call) => call.body as Record<string, unknown>);

describe('checkout in table mode', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/confirmation');
    act(() => setToken(sessionToken()));
    atTable();
    saveCart(cartWith([{ product: drink(), times: 3 }]));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cartStore.set([]);
  });

  it('only dine-in is permitted and the delivery type is forced to Vem comer: the table is named', async () => {
    setup({ store: { permite_entrega: true, permite_busca: true } });
    const card = await screen.findByRole('region', { name: 'Pedido para a mesa' });
    expect(await within(card).findByText('Mesa 3')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Entregar' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Retirada' })).toBeNull();
  });

  it('the notes block is hidden', async () => {
    setup();
    await screen.findByRole('region', { name: 'Pedido para a mesa' });
    expect(screen.queryByRole('region', { name: 'Observações do pedido' })).toBeNull();
  });

  it('the minimum order amount is not enforced', async () => {
    setup({ store: { valor_minimo: 100_000 } });
    expect(await screen.findByRole('button', { name: /^Confirmar pedido/ })).toBeEnabled();
    expect(screen.queryByRole('dialog', { name: 'Pedido mínimo' })).toBeNull();
  });

  it('a store that lets the table pay there shows no payment block; the order goes with the table and its token', async () => {
    const { api, user } = setup({ handlers: { [ORDER]: placed } });
    await screen.findByRole('region', { name: 'Pedido para a mesa' });
    expect(screen.queryByRole('region', { name: 'Forma de pagamento' })).toBeNull();
    await user.click(mainAction());
    await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(sentOrders(api)[0]).toMatchObject({
      tipo_entrega: 'Vem comer',
      forma_entrada: 'local',
      fk_forma_pagamento: null,
      observacoes: '',
      identificador_pedido_novo: '3',
      token_mesa: 'tok-3',
      codigo_mesa: null,
    });
  });

  it('a self-checkout store requiring in-app payment offers only online payment (PIX, card) at the table', async () => {
    setup({
      store: {
        self_checkout_require_imply_pay: true,
        online_payment: true,
        payment_by_pix: true,
        payment_by_card: true,
      },
    });
    const payment = await screen.findByRole('region', { name: 'Forma de pagamento' });
    expect(within(payment).getByRole('radio', { name: 'Pagamento online (PIX)' })).toBeInTheDocument();
    expect(within(payment).getByRole('radio', { name: 'Pagamento online (cartão)' })).toBeInTheDocument();
    expect(within(payment).queryByRole('radio', { name: 'Dinheiro' })).toBeNull();
    expect(within(payment).queryByRole('radio', { name: 'Cartão na retirada' })).toBeNull();
  });

  it('after a successful order table mode stays, the tab is refreshed and the result leads to it', async () => {
    const { api, user } = setup({ handlers: { [ORDER]: placed } });
    await screen.findByText('Mesa 3');
    const tabReads = api.callsTo('GET', GUEST_TAB_PATH).length;
    await user.click(mainAction());
    const done = await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(localStorage.getItem('source')).toBe('local');
    expect(localStorage.getItem('table_id')).toBe('3');
    await waitFor(() => expect(api.callsTo('GET', GUEST_TAB_PATH).length).toBeGreaterThan(tabReads));
    await user.click(within(done).getByRole('button', { name: 'Ver conta da mesa' }));
    expect(location.pathname).toBe('/mesa');
  });
});

describe("the waiter's code of a locked table", () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/confirmation');
    act(() => setToken(sessionToken()));
    atTable();
    saveCart(cartWith([{ product: drink(), times: 1 }]));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    cartStore.set([]);
  });

  const locked = { [`GET ${GUEST_TAB_PATH}`]: { body: guestTable({ requires_code: true }) } };

  it('is asked before confirming (4 digits, numeric keyboard), kept as table_code and sent as codigo_mesa', async () => {
    const { api, user } = setup({ handlers: { ...locked, [ORDER]: placed } });
    await screen.findByText('Mesa 3');
    await user.click(mainAction());
    const dialog = screen.getByRole('dialog', { name: 'Informe o código da mesa' });
    expect(sentOrders(api)).toHaveLength(0);
    const field = within(dialog).getByRole('textbox', { name: 'Código da mesa' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.type(field, '04a2x07');
    expect(field).toHaveValue('0420');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(localStorage.getItem('table_code')).toBe('0420');
    expect(sentOrders(api)[0]).toMatchObject({ codigo_mesa: '0420', identificador_pedido_novo: '3' });
  });

  it('fewer than 4 digits are not sent', async () => {
    const { api, user } = setup({ handlers: locked });
    await screen.findByText('Mesa 3');
    await user.click(mainAction());
    const dialog = screen.getByRole('dialog', { name: 'Informe o código da mesa' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Código da mesa' }), '42');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    expect(within(dialog).getByText('O código tem 4 dígitos.')).toBeInTheDocument();
    expect(sentOrders(api)).toHaveLength(0);
  });

  it('a code already given for this table is sent without asking', async () => {
    localStorage.setItem('table_code', '1234');
    const { api, user } = setup({ handlers: { ...locked, [ORDER]: placed } });
    await screen.findByText('Mesa 3');
    await user.click(mainAction());
    await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(sentOrders(api)[0]).toMatchObject({ codigo_mesa: '1234' });
  });

  it('a wrong code (TABLE_CODE_INVALID) shows the server detail and asks for the code again', async () => {
    localStorage.setItem('table_code', '1111');
    let replies = 0;
    const { api, user } = setup({
      handlers: {
        ...locked,
        [ORDER]: () =>
          ++replies === 1
            ? {
                status: 400,
                body: {
                  code: 'TABLE_CODE_INVALID',
                  detail: 'Código da mesa incorreto. Confira com o garçom.',
                },
              }
            : placed,
      },
    });
    await screen.findByText('Mesa 3');
    await user.click(mainAction());
    const dialog = await screen.findByRole('dialog', { name: 'Informe o código da mesa' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Código da mesa incorreto. Confira com o garçom.',
    );
    expect(localStorage.getItem('table_code')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Código da mesa' }), '2222');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar pedido' }));
    await screen.findByRole('dialog', { name: 'Pedido realizado!' });
    expect(sentOrders(api).map((order) => order.codigo_mesa)).toEqual(['1111', '2222']);
  });

  it('a table not opened yet (TABLE_LOCKED) asks for the code with the server detail', async () => {
    const { user } = setup({
      handlers: {
        [ORDER]: {
          status: 409,
          body: {
            code: 'TABLE_LOCKED',
            detail: 'Esta mesa ainda não foi aberta. Peça ao garçom o código da mesa.',
          },
        },
      },
    });
    await screen.findByText('Mesa 3');
    await user.click(mainAction());
    const dialog = await screen.findByRole('dialog', { name: 'Informe o código da mesa' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Esta mesa ainda não foi aberta. Peça ao garçom o código da mesa.',
    );
  });

  it('a closed tab (TAB_NOT_OPEN) shows its detail', async () => {
    const { user } = setup({
      handlers: {
        [ORDER]: {
          status: 409,
          body: {
            code: 'TAB_NOT_OPEN',
            detail: 'A conta desta mesa já foi fechada. Chame o garçom para abrir uma nova.',
          },
        },
      },
    });
    await screen.findByText('Mesa 3');
    await user.click(mainAction());
    const failed = await screen.findByRole('dialog', { name: 'Houve um erro ao inserir seu pedido!' });
    expect(within(failed).getByRole('alert')).toHaveTextContent(
      'A conta desta mesa já foi fechada. Chame o garçom para abrir uma nova.',
    );
  });
});
