import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/*
 * What the stand-in keeps (a JSON file written whole through a rename, so a crash never leaves half
 * a file): the business accounts the server registered, and every conversation with its messages.
 */

export interface StandinAccount {
  phoneNumberId: string;
  displayPhoneNumber: string;
  name: string;
  token: string;
  appSecret: string;
  webhookUrl: string;
  /** The templates registered (approved) for this number. */
  templates: string[];
  /** Their bodies per language (`{{1}}`… for the values), to show a message as the phone does. */
  templateTexts?: Record<string, Record<string, string>>;
}

export type StandinMessageStatus = 'sent' | 'delivered' | 'read' | 'failed' | 'received';

export interface StandinMessage {
  id: string;
  direction: 'in' | 'out';
  type: 'text' | 'template';
  text: string;
  template: string | null;
  /** An authentication template's copy-code button. */
  copyCode: string | null;
  status: StandinMessageStatus;
  at: string;
}

export interface StandinConversation {
  phoneNumberId: string;
  waId: string;
  name: string;
  /** The customer's last message: the business may send free text for 24 hours after it. */
  lastInboundAt: string | null;
  messages: StandinMessage[];
}

export interface StandinState {
  accounts: StandinAccount[];
  conversations: StandinConversation[];
}

export function newWamid(): string {
  return `wamid.${randomBytes(18).toString('base64url')}`;
}

export function readState(file: string | null): StandinState {
  if (!file) return { accounts: [], conversations: [] };
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<StandinState>;
    return { accounts: value.accounts ?? [], conversations: value.conversations ?? [] };
  } catch {
    return { accounts: [], conversations: [] };
  }
}

export function writeState(file: string | null, state: StandinState): void {
  if (!file) return;
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}
