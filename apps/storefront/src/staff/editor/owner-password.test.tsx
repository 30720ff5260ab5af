import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSettings } from './settings/settings-test-kit.tsx';

/*
 * A PIX key change is an owner's, confirmed with their password (issue 33): the editor asks for it
 * when the server does, says when it was wrong, and sends it with the section.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('saving a new PIX key', { timeout: 20_000 }, () => {
  it('asks the owner’s password, says when it was wrong, and saves with the right one', async () => {
    const sent: Record<string, unknown>[] = [];
    const { user } = await openSettings(/^Pagamentos/, {
      role: 'owner',
      onSave: (call) => {
        const body = call.body as Record<string, unknown>;
        sent.push(body);
        if (body.owner_password === undefined)
          return {
            status: 403,
            body: {
              code: 'OWNER_PASSWORD_REQUIRED',
              detail: 'Confirme com a sua senha de dono para mudar isto.',
            },
          };
        if (body.owner_password !== 'senha-certa')
          return {
            status: 403,
            body: { code: 'OWNER_PASSWORD_WRONG', detail: 'Senha incorreta. Nada foi alterado.' },
          };
        const { owner_password: _password, ...section } = body;
        return { body: { menu_version: 8, changed: true, section } };
      },
    });
    const key = screen.getAllByLabelText('Chave PIX')[0]!;
    await user.clear(key);
    await user.type(key, 'loja@nova.example');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirme com a sua senha' });
    expect(
      within(dialog).getByText(
        'Mudar a chave PIX ou o provedor de pagamento é uma ação do dono. Todos os donos serão avisados.',
      ),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Sua senha'), 'errada');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar e salvar' }));
    const again = await screen.findByRole('dialog', { name: 'Confirme com a sua senha' });
    expect(await within(again).findByText('Senha incorreta. Nada foi alterado.')).toBeTruthy();
    await user.type(within(again).getByLabelText('Sua senha'), 'senha-certa');
    await user.click(within(again).getByRole('button', { name: 'Confirmar e salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(sent.map((body) => body.owner_password)).toEqual([undefined, 'errada', 'senha-certa']);
  });
});
