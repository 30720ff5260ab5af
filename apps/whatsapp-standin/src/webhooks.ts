import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

/*
 * Webhooks to the business, as Meta sends them: a POST of the JSON payload with
 * `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the body with the app secret>`, retried with a
 * growing delay while the business does not answer 2xx. A test passes its own transport.
 */

export interface OutgoingWebhook {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends one webhook; answers the HTTP status (throws when the business cannot be reached). */
export type WebhookTransport = (webhook: OutgoingWebhook) => Promise<number>;

/** Plain HTTP(S); *.localhost is reached on 127.0.0.1 with the Host header kept. */
export const httpTransport: WebhookTransport = (webhook) =>
  new Promise((resolve, reject) => {
    const url = new URL(webhook.url);
    const local = url.hostname === 'localhost' || url.hostname.endsWith('.localhost');
    const request = (url.protocol === 'https:' ? https : http).request(
      {
        host: local ? '127.0.0.1' : url.hostname,
        port: url.port || (url.protocol === 'https:' ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: { ...webhook.headers, host: url.host, 'content-length': Buffer.byteLength(webhook.body) },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(webhook.body);
  });

export function signedWebhook(url: string, appSecret: string, payload: unknown): OutgoingWebhook {
  const body = JSON.stringify(payload);
  return {
    url,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`,
    },
    body,
  };
}

export interface Delivery {
  webhook: OutgoingWebhook;
  status: number | null;
  at: string;
}

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly pending = new Set<Promise<void>>();
  /** One queue: webhooks reach the business in the order they were made (sent before delivered). */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly transport: WebhookTransport = httpTransport,
    private readonly attempts = 5,
    private readonly retryDelayMs = 1000,
  ) {}

  send(webhook: OutgoingWebhook): void {
    this.chain = this.chain.then(() => this.deliver(webhook));
    const run = this.chain.finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async deliver(webhook: OutgoingWebhook): Promise<void> {
    let delay = this.retryDelayMs;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      let status: number | null = null;
      try {
        status = await this.transport(webhook);
      } catch {
        status = null;
      }
      this.deliveries.push({ webhook, status, at: new Date().toISOString() });
      // 4xx: the business refused it (a bad signature, another's number): trying again cannot help.
      if (status !== null && status < 500) return;
      if (attempt < this.attempts) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay *= 2;
      }
    }
  }
}
