import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DbExecutor } from '../../db/client.ts';
import * as repo from './repository.ts';
import { openSecrets, SecretsKeyError, sealSecrets } from './secrets.ts';

/*
 * How a store takes PIX online: the `payment_provider` section of its store document
 * (docs/store-import-format.md). `base_url: "standin"` points the adapter at the local stand-in
 * PSP this server runs (the demo); anything else is the provider's real address.
 */

const STANDIN = 'standin';
const address = z
  .string()
  .max(300)
  .refine(
    (value) => value === STANDIN || /^https?:\/\/[^\s]+$/.test(value),
    'must be an http(s) URL or "standin"',
  );
const secret = z.string().min(1).max(10_000);
const pem = z
  .string()
  .max(20_000)
  .regex(/-----BEGIN [A-Z ]+-----/, 'must be PEM text');

export const paymentProviderSection = z.discriminatedUnion('provider', [
  z.strictObject({
    provider: z.literal('mercadopago'),
    base_url: address.default('https://api.mercadopago.com'),
    access_token: secret,
    webhook_secret: secret,
    /** Cards: the key the SDK uses in the customer's browser (public; not a secret). */
    public_key: z
      .string()
      .regex(
        /^(APP_USR|TEST)-[A-Za-z0-9-]{8,200}$/,
        'must be a Mercado Pago public key (APP_USR-… or TEST-…)',
      )
      .nullable()
      .default(null),
  }),
  z.strictObject({
    provider: z.literal('stripe'),
    api_url: address.default('https://api.stripe.com'),
    secret_key: secret,
    webhook_secret: secret,
    /** Cards: the key Stripe.js uses in the customer's browser (public; not a secret). */
    publishable_key: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9]{8,200}$/, 'must be a Stripe publishable key (pk_…)')
      .nullable()
      .default(null),
  }),
  z.strictObject({
    provider: z.literal('apipix'),
    base_url: address,
    client_id: z.string().min(1).max(300),
    client_secret: secret,
    /** The store's client certificate and key for mutual TLS (not needed with the stand-in). */
    cert_pem: pem.nullable().default(null),
    key_pem: pem.nullable().default(null),
    ca_pem: pem.nullable().default(null),
    pix_key: z.string().min(1).max(77),
    /**
     * The PSP's OAuth2 token endpoint when it is not `/oauth/token` at the base URL's origin
     * (Efí's and the standard's example): Inter's is `/oauth/v2/token`, others differ again.
     */
    token_url: z
      .string()
      .max(300)
      .regex(/^https:\/\/[^\s]+$/, 'must be an https URL')
      .nullable()
      .default(null),
  }),
  z.strictObject({
    provider: z.literal('static_pix'),
    pix_key: z.string().min(1).max(77),
    merchant_name: z.string().min(1).max(60),
    merchant_city: z.string().min(1).max(40),
  }),
]);
export type PaymentProviderSection = z.infer<typeof paymentProviderSection>;

export const SECRET_FIELDS = [
  'access_token',
  'webhook_secret',
  'secret_key',
  'client_secret',
  'key_pem',
] as const;

export class PaymentSecretsUnavailable extends Error {}

/** Saves a store's provider: its secrets sealed with the key, the rest as settings. */
export async function saveProviderSettings(
  db: DbExecutor,
  storeId: number,
  section: PaymentProviderSection,
  key: Buffer | null,
  at: Date = new Date(),
): Promise<void> {
  const settings: Record<string, unknown> = {};
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(section)) {
    if ((SECRET_FIELDS as readonly string[]).includes(name)) {
      if (typeof value === 'string') secrets[name] = value;
    } else {
      settings[name] = value;
    }
  }
  const hasSecrets = Object.keys(secrets).length > 0;
  if (hasSecrets && !key) {
    throw new PaymentSecretsUnavailable(
      'PAYMENT_SECRETS_KEY is required to keep a payment provider’s secrets (32 bytes, base64 or hex)',
    );
  }
  await repo.saveProviderConfig(db, {
    storeId,
    provider: section.provider,
    settings,
    secrets: hasSecrets && key ? sealSecrets(key, storeId, secrets) : null,
    notificationToken: randomBytes(24).toString('base64url'),
    at,
  });
}

/** A store's provider section again, secrets opened (for building its adapter, never for a reply). */
export function readProviderSettings(row: repo.ProviderRow, key: Buffer | null): PaymentProviderSection {
  let secrets: Record<string, string> = {};
  if (row.secrets) {
    if (!key)
      throw new SecretsKeyError('PAYMENT_SECRETS_KEY is not set: the payment secrets cannot be opened');
    secrets = openSecrets(key, row.storeId, row.secrets);
  }
  return paymentProviderSection.parse({ ...row.settings, ...secrets });
}

export const isStandin = (value: string | null | undefined) => value === STANDIN;

/** The store takes no online payment through a provider any more. */
export function removeProviderSettings(db: DbExecutor, storeId: number): Promise<void> {
  return repo.removeProviderConfig(db, storeId);
}
