import type { DocumentLoyalty } from '@comanda/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { setStaffToken } from '../../lib/staff-api.ts';
import { stubStaffApi } from '../../lib/test-kit.ts';
import { documentOf, editorReplyOf, refusal, renderScreen } from '../editor-test-kit.tsx';
import LoyaltySection from './loyalty-section.tsx';

const PUT = 'PUT /staff/editor/sections/loyalty';

beforeEach(() => {
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
});

const summary = () => screen.getByRole('region', { name: 'O que o cliente ganha' });

describe('the loyalty screen', () => {
  it('says in reais what a customer gets, and follows the numbers as they change', async () => {
    stubStaffApi({});
    const user = userEvent.setup();
    renderScreen(LoyaltySection);
    expect(summary()).toHaveTextContent(
      'A cada R$ 1,00 em produtos, o cliente ganha 1 ponto. Com 100 pontos, ele troca por R$ 15,00 de desconto num pedido. Para isso, precisa gastar R$ 100,00 em produtos.',
    );
    expect(summary()).toHaveTextContent(
      'Exemplo: um pedido de R$ 50,00 em produtos rende 50 pontos; a recompensa tira R$ 15,00 dele.',
    );

    const rate = screen.getByLabelText('Pontos por R$ 1,00 em produtos');
    await user.clear(rate);
    await user.type(rate, '2');
    await user.selectOptions(screen.getByLabelText('Recompensa'), 'percent');
    await user.clear(screen.getByLabelText('Porcentagem de desconto'));
    await user.type(screen.getByLabelText('Porcentagem de desconto'), '10');
    expect(summary()).toHaveTextContent('o cliente ganha 2 pontos');
    expect(summary()).toHaveTextContent('ele troca por 10% de desconto nos produtos de um pedido');
    expect(summary()).toHaveTextContent('precisa gastar R$ 50,00 em produtos');
    expect(summary()).toHaveTextContent('rende 100 pontos; a recompensa tira R$ 5,00 dele');
  });

  it('starts a program where the store has none, and saves it whole', async () => {
    const api = stubStaffApi({});
    api.on(PUT, (call) => ({ body: { menu_version: 8, changed: true, section: call.body } }));
    const user = userEvent.setup();
    renderScreen(LoyaltySection, { reply: editorReplyOf(documentOf({ loyalty: null })) });
    expect(screen.getByText('A loja não tem programa de fidelidade.')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Programa de fidelidade ativo' }));
    await user.type(screen.getByLabelText('Regras para o cliente'), 'Junte pontos e ganhe desconto.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT', '/staff/editor/sections/loyalty')).toHaveLength(1));
    expect(
      (api.callsTo('PUT', '/staff/editor/sections/loyalty')[0]!.body as { loyalty: DocumentLoyalty }).loyalty,
    ).toEqual({
      ativo: true,
      descricao: 'Junte pontos e ganhe desconto.',
      pontos_recompensa: 100,
      recompensa_perc: false,
      perc_recompensa: 0,
      vlr_recompensa: 1000,
      pontos_por_real: 1,
    });
  });

  it('a refused save shows the message beside the field', async () => {
    stubStaffApi({
      [PUT]: refusal([
        {
          field: 'loyalty.pontos_por_real',
          code: 'INVALID_INPUT',
          detail: 'O valor deve ser no máximo 100.',
        },
      ]),
    });
    const user = userEvent.setup();
    renderScreen(LoyaltySection);
    await user.clear(screen.getByLabelText('Pontos para a recompensa'));
    await user.type(screen.getByLabelText('Pontos para a recompensa'), '250');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Não salvo: 1 problema para corrigir.');
    const rate = screen.getByLabelText('Pontos por R$ 1,00 em produtos');
    expect(rate).toHaveAttribute('aria-invalid', 'true');
    expect(rate).toHaveAccessibleDescription(/O valor deve ser no máximo 100\./);
  });

  it('an attendant reads the program and cannot change it', () => {
    stubStaffApi({});
    renderScreen(LoyaltySection, { canEdit: false });
    expect(screen.getByRole('switch', { name: 'Programa de fidelidade ativo' })).toBeDisabled();
    expect(screen.getByLabelText('Pontos para a recompensa')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(summary()).toHaveTextContent('Com 100 pontos');
  });
});
