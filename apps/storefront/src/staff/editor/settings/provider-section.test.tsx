import type { StaffPaymentProviderReply } from '@comanda/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Call } from '../../lib/test-kit.ts';
import { openSettings } from './settings-test-kit.tsx';

/*
 * The store's payment provider changed by an owner (docs/decisions/0063): the screen shows what is
 * kept without any secret, sends only what was typed, with the owner's password, and says when the
 * password was wrong.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const current: StaffPaymentProviderReply = {
  provider: 'mercadopago',
  settings: { base_url: 'standin', public_key: null },
  secrets_set: ['access_token', 'webhook_secret'],
  updated_at: '2026-11-28T12:00:00.000Z',
};

describe('the payment provider screen', { timeout: 20_000 }, () => {
  it('is not listed for a manager', async () => {
    await expect(openSettings(/^Provedor de pagamento/, { role: 'manager' })).rejects.toThrow();
  });

  it('keeps the secrets it does not show, and saves a new provider with the owner’s password', async () => {
    const sent: Record<string, unknown>[] = [];
    const { user } = await openSettings(/^Provedor de pagamento/, {
      role: 'owner',
      routes: {
        'GET /staff/payments/provider': { body: current },
        'PUT /staff/payments/provider': (call: Call) => {
          const body = call.body as Record<string, unknown>;
          sent.push(body);
          if (body.owner_password !== 'senha-certa')
            return {
              status: 403,
              body: { code: 'OWNER_PASSWORD_WRONG', detail: 'Senha incorreta. Nada foi alterado.' },
            };
          return {
            body: {
              provider: 'stripe',
              settings: { api_url: null, publishable_key: null },
              secrets_set: ['secret_key', 'webhook_secret'],
              updated_at: '2026-11-28T13:00:00.000Z',
            },
          };
        },
      },
    });
    expect(await screen.findByText(/^Agora: Mercado Pago, desde 28\/11\/2026/)).toBeTruthy();
    // The secrets kept are empty fields that say so; the non-secret address is shown.
    expect((screen.getByLabelText(/^Access token/) as HTMLInputElement).value).toBe('');
    expect(screen.getAllByText('Guardado. Deixe em branco para manter.')).toHaveLength(2);
    expect((screen.getByLabelText(/^Endereço da API/) as HTMLInputElement).value).toBe('standin');

    // Another provider: its secrets are needed before saving.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Provedor' }), 'stripe');
    const save = screen.getByRole('button', { name: 'Salvar provedor' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('Preencha: Chave secreta, Segredo das notificações (webhook).')).toBeTruthy();
    await user.type(screen.getByLabelText('Chave secreta'), 'sk_test_nova');
    await user.type(screen.getByLabelText('Segredo das notificações (webhook)'), 'whsec_nova');
    await user.click(save);

    const dialog = await screen.findByRole('dialog', { name: 'Confirme com a sua senha' });
    await user.type(within(dialog).getByLabelText('Sua senha'), 'errada');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar e salvar' }));
    const again = await screen.findByRole('dialog', { name: 'Confirme com a sua senha' });
    expect(await within(again).findByText('Senha incorreta. Nada foi alterado.')).toBeTruthy();
    await user.type(within(again).getByLabelText('Sua senha'), 'senha-certa');
    await user.click(within(again).getByRole('button', { name: 'Confirmar e salvar' }));

    await screen.findByText('Provedor salvo. Os donos foram avisados.');
    expect(screen.getByText(/^Agora: Stripe/)).toBeTruthy();
    // The secrets are gone from the screen once saved.
    expect((screen.getByLabelText(/^Chave secreta/) as HTMLInputElement).value).toBe('');
    expect(sent).toEqual([
      {
        provider: 'stripe',
        settings: { secret_key: 'sk_test_nova', webhook_secret: 'whsec_nova' },
        owner_password: 'errada',
      },
      {
        provider: 'stripe',
        settings: { secret_key: 'sk_test_nova', webhook_secret: 'whsec_nova' },
        owner_password: 'senha-certa',
      },
    ]);
  });
});
