import { HEARTBEAT_EVENT, ORDER_EVENT, type OrderEventData, RESYNC_EVENT } from '@comanda/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/errors.ts';
import { forbidden, requireSessionOrStreamTicket } from '../../plugins/auth.ts';
import {
  endsSession,
  isSessionLive,
  issueStreamTicket,
  type SessionIdentity,
  STREAM_TICKET_TTL_SECONDS,
} from '../../plugins/sessions.ts';
import { EventStreams } from './event-stream.ts';

/*
 * The live order status streams: GET /bar/v2/orders/events (a customer's own orders) and GET
 * /staff/orders/events (every order of the staff's store). Browsers' EventSource cannot send an
 * Authorization header, so it opens the stream with a one-minute ticket in `?ticket=` instead
 * (never the session token: docs/decisions/0020). A stream ends when its session does: at once on
 * this instance (logout, new password), within a heartbeat elsewhere.
 */

/** Streams one account may hold open on one instance (tabs, devices); more is 429. */
export const MAX_STREAMS_PER_ACCOUNT = 10;
/** Streams end after about this long; EventSource reconnects and the token is checked again. */
export const STREAM_MAX_AGE_MS = 15 * 60 * 1000;
/** The reconnection delay hinted with `retry:` (jittered up to twice this). */
export const STREAM_RETRY_MS = 3000;

export const STREAM_DESCRIPTION =
  'A `text/event-stream` (Server-Sent Events) that stays open. Each change is\n\n' +
  '```\nevent: order\ndata: {"id":123,"status":"Preparo","updated_at":"2026-05-04T21:05:00.000Z"}\n```\n\n' +
  'sent within a second of the change being committed, by whichever server instance made it; an ' +
  '`order` event with status Solicitado announces a new order. `event: resync` (data `{}`) means ' +
  'events may have been missed (the server lost its database listener for a while): reload the ' +
  'orders. A comment line (`: ping`) comes every 15 s so proxies keep the connection open, and ' +
  '`retry:` suggests the reconnection delay. The staff stream also sends `event: heartbeat` (data `{}`) ' +
  'when it opens and every 5 s: a board that hears nothing for 15 s treats the stream as dead. Events are hints: after every (re)connection reload ' +
  'the list (or the order) and apply events on top, skipping an event whose `updated_at` is older ' +
  'than the order’s (a new order’s event may come after its first change); an id you do not know ' +
  'means: reload. Keep the 30 s polling as the fallback when the stream fails. A stream ends after ' +
  'about 15 minutes (EventSource reconnects on its own).\n\n' +
  '**Authentication**: `Authorization: Bearer <token>` (fetch streaming), or, for `EventSource`, ' +
  'which cannot send headers, `?ticket=<ticket>` from the POST …/events/ticket call (made with the ' +
  `bearer token): it opens a stream within ${STREAM_TICKET_TTL_SECONDS} s, names no person and is ` +
  'not the session token, which stays out of URLs. When both are sent the header is used. Without ' +
  'a valid token or ticket: 401 (EventSource then stops; fall back to polling). A stream ends when ' +
  'its session ends (logout, new password, expiry): at once on the same server, otherwise within ' +
  `one heartbeat. More than ${MAX_STREAMS_PER_ACCOUNT} open streams of one account on one server: ` +
  '429 TOO_MANY_STREAMS.';

/** The 200 reply of the stream routes, for the OpenAPI page. */
export const streamResponseDoc = (description: string) => ({
  description,
  content: { 'text/event-stream': { schema: z.string().describe('Server-Sent Events') } },
});

const tooManyStreams = () =>
  new AppError(
    'too_many',
    'TOO_MANY_STREAMS',
    'Há acompanhamentos demais abertos nesta conta. Feche alguma aba e tente de novo.',
    { retryAfterSeconds: 30 },
  );

export interface OrderEventStreams {
  /** Opens the stream of a customer's orders (staff tokens: 403). */
  customer(request: FastifyRequest, reply: FastifyReply, ticket: string | undefined): Promise<void>;
  /** Opens the stream of every order of the staff's store (customer tokens: 403). */
  staff(request: FastifyRequest, reply: FastifyReply, ticket: string | undefined): Promise<void>;
  /** A ticket for the caller's stream (its bearer session). */
  ticket(session: SessionIdentity): Promise<{ ticket: string; expires_in: number }>;
  readonly size: number;
}

/** The stream routes' handlers; every stream ends when the server shuts down. */
export function orderEventStreams(ctx: AppContext): OrderEventStreams {
  const streams = new EventStreams({
    heartbeatMs: ctx.config.ORDER_EVENTS_HEARTBEAT_MS,
    maxAgeMs: STREAM_MAX_AGE_MS,
    retryMs: STREAM_RETRY_MS,
  });
  // preClose runs before the HTTP server waits for its connections to end.
  ctx.app.addHook('preClose', async () => streams.endAll());

  function open(reply: FastifyReply, session: SessionIdentity, customerId: number | null) {
    const key = `${session.storeId}:${session.staffRole === null ? 'customer' : 'staff'}:${session.accountId}`;
    if (streams.countFor(key) >= MAX_STREAMS_PER_ACCOUNT) throw tooManyStreams();
    const stream = streams.create(key);
    // Subscribed before the headers go out: a change committed after the client sees them is sent.
    const unsubscribe = ctx.orderEvents.subscribe(
      session.storeId,
      customerId,
      (event) => {
        const data: OrderEventData = { id: event.id, status: event.status, updated_at: event.updatedAt };
        stream.send(ORDER_EVENT, data);
      },
      () => stream.send(RESYNC_EVENT, {}),
      // Staff streams only (customerId null): a guest's call from a table, and its acknowledgement.
      (event) => stream.send(event.name, event.data),
    );
    stream.onClose(unsubscribe);
    stream.onClose(ctx.sessionEnds.listen((end) => endsSession(end, session) && stream.end()));
    // Sessions ended on another instance, or expired: checked with each heartbeat.
    const liveness = setInterval(() => {
      isSessionLive(ctx.db, session.storeId, session.sessionId, ctx.now()).then(
        (live) => live || stream.end(),
        () => undefined,
      );
    }, ctx.config.ORDER_EVENTS_HEARTBEAT_MS);
    liveness.unref();
    stream.onClose(() => clearInterval(liveness));
    if (customerId === null) {
      // The board's watchdog counts these (docs/decisions/0048); the first says the stream is live.
      stream.send(HEARTBEAT_EVENT, {});
      const heartbeat = setInterval(
        () => stream.send(HEARTBEAT_EVENT, {}),
        ctx.config.STAFF_EVENTS_HEARTBEAT_MS,
      );
      heartbeat.unref();
      stream.onClose(() => clearInterval(heartbeat));
    }
    return EventStreams.reply(reply, stream);
  }

  return {
    async customer(request, reply, ticket) {
      const session = await requireSessionOrStreamTicket(request, ticket);
      if (session.staffRole !== null) throw forbidden();
      return open(reply, session, session.accountId);
    },
    async staff(request, reply, ticket) {
      const session = await requireSessionOrStreamTicket(request, ticket);
      if (session.staffRole === null) throw forbidden();
      return open(reply, session, null);
    },
    async ticket(session) {
      const { ticket, expiresIn } = await issueStreamTicket(ctx.db, session, ctx.now());
      return { ticket, expires_in: expiresIn };
    },
    get size() {
      return streams.size;
    },
  };
}
