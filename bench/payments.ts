/**
 * Online PIX payments (docs/decisions/0018): how many provider notifications the server handles per
 * second when half of them are duplicates, how many duplicate paid transitions that makes (must be
 * 0), and how long after a payment the customer's PIX screen shows success: the server's own
 * confirmation, and what the screen sees polling every 3 s as the spec says. Runs the server on a
 * fresh PostgreSQL database (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test), with
 * the stand-in PSP in this process; the demo pizzaria takes PIX through its Mercado Pago shape.
 * Prints tables; asserts nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { httpTransport, type OutgoingNotification, startStandin } from '@comanda/psp-standin';
import pg from 'pg';
import { readDemoStore } from '../apps/server/src/modules/store-import/demo-stores.ts';
import { type BenchCustomer as Customer, printTable, signUpCustomer, startServer } from './support.ts';

const PORT = 3891;
const HOST = `pizzaria.localhost:${PORT}`;
const PAYMENTS = Number(process.env.BENCH_PIX_PAYMENTS ?? 300);
const SCREENS = Number(process.env.BENCH_PIX_SCREENS ?? 40);
const CONCURRENCY = 16;
/** The spec's PIX screen polls the payment every 3 s. */
const POLL_MS = 3000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function call(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const response = await fetch(`${base}${path}`, {
    ...init,
    headers: {
      host: HOST,
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.headers ?? {}),
    },
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

const signUp = (base: string, i: number): Promise<Customer> =>
  signUpCustomer(
    base,
    `119${String(Date.now() % 100_000).padStart(5, '0')}${String(i).padStart(3, '0')}`,
    HOST,
  );

async function openIntent(base: string, customer: Customer, productId: number) {
  const body = await call(base, '/bar/v2/payment/create-payment-intent/', {
    method: 'POST',
    token: customer.token,
    headers: { 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      type: 'pix',
      order: {
        tipo_entrega: 'Retirada',
        fk_cliente: customer.id,
        fk_forma_pagamento: 999,
        produtos_pedidos: [{ produto: productId, qtd: 4, itens_pedidos: [] }],
      },
    }),
  });
  const data = body.data as { intent_id: string; transaction_id: string };
  return { intentId: data.intent_id, providerRef: data.transaction_id };
}

async function inBatches<T>(items: readonly T[], run: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        await run(items[index]!, index);
      }
    }),
  );
}

