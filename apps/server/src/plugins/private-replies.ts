import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isApiPath } from './tenant.ts';

const NO_STORE = 'no-store';

/** A call made with a session (the bearer header, or the event streams' `?token=`). */
function isSignedIn(request: FastifyRequest): boolean {
  return request.headers.authorization !== undefined || /[?&]token=/.test(request.url);
}

/**
 * No API reply is kept by a browser or a shared cache unless its route says so: every API reply
 * without its own Cache-Control (customer, addresses, orders, loyalty, payments, sign-in and sign-up,
 * the phone look-up, the privacy link, refusals) is `no-store`, and so is every reply to a signed-in
 * call whatever its route set. Only the menu's public replies (pre-encoded, `no-cache` with an ETag)
 * and the storefront's files choose their own.
 */
export function registerPrivateReplies(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const current = reply.getHeader('cache-control');
    const alreadyNoStore = typeof current === 'string' && current.includes(NO_STORE);
    if (!alreadyNoStore && (isSignedIn(request) || (isApiPath(request.url) && current === undefined))) {
      reply.header('cache-control', NO_STORE);
    }
    done(null, payload);
  });
}
