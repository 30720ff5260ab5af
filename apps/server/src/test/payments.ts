import { randomUUID } from 'node:crypto';
import type { OrderSubmission, PaymentIntentReply } from '@comanda/contract';
import { type OutgoingNotification, type Standin, startStandin } from '@comanda/psp-standin';
import { eq } from 'drizzle-orm';
import { paymentEvents, payments, strayCharges } from '../db/schema.ts';
import { readDemoStore } from '../modules/store-import/index.ts';
import { bearer, buildAccountsTestApp, signInStaff } from './accounts.ts';
import type { TestApp } from './test-app.ts';

/*
 * Payments fixtures: the app with the stand-in PSP in process, whose notifications reach the app
 * through `inject` (or are held back, to test their loss), and stores that take PIX through each
 * provider shape (the demo pizzaria through Mercado Pago's, variants through the others').
 */

/** The stores of the payments tests, by the provider shape they take PIX through. */
export const PIX_STORES = {
  mercadopago: 'pizzaria.localhost',
  stripe: 'listra.localhost',
  apipix: 'banco.localhost',
  static_pix: 'chave.localhost',
} as const;
export type PixShape = keyof typeof PIX_STORES;

function variant(slug: string, provider: Record<string, unknown>, settings: Record<string, unknown> = {}) {
  const document = readDemoStore('pizzaria.json') as unknown as Record<string, unknown>;
  const base = document.settings as Record<string, unknown>;
  return { ...document, slug, settings: { ...base, ...settings }, payment_provider: provider };
}

/** The store of the card tests: PIX and cards online through Stripe's shape. */
export const CARD_STORE = 'listra.localhost';
/** Cards through Mercado Pago's shape (the token flow). */
export const MP_CARD_STORE = 'mercado.localhost';

export interface PaymentsTestApp {
  t: TestApp;
  standin: Standin;
  /** Every notification the stand-in sent, delivered or not. */
  sent: OutgoingNotification[];
  /** While false, notifications are lost (the app never sees them; the stand-in retries later). */
  deliver: { on: boolean };
  close(): Promise<void>;
}

export async function buildPaymentsTestApp(): Promise<PaymentsTestApp> {
  const sent: OutgoingNotification[] = [];
  const deliver = { on: true };
  let app: TestApp | null = null;
  const standin = await startStandin({
    tlsPort: 0,
    notifier: {
      attempts: 1,
      transport: async (notification) => {
        sent.push(notification);
        if (!deliver.on || !app) return 503;
        return (await injectNotification(app, notification)).statusCode;
      },
    },
  });
  const t = await buildAccountsTestApp({
    standin,
    stores: [
      variant(
        'listra',
        {
          provider: 'stripe',
          api_url: 'standin',
          secret_key: 'sk_test_comanda_listra_0001',
          webhook_secret: 'whsec_comanda_listra',
        },
        { payment_by_card: true },
      ),
      variant(
        'mercado',
        {
          provider: 'mercadopago',
          base_url: 'standin',
          access_token: 'TEST-comanda-mercado-cards-0001',
          webhook_secret: 'comanda-mercado-webhook-secret',
        },
        { payment_by_card: true },
      ),
      // PIX only: API Pix has no cards.
      variant(
        'banco',
        {
          provider: 'apipix',
          base_url: 'standin',
          client_id: 'comanda-banco-client',
          client_secret: 'comanda-banco-secret',
          pix_key: 'pix@banco.example',
        },
        { payment_by_card: false },
      ),
      // The store's own PIX key: no provider, so no card online.
      variant(
        'chave',
        {
          provider: 'static_pix',
          pix_key: 'pix@fornoebrasa.example',
          merchant_name: 'Forno e Brasa',
          merchant_city: 'Sao Paulo',
        },
        { payment_by_card: false },
      ),
    ],
  });
  app = t;
  return {
    t,
    standin,
    sent,
    deliver,
    close: async () => {
      await standin.close();
      await t.close();
    },
  };
}

/** The last notification the stand-in sent about a charge. */
export function lastNotificationOf(sent: readonly OutgoingNotification[], providerRef: string) {
  const found = sent.filter((n) => n.url.includes(providerRef) || n.body.includes(providerRef)).at(-1);
  if (!found) throw new Error(`no notification about ${providerRef}`);
  return found;
}

/** A notification the stand-in sent, delivered to the app as the provider would deliver it. */
export function injectNotification(t: TestApp, notification: OutgoingNotification) {
  const url = new URL(notification.url);
  return t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { ...notification.headers, host: url.host },
    payload: notification.body,
  });
}

export function createIntent(
  t: TestApp,
  token: string,
  order: OrderSubmission,
  options: { host?: string; key?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/bar/v2/payment/create-payment-intent/',
    headers: {
      host: options.host ?? 'pizzaria.localhost',
      ...bearer(token),
      'idempotency-key': options.key ?? randomUUID(),
    },
    payload: { type: 'pix', order: { ...order, fk_forma_pagamento: 999 } },
  });
}

export async function createdIntent(t: TestApp, token: string, order: OrderSubmission, host?: string) {
  const response = await createIntent(t, token, order, host ? { host } : {});
  if (response.statusCode !== 201) throw new Error(`create intent: ${response.statusCode} ${response.body}`);
  return (response.json() as PaymentIntentReply).data;
}

export function intentCall(
  t: TestApp,
  token: string,
  call: 'check-confirmation' | 'get-payment-intent' | 'cancel-pix-order',
  intentId: string,
  host = 'pizzaria.localhost',
) {
  const url =
    call === 'check-confirmation'
      ? '/integracoes/v2/payment/check-confirmation/'
      : `/bar/v2/payment/${call}/`;
  return t.app.inject({
    method: 'POST',
    url,
    headers: { host, ...bearer(token) },
    payload: { intent_id: intentId },
  });
}

/** The payment row of an intent, and how many times it reached each status. */
export async function paymentState(t: TestApp, intentId: string) {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, intentId));
  if (!row) throw new Error(`no payment ${intentId}`);
  const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, row.id));
  const moves = (status: string) => events.filter((event) => event.toStatus === status).length;
  return { row, events, moves };
}

/** Our ledger's rows of a provider charge that was not its attempt's one paid charge. */
export function strayChargesOf(t: TestApp, providerRef: string) {
  return t.database.db.select().from(strayCharges).where(eq(strayCharges.providerRef, providerRef));
}

/** The ids of the orders the store's board lists: an order awaiting payment is not among them. */
export async function staffOrderIds(t: TestApp, host: string): Promise<number[]> {
  const staff = await signInStaff(t, { host });
  const response = await t.app.inject({
    method: 'GET',
    url: '/staff/orders?limit=100',
    headers: { host, ...bearer(staff.token) },
  });
  return (response.json() as { results: { id: number }[] }).results.map((order) => order.id);
}
