import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp, type Services } from '../app.ts';
import type { AppContext } from '../app-context.ts';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import type { PictureStorage } from '../lib/picture-storage.ts';
import type { StandinAccess } from '../modules/payments/index.ts';
import {
  importStore,
  parseStoreDocument,
  readDemoStore,
  type StoreDocument,
} from '../modules/store-import/index.ts';
import { adminQuery, dropPostgresDatabase, type TestDatabaseTemplate } from './template-database.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's services, for what no call reaches (the reconciliation job's round). */
  services: Services;
  database: DatabaseHandle;
  /** Moves the app's clock. */
  setNow(date: Date): void;
  close(): Promise<void>;
  /** The database's URL on PostgreSQL (undefined on PGlite). */
  databaseUrl?: string | undefined;
}

/**
 * A fresh database for one test file: an in-memory PGlite, or a new database on the server named
 * by TEST_DATABASE_URL (dropped on close). Under the vitest config, both are copies of the run's
 * migrated template (./global-setup.ts, docs/decisions/0039); without one (a file run outside the
 * config), the new database is migrated in place. Either way `migrate()` runs: on a copy it finds
 * every migration applied and changes nothing.
 */
export async function openTestDatabase(): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
  /** The new database's URL on PostgreSQL (undefined on PGlite). */
  url?: string;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = providedTemplate();
  if (!serverUrl) {
    const database = openDatabase(
      template?.kind === 'pglite' ? { loadDataDir: new Blob([readFileSync(template.file)]) } : {},
    );
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const name = `comanda_test_${randomBytes(6).toString('hex')}`;
  const copied = template?.kind === 'postgres' && template.serverUrl === serverUrl;
  await adminQuery(serverUrl, `create database ${name}${copied ? ` template ${template.name}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    database,
    url: url.toString(),
    drop: () => dropPostgresDatabase(serverUrl, name),
  };
}

/** The run's template database, when the global setup made one (undefined outside vitest's config). */
function providedTemplate(): TestDatabaseTemplate | undefined {
  try {
    return inject('testDatabaseTemplate');
  } catch {
    // Not in a vitest worker (a script importing the test helpers): no template.
    return undefined;
  }
}

/** The tests' PAYMENT_SECRETS_KEY: the stores' payment secrets are sealed with it. */
export const TEST_PAYMENT_SECRETS_KEY = Buffer.alloc(32, 7);

export interface TestAppOptions {
  /** Demo store files to import (default: both demo stores). */
  demoStores?: string[];
  /** Extra store documents (raw JSON shape) to import. */
  stores?: unknown[];
  now?: Date;
  env?: Record<string, string>;
  /** Adds routes or hooks before the app is sealed (test-only failure paths). */
  beforeReady?: (app: FastifyInstance) => void;
  /** The stand-in PSP the stores set to "standin" use (payments tests). */
  standin?: StandinAccess;
  /** The stand-in Graph API the WhatsApp channels set to it use (WhatsApp tests). */
  whatsappStandin?: { url: string };
  /** Collects the app's log lines (with env LOG_LEVEL set); otherwise the app does not log. */
  logDestination?: { write(line: string): void };
  /** Where the editor's pictures go (default: the configuration's, the disk under DATA_DIR). */
  pictureStorage?: PictureStorage;
}

/** Builds the app through the same path as main.ts, on a fresh database, with stores imported. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop, url } = await openTestDatabase();
  const paymentSecretsKey = TEST_PAYMENT_SECRETS_KEY;
  for (const file of options.demoStores ?? ['pizzaria.json', 'sakura.json']) {
    await importStore(database.db, readDemoStore(file), { paymentSecretsKey });
  }
  for (const doc of options.stores ?? []) {
    await importStore(database.db, parseStoreDocument(doc), { paymentSecretsKey });
  }
  const started = await startTestApp(database, options);
  return {
    ...started,
    databaseUrl: url,
    close: async () => {
      await started.app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * Another server instance on the database of `first`, as a second process behind a load balancer
 * would be: on PostgreSQL its own pool (and its own LISTEN connection) to the same database; on
 * PGlite, which lives in one process, the same handle. Close it before `first`; closing it leaves
 * the database alone.
 */
export async function buildSecondTestApp(
  first: TestApp,
  options: Pick<TestAppOptions, 'now' | 'env' | 'beforeReady' | 'standin' | 'whatsappStandin'> = {},
): Promise<TestApp> {
  const database = first.databaseUrl
    ? openDatabase({ databaseUrl: first.databaseUrl, poolSize: 5 })
    : first.database;
  const started = await startTestApp(database, options);
  return {
    ...started,
    databaseUrl: first.databaseUrl,
    close: async () => {
      await started.app.close();
      if (database !== first.database) await database.close();
    },
  };
}

async function startTestApp(
  database: DatabaseHandle,
  options: Pick<
    TestAppOptions,
    'now' | 'env' | 'beforeReady' | 'standin' | 'whatsappStandin' | 'logDestination' | 'pictureStorage'
  >,
): Promise<Omit<TestApp, 'close' | 'databaseUrl'>> {
  let now = options.now ?? new Date();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DEFAULT_STORE: 'pizzaria',
    MENU_CACHE_CHECK_MS: '0',
    // Cheap password hashes keep the suite fast; production uses OWASP's cost (17).
    PASSWORD_HASH_COST: '10',
    // The reconciliation job runs when a test asks for it (PAYMENTS_RECONCILE_MS), or by hand.
    PAYMENTS_RECONCILE_MS: '0',
    PAYMENTS_LEDGER_CHECK_MS: '0',
    // WhatsApp order updates go out when a test runs the outbox (services.whatsapp.runOutbox).
    WHATSAPP_OUTBOX_MS: '0',
    // The SMS stand-in keeps whole messages for /_dev/sms but prints no console line.
    NODE_ENV: 'test',
    ...options.env,
  });
  const { app, ctx, services } = await buildApp({
    config,
    database,
    now: () => now,
    logger: options.logDestination !== undefined,
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    standin: options.standin ?? null,
    whatsappStandin: options.whatsappStandin ?? null,
    paymentSecretsKey: TEST_PAYMENT_SECRETS_KEY,
    ...(options.pictureStorage ? { pictureStorage: options.pictureStorage } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    ctx,
    services,
    database,
    setNow: (date) => {
      now = date;
    },
  };
}

/** A small valid store document; override any part. */
export function storeDocumentFactory(overrides: Partial<Record<keyof StoreDocument, unknown>> = {}) {
  return {
    slug: 'teste',
    settings: { nome: 'Loja Teste', valor_minimo: 1000 },
    look: { primary_color: '#112233', secondary_color: '#445566' },
    hours: [0, 1, 2, 3, 4, 5, 6].map((dia_semana) => ({
      dia_semana,
      turno: 1,
      hr_inicio: '00:00',
      hr_fim: '23:59',
    })),
    categories: [
      {
        ref: 'lanches',
        descricao: 'Lanches',
        aberto: true,
        products: [{ ref: 'x-salada', descricao: 'X-Salada', valor_venda: 2500 }],
      },
    ],
    payment_methods: [{ id: 1, tipo: 'dinheiro', descricao: 'Dinheiro', permite_troco: true }],
    ...overrides,
  };
}
