import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSettings, refusal, savedBody } from './settings-test-kit.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Method = {
  id: number;
  tipo: string;
  descricao: string;
  chave_pix: string | null;
  tipos_entrega: string[];
};

// Each test takes many steps, on a shared machine: a roomier cap than the default 5 s.
describe('the payments screen', { timeout: 20_000 }, () => {
  it('adds a PIX method with the next free number, its key and holder, offered for pickup only', async () => {
    const { api, user } = await openSettings(/^Pagamentos/);
    await user.click(screen.getByRole('button', { name: /Adicionar forma de pagamento$/ }));
    const method = screen.getByRole('region', { name: 'Nova forma de pagamento' });
    expect(within(method).getByText('nº 6')).toBeTruthy();
    await user.click(within(method).getByLabelText('Nome que o cliente vê'));
    await user.paste('PIX do balcão');
    await user.selectOptions(within(method).getByLabelText('Tipo'), 'pix');
    await user.selectOptions(within(method).getByLabelText('Tipo da chave'), 'email');
    await user.click(within(method).getByLabelText('Chave PIX'));
    await user.paste('balcao@fornoebrasa');
    expect(within(method).getByText('Confira: esta chave não parece um(a) E-mail.')).toBeTruthy();
    await user.paste('.example');
    await user.click(within(method).getByLabelText('Nome do titular'));
    await user.paste('Forno e Brasa');
    await user.click(within(method).getByRole('checkbox', { name: 'Entrega' }));
    await user.click(within(method).getByRole('checkbox', { name: 'Comer no local' }));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    const methods = savedBody(api, 'payments').payment_methods as Method[];
    expect(methods.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(methods[5]).toEqual({
      id: 6,
      tipo: 'pix',
      descricao: 'PIX do balcão',
      api: null,
      chave_pix: 'balcao@fornoebrasa.example',
      tipo_chave_pix: 'email',
      pix_nome_titular: 'Forno e Brasa',
      permite_troco: false,
      tipos_entrega: ['Retirada'],
    });
  });

  it('names the store’s payment provider, and saves the online switches and the document rule', async () => {
    const { api, user } = await openSettings(/^Pagamentos/);
    expect(screen.getByText('Integração de pagamento: Mercado Pago.')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Cartão pelo app' }));
    await user.click(screen.getByRole('switch', { name: 'Pedir CPF ou CNPJ nas entregas' }));
    const expiry = screen.getByLabelText('Validade do código PIX');
    await user.clear(expiry);
    await user.type(expiry, '900');
    expect(expiry).toHaveAccessibleDescription('Em segundos, de 30 a 86400. Agora: 15 min.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Salvo. Os clientes já veem a mudança.');
    expect(savedBody(api, 'payments').settings).toEqual({
      online_payment: true,
      payment_by_pix: true,
      payment_by_card: false,
      payment_key: null,
      expiration_time_pix: 900,
      delivery_customer_doc_required: true,
    });
  });

  it('without a payment provider, says paying in the app is unavailable and keeps its switches off', async () => {
    const { pizzariaDocument } = await import('./settings-test-kit.tsx');
    const document = pizzariaDocument();
    Object.assign(document.settings, {
      online_payment: false,
      payment_by_pix: false,
      payment_by_card: false,
    });
    await openSettings(/^Pagamentos/, { provider: null, document });
    expect(
      screen.getByText(
        'Esta loja não tem integração de pagamento: o pagamento pelo app fica indisponível até a equipe técnica configurar uma.',
      ),
    ).toBeTruthy();
    for (const name of ['Pagamento pelo app', 'PIX pelo app', 'Cartão pelo app'])
      expect(screen.getByRole('switch', { name })).toBeDisabled();
  });

  it('shows a refused method name beside its field', async () => {
    const detail = 'Vale-refeição: campo obrigatório.';
    const { user } = await openSettings(/^Pagamentos/, {
      onSave: () => refusal('payment_methods.4.descricao', 'INVALID_INPUT', detail),
    });
    const voucher = screen.getByRole('region', { name: 'Vale-refeição' });
    const name = within(voucher).getByLabelText('Nome que o cliente vê');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Não salvo: 1 problema para corrigir.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name).toHaveAccessibleDescription(detail);
  });

  it('is read-only for attendants', async () => {
    await openSettings(/^Pagamentos/, { role: 'attendant' });
    expect(screen.getByRole('switch', { name: 'PIX pelo app' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });
});
