import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../lib/cart-store.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { getToken, setToken, tokenStore } from '../../../lib/session.ts';
import { clearReturnPath } from '../../../lib/sign-in-return.ts';
import { START_PATHS } from '../../../lib/start-data.ts';
import { customer, mockApi, renderApp, sessionToken } from '../../../test/accounts.tsx';
import { company } from '../../../test/fixtures.ts';

const CUSTOMER = 'GET /core/cliente_app/7?format=json';
const PATCH = 'PATCH /core/cliente_app/7';
const COMPANY = `GET ${START_PATHS.company}`;

describe('profile (/profile)', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
    clearReturnPath();
    setToken(sessionToken());
  });
  afterEach(() => tokenStore.set(null));

  it("shows the customer's data with the phone and document formatted", async () => {
    mockApi({
      [CUSTOMER]: { body: customer({ email: 'maria@example.com', documento: '52998224725' }) },
    });
    renderApp('/profile');
    const data = await screen.findByRole('region', { name: 'Meus dados' });
    await within(data).findByText('Maria Souza');
    // The account page's head: initials, name and phone; then the data a customer may edit.
    expect(data).toHaveTextContent('MSMaria Souza(11) 98765-4321');
    expect(data).toHaveTextContent('E-mailmaria@example.com');
    expect(data).toHaveTextContent('CPF ou CNPJ529.982.247-25');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Meu perfil');
    const rows = screen.getByRole('navigation', { name: 'Minha conta' });
    expect(
      within(rows)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/mobile/orders', '/addresses', '/my_privacy']);
    expect(within(rows).getByRole('link', { name: 'Meus endereços' })).toHaveAccessibleDescription(
      'Nenhum endereço salvo',
    );
  });

  it('switches order updates on WhatsApp on where the store has the channel (issue 36)', async () => {
    const api = mockApi({
      [CUSTOMER]: { body: customer() },
      [COMPANY]: { body: [company({ whatsapp_canal: { ativo: true } })] },
      'GET /core/v2/app/customer/whatsapp': { body: { disponivel: true, atualizacoes_pedido: false } },
      'PUT /core/v2/app/customer/whatsapp': { body: { disponivel: true, atualizacoes_pedido: true } },
    });
    const user = renderApp('/profile');
    const updates = await screen.findByRole('switch', { name: 'Atualizações do pedido pelo WhatsApp' });
    expect(updates).not.toBeChecked();
    expect(updates).toHaveAccessibleDescription(
      /A loja avisa no WhatsApp \(11\)\u00a098765-4321 quando aceitar/,
    );
    await user.click(updates);
    expect(
      await screen.findByText('Pronto: você vai receber as atualizações dos pedidos pelo WhatsApp.'),
    ).toBeInTheDocument();
    expect(updates).toBeChecked();
    expect(api.callsTo('PUT', '/core/v2/app/customer/whatsapp')[0]!.body).toEqual({
      atualizacoes_pedido: true,
    });
  });

  it('shows no WhatsApp switch where the store has no channel', async () => {
    mockApi({ [CUSTOMER]: { body: customer() } });
    renderApp('/profile');
    await screen.findByRole('region', { name: 'Meus dados' });
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('edits name, e-mail and document and saves them', async () => {
    const api = mockApi({
      [CUSTOMER]: { body: customer() },
      [PATCH]: ({ body }) => ({
        body: customer({
          ...(body as object),
          documento: (body as { documento: string }).documento || null,
        }),
      }),
    });
    const user = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Editar meus dados' }));
    const name = screen.getByRole('textbox', { name: 'Nome' });
    await user.clear(name);
    await user.type(name, 'Maria da Silva');
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'maria@example.com');
    const document = screen.getByRole('textbox', { name: 'CPF ou CNPJ' });
    await user.type(document, '11444777000161');
    expect(document).toHaveValue('11.444.777/0001-61');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Seus dados foram atualizados.');
    expect(api.callsTo('PATCH', '/core/cliente_app/7')[0]!.body).toEqual({
      nome: 'Maria da Silva',
      email: 'maria@example.com',
      documento: '11444777000161',
    });
    expect(screen.getByRole('region', { name: 'Meus dados' })).toHaveTextContent('11.444.777/0001-61');
  });

  it('checks the fields before saving', async () => {
    const api = mockApi({ [CUSTOMER]: { body: customer() } });
    const user = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Editar meus dados' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'maria@');
    await user.type(screen.getByRole('textbox', { name: 'CPF ou CNPJ' }), '12345678900');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'Informe um e-mail válido.',
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'CPF ou CNPJ' })).toHaveAccessibleDescription(
      'Informe um CPF ou CNPJ válido.',
    );
    expect(api.callsTo('PATCH', '/core/cliente_app/7')).toHaveLength(0);
  });

  it("puts the server's refusal under its field", async () => {
    mockApi({
      [CUSTOMER]: { body: customer() },
      [PATCH]: {
        status: 400,
        body: { detail: 'Informe nome e sobrenome.', code: 'INVALID_NAME', field: 'nome' },
      },
    });
    const user = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Editar meus dados' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Informe nome e sobrenome.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nome' })).toHaveAccessibleDescription(
      'Informe nome e sobrenome.',
    );
  });

  it('logs out: the server ends the session and the token goes', async () => {
    const api = mockApi({ [CUSTOMER]: { body: customer() }, 'POST /core/v2/auth/session-logout/': {} });
    const user = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Sair da conta' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/home'));
    expect(getToken()).toBeNull();
    const logout = api.callsTo('POST', '/core/v2/auth/session-logout/');
    expect(logout[0]!.headers.get('Authorization')).toBe(`Bearer ${sessionToken()}`);
  });

  it('shows the data again when the customer signs out and straight back in', async () => {
    mockApi({
      [CUSTOMER]: { body: customer() },
      'POST /core/v2/auth/session-logout/': {},
      'GET /core/telefone_login_app/11987654321': {
        body: { cliente_id: 7, nome_cliente: 'Maria', user_id: 7 },
      },
      'POST /core/v2/auth/api-token-auth-without-email/': {
        body: { token: sessionToken(), user: { id: 7, username: '11987654321', is_superuser: false } },
      },
    });
    const user = renderApp('/profile');
    await user.click(await screen.findByRole('button', { name: 'Sair da conta' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/home'));
    await user.click(screen.getByRole('link', { name: 'Perfil' }));
    await user.type(await screen.findByRole('textbox', { name: 'Celular' }), '11987654321');
    await user.click(screen.getByRole('button', { name: 'Próximo' }));
    await user.type(await screen.findByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Maria Souza')).toBeInTheDocument();
  });

  it('links to privacy and shows the terms of use', async () => {
    mockApi({ [CUSTOMER]: { body: customer() } });
    const user = renderApp('/profile');
    expect(await screen.findByRole('link', { name: 'Privacidade e mensagens promocionais' })).toHaveAttribute(
      'href',
      '/my_privacy',
    );
    await user.click(screen.getByRole('button', { name: 'Termos de uso' }));
    expect(await screen.findByRole('dialog', { name: 'Termos de uso' })).toBeInTheDocument();
  });

  it('sends the customer to /signin when the session has expired (401)', async () => {
    mockApi({
      [CUSTOMER]: { status: 401, body: { detail: 'Sua sessão expirou. Entre novamente.' } },
    });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { name: 'Entre ou crie sua conta' })).toBeInTheDocument();
    expect(location.pathname).toBe('/signin');
    expect(getToken()).toBeNull();
  });

  it('offers to try again when the data cannot be loaded', async () => {
    const api = mockApi({ [CUSTOMER]: { offline: true } });
    const user = renderApp('/profile');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os seus dados.');
    api.on(CUSTOMER, { body: customer() });
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Maria Souza')).toBeInTheDocument();
  });

  describe('saved cards (spec section 2 "/profile", 5 "Deletion", 8 "Card deletion")', () => {
    const cardStore = company({ online_payment: true, payment_by_card: true });
    const visa = { id: 11, brand: 'visa' as const, ultimos4: '4242', excluido: false };
    const master = { id: 12, brand: 'mastercard' as const, ultimos4: '4444', excluido: false };

    it('are listed masked but the last 4 digits only when the store takes cards online', async () => {
      mockApi({
        [CUSTOMER]: { body: customer({ cards: [visa, master] }) },
        [COMPANY]: { body: [cardStore] },
      });
      renderApp('/profile', { store: cardStore });
      const cards = await screen.findByRole('region', { name: 'Cartões salvos' });
      expect(within(cards).getByText('Visa •••• 4242')).toBeInTheDocument();
      expect(within(cards).getByText('Mastercard •••• 4444')).toBeInTheDocument();
    });

    it('are not shown when the store takes no online payment', async () => {
      mockApi({ [CUSTOMER]: { body: customer({ cards: [visa] }) } });
      renderApp('/profile');
      await screen.findByRole('region', { name: 'Meus dados' });
      expect(screen.queryByRole('region', { name: 'Cartões salvos' })).toBeNull();
    });

    it('a card is deleted after confirming, with the success text; a failure offers to try again', async () => {
      let cards = [visa, master];
      const api = mockApi({
        [CUSTOMER]: () => ({ body: customer({ cards }) }),
        [COMPANY]: { body: [cardStore] },
        'PATCH /core/cartoes/11/': { status: 500, body: { detail: 'erro' } },
      });
      const user = renderApp('/profile', { store: cardStore });
      const region = await screen.findByRole('region', { name: 'Cartões salvos' });
      await user.click(within(region).getByRole('button', { name: 'Excluir o cartão Visa •••• 4242' }));
      const dialog = await screen.findByRole('dialog', { name: 'Excluir cartão' });
      expect(dialog).toHaveTextContent('Deseja excluir o cartão Visa •••• 4242?');
      await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Não foi possível excluir o cartão.',
      );
      api.on('PATCH /core/cartoes/11/', () => {
        cards = [master];
        return { body: { ...visa, excluido: true } };
      });
      await user.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
      expect(await within(region).findByRole('status')).toHaveTextContent('Cartão excluído com sucesso.');
      expect(api.callsTo('PATCH', '/core/cartoes/11/').at(-1)!.body).toEqual({ excluido: true });
      expect(within(region).queryByText('Visa •••• 4242')).toBeNull();
    });
  });
});
