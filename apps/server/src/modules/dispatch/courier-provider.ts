import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Outside couriers (issue 35 part 6, docs/decisions/0070): a delivery handed to a courier company
 * through its API. The port is what dispatch needs: ask for a courier, cancel, and read the
 * company's signed notifications of the delivery's progress. IfoodShippingProvider speaks iFood's
 * Shipping (On Demand) API as its guide documents it; the demo and the tests point it at the local
 * stand-in (courier-standin.ts), which speaks the same calls.
 */

export type OutsideState = 'solicitado' | 'atribuido' | 'coletado' | 'entregue' | 'cancelado';

/** Progress only goes forward: a late or repeated notification never moves a delivery back. */
export const OUTSIDE_STEP: Record<OutsideState, number> = {
  solicitado: 0,
  atribuido: 1,
  coletado: 2,
  entregue: 3,
  cancelado: 3,
};

export interface OutsideRequest {
  /** The store's account at the company (iFood: the merchant id). */
  merchantId: string;
  /** Our order, as the courier reads it ('Pedido 12'). */
  displayId: string;
  customer: { name: string; phone: string };
  dropoff: {
    street: string;
    number: string;
    complement: string;
    district: string;
    city: string;
    state: string;
    lat: number;
    lng: number;
  };
  /** What the courier collects at the door (centavos), or null when paid online. */
  collect: { amount: number; method: 'CASH' | 'CREDIT' | 'DEBIT'; changeFor: number | null } | null;
  /** The order's total and the delivery fee the customer paid (centavos). */
  total: number;
  deliveryFee: number;
}

export interface OutsideEvent {
  externalId: string;
  estado: OutsideState;
  courierName: string | null;
  at: Date;
}

export class CourierProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface CourierProvider {
  readonly name: string;
  /** Asks for a courier; the company's id of the delivery. */
  request(request: OutsideRequest): Promise<{ externalId: string; trackingUrl: string | null }>;
  cancel(externalId: string): Promise<void>;
  /** The events of a notification, or null when its signature is not the company's. */
  events(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): OutsideEvent[] | null;
}

/** iFood's notifications carry X-IFood-Signature: the HMAC-SHA256 of the raw body with the client secret, hex. */
export function ifoodSignature(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

const IFOOD_STATES: Record<string, OutsideState> = {
  ASSIGN_DRIVER: 'atribuido',
  GOING_TO_ORIGIN: 'atribuido',
  ARRIVED_AT_ORIGIN: 'atribuido',
  DISPATCHED: 'coletado',
  ARRIVED_AT_DESTINATION: 'coletado',
  CONCLUDED: 'entregue',
  CANCELLED: 'cancelado',
};

const reais = (centavos: number) => Math.round(centavos) / 100;

export interface IfoodShippingOptions {
  /** https://merchant-api.ifood.com.br, or the stand-in's address (read at each call). */
  baseUrl: string | (() => string);
  /** A valid access token (the Authentication module's client credentials flow). */
  accessToken: () => Promise<string> | string;
  /** The application's client secret: it signs the notifications. */
  clientSecret: string;
  fetch?: typeof fetch;
}

/** iFood Shipping's On Demand calls (orders placed outside iFood: no iFood orderId). */
export class IfoodShippingProvider implements CourierProvider {
  readonly name = 'ifood';
  constructor(private readonly options: IfoodShippingOptions) {}

  private async call(method: 'GET' | 'POST', path: string, body?: unknown) {
    const doFetch = this.options.fetch ?? fetch;
    let response: Response;
    try {
      const base = typeof this.options.baseUrl === 'string' ? this.options.baseUrl : this.options.baseUrl();
      response = await doFetch(`${base.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await this.options.accessToken()}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new CourierProviderError('UNREACHABLE', 'O serviço de entregas não respondeu.');
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!response.ok) {
      const code = (json as { code?: unknown; error?: { code?: unknown } } | null)?.code;
      throw new CourierProviderError(
        typeof code === 'string' ? code : `HTTP_${response.status}`,
        'O serviço de entregas recusou o pedido.',
      );
    }
    return json as Record<string, unknown> | null;
  }

  async request(request: OutsideRequest) {
    const merchant = encodeURIComponent(request.merchantId);
    // 1. Availability: coverage, and the quote the order is registered with.
    const quote = await this.call(
      'GET',
      `/shipping/v1.0/merchants/${merchant}/deliveryAvailabilities?latitude=${request.dropoff.lat}&longitude=${request.dropoff.lng}`,
    );
    const quoteId = typeof quote?.id === 'string' ? quote.id : null;
    const digits = request.customer.phone.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
    // 2. The order, with who receives it, where, and what the courier collects.
    const registered = await this.call('POST', `/shipping/v1.0/merchants/${merchant}/orders`, {
      displayId: request.displayId,
      quoteId,
      customer: {
        name: request.customer.name,
        phone: { countryCode: '55', areaCode: digits.slice(0, 2), number: digits.slice(2) },
      },
      delivery: {
        merchantFee: reais(request.deliveryFee),
        deliveryAddress: {
          streetName: request.dropoff.street,
          streetNumber: request.dropoff.number,
          complement: request.dropoff.complement,
          neighborhood: request.dropoff.district,
          city: request.dropoff.city,
          state: request.dropoff.state,
          country: 'BR',
          coordinates: { latitude: request.dropoff.lat, longitude: request.dropoff.lng },
        },
      },
      payments: {
        methods: request.collect
          ? [
              {
                method: request.collect.method,
                type: 'OFFLINE',
                value: reais(request.collect.amount),
                ...(request.collect.changeFor
                  ? { cash: { changeFor: reais(request.collect.changeFor) } }
                  : {}),
              },
            ]
          : [{ method: 'CREDIT', type: 'ONLINE', value: reais(request.total) }],
      },
    });
    const externalId = typeof registered?.id === 'string' ? registered.id : null;
    if (!externalId) throw new CourierProviderError('NO_ID', 'O serviço de entregas não devolveu o pedido.');
    return {
      externalId,
      trackingUrl: typeof registered?.trackingUrl === 'string' ? registered.trackingUrl : null,
    };
  }

  async cancel(externalId: string) {
    await this.call('POST', `/shipping/v1.0/orders/${encodeURIComponent(externalId)}/cancel`, {
      reason: 'Cancelado pela loja',
    });
  }

  events(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): OutsideEvent[] | null {
    const sent = headers['x-ifood-signature'];
    if (typeof sent !== 'string') return null;
    const expected = Buffer.from(ifoodSignature(this.options.clientSecret, rawBody));
    const given = Buffer.from(sent.trim().toLowerCase());
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return [];
    }
    const list = Array.isArray(parsed) ? parsed : [parsed];
    const events: OutsideEvent[] = [];
    for (const item of list) {
      if (!item || typeof item !== 'object') continue;
      const { fullCode, orderId, createdAt, metadata } = item as Record<string, unknown>;
      const estado = typeof fullCode === 'string' ? IFOOD_STATES[fullCode] : undefined;
      if (!estado || typeof orderId !== 'string') continue;
      const at =
        typeof createdAt === 'string' && !Number.isNaN(Date.parse(createdAt))
          ? new Date(createdAt)
          : new Date();
      const name = (metadata as { workerName?: unknown } | null)?.workerName;
      events.push({
        externalId: orderId,
        estado,
        courierName: typeof name === 'string' ? name.slice(0, 80) : null,
        at,
      });
    }
    return events;
  }
}
