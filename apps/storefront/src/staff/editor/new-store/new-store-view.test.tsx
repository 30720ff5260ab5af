import type { StaffAccount } from '@comanda/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { setStaffToken } from '../../lib/staff-api.ts';
import { stubStaffApi } from '../../lib/test-kit.ts';
import EditorArea from '../editor-area.tsx';
import { editorReplyOf, renderScreen } from '../editor-test-kit.tsx';
import NewStoreView from './new-store-view.tsx';

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

async function fillForm(user: ReturnType<typeof userEvent.setup>, slug = 'Cantina da Zé') {
  await user.type(screen.getByLabelText('Endereço (subdomínio)'), slug);
  await user.type(screen.getByLabelText('Nome da loja'), 'Cantina da Zé');
  await user.click(screen.getByRole('radio', { name: 'Cardápio de pizzaria' }));
  await user.type(screen.getByLabelText('Celular'), '(11) 95555-0177');
  await user.type(screen.getByLabelText('Nome'), 'Zé Cantineiro');
  await user.type(screen.getByLabelText('Senha'), 'senha-da-cantina');
}

describe("an owner's new store", () => {
  it('shows the address as it is typed, creates the store and says where it is and that it starts closed', async () => {
    const api = stubStaffApi({
      'POST /staff/stores': {
        status: 201,
        body: {
          slug: 'cantina-da-ze',
          url: 'http://cantina-da-ze.localhost:3000',
          owner: { user_id: 41, username: '11955550177' },
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(NewStoreView);
    await fillForm(user);
    expect(screen.getByLabelText('Endereço (subdomínio)')).toHaveValue('cantina-da-ze');
    expect(screen.getByText('A loja vai ficar em', { exact: false })).toHaveTextContent(
      'A loja vai ficar em http://cantina-da-ze.localhost:3000',
    );
    await user.click(screen.getByRole('button', { name: 'Criar loja' }));

    const done = await screen.findByRole('region', { name: 'Loja criada' });
    expect(within(done).getByRole('link', { name: 'http://cantina-da-ze.localhost:3000' })).toHaveAttribute(
      'href',
      'http://cantina-da-ze.localhost:3000',
    );
    expect(
      within(done).getByRole('link', { name: 'http://cantina-da-ze.localhost:3000/staff' }),
    ).toBeInTheDocument();
    expect(done).toHaveTextContent('Ela começa fechada para pedidos');
    expect(done).toHaveTextContent('(11) 95555-0177');
    expect(api.callsTo('POST', '/staff/stores')[0]!.body).toEqual({
      slug: 'cantina-da-ze',
      nome: 'Cantina da Zé',
      template: 'pizzaria',
      owner_phone: '11955550177',
      owner_country: 'BR',
      owner_name: 'Zé Cantineiro',
      password: 'senha-da-cantina',
      // A new store starts in its owner's current store's time zone (the test page's boot block).
      time_zone: 'America/Sao_Paulo',
    });
  });

  it('a taken address is refused beside the address field, and nothing is lost', async () => {
    stubStaffApi({
      'POST /staff/stores': {
        status: 409,
        body: {
          code: 'SLUG_TAKEN',
          detail: "Já existe uma loja no endereço 'sakura'. Escolha outro.",
          field: 'slug',
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(NewStoreView);
    await fillForm(user, 'sakura');
    await user.click(screen.getByRole('button', { name: 'Criar loja' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A loja não foi criada: corrija o que está indicado.',
    );
    const slug = screen.getByLabelText('Endereço (subdomínio)');
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAccessibleDescription(/Já existe uma loja no endereço 'sakura'\. Escolha outro\./);
    expect(screen.getByLabelText('Senha')).toHaveValue('senha-da-cantina');
  });

  it("refuses the owner's password by its field, as the server words it", async () => {
    stubStaffApi({
      'POST /staff/stores': {
        status: 400,
        body: {
          code: 'INVALID_PASSWORD',
          detail: 'A senha deve ter pelo menos 8 caracteres.',
          field: 'password',
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(NewStoreView);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Criar loja' }));
    await waitFor(() => expect(screen.getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(
      /A senha deve ter pelo menos 8 caracteres\./,
    );
  });

  it('says a reserved or malformed address before sending', async () => {
    const api = stubStaffApi({});
    const user = userEvent.setup();
    renderScreen(NewStoreView);
    const slug = screen.getByLabelText('Endereço (subdomínio)');
    await user.type(slug, 'www');
    expect(slug).toHaveAccessibleDescription(/Este endereço é reservado/);
    await user.clear(slug);
    await user.type(slug, 'autodiscover');
    expect(slug).toHaveAccessibleDescription(/Este endereço é reservado/);
    await user.clear(slug);
    await user.type(slug, 'loja-');
    expect(slug).toHaveAccessibleDescription(/sem hífen no começo ou no fim/);
    expect(api.calls).toHaveLength(0);
  });
});

describe("'Ajustes' by role", () => {
  const me = (role: StaffAccount['role']): StaffAccount =>
    ({ user_id: 1, username: '11955550100', nome: 'Ana', role }) as StaffAccount;
  const entries = async (role: StaffAccount['role']) => {
    stubStaffApi({ 'GET /staff/editor/document': { body: editorReplyOf() } });
    const view = renderScreen(() => <EditorArea mode="settings" me={me(role)} />);
    const nav = await screen.findByRole('navigation', { name: 'Ajustes' });
    const names = within(nav)
      .getAllByRole('button')
      .map((button) => button.querySelector('.staff-strong')?.textContent);
    view.unmount();
    return names;
  };

  it('gives attendants coupons, loyalty and look to read; managers the history too; owners also new stores', async () => {
    expect(await entries('attendant')).toEqual(expect.arrayContaining(['Cupons', 'Fidelidade', 'Visual']));
    expect(await entries('attendant')).not.toContain('Histórico de alterações');
    expect(await entries('manager')).toContain('Histórico de alterações');
    expect(await entries('manager')).not.toContain('Nova loja');
    expect((await entries('owner')).slice(-5)).toEqual([
      'Cupons',
      'Fidelidade',
      'Visual',
      'Histórico de alterações',
      'Nova loja',
    ]);
  });
});
