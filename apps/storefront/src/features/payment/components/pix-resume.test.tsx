import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PENDING_PIX_KEY,
  type PendingPix,
  readPendingPix,
  savePendingPix,
} from '../../../lib/pending-pix.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { setToken } from '../../../lib/session.ts';
import { mockApi, sessionToken } from '../../../test/accounts.tsx';
import { renderWithData } from '../../../test/render.tsx';
import PixResume from './pix-resume.tsx';

const CHECK = 'POST /integracoes/v2/payment/check-confirmation/';

function stored(ageMs: number, overrides: Partial<PendingPix> = {}): PendingPix {
  const createdAt = Date.now() - ageMs;
  return {
    intentId: 'pi_0123456789',
    qrImage: null,
    copyCode: '000201',
    createdAt,
    expiresAt: createdAt + 300_000,
    orderId: 321,
    amount: 3750,
    userId: 7,
    paid: false,
    ...overrides,
  };
}

const reply = (status: string, polling: boolean) => ({
  body: { success: true, detail: 'ok', data: { polling, status, order_id: 321 } },
});

describe('a PIX intent stored at start (spec section 4 "PIX", section 9)', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    history.replaceState(null, '', '/');
    act(() => setToken(sessionToken()));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('older than 3 minutes is discarded, with the PIX not identified message', async () => {
    savePendingPix(stored(181_000));
    const api = mockApi({});
    renderWithData(<PixResume />);
    const dialog = await screen.findByRole('dialog', { name: 'PIX não identificado' });
    expect(dialog).toHaveTextContent('Não identificamos a tempo o pagamento do seu último PIX.');
    expect(localStorage.getItem(PENDING_PIX_KEY)).toBeNull();
    expect(api.calls).toHaveLength(0);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('paid goes to /confirmation, marked paid', async () => {
    savePendingPix(stored(60_000));
    const api = mockApi({ [CHECK]: reply('paid', false) });
    renderWithData(<PixResume />);
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
    expect(readPendingPix()?.paid).toBe(true);
    expect(api.callsTo('POST', '/integracoes/v2/payment/check-confirmation/')[0]!.body).toEqual({
      intent_id: 'pi_0123456789',
    });
  });

  it('still pending goes to /pix_checkout', async () => {
    savePendingPix(stored(60_000));
    mockApi({ [CHECK]: reply('pending', true) });
    renderWithData(<PixResume />);
    await vi.waitFor(() => expect(location.pathname).toBe('/pix_checkout'));
  });

  it('ended without a payment is forgotten', async () => {
    savePendingPix(stored(60_000));
    mockApi({ [CHECK]: reply('canceled', false) });
    renderWithData(<PixResume />);
    await vi.waitFor(() => expect(localStorage.getItem(PENDING_PIX_KEY)).toBeNull());
    expect(location.pathname).toBe('/');
  });
});
