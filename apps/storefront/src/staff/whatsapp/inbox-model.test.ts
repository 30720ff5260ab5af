import type { WhatsappConversation } from '@comanda/contract';
import { describe, expect, it } from 'vitest';
import {
  conversationName,
  heardMessage,
  listTime,
  messageOrigin,
  messageTime,
  replyWindow,
  statusMark,
} from './inbox-model.ts';

const ZONE = 'America/Sao_Paulo';
const NOW = new Date('2026-05-05T23:00:00Z'); // 20:00 in São Paulo

const conversation = (id: number, overrides: Partial<WhatsappConversation> = {}): WhatsappConversation => ({
  id,
  telefone: '+5511987654321',
  cliente_nome: null,
  ultima_mensagem: 'oi',
  ultima_direcao: 'entrada',
  ultima_em: '2026-05-05T22:00:00Z',
  janela_aberta_ate: '2026-05-06T22:00:00Z',
  nao_lidas: 0,
  precisa_atendente: false,
  ...overrides,
});

describe('the WhatsApp inbox', () => {
  it('names a conversation by the customer, else by the formatted number', () => {
    expect(conversationName(conversation(1, { cliente_nome: 'Maria Souza' }))).toBe('Maria Souza');
    expect(conversationName(conversation(1))).toBe('(11) 98765-4321');
    expect(conversationName(conversation(1, { cliente_nome: '  ' }))).toBe('(11) 98765-4321');
  });

  it('shows the clock today, yesterday as a word and older days as a date, in the store’s time', () => {
    expect(listTime('2026-05-05T22:15:00Z', NOW, ZONE)).toEqual({ kind: 'clock', text: '19:15' });
    // 02:30 UTC on the 5th is still the 4th in São Paulo.
    expect(listTime('2026-05-05T02:30:00Z', NOW, ZONE)).toEqual({ kind: 'yesterday' });
    expect(listTime('2026-04-28T15:00:00Z', NOW, ZONE)).toEqual({ kind: 'date', text: '28/04' });
  });

  it('opens the reply box only within the 24-hour window, and says until when', () => {
    expect(replyWindow(conversation(1, { janela_aberta_ate: '2026-05-05T23:40:00Z' }), NOW, ZONE)).toEqual({
      open: true,
      until: '20:40',
    });
    expect(replyWindow(conversation(1), NOW, ZONE)).toEqual({ open: true, until: '06/05 19:00' });
    expect(replyWindow(conversation(1, { janela_aberta_ate: '2026-05-05T22:59:00Z' }), NOW, ZONE)).toEqual({
      open: false,
    });
    expect(replyWindow(conversation(1, { janela_aberta_ate: null }), NOW, ZONE)).toEqual({ open: false });
  });

  it('ticks outgoing messages by their status and marks templates and automatic answers', () => {
    expect(statusMark({ direcao: 'entrada', status: 'entregue' })).toBeNull();
    expect(statusMark({ direcao: 'saida', status: 'na_fila' })).toEqual({ kind: 'queued' });
    expect(statusMark({ direcao: 'saida', status: 'lida' })).toEqual({ kind: 'read' });
    expect(statusMark({ direcao: 'saida', status: 'falhou' })).toEqual({ kind: 'failed' });
    expect(messageOrigin({ direcao: 'saida', tipo: 'template' })).toBe('template');
    expect(messageOrigin({ direcao: 'saida', tipo: 'automatica' })).toBe('automatic');
    expect(messageOrigin({ direcao: 'saida', tipo: 'texto' })).toBeNull();
    expect(messageOrigin({ direcao: 'entrada', tipo: 'texto' })).toBeNull();
  });

  it('moves a conversation with a live message to the top, one more unread, flagged, window open', () => {
    const list = [conversation(1), conversation(2, { cliente_nome: 'Ana', nao_lidas: 1 })];
    const event = {
      conversa_id: 2,
      telefone: '+5511912345678',
      cliente_nome: 'Ana',
      texto: 'Tem troco?',
      em: NOW.toISOString(),
    };
    const heard = heardMessage(list, event, null);
    expect(heard.known).toBe(true);
    expect(heard.conversations.map((each) => each.id)).toEqual([2, 1]);
    expect(heard.conversations[0]).toMatchObject({
      ultima_mensagem: 'Tem troco?',
      nao_lidas: 2,
      precisa_atendente: true,
      janela_aberta_ate: '2026-05-06T23:00:00.000Z',
    });
    // The conversation open on the screen is being read.
    expect(heardMessage(list, event, 2).conversations[0]!.nao_lidas).toBe(0);
    expect(heardMessage(list, { ...event, conversa_id: 9 }, null).known).toBe(false);
  });

  it('gives a bubble the store clock always, after the day when it is not today', () => {
    expect(messageTime('2026-05-05T22:15:00Z', NOW, ZONE)).toEqual({ day: null, clock: '19:15' });
    expect(messageTime('2026-05-04T22:15:00Z', NOW, ZONE)).toEqual({
      day: { kind: 'yesterday' },
      clock: '19:15',
    });
    expect(messageTime('2026-05-03T15:00:00Z', NOW, ZONE)).toEqual({
      day: { kind: 'date', text: '03/05' },
      clock: '12:00',
    });
  });
});
