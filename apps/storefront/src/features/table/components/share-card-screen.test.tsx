import type { TabShareCardReply } from '@comanda/contract';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CardConfirmation, CardFieldState } from '../../../lib/card-kit.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { mockApi } from '../../../test/accounts.tsx';
import { company } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { atTable, GUEST_TAB_PATH, guestTab, guestTable, TABLES } from '../../../test/table-fixtures.ts';
import ShareCardScreen from './share-card-screen.tsx';

/*
 * The table's card page (/mesa/cartao/{share}) with the providers' kits replaced at the outer edge:
 * a stand-in for window.Stripe and one for Mercado Pago's SDK, as the card route's tests do. The
 * journeys (e2e/tables.e2e.ts) pay with the stand-in PSP's real kits.
 */

const CARD_PATH = '/bar/v2/tables/3/tab/shares/71/card/?token=tok-3';
const pollPath = (id: number) => `/bar/v2/tables/3/tab/shares/71/card/${id}/?token=tok-3`;
const tokenPath = (id: number) => `/bar/v2/tables/3/tab/shares/71/card/${id}/token/?token=tok-3`;
const OPEN = `POST ${CARD_PATH}`;
const PAY_LABEL = /^Pagar R\$\s54,45$/;

function shareCard(overrides: Partial<TabShareCardReply> = {}): TabShareCardReply {
  return {
    id: 5,
    status: 'pending',
    valor: 5445,
    card_kit: { provider: 'stripe', script_url: 'http://127.0.0.1:9/v3/', public_key: 'pk_test_abc' },
    client_secret: 'pi_share_secret_xyz',
    three_ds: null,
    expira_em: '2026-11-20T23:45:00.000Z',
    pago_em: null,
    falha: null,
    detail: 'Digite os dados do cartão para pagar.',
    ...overrides,
  };
}

const MP_KIT = {
  provider: 'mercadopago',
  script_url: 'http://127.0.0.1:9/mercadopago/js/v2',
  public_key: 'TEST-pk',
};

/** A closing tab split in two: share 71 (parte 1) to pay, share 72 (parte 2) paid at the counter. */
function closingTab(firstPaid = false) {
  return guestTable({
    tab: guestTab({
      status: 'closing',
      divisao: 'even',
      partes: [
        {
          id: 71,
          parte: 1,
          valor: 5445,
          taxa_servico: 495,
          linhas: [],
          pago_em: firstPaid ? '2026-11-20T23:30:00.000Z' : null,
          forma_pagamento: firstPaid ? 'Cartão (app)' : null,
        },
        {
          id: 72,
          parte: 2,
          valor: 5445,
          taxa_servico: 495,
          linhas: [],
          pago_em: '2026-11-20T23:20:00.000Z',
          forma_pagamento: 'Dinheiro',
        },
      ],
    }),
  });
}

function setup(handlers: Parameters<typeof mockApi>[0] = {}, { firstPaid = false } = {}) {
  let paid = firstPaid;
  const api = mockApi({
    [`GET ${START_PATHS.company}`]: {
      body: [company({ online_payment: true, payment_by_card: true })],
    },
    [`GET ${START_PATHS.tables}`]: { body: TABLES },
    [`GET ${GUEST_TAB_PATH}`]: () => ({ body: closingTab(paid) }),
    [OPEN]: { status: 201, body: shareCard() },
    ...handlers,
  });
  renderWithData(<ShareCardScreen params={{ share: '71' }} />);
  return { api, user: userEvent.setup(), markPaid: () => (paid = true) };
}

/** window.Stripe as Stripe.js: a card element that reports what was typed, confirmations as given. */
function fakeStripe(answers: CardConfirmation[]) {
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
  vi.stubGlobal(
    'Stripe',
    vi.fn(() => ({ elements: () => ({ create: () => element }), confirmCardPayment: confirm })),
  );
  const typeCard = () => act(() => handlers.change?.({ complete: true, empty: false }));
  return { confirm, typeCard };
}

/** window.MercadoPago as its SDK v2: fields that report valid, tokens at once. */
function fakeMercadoPago() {
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
    vi.fn(function construct() {
      return sdk;
    }),
  );
  /** The secure fields report valid, and our holder's fields are typed (labels in the page's language). */
  const typeCard = async (
    user: ReturnType<typeof userEvent.setup>,
    labels = { holder: 'Nome impresso no cartão', cpf: 'CPF do titular do cartão' },
    holder = 'APRO',
  ) => {
    await screen.findByRole('textbox', { name: labels.holder });
    act(() => {
      for (const type of ['cardNumber', 'expirationDate', 'securityCode']) {
        handlers[type]?.({ field: type, errorMessages: [] });
      }
    });
    await user.type(screen.getByRole('textbox', { name: labels.holder }), holder);
    await user.type(screen.getByRole('textbox', { name: labels.cpf }), '19119119100');
  };
  return { createCardToken, typeCard };
}

