import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';

/*
 * Server-Sent Events (https://html.spec.whatwg.org/multipage/server-sent-events.html) over a
 * Fastify reply: `event:`/`data:` blocks, a `retry:` hint, comment heartbeats, and a registry of
 * the open streams so the server can end them all when it shuts down (otherwise app.close() would
 * wait for every connected phone to hang up).
 */

/** A stream whose client reads nothing is ended past this many buffered bytes (it reconnects and reloads). */
const MAX_BUFFERED_BYTES = 64 * 1024;

export interface EventStreamOptions {
  heartbeatMs: number;
  /** A stream is ended after this long (with jitter); EventSource reconnects, re-checking the token. */
  maxAgeMs: number;
  /** The reconnection delay suggested to EventSource; jittered so a restart does not bring every client back at once. */
  retryMs: number;
}

export class EventStream {
  readonly body = new PassThrough();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly cleanups: (() => void)[] = [];
  private ended = false;
  private closed = false;

  constructor(
    readonly key: string,
    options: EventStreamOptions,
  ) {
    this.write(`retry: ${Math.round(options.retryMs * (1 + Math.random()))}\n\n`);
    this.comment('connected');
    const heartbeat = setInterval(() => this.comment('ping'), options.heartbeatMs);
    const maxAge = setTimeout(() => this.end(), Math.round(options.maxAgeMs * (1 + Math.random() * 0.2)));
    this.timers.push(heartbeat, maxAge);
    for (const timer of this.timers) timer.unref();
    // 'close' follows both our end() and the client going away (Fastify destroys the body then).
    this.body.once('close', () => this.cleanup());
  }

  /** Runs when the stream closes, whoever closed it. */
  onClose(cleanup: () => void): void {
    if (this.closed) cleanup();
    else this.cleanups.push(cleanup);
  }

  send(event: string, data: unknown): void {
    // JSON.stringify never emits a raw newline, so one `data:` line is enough.
    this.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.body.end();
  }

  private write(chunk: string): void {
    if (this.ended) return;
    if (this.body.writableLength > MAX_BUFFERED_BYTES) {
      this.end();
      return;
    }
    this.body.write(chunk);
  }

  private cleanup(): void {
    this.ended = true;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    const cleanups = this.cleanups.splice(0);
    for (const cleanup of cleanups) {
      try {
        cleanup();
      } catch {
        // a cleanup must not keep the others from running
      }
    }
  }
}

/** The open streams of one server instance. */
export class EventStreams {
  private readonly open = new Set<EventStream>();
  private readonly perKey = new Map<string, number>();

  constructor(private readonly options: EventStreamOptions) {}

  get size(): number {
    return this.open.size;
  }

  countFor(key: string): number {
    return this.perKey.get(key) ?? 0;
  }

  /** A new stream for `key` (one account), registered until it closes. */
  create(key: string): EventStream {
    const stream = new EventStream(key, this.options);
    this.open.add(stream);
    this.perKey.set(key, this.countFor(key) + 1);
    stream.onClose(() => {
      this.open.delete(stream);
      const left = this.countFor(key) - 1;
      if (left > 0) this.perKey.set(key, left);
      else this.perKey.delete(key);
    });
    return stream;
  }

  /** Sends the stream as the reply, with the headers that keep proxies from buffering it. */
  static reply(reply: FastifyReply, stream: EventStream): FastifyReply {
    // A stream is quiet between heartbeats by design: exempt from CONNECTION_TIMEOUT_MS.
    // (Calls injected in tests have a socket stand-in without timeouts.)
    const socket = reply.raw.socket;
    if (typeof socket?.setTimeout === 'function') socket.setTimeout(0);
    return reply
      .status(200)
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store, no-transform')
      .header('x-accel-buffering', 'no')
      .send(stream.body);
  }

  /** Ends every open stream (server shutdown). */
  endAll(): void {
    for (const stream of this.open) stream.end();
  }
}
