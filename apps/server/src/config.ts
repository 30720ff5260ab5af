import path from 'node:path';
import { z } from 'zod';
import { SERVER_ROOT } from './server-root.ts';

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const configFields = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DEFAULT_STORE: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a store slug (a-z, 0-9, -)')
    .default('pizzaria'),
  BASE_DOMAIN: z.string().optional(),
  DEMO_STORES: z.enum(['auto', 'on', 'off']).default('auto'),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  STOREFRONT_DIR: z.string().optional(),
  MENU_CACHE_CHECK_MS: z.coerce.number().int().min(0).default(2000),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(|true|false|\d+|[0-9a-fA-F.:/, ]+)$/,
      'must be true, false, a hop count or a list of proxy addresses',
    )
    .default(''),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().int().min(1).max(1000).default(1),
  /** Orders one customer may place per ORDER_RATE_LIMIT_WINDOW_SECONDS (times RATE_LIMIT_MULTIPLIER). */
  ORDER_RATE_LIMIT_MAX: z.coerce.number().int().min(1).max(10_000).default(10),
  ORDER_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** log2 of scrypt's N. OWASP: 17 (128 MiB per hash). Lower values only make tests fast. */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  SMS_PROVIDER: z.enum(['local', 'http']).default('local'),
  SMS_HTTP_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * Time to receive a whole request (headers and body), ms; a slow-drip body is cut off with 408.
   * The order event streams are not concerned: their GET is received at once.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** A connection with no byte either way for this long is closed, ms (the event streams are exempt). */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(60_000),
  /** Order placement's Idempotency-Keys older than this are deleted (a retry after it is a new order). */
  IDEMPOTENCY_KEY_MAX_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /** How often the old keys are deleted, ms (0: never). */
  IDEMPOTENCY_PURGE_EVERY_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /**
   * A demo on NODE_ENV=production may run the SMS stand-in only when this says so: the stand-in
   * sends nothing, so nobody could recover a password.
   */
  ALLOW_SMS_STANDIN_IN_PRODUCTION: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
  /** Comment line sent on idle order event streams, so proxies keep them open. */
  ORDER_EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
  /**
   * `event: heartbeat` on the staff's order stream: the board declares the connection lost after
   * three missed beats (docs/decisions/0048), so within 20 s of a silent drop.
   */
  STAFF_EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /** production makes the server refuse demo stand-ins (see PSP_STANDIN). */
  NODE_ENV: z.string().default('development'),
  /** 32 bytes (base64 or hex) that seal the payment providers' secrets at rest. */
  PAYMENT_SECRETS_KEY: z.string().optional(),
  /** The local stand-in PSP (demo and tests): auto = on unless NODE_ENV=production. */
  PSP_STANDIN: z.enum(['auto', 'on', 'off']).default('auto'),
  PSP_STANDIN_PORT: z.coerce.number().int().min(0).max(65_535).default(3100),
  /**
   * A stand-in PSP run elsewhere (PSP_STANDIN=off): "standin" stores talk to it (its Mercado Pago
   * and Stripe shapes; the merchant accounts are registered by whoever runs it).
   */
  PSP_STANDIN_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  PSP_STANDIN_TLS_PORT: z.coerce.number().int().min(0).max(65_535).default(3101),
  /**
   * Outside couriers (docs/decisions/0070): the local stand-in courier company (never in production),
   * iFood's Shipping API (IFOOD_*), or none.
   */
  COURIER_PROVIDER: z.enum(['standin', 'ifood', 'off']).default('standin'),
  /** The stand-in's steps (assigned, picked up, delivered) this far apart; 0: only when told (tests). */
  COURIER_STANDIN_STEP_MS: z.coerce.number().int().min(0).max(600_000).default(15_000),
  IFOOD_SHIPPING_URL: z.url({ protocol: /^https?$/ }).default('https://merchant-api.ifood.com.br'),
  /** The store's merchant id at iFood (one store per deployment for now). */
  IFOOD_MERCHANT_ID: z.string().optional(),
  IFOOD_ACCESS_TOKEN: z.string().optional(),
  /** The application's client secret at iFood: it signs the Shipping notifications. */
  IFOOD_CLIENT_SECRET: z.string().optional(),
  /** The local stand-in Graph API for WhatsApp (demo and tests): auto = on unless NODE_ENV=production. */
  WHATSAPP_STANDIN: z.enum(['auto', 'on', 'off']).default('auto'),
  WHATSAPP_STANDIN_PORT: z.coerce.number().int().min(0).max(65_535).default(3102),
  /** A stand-in Graph API run elsewhere (WHATSAPP_STANDIN=off): channels set to the stand-in talk to it. */
  WHATSAPP_STANDIN_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How often queued WhatsApp order updates are sent (0: never). */
  WHATSAPP_OUTBOX_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  /** Delay before the second try of a WhatsApp order update; doubles after each. */
  WHATSAPP_RETRY_BASE_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** How often pending online payments are read from their providers (0: never). */
  PAYMENTS_RECONCILE_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** How often every store's provider charges are checked against orders and refunds (0: never). */
  PAYMENTS_LEDGER_CHECK_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  /**
   * The public address of a store, `{store}` standing for its slug; it is where providers send
   * their notifications. Default: https://{store}.BASE_DOMAIN, else http://{store}.localhost:PORT.
   */
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^\s]*\{store\}[^\s]*$/, 'must be an http(s) address with {store} in it')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Pictures uploaded in the staff editor go to an S3-compatible bucket when S3_BUCKET is set,
   * otherwise under DATA_DIR/media (docs/decisions/0032). S3_ENDPOINT is the service's address
   * (path-style: objects at S3_ENDPOINT/S3_BUCKET/key), or one with {bucket} in it for
   * virtual-hosted style (https://{bucket}.s3.sa-east-1.amazonaws.com).
   */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (a-z, 0-9, ., -; 3 to 63)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Where browsers fetch the pictures (a CDN before the bucket); default: the bucket's own address. */
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/ })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** TEST-ONLY: milliseconds added to the server's clock (browser journeys on a fixed weekday). */
  CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
});

