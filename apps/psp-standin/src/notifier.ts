import http from 'node:http';
import https from 'node:https';

/*
 * Notifications the stand-in sends to merchants, as the real providers do: one HTTP POST per
 * event, retried with a growing delay while the merchant does not answer 2xx. A test passes its
 * own transport (for example one that calls the app in process).
 */

export interface OutgoingNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface Delivery {
  notification: OutgoingNotification;
  /** The merchant's answer, or null when it could not be reached. */
  status: number | null;
  at: string;
}

/** Sends one notification; answers the HTTP status (throws when the merchant cannot be reached). */
export type Transport = (notification: OutgoingNotification) => Promise<number>;

/**
 * Plain HTTP(S). Browsers and the merchant's demo resolve *.localhost to this machine; Node's
 * resolver may not, so those hosts are reached on 127.0.0.1 with the Host header kept.
 */
export const httpTransport: Transport = (notification) =>
  new Promise((resolve, reject) => {
    const url = new URL(notification.url);
    const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
    const request = (url.protocol === 'https:' ? https : http).request(
      {
        host: local ? '127.0.0.1' : url.hostname,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
          ...notification.headers,
          host: url.host,
          'content-length': Buffer.byteLength(notification.body),
        },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(notification.body);
  });

export interface NotifierOptions {
  transport?: Transport;
  /** Tries per notification, the first included. */
  attempts?: number;
  /** Delay before the second try; doubles after each. */
  retryDelayMs?: number;
}

export class Notifier {
  readonly deliveries: Delivery[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly transport: Transport;
  private readonly attempts: number;
  private readonly retryDelayMs: number;

  constructor(options: NotifierOptions = {}) {
    this.transport = options.transport ?? httpTransport;
    this.attempts = options.attempts ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? 2000;
  }

  send(notification: OutgoingNotification): void {
    const run = this.deliver(notification).finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Resolves once every notification sent so far was delivered or given up. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliver(notification: OutgoingNotification): Promise<void> {
    let delay = this.retryDelayMs;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      let status: number | null = null;
      try {
        status = await this.transport(notification);
      } catch {
        status = null;
      }
      this.deliveries.push({ notification, status, at: new Date().toISOString() });
      if (status !== null && status >= 200 && status < 300) return;
      if (attempt < this.attempts) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay *= 2;
      }
    }
  }
}
