import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { notFound } from '../../lib/errors.ts';
import { LocalSmsProvider } from './local-provider.ts';
import type { SmsProvider } from './provider.ts';

const outboxQuery = z.object({
  /** E.164 or the digits of it. */
  phone: z
    .string()
    .max(20)
    .regex(/^\+?\d*$/)
    .optional(),
});

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** The socket's own address, not X-Forwarded-For: a proxy on this machine does not make a caller local. */
const isLocalCaller = (request: FastifyRequest) => LOOPBACK.test(request.socket.remoteAddress ?? '');

/**
 * GET /_dev/sms: the SMS stand-in's last messages of this store (5 per phone), newest first, with
 * their codes, as JSON; `?phone=+5511…` for one phone. Only when the stand-in keeps them (never in
 * production) and only to a caller on this machine; otherwise 404 like any unknown path.
 */
export function registerSmsStandinRoutes(ctx: AppContext, services: { sms: SmsProvider }) {
  const sms = services.sms;
  if (!(sms instanceof LocalSmsProvider) || ctx.config.NODE_ENV === 'production') return;
  ctx.app.get('/_dev/sms', { schema: { hide: true } }, async (request, reply) => {
    if (!isLocalCaller(request)) throw notFound('NOT_FOUND', 'Não encontrado.');
    const query = outboxQuery.safeParse(request.query);
    const phone = query.success ? query.data.phone : undefined;
    const e164 = phone ? (phone.startsWith('+') ? phone : `+${phone}`) : undefined;
    return reply.header('cache-control', 'no-store').send({ messages: sms.messages(request.store.id, e164) });
  });
}
