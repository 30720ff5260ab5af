import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../lib/cart-store.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { getToken, tokenStore } from '../../../lib/session.ts';
import { clearReturnPath } from '../../../lib/sign-in-return.ts';
import { customer, mockApi, renderApp, sessionToken } from '../../../test/accounts.tsx';

const PHONE = '11987654321';
const SEND = 'POST /core/send_sms_recovery_password_app/';
const RESET = 'POST /core/recovery_password_app/';
const SIGN_IN = 'POST /core/v2/auth/api-token-auth-without-email/';
const sent = {
  body: { success: true, detail: 'Se este telefone tiver cadastro, enviamos um código por SMS.' },
};

async function openRecovery(handlers = {}) {
  const api = mockApi({ [SEND]: sent, ...handlers });
  const user = renderApp(`/forgot/${PHONE}`);
  const dialog = await screen.findByRole('dialog', { name: 'Código enviado' });
  expect(dialog).toHaveTextContent('Se este telefone tiver cadastro, enviamos um código por SMS.');
  await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
  return { user, api };
}

describe('password recovery (/forgot/{phone})', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
    tokenStore.set(null);
    clearReturnPath();
  });
  afterEach(() => tokenStore.set(null));

  it('requests the SMS code once on opening', async () => {
    const { api } = await openRecovery();
    const requests = api.callsTo('POST', '/core/send_sms_recovery_password_app/');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.body).toEqual({ cellphone: PHONE });
    expect(screen.getByText(/enviamos por SMS para \(11\) 98765-4321/)).toBeInTheDocument();
  });

  it('shows the code as 123-456 and checks code and password', async () => {
    const { user, api } = await openRecovery();
    const code = screen.getByRole('textbox', { name: 'Código recebido por SMS' });
    await user.type(code, '12a34');
    expect(code).toHaveValue('123-4');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    expect(code).toHaveAccessibleDescription(/Informe o código de 6 números que você recebeu\./);
    expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription(
      /A senha deve ter pelo menos 8 caracteres\./,
    );
    await user.type(code, '5678');
    expect(code).toHaveValue('123-456');
    expect(api.callsTo('POST', '/core/recovery_password_app/')).toHaveLength(0);
  });

  it('shows the success modal, then signs in with the new password and goes on as after sign-in', async () => {
    const { user, api } = await openRecovery({
      [RESET]: { body: { success: true, detail: 'Senha alterada com sucesso!' } },
      [SIGN_IN]: {
        body: { token: sessionToken(), user: { id: 7, username: PHONE, is_superuser: false } },
      },
      'GET /core/cliente_app/7?format=json': { body: customer() },
    });
    await user.type(screen.getByRole('textbox', { name: 'Código recebido por SMS' }), '123456');
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-123');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    const done = await screen.findByRole('dialog', { name: 'Senha alterada' });
    expect(done).toHaveTextContent('Senha alterada com sucesso!');
    expect(getToken()).toBeNull();
    await user.click(within(done).getByRole('button', { name: 'Entendi' }));
    await screen.findByRole('heading', { name: 'Meus dados' });
    expect(api.callsTo('POST', '/core/recovery_password_app/')[0]!.body).toEqual({
      cellphone: PHONE,
      code: '123-456',
      password: 'nova-senha-123',
    });
    expect(api.callsTo('POST', '/core/v2/auth/api-token-auth-without-email/')[0]!.body).toEqual({
      username: PHONE,
      password: 'nova-senha-123',
    });
    expect(getToken()).toBe(sessionToken());
    expect(location.pathname).toBe('/profile');
  });

  it("shows a refusal's detail in 'we found a problem'", async () => {
    const detail = 'Código inválido ou expirado. Peça um novo código e tente de novo.';
    const { user } = await openRecovery({ [RESET]: { status: 400, body: { detail, code: 'INVALID_CODE' } } });
    await user.type(screen.getByRole('textbox', { name: 'Código recebido por SMS' }), '000000');
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-123');
    await user.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Encontramos um problema' });
    expect(dialog).toHaveTextContent(detail);
    expect(getToken()).toBeNull();
  });

  it('says there is no connection when the code cannot be requested', async () => {
    mockApi({ [SEND]: { offline: true } });
    renderApp(`/forgot/${PHONE}`);
    const dialog = await screen.findByRole('dialog', { name: 'Encontramos um problema' });
    expect(dialog).toHaveTextContent('Não foi possível se conectar.');
  });

  it("shows the server's detail when SMS are throttled", async () => {
    const detail = 'Muitos códigos pedidos para este celular. Tente novamente em 40 minutos.';
    mockApi({ [SEND]: { status: 429, body: { detail, code: 'TOO_MANY_ATTEMPTS' } } });
    renderApp(`/forgot/${PHONE}`);
    expect(await screen.findByRole('dialog', { name: 'Encontramos um problema' })).toHaveTextContent(detail);
  });

  it('sends a new code on request', async () => {
    const { user, api } = await openRecovery();
    await user.click(screen.getByRole('button', { name: 'Enviar um novo código' }));
    await screen.findByRole('dialog', { name: 'Código enviado' });
    await vi.waitFor(() =>
      expect(api.callsTo('POST', '/core/send_sms_recovery_password_app/')).toHaveLength(2),
    );
  });

  it('sends a phone that cannot be one back to sign-in', async () => {
    mockApi({});
    renderApp('/forgot/abc');
    await vi.waitFor(() => expect(location.pathname).toBe('/signin'));
  });
});

describe('a recovery code by WhatsApp (issue 36)', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
    tokenStore.set(null);
    clearReturnPath();
  });
  afterEach(() => tokenStore.set(null));

  it('says the code went by WhatsApp, and "Receber por SMS" asks again with canal sms', async () => {
    const api = mockApi({
      [SEND]: (call: { body: unknown }) =>
        (call.body as { canal?: string }).canal === 'sms'
          ? {
              body: {
                success: true,
                detail: 'Se este telefone tiver cadastro, enviamos um código por SMS.',
                canal: 'sms',
              },
            }
          : {
              body: {
                success: true,
                detail: 'Se este telefone tiver cadastro, enviamos um código pelo WhatsApp.',
                canal: 'whatsapp',
              },
            },
    });
    const user = renderApp(`/forgot/${PHONE}`);
    const dialog = await screen.findByRole('dialog', { name: 'Código enviado' });
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(
      screen.getByText(
        'Enviamos um código pelo WhatsApp para (11) 98765-4321. Digite-o abaixo e escolha uma nova senha.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Código recebido pelo WhatsApp' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Receber por SMS' }));
    const again = await screen.findByRole('dialog', { name: 'Código enviado' });
    expect(again).toHaveTextContent('enviamos um código por SMS');
    await user.click(within(again).getByRole('button', { name: 'Entendi' }));
    expect(api.callsTo('POST', '/core/send_sms_recovery_password_app/').map((call) => call.body)).toEqual([
      { cellphone: PHONE },
      { cellphone: PHONE, canal: 'sms' },
    ]);
    expect(screen.getByRole('textbox', { name: 'Código recebido por SMS' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Receber por SMS' })).not.toBeInTheDocument();
  });
});
