import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SmsContext, SmsProvider } from './provider.ts';
import { insertSmsMessage } from './repository.ts';

/**
 * The stand-in SMS provider (SMS_PROVIDER=local): a message is "sent" by keeping it in the
 * sms_messages table and writing it to the server log as one JSON line with `phone` and `text`,
 * so a demo, a test or a browser journey can read the recovery code.
 */
export class LocalSmsProvider implements SmsProvider {
  readonly name = 'local';

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send(phone: string, text: string, context: SmsContext): Promise<void> {
    await insertSmsMessage(this.db, { storeId: context.storeId, phone, text, createdAt: new Date() });
    this.log.info({ phone, text }, 'sms sent by the local stand-in');
  }
}
