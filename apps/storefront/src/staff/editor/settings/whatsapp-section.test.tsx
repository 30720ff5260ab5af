import type { WhatsappSettingsReply } from '@comanda/contract';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../../lib/preferences.ts';
import { setStaffToken } from '../../lib/staff-api.ts';
import { stubStaffApi } from '../../lib/test-kit.ts';
import WhatsappSection from './whatsapp-section.tsx';

const settings: WhatsappSettingsReply = {
  ativo: false,
  phone_number_id: null,
  numero_exibicao: '',
  token_definido: false,
  app_secret_definido: false,
  verify_token_definido: false,
  webhook_url: 'https://pizzaria.example/integracoes/whatsapp/webhook',
  templates: (['pt_BR', 'en'] as const).map((idioma) => ({
    nome: 'comanda_pedido_aceito',
    categoria: 'UTILITY' as const,
    idioma,
    texto: '{{1}} aceitou seu pedido nº {{2}}. Previsão: {{3}}. Acompanhe em {{4}}',
    variaveis: ['loja', 'numero_pedido', 'previsao', 'link_pedido'],
    registrado: false,
  })),
  falhas_recentes: [],
};

beforeEach(() => setStaffToken('staff-token'));
afterEach(() => {
  setStaffToken(null);
  vi.unstubAllGlobals();
  languageStore.set('pt_br');
});

describe('Ajustes › WhatsApp', () => {
  it('names each template variable in words, with accents, beside Meta’s numbered placeholder', async () => {
    languageStore.set('pt_br');
    stubStaffApi({ 'GET /staff/whatsapp/settings': { body: settings } });
    const { unmount } = render(<WhatsappSection onDirty={() => {}} />);
    expect(
      await screen.findByText(
        'Variáveis: {{1}} nome da loja, {{2}} número do pedido, {{3}} previsão de entrega, {{4}} link do pedido',
      ),
    ).toBeTruthy();
    unmount();
    languageStore.set('en');
    render(<WhatsappSection onDirty={() => {}} />);
    expect(
      await screen.findByText(
        'Variables: {{1}} store name, {{2}} order number, {{3}} expected time, {{4}} order link',
      ),
    ).toBeTruthy();
  });
});