const configSchema = configFields
  .superRefine((value, ctx) => {
    const s3 = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    if (value.S3_BUCKET) {
      for (const key of s3)
        if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required with S3_BUCKET' });
    } else if (s3.some((key) => value[key]) || value.S3_PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'required with S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY or S3_PUBLIC_URL',
      });
    }
  })
  .refine((value) => value.SMS_PROVIDER !== 'http' || value.SMS_HTTP_URL, {
    path: ['SMS_HTTP_URL'],
    message: 'required when SMS_PROVIDER=http',
  })
  .refine(
    (value) =>
      value.NODE_ENV !== 'production' ||
      value.SMS_PROVIDER !== 'local' ||
      value.ALLOW_SMS_STANDIN_IN_PRODUCTION,
    {
      path: ['SMS_PROVIDER'],
      message:
        'the local SMS stand-in sends no SMS: in production set SMS_PROVIDER=http (or ALLOW_SMS_STANDIN_IN_PRODUCTION=true for a demo)',
    },
  );

export type Config = z.infer<typeof configSchema> & { storefrontDir: string };

/** Where a store is reached from outside (its notifications' address). */
export function publicOrigin(
  config: Pick<Config, 'PUBLIC_ORIGIN' | 'BASE_DOMAIN' | 'PORT'>,
  slug: string,
): string {
  const template =
    config.PUBLIC_ORIGIN ??
    (config.BASE_DOMAIN
      ? `https://{store}.${config.BASE_DOMAIN}`
      : `http://{store}.localhost:${config.PORT}`);
  return template.replaceAll('{store}', slug).replace(/\/$/, '');
}

/** Whether this server runs the local stand-in Graph API (WhatsApp). */
export function runsWhatsappStandin(config: Pick<Config, 'WHATSAPP_STANDIN' | 'NODE_ENV'>): boolean {
  return (
    config.WHATSAPP_STANDIN === 'on' ||
    (config.WHATSAPP_STANDIN === 'auto' && config.NODE_ENV !== 'production')
  );
}

/** Whether this server runs the local stand-in PSP. */
export function runsStandin(config: Pick<Config, 'PSP_STANDIN' | 'NODE_ENV'>): boolean {
  return config.PSP_STANDIN === 'on' || (config.PSP_STANDIN === 'auto' && config.NODE_ENV !== 'production');
}

/** Fastify's trustProxy from TRUST_PROXY: off, on, a hop count, or the proxies' addresses. */
export function trustProxySetting(
  value: string,
): boolean | string | ((address: string, hop: number) => boolean) {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) {
    const hops = Number(trimmed);
    return (_address, hop) => hop < hops;
  }
  return trimmed;
}

export class ConfigError extends Error {}

/** Reads the environment once; every bad key is listed in one message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const storefrontDir = parsed.data.STOREFRONT_DIR ?? path.resolve(SERVER_ROOT, '../storefront/dist');
  return { ...parsed.data, storefrontDir };
}
