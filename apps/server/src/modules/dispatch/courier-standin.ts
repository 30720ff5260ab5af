import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { ifoodSignature } from './courier-provider.ts';

/*
 * The local stand-in courier company (docs/decisions/0070), like the stand-in PSP for payments: an
 * HTTP server on loopback that answers the iFood Shipping calls IfoodShippingProvider makes (the
 * availability quote, the order, its cancel), keeps its deliveries, "assigns" a courier and reports
 * the pickup and the delivery by posting signed notifications (X-IFood-Signature) to Comanda's
 * webhook. In the demo the steps follow on timers; tests take each step with `advance`.
 */

export type StandinStep = 'ASSIGN_DRIVER' | 'DISPATCHED' | 'CONCLUDED' | 'CANCELLED';
const STEPS: StandinStep[] = ['ASSIGN_DRIVER', 'DISPATCHED', 'CONCLUDED'];
const COURIER_NAMES = ['Rafael Entregas', 'Juliana Moto', 'Pedro Bike'];

export interface StandinDelivery {
  id: string;
  merchantId: string;
  body: unknown;
  /** The client secret its notifications are signed with. */
  secret: string;
  /** The steps reported so far. */
  steps: StandinStep[];
  courierName: string;
}

/** How a notification reaches Comanda: its webhook for the merchant, the raw body and the headers. */
export type StandinTransport = (
  merchantId: string,
  body: string,
  headers: Record<string, string>,
) => Promise<number>;

export interface CourierStandinOptions {
  /** The client secret notifications are signed with when the order's token came from no credentials. */
  clientSecret: string;
  /** How long the tokens it gives last (seconds; iFood's default is 6 hours). */
  tokenSeconds?: number;
  transport: StandinTransport;
  /** Milliseconds between the steps (demo); null: only `advance` moves a delivery (tests). */
  stepMs?: number | null;
}

export class CourierStandin {
  private readonly app: FastifyInstance;
  private readonly deliveries = new Map<string, StandinDelivery>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private next = 0;
  /** The tokens it gave: the client secret their credentials carried, and when each ends. */
  private readonly tokens = new Map<string, { clientId: string; clientSecret: string; endsAt: number }>();
  /** The token requests received, by client id (tests read how often a store asked). */
  readonly tokenRequests: string[] = [];
  /** The notifications sent and the server's answer to each. */
  readonly sent: { orderId: string; step: StandinStep; status: number }[] = [];
  url = '';

