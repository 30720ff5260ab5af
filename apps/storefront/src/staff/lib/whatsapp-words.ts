import type { WhatsappConversation } from '@comanda/contract';
import { phoneText } from './staff-words.ts';

/*
 * The WhatsApp channel in the staff app (issue 36, docs/decisions/0073): a customer's number and the
 * inbox's unread count for the tab's badge (small: the shell reads it). Failures in words are in
 * whatsapp-failures.ts, loaded with the inbox and Ajustes › WhatsApp.
 */

/** +55 11 98765-4321 as (11) 98765-4321; another country's number as +<digits>. */
export function whatsappPhoneText(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (/^55\d{10,11}$/.test(digits)) return phoneText(digits.slice(2));
  return digits ? `+${digits}` : phone;
}

/** The badge on the inbox's tab: messages no one has read yet. */
export function unreadTotal(conversations: readonly WhatsappConversation[]): number {
  return conversations.reduce((sum, conversation) => sum + Math.max(0, conversation.nao_lidas), 0);
}