describe('a share of the closing tab paid by card (/mesa/cartao/{share})', () => {
  const replace = vi.fn();
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/mesa/cartao/71');
    atTable();
    replace.mockReset();
    vi.spyOn(window.location, 'replace').mockImplementation(replace);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("Stripe: the share's amount, the provider's fields, a declined card and another, then 'Pagamento recebido'", async () => {
    const kit = fakeStripe([
      { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' } },
      { paymentIntent: { id: 'pi_share', status: 'succeeded' } },
    ]);
    let status: TabShareCardReply['status'] = 'pending';
    const { api, user, markPaid } = setup({
      [`GET ${pollPath(5)}`]: () => ({ body: shareCard({ status }) }),
    });
    expect(await screen.findByRole('heading', { name: 'Pagar a parte 1 com cartão' })).toBeInTheDocument();
    // Money has a no-break space after R$.
    expect(screen.getByText(/^R\$\s54,45$/)).toBeInTheDocument();
    const pay = await screen.findByRole('button', { name: PAY_LABEL });
    // A guest has no account: no card is kept.
    expect(screen.queryByRole('checkbox', { name: /Salvar este cartão/ })).toBeNull();
    expect(pay).toBeDisabled();
    await kit.typeCard();
    await user.click(pay);
    expect(await screen.findByText('Cartão recusado: saldo ou limite insuficiente.')).toBeInTheDocument();
    expect(kit.confirm).toHaveBeenLastCalledWith('pi_share_secret_xyz', expect.anything());
    // A declined card is the provider's answer in the page: nothing to ask the server yet.
    expect(api.callsTo('GET', pollPath(5))).toHaveLength(0);

    // Another card on the same attempt: the server is asked until the provider said paid.
    status = 'paid';
    markPaid();
    await user.click(screen.getByRole('button', { name: PAY_LABEL }));
    expect(await screen.findByText('Pagamento recebido')).toBeInTheDocument();
    // Paid: the page no longer asks to pay the share.
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Parte 1 paga');
    expect(screen.queryByRole('heading', { name: 'Pagar a parte 1 com cartão' })).toBeNull();
    expect(screen.getByText('A parte 1 da conta está paga. Obrigado!')).toBeInTheDocument();
    expect(api.callsTo('GET', pollPath(5)).length).toBeGreaterThan(0);
    expect(api.callsTo('POST', CARD_PATH)).toHaveLength(1);
    // Back to the tab as a page load of its own.
    await user.click(screen.getByRole('button', { name: 'Voltar à conta' }));
    expect(replace).toHaveBeenCalledWith('/mesa');
  });

  it('Mercado Pago: declined ends the attempt (in the guest’s words); the next card goes to a new one and pays', async () => {
    const mp = fakeMercadoPago();
    const declined = {
      status: 402,
      body: {
        detail: 'Cartão recusado: saldo ou limite insuficiente.',
        code: 'CARD_DECLINED',
        decline_reason: 'insufficient_funds',
      },
    };
    let opened = 0;
    const { api, user } = setup({
      [OPEN]: () => {
        opened += 1;
        return { status: 201, body: shareCard({ id: 4 + opened, card_kit: MP_KIT, client_secret: null }) };
      },
      [`POST ${tokenPath(5)}`]: declined,
      [`POST ${tokenPath(6)}`]: {
        body: shareCard({ id: 6, status: 'paid', card_kit: null, client_secret: null }),
      },
    });
    await screen.findByRole('heading', { name: 'Pagar a parte 1 com cartão' });
    await mp.typeCard(user);
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: PAY_LABEL }));
    expect(await screen.findByText('Cartão recusado: saldo ou limite insuficiente.')).toBeInTheDocument();
    expect(api.callsTo('POST', tokenPath(5))[0]!.body).toEqual({
      token: 'tok1',
      payment_method_id: 'master',
    });
    // No save token asked for: a guest's card is never kept.
    expect(mp.createCardToken).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: PAY_LABEL }));
    expect(await screen.findByText('Pagamento recebido')).toBeInTheDocument();
    expect(api.callsTo('POST', CARD_PATH)).toHaveLength(2);
    expect(api.callsTo('POST', tokenPath(6))).toHaveLength(1);
  });

  it("Mercado Pago's 3-D Secure: the issuer's page over the page; the poll then reads the attempt", async () => {
    const mp = fakeMercadoPago();
    let status: TabShareCardReply['status'] = 'pending';
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { user } = setup({
      [OPEN]: { status: 201, body: shareCard({ card_kit: MP_KIT, client_secret: null }) },
      [`POST ${tokenPath(5)}`]: {
        body: shareCard({
          card_kit: null,
          client_secret: null,
          three_ds: { url: 'http://127.0.0.1:9/mercadopago/3ds/challenge', creq: 'creq-5' },
        }),
      },
      [`GET ${pollPath(5)}`]: () => ({
        body: shareCard({
          status,
          falha: status === 'failed' ? 'authentication' : null,
          card_kit: null,
          client_secret: null,
        }),
      }),
    });
    await screen.findByRole('heading', { name: 'Pagar a parte 1 com cartão' });
    await mp.typeCard(user);
    await user.click(screen.getByRole('button', { name: PAY_LABEL }));
    const frame = await screen.findByTitle('Confirme com o seu banco');
    const form = document.querySelector<HTMLFormElement>('form[target]')!;
    expect(form.action).toBe('http://127.0.0.1:9/mercadopago/3ds/challenge');
    expect(new FormData(form).get('creq')).toBe('creq-5');
    expect(submit).toHaveBeenCalled();
    status = 'failed';
    // The issuer's page says it is over.
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: { status: 'COMPLETE' },
          source: (frame as HTMLIFrameElement).contentWindow,
        }),
      );
    });
    expect(
      await screen.findByText(
        'A confirmação com o seu banco não foi concluída. Tente de novo ou use outro cartão.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });

  it('a share paid at the counter while the card was being confirmed says so, with no retry', async () => {
    const kit = fakeStripe([{ paymentIntent: { id: 'pi_share', status: 'processing' } }]);
    const { api, user } = setup({
      [`GET ${pollPath(5)}`]: {
        body: shareCard({ status: 'failed', falha: 'share_paid', card_kit: null, client_secret: null }),
      },
    });
    const pay = await screen.findByRole('button', { name: PAY_LABEL });
    await kit.typeCard();
    await user.click(pay);
    expect(await screen.findByText('Esta parte da conta já foi paga.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
    // The tab is read again: it says the share is paid.
    expect(api.callsTo('GET', GUEST_TAB_PATH).length).toBeGreaterThan(1);
  });

  it('a share paid already says so and offers the way back; nothing is opened', async () => {
    const { api } = setup({}, { firstPaid: true });
    expect(await screen.findByText('Esta parte da conta já foi paga.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voltar à conta' })).toBeInTheDocument();
    expect(api.callsTo('POST', CARD_PATH)).toHaveLength(0);
  });

  it('a store that takes no card in the app (409 CARD_NOT_OFFERED) says so, with no retry', async () => {
    setup({
      [OPEN]: {
        status: 409,
        body: { detail: 'Esta loja não aceita cartão pelo app.', code: 'CARD_NOT_OFFERED' },
      },
    });
    expect(
      await screen.findByText('Esta loja não aceita cartão pelo app. Pague a sua parte ao garçom.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
  });

  it('offline: says so, and tries again', async () => {
    fakeStripe([]);
    const { api, user } = setup({ [OPEN]: { offline: true } });
    expect(
      await screen.findByText(
        'Não foi possível abrir o pagamento com cartão. Verifique sua conexão e tente de novo.',
      ),
    ).toBeInTheDocument();
    api.on(OPEN, { status: 201, body: shareCard() });
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByRole('button', { name: PAY_LABEL })).toBeInTheDocument();
  });

  it('in English: the page and a declined card in the guest’s language', async () => {
    languageStore.set('en');
    const mp = fakeMercadoPago();
    const { user } = setup({
      [OPEN]: { status: 201, body: shareCard({ card_kit: MP_KIT, client_secret: null }) },
      [`POST ${tokenPath(5)}`]: {
        status: 402,
        body: { detail: 'Cartão recusado pelo banco.', code: 'CARD_DECLINED', decline_reason: 'call_bank' },
      },
    });
    const page = await screen.findByRole('region', { name: 'Pay share 1 by card' });
    await mp.typeCard(user, { holder: 'Name on the card', cpf: 'Cardholder’s CPF' }, 'CALL');
    await user.click(within(page).getByRole('button', { name: /^Pay R\$\s54,45$/ }));
    expect(await screen.findByText('Card declined: call your bank or use another card.')).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: 'Back to the tab' })).toBeInTheDocument();
  });
});
