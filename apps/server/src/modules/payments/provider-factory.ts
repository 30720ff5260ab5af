import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { notificationPath } from './notification-url.ts';
import { isStandin, readProviderSettings } from './provider-settings.ts';
import { ApiPixProvider } from './providers/apipix.ts';
import { MercadoPagoProvider } from './providers/mercadopago.ts';
import type { PixProvider } from './providers/provider.ts';
import { StaticPixProvider } from './providers/static-pix.ts';
import { StripePixProvider } from './providers/stripe.ts';
import * as repo from './repository.ts';
import type { PaymentProviders, StoreProvider } from './service.ts';

/*
 * Each store's adapter, built from its stored settings once per change of them. A setting of
 * "standin" points the adapter at the stand-in PSP this server runs, whose merchant account for
 * the store is registered on first use (the same secrets: the stand-in signs with them).
 */

/** The in-process stand-in, as far as the adapters need it. */
export interface StandinAccess {
  url: string;
  tlsUrl: string | null;
  pki: { caPem: string; clientCertPem: string; clientKeyPem: string } | null;
  addAccounts(accounts: {
    mercadopago?: { accessToken: string; webhookSecret: string; publicKey?: string }[];
    stripe?: { secretKey: string; webhookSecret: string; webhookUrl: string; publishableKey?: string }[];
    apipix?: { clientId: string; clientSecret: string; pixKey: string; webhookUrl?: string }[];
  }): void;
}

export interface ProviderFactoryOptions {
  db: Database;
  secretsKey: Buffer | null;
  standin: StandinAccess | null;
  now: () => Date;
  /** A store's public origin from its slug: its notifications come to a path under it. */
  publicOrigin: (slug: string) => string;
}

/** A stand-in account's public key, derived from its secret so that it is the same at every start. */
const standinKeySuffix = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 24);

export function createPaymentProviders(options: ProviderFactoryOptions): PaymentProviders {
  /** The URL a store's notifications come to (Stripe's and API Pix's are per account, not per charge). */
  const notificationUrl = async (storeId: number, provider: string, token: string) =>
    `${options.publicOrigin(await repo.storeSlug(options.db, storeId))}${notificationPath(provider, token)}`;
  const built = new Map<number, { stamp: number; value: StoreProvider }>();
  const registered = new Set<string>();

  const standin = () => {
    if (!options.standin) throw new Error('a store is set to the stand-in PSP, and this server runs none');
    return options.standin;
  };
  const register = (key: string, add: () => void) => {
    if (registered.has(key)) return;
    registered.add(key);
    add();
  };

  async function build(row: repo.ProviderRow): Promise<PixProvider> {
    const settings = readProviderSettings(row, options.secretsKey);
    const now = options.now;
    switch (settings.provider) {
      case 'mercadopago': {
        const local = isStandin(settings.base_url);
        // The stand-in's account gets a public key of its own when the document names none.
        const publicKey =
          settings.public_key ?? (local ? `TEST-pk-${standinKeySuffix(settings.access_token)}` : null);
        if (local) {
          register(`mp:${settings.access_token}`, () =>
            standin().addAccounts({
              mercadopago: [
                {
                  accessToken: settings.access_token,
                  webhookSecret: settings.webhook_secret,
                  ...(publicKey ? { publicKey } : {}),
                },
              ],
            }),
          );
        }
        return new MercadoPagoProvider({
          baseUrl: local ? `${standin().url}/mercadopago` : settings.base_url,
          accessToken: settings.access_token,
          webhookSecret: settings.webhook_secret,
          publicKey,
          ...(local ? { kitUrl: `${standin().url}/mercadopago/js/v2` } : {}),
          now,
        });
      }
      case 'stripe': {
        const local = isStandin(settings.api_url);
        // The stand-in's account gets a publishable key of its own when the document names none.
        const publishableKey =
          settings.publishable_key ?? (local ? `pk_test_${standinKeySuffix(settings.secret_key)}` : null);
        if (local) {
          const webhookUrl = await notificationUrl(row.storeId, 'stripe', row.notificationToken);
          register(`stripe:${settings.secret_key}`, () =>
            standin().addAccounts({
              stripe: [
                {
                  secretKey: settings.secret_key,
                  webhookSecret: settings.webhook_secret,
                  webhookUrl,
                  ...(publishableKey ? { publishableKey } : {}),
                },
              ],
            }),
          );
        }
        const url = new URL(local ? standin().url : settings.api_url);
        return new StripePixProvider({
          host: url.hostname,
          port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
          protocol: url.protocol === 'https:' ? 'https' : 'http',
          secretKey: settings.secret_key,
          webhookSecret: settings.webhook_secret,
          publishableKey,
          ...(local ? { kitUrl: `${standin().url}/v3/` } : {}),
          now,
        });
      }
      case 'apipix': {
        const local = isStandin(settings.base_url);
        const pki = local ? standin().pki : null;
        if (local) {
          if (!pki || !standin().tlsUrl)
            throw new Error('the stand-in PSP runs without its API Pix listener');
          const webhookUrl = await notificationUrl(row.storeId, 'apipix', row.notificationToken);
          register(`apipix:${settings.client_id}`, () =>
            standin().addAccounts({
              apipix: [
                {
                  clientId: settings.client_id,
                  clientSecret: settings.client_secret,
                  pixKey: settings.pix_key,
                  webhookUrl,
                },
              ],
            }),
          );
        }
        const certPem = pki?.clientCertPem ?? settings.cert_pem;
        const keyPem = pki?.clientKeyPem ?? settings.key_pem;
        if (!certPem || !keyPem) throw new Error('an API Pix store needs its client certificate and key');
        return new ApiPixProvider({
          // The stand-in serves the standard under /v2, as PSPs put its major version in the path.
          baseUrl: local ? `${standin().tlsUrl!}/v2` : settings.base_url,
          clientId: settings.client_id,
          clientSecret: settings.client_secret,
          certPem,
          keyPem,
          caPem: pki?.caPem ?? settings.ca_pem,
          pixKey: settings.pix_key,
          webhookToken: row.notificationToken,
          // The stand-in's token call is where the standard's example puts it.
          ...(!local && settings.token_url ? { tokenUrl: settings.token_url } : {}),
          onWebhookRegistration: (outcome) => repo.recordWebhookStatus(options.db, row.storeId, outcome),
          now,
        });
      }
      case 'static_pix':
        return new StaticPixProvider(
          {
            pixKey: settings.pix_key,
            merchantName: settings.merchant_name,
            merchantCity: settings.merchant_city,
          },
          now,
        );
    }
  }

  return {
    async forStore(storeId) {
      const row = await repo.findProviderConfig(options.db, storeId);
      if (!row) return null;
      const stamp = row.updatedAt.getTime();
      const cached = built.get(storeId);
      if (cached && cached.stamp === stamp) return cached.value;
      const value: StoreProvider = {
        kind: row.provider as StoreProvider['kind'],
        provider: await build(row),
        notificationToken: row.notificationToken,
      };
      built.set(storeId, { stamp, value });
      return value;
    },
  };
}
