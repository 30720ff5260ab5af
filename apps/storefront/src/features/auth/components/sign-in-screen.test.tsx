import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartStore } from '../../../lib/cart-store.ts';
import { languageStore } from '../../../lib/preferences.ts';
import { getToken, tokenStore } from '../../../lib/session.ts';
import { clearReturnPath } from '../../../lib/sign-in-return.ts';
import { customer, mockApi, renderApp, sessionToken } from '../../../test/accounts.tsx';

const PHONE = '11987654321';
const LOOKUP = `GET /core/telefone_login_app/${PHONE}`;
const SIGN_IN = 'POST /core/v2/auth/api-token-auth-without-email/';
const SIGN_UP = 'POST /core/registration_app/';
const LOGOUT = 'POST /core/v2/auth/session-logout/';
const CUSTOMER = 'GET /core/cliente_app/7?format=json';

const found = { body: { cliente_id: 7, nome_cliente: 'Maria', user_id: 7 } };
const notFound = { status: 404, body: { detail: 'Telefone não encontrado.', code: 'PHONE_NOT_FOUND' } };
const signedIn = (isSuperuser = false) => ({
  body: { token: sessionToken(), user: { id: 7, username: PHONE, is_superuser: isSuperuser } },
});

const phoneInput = () => screen.getByRole('textbox', { name: 'Celular' });
const next = () => screen.getByRole('button', { name: 'Próximo' });

async function toPasswordStep(api = mockApi({ [LOOKUP]: found })) {
  const user = renderApp('/signin');
  await user.type(await screen.findByRole('textbox', { name: 'Celular' }), PHONE);
  await user.click(next());
  await screen.findByRole('heading', { name: 'Olá, Maria!' });
  return { user, api };
}

describe('sign-in: firstStep (phone)', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
    tokenStore.set(null);
    clearReturnPath();
  });
  afterEach(() => tokenStore.set(null));

  it('offers the 12 countries with Brazil first and chosen', async () => {
    mockApi({});
    renderApp('/signin');
    const country = await screen.findByRole('combobox', { name: 'País' });
    const options = within(country).getAllByRole('option');
    expect(options).toHaveLength(12);
    expect(options[0]).toHaveTextContent('Brasil (+55)');
    expect(country).toHaveValue('BR');
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      'BR',
      'UY',
      'US',
      'PT',
      'AR',
      'MX',
      'PY',
      'DE',
      'CN',
      'AU',
      'GB',
      'CA',
    ]);
  });

  it('keeps Next disabled until the number is valid and says so after leaving the field', async () => {
    mockApi({});
    const user = renderApp('/signin');
    const input = await screen.findByRole('textbox', { name: 'Celular' });
    expect(next()).toBeDisabled();
    await user.type(input, '1198765');
    await user.tab();
    expect(input).toHaveAccessibleDescription(/Informe um número de celular válido\./);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(next()).toBeDisabled();
    await user.type(input, '4321');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(next()).toBeEnabled();
  });

  it('shows the message for a complete but invalid number (no 9 after the area code)', async () => {
    mockApi({});
    const user = renderApp('/signin');
    await user.type(await screen.findByRole('textbox', { name: 'Celular' }), '11387654321');
    expect(screen.getByText('Informe um número de celular válido.')).toBeInTheDocument();
    expect(next()).toBeDisabled();
  });

  it('stops the input once the number is complete, and at 15 characters', async () => {
    mockApi({});
    const user = renderApp('/signin');
    const input = await screen.findByRole('textbox', { name: 'Celular' });
    await user.type(input, '119876543219999');
    // Grouped while typing (issue 34, #14).
    expect(input).toHaveValue('(11) 98765-4321');
    await user.clear(input);
    await user.type(input, '(11) 98765-43219');
    expect(input).toHaveValue('(11) 98765-4321');
    await user.selectOptions(screen.getByRole('combobox', { name: 'País' }), 'GB');
    await user.clear(input);
    await user.type(input, '+44 7911 123456 7');
    expect(input).toHaveValue('+44 7911 123456');
  });

  it('validates for the chosen country', async () => {
    mockApi({});
    const user = renderApp('/signin');
    const input = await screen.findByRole('textbox', { name: 'Celular' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'País' }), 'PT');
    await user.type(input, '912345678');
    expect(next()).toBeEnabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'País' }), 'BR');
    expect(next()).toBeDisabled();
  });

  it('looks the phone up by its login digits (international outside Brazil)', async () => {
    const api = mockApi({ 'GET /core/telefone_login_app/351912345678': found });
    const user = renderApp('/signin');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'País' }), 'PT');
    await user.type(phoneInput(), '912 345 678');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Olá, Maria!' });
    expect(api.callsTo('GET', '/core/telefone_login_app/351912345678')).toHaveLength(1);
  });

  it('stays at the phone entry with an error when the lookup has no connection', async () => {
    mockApi({ [LOOKUP]: { offline: true } });
    const user = renderApp('/signin');
    await user.type(await screen.findByRole('textbox', { name: 'Celular' }), PHONE);
    await user.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível verificar o seu celular. Verifique sua conexão com a internet e tente novamente.',
    );
    expect(phoneInput()).toHaveValue('(11) 98765-4321');
  });

  it("shows the server's words when the lookup is throttled", async () => {
    const detail = 'Muitas consultas deste endereço. Tente novamente em 12 minutos.';
    mockApi({ [LOOKUP]: { status: 429, body: { detail, code: 'TOO_MANY_ATTEMPTS' } } });
    const user = renderApp('/signin');
    await user.type(await screen.findByRole('textbox', { name: 'Celular' }), PHONE);
    await user.click(next());
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  });

  it('prefills the phone of /signin/{phone}', async () => {
    mockApi({});
    renderApp(`/signin/${PHONE}`);
    expect(await screen.findByRole('textbox', { name: 'Celular' })).toHaveValue('(11) 98765-4321');
    expect(next()).toBeEnabled();
  });
});

