import type { WhatsappSettingsReply } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import {
  initialForm,
  missingForActive,
  settingsPayload,
  templateRows,
  toggleRegistered,
} from './whatsapp-model.ts';

const reply = (overrides: Partial<WhatsappSettingsReply> = {}): WhatsappSettingsReply => ({
  ativo: false,
  phone_number_id: null,
  numero_exibicao: '',
  token_definido: false,
  app_secret_definido: false,
  verify_token_definido: false,
  webhook_url: 'http://pizzaria.localhost:3000/integracoes/whatsapp/webhook',
  templates: [
    {
      nome: 'pedido_aceito',
      categoria: 'UTILITY',
      idioma: 'pt_BR',
      texto: 'Pedido {{1}} aceito',
      variaveis: ['loja', 'numero_pedido'],
      registrado: true,
    },
    {
      nome: 'pedido_aceito',
      categoria: 'UTILITY',
      idioma: 'en',
      texto: 'Order {{1}} accepted',
      variaveis: ['loja', 'numero_pedido'],
      registrado: true,
    },
    {
      nome: 'codigo_acesso',
      categoria: 'AUTHENTICATION',
      idioma: 'pt_BR',
      texto: '{{1}} é seu código',
      variaveis: ['codigo'],
      registrado: false,
    },
  ],
  falhas_recentes: [],
  ...overrides,
});

describe('Ajustes › WhatsApp', () => {
  it('starts with the stored values, secrets empty (write-only) and the registered templates ticked', () => {
    const form = initialForm(
      reply({ phone_number_id: '1234', numero_exibicao: '+55 11 4000-0000', token_definido: true }),
    );
    expect(form).toEqual({
      ativo: false,
      phone_number_id: '1234',
      numero_exibicao: '+55 11 4000-0000',
      token: '',
      app_secret: '',
      verify_token: '',
      registrados: ['pedido_aceito'],
    });
  });

  it('sends only the secrets typed, and no phone number id when it is blank', () => {
    const form = { ...initialForm(reply()), phone_number_id: '  ', app_secret: ' s3cret ' };
    expect(settingsPayload(form)).toEqual({
      ativo: false,
      phone_number_id: null,
      numero_exibicao: '',
      app_secret: 's3cret',
      templates_registrados: ['pedido_aceito'],
    });
  });

  it('asks, before activating, for the number id and each secret not typed nor stored', () => {
    const stored = reply({ token_definido: true });
    const form = { ...initialForm(stored), ativo: true };
    expect(missingForActive(form, stored)).toEqual(['phone_number_id', 'app_secret', 'verify_token']);
    expect(
      missingForActive({ ...form, phone_number_id: '99', app_secret: 'a', verify_token: 'v' }, stored),
    ).toEqual([]);
    expect(missingForActive({ ...form, ativo: false }, stored)).toEqual([]);
  });

  it('lists each template once with its pt-BR and English texts, and ticks or unticks it', () => {
    const rows = templateRows(reply().templates);
    expect(rows.map((row) => [row.nome, row.pt, row.en])).toEqual([
      ['pedido_aceito', 'Pedido {{1}} aceito', 'Order {{1}} accepted'],
      ['codigo_acesso', '{{1}} é seu código', null],
    ]);
    const form = initialForm(reply());
    expect(toggleRegistered(form, 'codigo_acesso', true).registrados).toEqual([
      'pedido_aceito',
      'codigo_acesso',
    ]);
    expect(toggleRegistered(form, 'pedido_aceito', false).registrados).toEqual([]);
  });
});
