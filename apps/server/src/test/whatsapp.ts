import { type OutgoingWebhook, startWhatsappStandin, type WhatsappStandin } from '@comanda/whatsapp-standin';
import { buildAccountsTestApp, PIZZARIA } from './accounts.ts';
import { storeIdOf } from './orders.ts';
import type { TestApp, TestAppOptions } from './test-app.ts';

/*
 * WhatsApp fixtures: the stand-in Graph API on a real port (the server's adapter talks HTTP to it),
 * its webhooks delivered to the app in process, and Forno & Brasa's channel set to it.
 */

export const WA_ACCOUNT = {
  phoneNumberId: '550011223344',
  displayNumber: '+55 11 4000-0000',
  token: 'test-whatsapp-token',
  appSecret: 'test-whatsapp-app-secret',
  verifyToken: 'test-whatsapp-verify',
};

export interface WhatsappTestApp {
  t: TestApp;
  standin: WhatsappStandin;
  /** Every webhook the stand-in sent, with the app's answer. */
  sent: { webhook: OutgoingWebhook; status: number }[];
  close(): Promise<void>;
}

export async function buildWhatsappTestApp(options: TestAppOptions = {}): Promise<WhatsappTestApp> {
  const sent: WhatsappTestApp['sent'] = [];
  let app: TestApp | null = null;
  const standin = await startWhatsappStandin({
    webhookRetryMs: 5,
    transport: async (webhook) => {
      if (!app) return 503;
      const status = (await injectWebhook(app, webhook)).statusCode;
      sent.push({ webhook, status });
      return status;
    },
  });
  const t = await buildAccountsTestApp({
    ...options,
    whatsappStandin: standin,
    env: { ORDER_RATE_LIMIT_MAX: '10000', WHATSAPP_RETRY_BASE_MS: '60000', ...options.env },
  });
  app = t;
  await t.services.whatsapp.useStandin(await storeIdOf(t, PIZZARIA), WA_ACCOUNT);
  return {
    t,
    standin,
    sent,
    close: async () => {
      await standin.close();
      await t.close();
    },
  };
}

/** A webhook the stand-in sent, delivered as Meta delivers it. */
export function injectWebhook(t: TestApp, webhook: OutgoingWebhook) {
  const url = new URL(webhook.url);
  return t.app.inject({
    method: 'POST',
    url: `${url.pathname}${url.search}`,
    headers: { ...webhook.headers, host: url.host },
    payload: webhook.body,
  });
}