describe('sign-in: signin step (password)', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
    tokenStore.set(null);
    clearReturnPath();
  });
  afterEach(() => tokenStore.set(null));

  it('asks for at least 8 characters and ties the message to the field', async () => {
    const { user, api } = await toPasswordStep();
    const password = screen.getByLabelText('Senha');
    await user.type(password, 'curta');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(password).toHaveAccessibleDescription('A senha deve ter pelo menos 8 caracteres.');
    expect(password).toHaveFocus();
    expect(api.callsTo('POST', '/core/v2/auth/api-token-auth-without-email/')).toHaveLength(0);
  });

  it('Back returns to firstStep with the phone kept', async () => {
    const { user } = await toPasswordStep();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { name: 'Entre ou crie sua conta' })).toHaveFocus();
    expect(phoneInput()).toHaveValue('(11) 98765-4321');
  });

  it('signs in, keeps the token and goes to the profile when the cart is empty', async () => {
    const api = mockApi({ [LOOKUP]: found, [SIGN_IN]: signedIn(), [CUSTOMER]: { body: customer() } });
    const { user } = await toPasswordStep(api);
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await screen.findByRole('heading', { name: 'Meus dados' });
    expect(location.pathname).toBe('/profile');
    expect(getToken()).toBe(sessionToken());
    expect(api.callsTo('POST', '/core/v2/auth/api-token-auth-without-email/')[0]!.body).toEqual({
      username: PHONE,
      password: 'segredo-forte-123',
    });
  });

  it('goes to checkout after signing in with a non-empty cart', async () => {
    const api = mockApi({ [LOOKUP]: found, [SIGN_IN]: signedIn() });
    act(() => cartStore.set([{}] as never));
    const { user } = await toPasswordStep(api);
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await vi.waitFor(() => expect(location.pathname).toBe('/confirmation'));
    expect(getToken()).not.toBeNull();
  });

  it.each([
    ['a wrong password', { status: 400, body: { detail: 'x', code: 'INVALID_CREDENTIALS' } }],
    ['a server error', { status: 500, body: {} }],
    ['a reply without a token', { body: { user: { id: 7, username: PHONE, is_superuser: false } } }],
  ])('refuses %s with the spec dialog', async (_case, reply) => {
    const api = mockApi({ [LOOKUP]: found, [SIGN_IN]: reply });
    const { user } = await toPasswordStep(api);
    await user.type(screen.getByLabelText('Senha'), 'segredo-errado');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erro ao entrar' });
    expect(dialog).toHaveTextContent('Telefone ou senha incorretos! Verifique os dados e tente novamente.');
    await user.click(within(dialog).getByRole('button', { name: 'Entendi' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(location.pathname).toBe('/signin');
  });

  it('refuses a staff account, keeps no token and ends its session', async () => {
    const api = mockApi({ [LOOKUP]: found, [SIGN_IN]: signedIn(true), [LOGOUT]: { body: {} } });
    const { user } = await toPasswordStep(api);
    await user.type(screen.getByLabelText('Senha'), 'senha-da-equipe');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erro ao entrar' });
    expect(dialog).toHaveTextContent('Telefone ou senha incorretos!');
    expect(getToken()).toBeNull();
    expect(tokenStore.get()).toBeNull();
    const logout = api.callsTo('POST', '/core/v2/auth/session-logout/');
    expect(logout).toHaveLength(1);
    expect(logout[0]!.headers.get('Authorization')).toBe(`Bearer ${sessionToken()}`);
  });

  it("shows the server's detail when sign-in is throttled", async () => {
    const detail = 'Muitas tentativas de entrar. Tente novamente em 30 segundos.';
    const api = mockApi({ [LOOKUP]: found, [SIGN_IN]: { status: 429, body: { detail } } });
    const { user } = await toPasswordStep(api);
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('dialog', { name: 'Erro ao entrar' })).toHaveTextContent(detail);
  });

  it('says when the server is too busy checking passwords (503), in both languages', async () => {
    const busy = { status: 503, body: { detail: 'x', code: 'SIGN_IN_BUSY' } };
    const api = mockApi({ [LOOKUP]: found, [SIGN_IN]: busy });
    const { user } = await toPasswordStep(api);
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('dialog', { name: 'Erro ao entrar' })).toHaveTextContent(
      'Muitas pessoas estão entrando agora. Tente de novo em alguns segundos.',
    );
    await user.click(screen.getByRole('button', { name: 'Entendi' }));
    act(() => languageStore.set('en'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign-in error' })).toHaveTextContent(
      'Many people are signing in right now. Try again in a few seconds.',
    );
  });

  it('says there is no connection, in both languages', async () => {
    const api = mockApi({ [LOOKUP]: found, [SIGN_IN]: { offline: true } });
    const { user } = await toPasswordStep(api);
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('dialog', { name: 'Erro ao entrar' })).toHaveTextContent(
      'Não foi possível se conectar. Verifique sua conexão com a internet e tente novamente.',
    );
    await user.click(screen.getByRole('button', { name: 'Entendi' }));
    act(() => languageStore.set('en'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign-in error' });
    expect(dialog).toHaveTextContent('Could not connect. Check your internet connection and try again.');
    expect(within(dialog).getByRole('button', { name: 'Got it' })).toBeInTheDocument();
  });

  it('links to recovery for the phone', async () => {
    await toPasswordStep();
    expect(screen.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute(
      'href',
      `/forgot/${PHONE}`,
    );
  });
});

describe('sign-in: signup step', () => {
  beforeEach(() => {
    languageStore.set('pt_br');
    cartStore.set([]);
    tokenStore.set(null);
    clearReturnPath();
  });
  afterEach(() => tokenStore.set(null));

  async function toSignUp(handlers = {}) {
    const api = mockApi({ [LOOKUP]: notFound, ...handlers });
    const user = renderApp('/signup');
    await user.type(await screen.findByRole('textbox', { name: 'Celular' }), PHONE);
    await user.click(next());
    await screen.findByRole('heading', { name: 'Crie sua conta' });
    return { user, api };
  }

  it('opens for an unknown phone and says so', async () => {
    await toSignUp();
    expect(screen.getByText(/Não encontramos uma conta com este celular/)).toBeInTheDocument();
    expect(screen.getByText('Celular: (11) 98765-4321')).toBeInTheDocument();
  });

  it('checks name and surname, password length and the terms', async () => {
    const { user, api } = await toSignUp();
    const name = screen.getByRole('textbox', { name: 'Nome e sobrenome' });
    await user.type(name, 'Maria');
    await user.type(screen.getByLabelText('Senha'), '1234567');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(name).toHaveAccessibleDescription('Informe seu nome e sobrenome.');
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(
      /A senha deve ter pelo menos 8 caracteres\./,
    );
    const terms = screen.getByRole('checkbox', { name: 'Li e aceito os termos de uso' });
    expect(terms).toHaveAccessibleDescription('É preciso aceitar os termos de uso.');

    await user.clear(name);
    await user.type(name, 'Maria S');
    expect(name).toHaveAccessibleDescription('Informe seu nome e sobrenome.');
    await user.type(name, 'ouza');
    expect(name).not.toHaveAccessibleDescription();
    expect(api.callsTo('POST', '/core/registration_app/')).toHaveLength(0);
  });

  it('creates the account with the country code and the opt-in, then signs in', async () => {
    const { user, api } = await toSignUp({
      [SIGN_UP]: { status: 201, body: { success: true, detail: sessionToken() } },
      [CUSTOMER]: { body: customer() },
    });
    await user.type(screen.getByRole('textbox', { name: 'Nome e sobrenome' }), 'Maria Souza');
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }));
    await user.click(screen.getByRole('checkbox', { name: /ofertas e novidades/ }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    await screen.findByRole('heading', { name: 'Meus dados' });
    expect(api.callsTo('POST', '/core/registration_app/')[0]!.body).toEqual({
      name: 'Maria Souza',
      password: 'segredo-forte-123',
      terms: true,
      cellphone: PHONE,
      ddi: '55',
      send_promo: true,
    });
    expect(getToken()).toBe(sessionToken());
  });

  it("shows a refusal's detail in 'we found a problem'", async () => {
    const { user } = await toSignUp({
      [SIGN_UP]: { status: 409, body: { detail: 'Este celular já tem cadastro.', code: 'PHONE_TAKEN' } },
    });
    await user.type(screen.getByRole('textbox', { name: 'Nome e sobrenome' }), 'Maria Souza');
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Encontramos um problema' });
    expect(dialog).toHaveTextContent('Este celular já tem cadastro.');
    expect(getToken()).toBeNull();
  });

  it.each([
    ['COMMON_PASSWORD', 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.'],
    ['BLANK_PASSWORD', 'A senha não pode ter só espaços. Use letras, números ou símbolos.'],
    ['WEAK_PASSWORD', 'Esta senha é fácil de adivinhar (repetições, sequências, palavras comuns'],
  ])('words the server refusal %s itself', async (code, text) => {
    const { user } = await toSignUp({
      [SIGN_UP]: { status: 400, body: { detail: 'x', code, field: 'password' } },
    });
    await user.type(screen.getByRole('textbox', { name: 'Nome e sobrenome' }), 'Maria Souza');
    await user.type(screen.getByLabelText('Senha'), 'segredo-forte-123');
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos de uso' }));
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('dialog', { name: 'Encontramos um problema' })).toHaveTextContent(text);
  });

  it('shows the terms of use', async () => {
    const { user } = await toSignUp();
    await user.click(screen.getByRole('button', { name: 'Ler os termos de uso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Termos de uso' });
    expect(dialog).toHaveTextContent('Ao criar uma conta em Forno & Brasa');
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Back returns to firstStep', async () => {
    const { user } = await toSignUp();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(await screen.findByRole('heading', { name: 'Entre ou crie sua conta' })).toBeInTheDocument();
  });
});