  constructor(private readonly options: CourierStandinOptions) {
    this.app = Fastify({ logger: false });
    this.app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // iFood's Authentication: client credentials for a token (any credentials pass here, but the
    // notifications of orders placed with a token are signed with the secret that token was given for).
    this.app.post<{ Body: Record<string, string> | undefined }>(
      '/authentication/v1.0/oauth/token',
      async (request, reply) => {
        const { grantType, clientId, clientSecret } = request.body ?? {};
        if (grantType !== 'client_credentials' || !clientId || !clientSecret)
          return reply
            .code(400)
            .send({ error: { code: 'BadRequest', message: 'grantType, clientId, clientSecret' } });
        this.tokenRequests.push(clientId);
        const expiresIn = this.options.tokenSeconds ?? 21_600;
        const accessToken = randomUUID();
        this.tokens.set(accessToken, { clientId, clientSecret, endsAt: Date.now() + expiresIn * 1000 });
        return { accessToken, type: 'bearer', expiresIn };
      },
    );
    /** The secret a call's token was given for (the deployment's for a token it did not give); null: refused. */
    const secretOf = (header: string | undefined): string | null => {
      const match = typeof header === 'string' ? /^Bearer (\S+)$/.exec(header) : null;
      if (!match) return null;
      const given = this.tokens.get(match[1]!);
      if (!given) return this.options.clientSecret;
      return given.endsAt > Date.now() ? given.clientSecret : null;
    };
    const authorized = (header: string | undefined) => secretOf(header) !== null;
    this.app.get<{ Params: { merchantId: string }; Querystring: { latitude?: string; longitude?: string } }>(
      '/shipping/v1.0/merchants/:merchantId/deliveryAvailabilities',
      async (request, reply) => {
        if (!authorized(request.headers.authorization)) return reply.code(401).send({ code: 'Unauthorized' });
        const lat = Number(request.query.latitude);
        const lng = Number(request.query.longitude);
        if (!Number.isFinite(lat) || !Number.isFinite(lng))
          return reply.code(400).send({ code: 'BadRequest' });
        const at = new Date();
        return {
          id: randomUUID(),
          createdAt: at.toISOString(),
          expirationAt: new Date(at.getTime() + 10 * 60_000).toISOString(),
          distance: 2500,
          preparationTime: 600,
          quote: { grossValue: 7.99, discount: 0, raise: 0, netValue: 7.99 },
          deliveryTime: { min: 1200, max: 1800 },
          hasPaymentMethods: true,
          paymentMethods: [
            { method: 'CASH', paymentType: 'OFFLINE' },
            { method: 'CREDIT', paymentType: 'OFFLINE' },
          ],
        };
      },
    );
    this.app.post<{ Params: { merchantId: string } }>(
      '/shipping/v1.0/merchants/:merchantId/orders',
      async (request, reply) => {
        if (!authorized(request.headers.authorization)) return reply.code(401).send({ code: 'Unauthorized' });
        const id = randomUUID();
        const delivery: StandinDelivery = {
          id,
          merchantId: request.params.merchantId,
          body: request.body,
          secret: secretOf(request.headers.authorization)!,
          steps: [],
          courierName: COURIER_NAMES[this.next++ % COURIER_NAMES.length]!,
        };
        this.deliveries.set(id, delivery);
        if (this.options.stepMs) this.schedule(id, this.options.stepMs);
        return reply.code(202).send({ id, trackingUrl: `${this.url}/tracking/${id}` });
      },
    );
    this.app.post<{ Params: { orderId: string } }>(
      '/shipping/v1.0/orders/:orderId/cancel',
      async (request, reply) => {
        if (!authorized(request.headers.authorization)) return reply.code(401).send({ code: 'Unauthorized' });
        const delivery = this.deliveries.get(request.params.orderId);
        if (!delivery) return reply.code(404).send({ code: 'NotFound' });
        await this.report(delivery, 'CANCELLED');
        return reply.code(202).send();
      },
    );
  }

  async start(port = 0): Promise<string> {
    await this.app.listen({ port, host: '127.0.0.1' });
    this.url = `http://127.0.0.1:${(this.app.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.app.close();
  }

  delivery(id: string): StandinDelivery | undefined {
    return this.deliveries.get(id);
  }

  /** Reports the delivery's next step (assigned, picked up, delivered); false when it has none. */
  async advance(id: string): Promise<boolean> {
    const delivery = this.deliveries.get(id);
    if (!delivery || delivery.steps.includes('CANCELLED')) return false;
    const step = STEPS[delivery.steps.length];
    if (!step) return false;
    await this.report(delivery, step);
    return true;
  }

  private schedule(id: string, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.advance(id).then(
        (moved) => moved && this.schedule(id, ms),
        () => undefined,
      );
    }, ms);
    timer.unref();
    this.timers.add(timer);
  }

  private async report(delivery: StandinDelivery, step: StandinStep) {
    delivery.steps.push(step);
    const body = JSON.stringify({
      id: randomUUID(),
      code: step,
      fullCode: step,
      orderId: delivery.id,
      merchantId: delivery.merchantId,
      createdAt: new Date().toISOString(),
      metadata: step === 'ASSIGN_DRIVER' ? { workerName: delivery.courierName } : {},
    });
    const status = await this.options.transport(delivery.merchantId, body, {
      'content-type': 'application/json',
      'x-ifood-signature': ifoodSignature(delivery.secret, body),
    });
    this.sent.push({ orderId: delivery.id, step, status });
  }
}

/**
 * One notification over plain HTTP, as the company sends it: to `address` (the server's own listener on
 * loopback) with the store's Host; the server's answer's status (throws when it cannot be reached).
 */
export function postNotification(
  address: { host: string; port: number },
  hostHeader: string,
  path: string,
  body: string,
  headers: Record<string, string>,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: address.host,
        port: address.port,
        path,
        method: 'POST',
        headers: { ...headers, host: hostHeader, 'content-length': Buffer.byteLength(body) },
        timeout: 10_000,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end(body);
  });
}
