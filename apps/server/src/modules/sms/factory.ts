import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { HttpSmsProvider } from './http-provider.ts';
import { LocalSmsProvider } from './local-provider.ts';
import type { SmsProvider } from './provider.ts';

/** The provider SMS_PROVIDER names: the local stand-in (default) or the HTTP adapter. */
export function createSmsProvider(config: Config, db: Database, log: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL) {
    return new HttpSmsProvider({
      url: config.SMS_HTTP_URL,
      token: config.SMS_HTTP_TOKEN,
      timeoutMs: config.SMS_HTTP_TIMEOUT_MS,
    });
  }
  return new LocalSmsProvider(db, log, {
    developerOutbox: config.NODE_ENV !== 'production',
    ...(config.NODE_ENV === 'development'
      ? { print: (line: string) => process.stderr.write(`${line}\n`) }
      : {}),
  });
}
