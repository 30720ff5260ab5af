import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type SmsContext, type SmsProvider, withoutSecret } from './provider.ts';
import { insertSmsMessage } from './repository.ts';

/** A message as the phone would have shown it, kept in memory for the developer's outbox page. */
export interface StandinMessage {
  storeId: number;
  phone: string;
  text: string;
  at: string;
}

/** Messages kept per phone, and phones kept, in the in-memory outbox. */
const MESSAGES_PER_PHONE = 5;
const PHONES_KEPT = 200;

export interface LocalSmsOptions {
  /**
   * Keep whole messages (with their codes) in memory for GET /_dev/sms and print each as a
   * readable console line: development and tests only, never in production.
   */
  developerOutbox: boolean;
  /** Where the readable line goes (stderr by default; never the JSON log). */
  print?: (line: string) => void;
}

/**
 * The stand-in SMS provider (SMS_PROVIDER=local): it sends nothing. A message is kept in the
 * sms_messages table and logged with its code blotted out; outside production the whole message
 * is also kept in memory (the developer's outbox page, GET /_dev/sms) and, in development, printed
 * as one readable console line, so a newcomer can read a recovery code without a real SMS.
 */
export class LocalSmsProvider implements SmsProvider {
  readonly name = 'local';
  private readonly outbox = new Map<string, StandinMessage[]>();

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
    private readonly options: LocalSmsOptions,
  ) {
    log.warn(
      'SMS_PROVIDER=local: the SMS stand-in sends no text messages, so customers cannot get recovery codes; ' +
        'set SMS_PROVIDER=http for real SMS',
    );
  }

  async send(phone: string, text: string, context: SmsContext): Promise<void> {
    const kept = withoutSecret(text, context.secret);
    const at = new Date();
    await insertSmsMessage(this.db, { storeId: context.storeId, phone, text: kept, createdAt: at });
    this.log.info({ phone, text: kept }, 'sms kept by the local stand-in (not sent)');
    if (!this.options.developerOutbox) return;
    this.remember({ storeId: context.storeId, phone, text, at: at.toISOString() });
    this.options.print?.(`[SMS stand-in, not sent] to ${phone}: ${text}`);
  }

  /** The developer's outbox, newest first: a phone's last messages, or every phone's. */
  messages(storeId: number, phone?: string): StandinMessage[] {
    const lists = phone ? [this.outbox.get(`${storeId}:${phone}`) ?? []] : [...this.outbox.values()];
    return lists
      .flat()
      .filter((message) => message.storeId === storeId)
      .sort((a, b) => b.at.localeCompare(a.at));
  }

  private remember(message: StandinMessage) {
    const key = `${message.storeId}:${message.phone}`;
    const list = this.outbox.get(key) ?? [];
    this.outbox.delete(key);
    this.outbox.set(key, [...list, message].slice(-MESSAGES_PER_PHONE));
    if (this.outbox.size > PHONES_KEPT) this.outbox.delete(this.outbox.keys().next().value!);
  }
}
