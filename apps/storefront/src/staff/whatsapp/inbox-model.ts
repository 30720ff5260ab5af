import type {
  WhatsappConversation,
  WhatsappMessage,
  WhatsappMessageStatus,
  WhatsappStaffEvent,
} from '@comanda/contract';
import { storeClockText, storeLocalTime } from '@comanda/domain';
import { whatsappPhoneText } from '../lib/whatsapp-words.ts';

/*
 * The WhatsApp inbox's view model (issue 36, docs/decisions/0073): what the list and a conversation
 * show, in the store's time, and how a live `whatsapp.message` changes the list before it is read again.
 */

/** The WhatsApp service window: free text only within 24 h of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

export function conversationName(
  conversation: Pick<WhatsappConversation, 'cliente_nome' | 'telefone'>,
): string {
  const name = conversation.cliente_nome?.trim();
  return name ? name : whatsappPhoneText(conversation.telefone);
}

export type ListTime =
  | { kind: 'clock'; text: string }
  | { kind: 'yesterday' }
  | { kind: 'date'; text: string };

/** The list's time: the clock today, 'Ontem' the day before, the date before that (store days). */
export function listTime(iso: string, now: Date, timeZone: string): ListTime {
  const at = new Date(iso);
  const day = storeLocalTime(at, timeZone).dateISO;
  const today = storeLocalTime(now, timeZone).dateISO;
  if (day === today) return { kind: 'clock', text: storeClockText(at, timeZone) };
  const yesterday = storeLocalTime(new Date(now.getTime() - 24 * 60 * 60 * 1000), timeZone).dateISO;
  if (day === yesterday) return { kind: 'yesterday' };
  const [, month, date] = day.split('-');
  return { kind: 'date', text: `${date}/${month}` };
}

/** A bubble's time: always the store's clock, after the day when it is not today ("Ontem 19:15"). */
export function messageTime(
  iso: string,
  now: Date,
  timeZone: string,
): { day: ListTime | null; clock: string } {
  const day = listTime(iso, now, timeZone);
  const clock = storeClockText(new Date(iso), timeZone);
  return { day: day.kind === 'clock' ? null : day, clock };
}

export type ReplyWindow =
  | { open: true; until: string }
  /** Closed: only templates may go; the customer has to write first. */
  | { open: false };

/** Whether an attendant may answer in free text now, and until when (store clock). */
export function replyWindow(
  conversation: Pick<WhatsappConversation, 'janela_aberta_ate'>,
  now: Date,
  timeZone: string,
): ReplyWindow {
  const until = conversation.janela_aberta_ate ? Date.parse(conversation.janela_aberta_ate) : Number.NaN;
  if (!(until > now.getTime())) return { open: false };
  const closes = new Date(until);
  const sameDay = storeLocalTime(closes, timeZone).dateISO === storeLocalTime(now, timeZone).dateISO;
  const clock = storeClockText(closes, timeZone);
  if (sameDay) return { open: true, until: clock };
  const [, month, date] = storeLocalTime(closes, timeZone).dateISO.split('-');
  return { open: true, until: `${date}/${month} ${clock}` };
}

export type StatusMark =
  | { kind: 'queued' }
  | { kind: 'sent' }
  | { kind: 'delivered' }
  | { kind: 'read' }
  | { kind: 'failed' };

/** The ticks of an outgoing message; an incoming one has none. */
export function statusMark(message: Pick<WhatsappMessage, 'direcao' | 'status'>): StatusMark | null {
  if (message.direcao === 'entrada') return null;
  const kinds: Record<WhatsappMessageStatus, StatusMark['kind']> = {
    na_fila: 'queued',
    enviada: 'sent',
    entregue: 'delivered',
    lida: 'read',
    falhou: 'failed',
  };
  return { kind: kinds[message.status] };
}

/** The label over an outgoing bubble the store did not type: a template, or an automatic answer. */
export function messageOrigin(
  message: Pick<WhatsappMessage, 'direcao' | 'tipo'>,
): 'template' | 'automatic' | null {
  if (message.direcao === 'entrada') return null;
  if (message.tipo === 'template') return 'template';
  if (message.tipo === 'automatica') return 'automatic';
  return null;
}

/**
 * A live message for a person: its conversation goes to the top with the message, one more unread
 * and the window open for 24 h; `known` is false when the list has no such conversation (read it again).
 */
export function heardMessage(
  conversations: readonly WhatsappConversation[],
  event: WhatsappStaffEvent,
  openId: number | null,
): { conversations: WhatsappConversation[]; known: boolean } {
  const current = conversations.find((conversation) => conversation.id === event.conversa_id);
  if (!current) return { conversations: [...conversations], known: false };
  const updated: WhatsappConversation = {
    ...current,
    cliente_nome: current.cliente_nome ?? event.cliente_nome,
    ultima_mensagem: event.texto,
    ultima_direcao: 'entrada',
    ultima_em: event.em,
    janela_aberta_ate: new Date(Date.parse(event.em) + SERVICE_WINDOW_MS).toISOString(),
    nao_lidas: openId === current.id ? 0 : current.nao_lidas + 1,
    precisa_atendente: true,
  };
  return {
    conversations: [updated, ...conversations.filter((conversation) => conversation.id !== current.id)],
    known: true,
  };
}