export async function runPaymentsBench() {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `comanda_bench_pix_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;

  // Notifications are held (captured, not sent) until the bench fires them itself.
  const held: OutgoingNotification[] = [];
  let deliver = false;
  const demo = readDemoStore('pizzaria.json').payment_provider as {
    access_token: string;
    webhook_secret: string;
  };
  const standin = await startStandin({
    notifier: {
      attempts: 1,
      transport: async (notification) => {
        if (!deliver) {
          held.push(notification);
          return 200;
        }
        return httpTransport({ ...notification, url: notification.url.replace(/localhost:\d+/, HOST) });
      },
    },
    accounts: { mercadopago: [{ accessToken: demo.access_token, webhookSecret: demo.webhook_secret }] },
  });
  const server = await startServer(PORT, {
    DATABASE_URL: dbUrl.toString(),
    DEMO_STORES: 'on',
    PSP_STANDIN: 'off',
    PSP_STANDIN_URL: standin.url,
    WHATSAPP_STANDIN: 'off',
    PAYMENT_SECRETS_KEY: randomBytes(32).toString('base64'),
    PAYMENTS_RECONCILE_MS: '0',
    RATE_LIMIT_MULTIPLIER: '1000',
    PASSWORD_HASH_COST: '10',
    PUBLIC_ORIGIN: `http://{store}.localhost:${PORT}`,
  });
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  try {
    const products = (await (
      await fetch(`${server.url}/estoque/produtos_app`, { headers: { host: HOST } })
    ).json()) as { id: number; descricao: string }[];
    const coke = products.find((product) => product.descricao.startsWith('Coca-Cola'))!;
    const customers: Customer[] = [];
    for (let i = 0; i < 20; i++) customers.push(await signUp(server.url, i));

    // Notifications per second, half of them duplicates.
    const intents: { intentId: string; providerRef: string }[] = new Array(PAYMENTS);
    await inBatches([...Array(PAYMENTS).keys()], async (_, i) => {
      intents[i] = await openIntent(server.url, customers[i % customers.length]!, coke.id);
    });
    held.length = 0;
    for (const intent of intents) standin.pay(intent.providerRef);
    await standin.context.notifier.settled();
    const paidNotifications = held.filter((n) => n.body.includes('payment.updated'));
    const deliveries = paidNotifications.flatMap((n) => [n, n]).sort(() => Math.random() - 0.5);
    const started = performance.now();
    let refused = 0;
    await inBatches(deliveries, async (notification) => {
      const status = await httpTransport({
        ...notification,
        url: notification.url.replace(/localhost:\d+/, HOST),
      });
      if (status !== 200) refused += 1;
    });
    const seconds = (performance.now() - started) / 1000;
    const { rows: counts } = await db.query<{ paid: string; duplicates: string; released: string }>(`
      select
        (select count(*) from payments where status = 'paid') as paid,
        (select count(*) from (select payment_id from payment_events where to_status = 'paid'
          group by payment_id having count(*) > 1) d) as duplicates,
        (select count(*) from orders where awaiting_payment = false and payment_method_id = 999) as released`);
    printTable(
      `PIX notifications, ${deliveries.length} deliveries (each notification twice), ${CONCURRENCY} at a time`,
      [
        {
          'notifications/s': Math.round(deliveries.length / seconds),
          payments: PAYMENTS,
          'paid payments': Number(counts[0]!.paid),
          'orders released': Number(counts[0]!.released),
          'duplicate paid transitions': Number(counts[0]!.duplicates),
          'refused deliveries': refused,
          target: 'duplicate paid transitions = 0',
        },
      ],
    );

    // From the payment to the customer's screen: notifications delivered as the provider would.
    deliver = true;
    const screens = await Promise.all(
      Array.from({ length: SCREENS }, async (_, i) => {
        const customer = customers[i % customers.length]!;
        const intent = await openIntent(server.url, customer, coke.id);
        await standin.context.notifier.settled();
        const phase = Math.random() * POLL_MS;
        const paidAt = performance.now();
        standin.pay(intent.providerRef);
        const check = () =>
          call(server.url, '/integracoes/v2/payment/check-confirmation/', {
            method: 'POST',
            token: customer.token,
            body: JSON.stringify({ intent_id: intent.intentId }),
          });
        // The server's own view: asked every 50 ms.
        let confirmedAfter = 0;
        for (;;) {
          const body = await check();
          if ((body.data as { polling: boolean }).polling === false) {
            confirmedAfter = performance.now() - paidAt;
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // The PIX screen polls every 3 s from its own phase: the first poll after the confirmation.
        const firstPollAfter = phase + Math.ceil(Math.max(0, confirmedAfter - phase) / POLL_MS) * POLL_MS;
        return { server: confirmedAfter, screen: firstPollAfter };
      }),
    );
    const serverTimes = screens.map((s) => s.server);
    const screenTimes = screens.map((s) => s.screen);
    printTable(`From a PIX payment to the customer seeing it, ${SCREENS} payments`, [
      {
        view: 'server confirms (notification handled)',
        'p50 ms': Math.round(percentile(serverTimes, 50)),
        'p99 ms': Math.round(percentile(serverTimes, 99)),
      },
      {
        view: 'PIX screen shows success (polls every 3 s)',
        'p50 ms': Math.round(percentile(screenTimes, 50)),
        'p99 ms': Math.round(percentile(screenTimes, 99)),
      },
    ]);
  } finally {
    await db.end();
    await server.stop();
    await standin.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runPaymentsBench();
