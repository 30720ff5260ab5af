import type { TabSharePixReply } from '@comanda/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { mockApi } from '../../../test/accounts.tsx';
import { company } from '../../../test/fixtures.ts';
import { renderWithData } from '../../../test/render.tsx';
import { atTable, GUEST_TAB_PATH, guestTab, guestTable, TABLES } from '../../../test/table-fixtures.ts';
import { SHARE_PIX_POLL_MS } from '../api/share-pix.ts';
import TabScreen from './tab-screen.tsx';

const PIX_PATH = '/bar/v2/tables/3/tab/shares/71/pix/?token=tok-3';
const POLL_PATH = '/bar/v2/tables/3/tab/shares/71/pix/9/?token=tok-3';

/** Ten minutes from the start of the test file: the countdown has time to run. */
const EXPIRES_AT = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 10 * 60_000).toISOString();

/** The expiry on the store's clock (São Paulo), as a person reads it in each language. */
function clock(language: 'pt-BR' | 'en-US') {
  return new Intl.DateTimeFormat(language, {
    hour: language === 'en-US' ? 'numeric' : '2-digit',
    minute: '2-digit',
    timeZone: 'America/Sao_Paulo',
  }).format(new Date(EXPIRES_AT));
}

function sharePix(overrides: Partial<TabSharePixReply> = {}): TabSharePixReply {
  return {
    id: 9,
    status: 'pending',
    valor: 5445,
    copia_e_cola: '00020126580014br.gov.bcb.pix0136comanda-share-71520400005303986540554.455802BR6304ABCD',
    qr: 'data:image/svg+xml;base64,PHN2Zy8+',
    expira_em: EXPIRES_AT,
    pago_em: null,
    detail: 'Aguardando o pagamento.',
    ...overrides,
  };
}

/** A closing tab split in two: share 71 (parte 1) unpaid, share 72 (parte 2) paid at the counter. */
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
          forma_pagamento: firstPaid ? 'PIX (app)' : null,
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

function setup(handlers: Parameters<typeof mockApi>[0] = {}, pix = true) {
  let paid = false;
  const api = mockApi({
    [`GET ${START_PATHS.company}`]: {
      body: [company({ online_payment: pix, payment_by_pix: pix })],
    },
    [`GET ${START_PATHS.tables}`]: { body: TABLES },
    [`GET ${GUEST_TAB_PATH}`]: () => ({ body: closingTab(paid) }),
    [`POST ${PIX_PATH}`]: { status: 201, body: sharePix() },
    ...handlers,
  });
  renderWithData(<TabScreen />);
  return { api, user: userEvent.setup(), markPaid: () => (paid = true) };
}

describe('paying a share of the closing tab by PIX (/mesa)', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/mesa');
    atTable();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('unpaid shares offer PIX; the dialog shows the QR, the code, the amount and the expiry, then the payment', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let status: TabSharePixReply['status'] = 'pending';
    const { api, user, markPaid } = setup({
      [`GET ${POLL_PATH}`]: () => ({ body: sharePix({ status }) }),
    });
    const shares = await screen.findByRole('region', { name: 'Divisão da conta' });
    expect(
      screen.getByText('A conta foi fechada. Pague a sua parte com PIX aqui ou ao garçom.'),
    ).toBeInTheDocument();
    // Only the unpaid share gets the button.
    expect(within(shares).getAllByRole('button', { name: /PIX/ })).toHaveLength(1);
    await user.click(within(shares).getByRole('button', { name: 'Pagar a parte 1 com PIX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagar a parte 1 com PIX' });
    expect(await within(dialog).findByRole('img', { name: 'QR Code do PIX' })).toHaveAttribute(
      'src',
      sharePix().qr,
    );
    expect(dialog).toHaveTextContent('R$ 54,45');
    // As the customer's PIX screen: a countdown, the time on the store's clock, the code in a field
    // (not printed whole as text), the QR code for another phone.
    expect(within(dialog).getByText(`Pague até ${clock('pt-BR')}`)).toBeInTheDocument();
    expect(clock('pt-BR')).toMatch(/^\d{2}:\d{2}$/);
    expect(within(dialog).getByRole('timer', { name: 'Tempo para pagar' }).textContent).toMatch(
      /^(09|10):[0-5]\d$/,
    );
    expect(within(dialog).getByLabelText('Pix Copia e Cola')).toHaveValue(sharePix().copia_e_cola);
    expect(dialog.textContent).not.toContain(sharePix().copia_e_cola);
    expect(within(dialog).getByRole('button', { name: 'Copiar código' })).toBeInTheDocument();
    expect(api.callsTo('POST', PIX_PATH)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(SHARE_PIX_POLL_MS));
    expect(api.callsTo('GET', POLL_PATH)).toHaveLength(1);
    expect(within(dialog).getByText('Aguardando o pagamento…')).toBeInTheDocument();

    status = 'paid';
    markPaid();
    const tabReads = api.callsTo('GET', GUEST_TAB_PATH).length;
    await act(() => vi.advanceTimersByTimeAsync(SHARE_PIX_POLL_MS));
    expect(await within(dialog).findByText('Pagamento recebido')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Pagamento recebidoA parte 1 da conta está paga. Obrigado!',
    );
    expect(within(dialog).queryByRole('timer')).toBeNull();
    await waitFor(() => expect(api.callsTo('GET', GUEST_TAB_PATH).length).toBeGreaterThan(tabReads));
    await user.click(within(dialog).getByRole('button', { name: 'Concluir' }));
    await waitFor(() => expect(within(shares).queryByRole('button', { name: /PIX/ })).toBeNull());
    expect(shares).toHaveTextContent('Parte 1 · R$ 54,45 · Paga');
  });

  it('an expired PIX says so and offers another', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { api, user } = setup({
      [`GET ${POLL_PATH}`]: { body: sharePix({ status: 'expired' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Pagar a parte 1 com PIX' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('img', { name: 'QR Code do PIX' });
    await act(() => vi.advanceTimersByTimeAsync(SHARE_PIX_POLL_MS));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('O tempo para pagar este PIX acabou.');
    await user.click(within(dialog).getByRole('button', { name: 'Gerar outro PIX' }));
    await waitFor(() => expect(api.callsTo('POST', PIX_PATH)).toHaveLength(2));
  });

  it('a refusal shows the server’s words', async () => {
    const { user } = setup({
      [`POST ${PIX_PATH}`]: {
        status: 503,
        body: {
          code: 'PAYMENT_PROVIDER_ERROR',
          detail: 'Não foi possível gerar o PIX agora. Tente de novo em instantes.',
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pagar a parte 1 com PIX' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Não foi possível gerar o PIX agora. Tente de novo em instantes.',
    );
  });

  it('a store that takes no PIX in the app offers no button', async () => {
    setup({}, false);
    const shares = await screen.findByRole('region', { name: 'Divisão da conta' });
    expect(shares).toHaveTextContent('Parte 1 · R$ 54,45 · A pagar');
    expect(within(shares).queryByRole('button')).toBeNull();
  });

  it('in English', async () => {
    languageStore.set('en');
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Pay share 1 with PIX' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay share 1 with PIX' });
    expect(await within(dialog).findByText(`Pay by ${clock('en-US')}`)).toBeInTheDocument();
  });
});
