import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { failureText, useWhatsappWordsT } from './whatsapp-failures.ts';
import { unreadTotal, whatsappPhoneText } from './whatsapp-words.ts';

describe('the WhatsApp channel in words', () => {
  it('shows a Brazilian number as people write it, others with their country code', () => {
    expect(whatsappPhoneText('+5511987654321')).toBe('(11) 98765-4321');
    expect(whatsappPhoneText('551132654321')).toBe('(11) 3265-4321');
    expect(whatsappPhoneText('+351912345678')).toBe('+351912345678');
  });

  it('counts the unread messages of every conversation for the tab’s badge', () => {
    const conversation = (nao_lidas: number) => ({
      id: 1,
      telefone: '+5511987654321',
      cliente_nome: null,
      ultima_mensagem: 'oi',
      ultima_direcao: 'entrada' as const,
      ultima_em: '2026-05-05T23:00:00Z',
      janela_aberta_ate: null,
      nao_lidas,
      precisa_atendente: false,
    });
    expect(unreadTotal([conversation(2), conversation(0), conversation(1)])).toBe(3);
    expect(unreadTotal([])).toBe(0);
  });

  it('words Meta’s codes and ours, and falls back to Meta’s message with its code', () => {
    languageStore.set('pt_br');
    const t = renderHook(() => useWhatsappWordsT()).result.current;
    expect(failureText({ codigo: '131047', mensagem: 'Re-engagement message' }, t)).toMatch(
      /^Fora da janela de 24 horas/,
    );
    expect(failureText({ codigo: '130429', mensagem: 'Rate limit hit' }, t)).toMatch(/^Limite de envios/);
    expect(failureText({ codigo: 'BAD_SIGNATURE', mensagem: '' }, t)).toMatch(/assinatura que não confere/);
    expect(failureText({ codigo: '999', mensagem: 'Something else' }, t)).toBe('Something else (código 999)');
    languageStore.set('en');
    const en = renderHook(() => useWhatsappWordsT()).result.current;
    expect(failureText({ codigo: '132001', mensagem: '' }, en)).toMatch(/^The template does not exist/);
    languageStore.set('pt_br');
  });
});
