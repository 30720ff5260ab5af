import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { ChargeBook } from './charges.ts';
import type { StandinAccounts, StandinContext, StandinShapeModule } from './context.ts';
import { parseForm } from './form.ts';
import { Notifier, type NotifierOptions } from './notifier.ts';
import { apiPixShape, type DevolucaoBehaviour, setDevolucaoBehaviour } from './shapes/apipix.ts';
import { mercadoPagoShape } from './shapes/mercadopago.ts';
import { setCardBehaviour, stripeShape } from './shapes/stripe.ts';
import type { CardBehaviour } from './shapes/stripe-cards.ts';
import { findCharge, registerSimulator } from './simulator.ts';

/*
 * The local stand-in payment service provider (docs/decisions/0018-online-payments-pix.md): one
 * server on loopback that answers the calls Comanda's Mercado Pago, Stripe and API Pix adapters make,
 * keeps the charges, sends notifications signed as each provider signs them, and offers a simulator
 * to pay, fail or expire a charge. It is the demo's and the tests' provider; the adapters are the
 * real ones, pointed at it.
 */

export type { StandinCharge, StandinStatus } from './charges.ts';
export type { StandinAccounts } from './context.ts';
export { httpTransport, type OutgoingNotification, type Transport } from './notifier.ts';
export type { DevolucaoBehaviour } from './shapes/apipix.ts';
export type { CardBehaviour } from './shapes/stripe-cards.ts';

export interface StandinOptions {
  /** Plain HTTP port on 127.0.0.1 (0: any free port). */
  port?: number;
  /** The API Pix listener over mutual TLS (0: any free port); none when undefined. */
  tlsPort?: number;
  /** Where the ledger is kept between restarts; in memory when null. */
  dataFile?: string | null;
  now?: () => Date;
  notifier?: NotifierOptions;
  accounts?: Partial<StandinAccounts>;
  merchant?: { name: string; city: string };
}

export interface Standin {
  /** The plain HTTP address: Mercado Pago under /mercadopago, Stripe at the root, the simulator at /. */
  url: string;
  /** The API Pix address (mutual TLS), when started. */
  tlsUrl: string | null;
  /** The API Pix test PKI: the CA that signed both sides, and a client certificate for merchants. */
  pki: { caPem: string; clientCertPem: string; clientKeyPem: string } | null;
  context: StandinContext;
  addAccounts(accounts: Partial<StandinAccounts>): void;
  /** The simulator's actions, in process. */
  pay(key: string, amount?: number): void;
  fail(key: string): void;
  expire(key: string): void;
  /** What a card's bank answers from now on (Stripe shape: a payment method id). */
  cardBehaviour(paymentMethodId: string, behaviour: CardBehaviour): void;
  /** How the API Pix SPI treats devoluções from now on (EM_PROCESSAMENTO for a while, refused). */
  apiPixDevolucoes(behaviour: Partial<DevolucaoBehaviour>): void;
  close(): Promise<void>;
}

const SHAPES: StandinShapeModule[] = [mercadoPagoShape, stripeShape, apiPixShape];

export async function startStandin(options: StandinOptions = {}): Promise<Standin> {
  const now = options.now ?? (() => new Date());
  const accounts: StandinAccounts = { mercadopago: [], stripe: [], apipix: [] };
  const addAccounts = (more: Partial<StandinAccounts>) => {
    accounts.mercadopago.push(...(more.mercadopago ?? []));
    accounts.stripe.push(...(more.stripe ?? []));
    accounts.apipix.push(...(more.apipix ?? []));
  };
  addAccounts(options.accounts ?? {});
  let baseUrl = '';
  const context: StandinContext = {
    book: new ChargeBook(options.dataFile ?? null, now),
    dataFile: options.dataFile ?? null,
    notifier: new Notifier(options.notifier),
    accounts,
    now,
    merchant: options.merchant ?? { name: 'Loja Demo Comanda', city: 'SAO PAULO' },
    baseUrl: () => baseUrl,
  };
  context.book.onChange((charge, event) => {
    const shape = SHAPES.find((candidate) => candidate.shape === charge.shape);
    for (const notification of shape?.notifications(charge, event, context) ?? []) {
      context.notifier.send(notification);
    }
  });

  const app = buildHttpApp(context);
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const tls = options.tlsPort === undefined ? null : await apiPixShape.startTls(context, options.tlsPort);

  const act = (key: string, status: 'paid' | 'failed' | 'expired', amount?: number) => {
    const charge = findCharge(context, key);
    if (!charge) throw new Error(`stand-in: no charge ${key}`);
    if (!context.book.move(charge.id, status, amount === undefined ? {} : { amount })) {
      throw new Error(`stand-in: charge ${key} is ${charge.status}`);
    }
  };
  return {
    url: baseUrl,
    tlsUrl: tls?.url ?? null,
    pki: tls?.pki ?? null,
    context,
    addAccounts,
    pay: (key, amount) => act(key, 'paid', amount),
    fail: (key) => act(key, 'failed'),
    expire: (key) => act(key, 'expired'),
    cardBehaviour: (paymentMethodId, behaviour) => setCardBehaviour(context, paymentMethodId, behaviour),
    apiPixDevolucoes: (behaviour) => setDevolucaoBehaviour(context, behaviour),
    async close() {
      await context.notifier.settled();
      await Promise.all([app.close(), tls?.close()]);
    },
  };
}

function buildHttpApp(context: StandinContext): FastifyInstance {
  const app = Fastify({ logger: false });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, parseForm(body as string)),
  );
  registerSimulator(app, context);
  for (const shape of SHAPES) shape.routes(app, context);
  return app;
}
