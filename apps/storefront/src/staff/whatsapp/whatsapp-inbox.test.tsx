import type { WhatsappConversation, WhatsappMessage } from '@comanda/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { languageStore } from '../../lib/preferences.ts';
import { setStaffToken } from '../lib/staff-api.ts';
import { stubStaffApi } from '../lib/test-kit.ts';
import WhatsappInbox from './whatsapp-inbox.tsx';

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

const message = (id: number, overrides: Partial<WhatsappMessage> = {}): WhatsappMessage => ({
  id,
  direcao: 'entrada',
  tipo: 'texto',
  texto: 'oi',
  status: 'entregue',
  erro: null,
  em: '2026-05-05T22:00:00Z',
  ...overrides,
});

const marina = conversation(1, {
  cliente_nome: 'Marina Alves',
  ultima_mensagem: 'Dá pra mandar sem cebola?',
  ultima_em: '2026-05-05T22:15:00Z',
  nao_lidas: 2,
  precisa_atendente: true,
});
const old = conversation(2, {
  telefone: '+5511912345678',
  ultima_mensagem: 'Obrigado!',
  ultima_direcao: 'saida',
  ultima_em: '2026-05-03T15:00:00Z',
  janela_aberta_ate: null,
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  languageStore.set('pt_br');
  setStaffToken('staff-token');
});
afterEach(() => {
  vi.useRealTimers();
  setStaffToken(null);
  vi.unstubAllGlobals();
});

describe('the WhatsApp inbox', () => {
  it('lists the conversations with name or number, store time, unread and the attendant flag', async () => {
    stubStaffApi({ 'GET /staff/whatsapp/conversations': { body: { conversas: [marina, old] } } });
    const onUnread = vi.fn();
    render(<WhatsappInbox heard={null} onUnread={onUnread} />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Marina Alves');
    expect(rows[0]).toHaveTextContent('19:15');
    expect(within(rows[0]!).getByText('2 mensagens não lidas')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Precisa de atendente');
    expect(rows[1]).toHaveTextContent('(11) 91234-5678');
    // The store's own last message says so; the customer's does not.
    expect(rows[1]).toHaveTextContent('Você: Obrigado!');
    expect(rows[0]).not.toHaveTextContent('Você:');
    expect(rows[1]).toHaveTextContent('03/05');
    expect(onUnread).toHaveBeenLastCalledWith(2);
  });

  it('shows a conversation’s bubbles, ticks and failures in words, and replies within the window', async () => {
    const api = stubStaffApi({
      'GET /staff/whatsapp/conversations': { body: { conversas: [marina] } },
      'GET /staff/whatsapp/conversations/1': {
        body: {
          conversa: { ...marina, nao_lidas: 0 },
          mensagens: [
            message(1, {
              direcao: 'saida',
              tipo: 'template',
              texto: 'Forno & Brasa aceitou o pedido nº 12',
              status: 'lida',
            }),
            message(2, { texto: 'Dá pra mandar sem cebola?', em: '2026-05-05T22:15:00Z' }),
            message(3, {
              direcao: 'saida',
              tipo: 'automatica',
              texto: 'Nosso cardápio: …',
              status: 'falhou',
              erro: { codigo: '131026', mensagem: 'Message undeliverable' },
            }),
          ],
        },
      },
      'POST /staff/whatsapp/conversations/1/messages': {
        status: 201,
        body: message(4, { direcao: 'saida', texto: 'Claro!', status: 'na_fila', em: NOW.toISOString() }),
      },
    });
    const onUnread = vi.fn();
    const user = userEvent.setup();
    render(<WhatsappInbox heard={null} onUnread={onUnread} />);
    await user.click(await screen.findByRole('button', { name: /Marina Alves/ }));
    const bubbles = within(await screen.findByRole('list', { name: 'Mensagens' })).getAllByRole('listitem');
    expect(bubbles[0]).toHaveTextContent('Modelo automático');
    expect(within(bubbles[0]!).getByText('Lida')).toBeInTheDocument();
    expect(bubbles[2]).toHaveTextContent('Resposta automática');
    expect(bubbles[2]).toHaveTextContent('Não entregue: O número não recebeu');
    // Reading it marks it read: the badge goes down.
    expect(onUnread).toHaveBeenLastCalledWith(0);
    expect(screen.getByText('Você pode responder até 06/05 19:00.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Resposta' }), 'Claro!');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Claro!')).toBeInTheDocument();
    expect(api.callsTo('POST', '/staff/whatsapp/conversations/1/messages')[0]!.body).toEqual({
      texto: 'Claro!',
    });
  });

  it('closes the reply box outside the 24-hour window and says why', async () => {
    stubStaffApi({
      'GET /staff/whatsapp/conversations': { body: { conversas: [old] } },
      'GET /staff/whatsapp/conversations/2': {
        body: { conversa: old, mensagens: [message(1, { texto: 'Obrigado!' })] },
      },
    });
    const user = userEvent.setup();
    render(<WhatsappInbox heard={null} onUnread={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: /91234-5678/ }));
    expect(await screen.findByText(/não escreve há mais de 24 horas/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Resposta' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar' })).toBeDisabled();
  });

  it('moves a conversation with a live message to the top, one more unread', async () => {
    stubStaffApi({ 'GET /staff/whatsapp/conversations': { body: { conversas: [marina, old] } } });
    const onUnread = vi.fn();
    const { rerender } = render(<WhatsappInbox heard={null} onUnread={onUnread} />);
    await screen.findAllByRole('listitem');
    rerender(
      <WhatsappInbox
        heard={{
          conversa_id: 2,
          telefone: '+5511912345678',
          cliente_nome: null,
          texto: 'Vocês abrem amanhã?',
          em: NOW.toISOString(),
        }}
        onUnread={onUnread}
      />,
    );
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Vocês abrem amanhã?');
    expect(rows[0]).toHaveTextContent('Precisa de atendente');
    expect(onUnread).toHaveBeenLastCalledWith(3);
  });

  it('reads the list again for a live message heard while the list was still on its way', async () => {
    // As the server has it: the store's automatic answer, written with the question, is last.
    const asked = {
      ...old,
      ultima_mensagem: 'Recebemos sua mensagem! Uma pessoa da loja vai responder por aqui em breve.',
      ultima_direcao: 'saida' as const,
      ultima_em: NOW.toISOString(),
      janela_aberta_ate: '2026-05-06T23:00:00Z',
      nao_lidas: 1,
      precisa_atendente: true,
    };
    // The first reply was read before the message arrived; a later read has it.
    let reads = 0;
    const api = stubStaffApi({
      'GET /staff/whatsapp/conversations': () => {
        reads += 1;
        return { body: { conversas: reads === 1 ? [marina, old] : [asked, marina] } };
      },
    });
    const onUnread = vi.fn();
    const { rerender } = render(<WhatsappInbox heard={null} onUnread={onUnread} />);
    rerender(
      <WhatsappInbox
        heard={{
          conversa_id: 2,
          telefone: '+5511912345678',
          cliente_nome: null,
          texto: 'Vocês têm estacionamento?',
          em: NOW.toISOString(),
        }}
        onUnread={onUnread}
      />,
    );
    expect(await screen.findByText(/Recebemos sua mensagem!/)).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('(11) 91234-5678');
    expect(rows[0]).toHaveTextContent('Precisa de atendente');
    expect(api.callsTo('GET', '/staff/whatsapp/conversations')).toHaveLength(2);
    expect(onUnread).toHaveBeenLastCalledWith(3);
  });
});
