import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp, paymentSecretsKeyOf } from './app.ts';
import { type Config, ConfigError, loadConfig, runsStandin, runsWhatsappStandin } from './config.ts';
import { openDatabase } from './db/client.ts';
import { recordServedOrigin, servedOriginTemplate } from './lib/served-origin.ts';
import type { StandinAccess } from './modules/payments/index.ts';
import { loadDemoStoresIfEmpty } from './modules/store-import/index.ts';
import { connectDemoWhatsapp } from './modules/whatsapp/index.ts';

async function main() {
  const config = loadConfig();
  const database = openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  await database.migrate();
  // TEST-ONLY clock override (CLOCK_OFFSET_MS, 0 by default: the real clock).
  const offset = config.CLOCK_OFFSET_MS;
  const now = () => new Date(Date.now() + offset);
  const standin = runsStandin(config) ? await startDemoStandin(config, now) : null;
  const external = !standin && config.PSP_STANDIN_URL ? externalStandin(config.PSP_STANDIN_URL) : null;
  const warnings: string[] = [];
  const paymentSecretsKey = paymentSecretsKeyOf(config, (message) => warnings.push(message));
  const whatsappStandin = runsWhatsappStandin(config) ? await startDemoWhatsappStandin(config, now) : null;
  const { app, services } = await buildApp({
    config,
    database,
    now,
    standin: standin ?? external,
    whatsappStandin,
    paymentSecretsKey,
  });
  for (const message of warnings) app.log.warn(message);
  if (standin) {
    app.log.warn(
      { simulator: standin.url },
      'the local stand-in PSP is running: online payments are simulated (pay them on the simulator page)',
    );
  }
  const loadDemo =
    config.DEMO_STORES === 'on' || (config.DEMO_STORES === 'auto' && database.kind === 'pglite');
  if (loadDemo) {
    const loaded = await loadDemoStoresIfEmpty(database.db, { paymentSecretsKey });
    if (loaded.length > 0) app.log.info({ stores: loaded }, 'demo stores loaded into the empty database');
  }
  if (whatsappStandin) {
    // The demo's Forno & Brasa talks WhatsApp to the stand-in (unless its owner set its own channel).
    const connected = await connectDemoWhatsapp(database.db, services.whatsapp).catch((error: unknown) => {
      app.log.warn({ err: error }, 'the demo store’s WhatsApp was not connected to the stand-in');
      return false;
    });
    if (connected) {
      app.log.warn(
        { simulator: whatsappStandin.url },
        'the local stand-in WhatsApp is running: order updates and codes are simulated (read and answer them on the simulator page)',
      );
    }
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await standin?.close();
      await whatsappStandin?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // The port really listened on (PORT=0 picks one): `npm run table:links` prints this address.
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  recordServedOrigin(config.DATA_DIR, servedOriginTemplate(config, port));
}

/**
 * The local stand-in PSP: the demo's payment provider (docs/decisions/0018). A test double, so it is
 * loaded only when the config asks for it: the production server neither loads nor depends on it
 * (docs/decisions/0041); the compiled server has it in a file of its own, dist/psp-standin.mjs.
 */
async function startDemoStandin(config: Config, now: () => Date) {
  const { startStandin } = await import('@comanda/psp-standin');
  mkdirSync(config.DATA_DIR, { recursive: true });
  return startStandin({
    port: config.PSP_STANDIN_PORT,
    tlsPort: config.PSP_STANDIN_TLS_PORT,
    dataFile: path.join(config.DATA_DIR, 'psp-standin.json'),
    now,
  });
}

/** The local stand-in Graph API (WhatsApp), loaded only when the config asks for it, as the PSP's. */
async function startDemoWhatsappStandin(config: Config, now: () => Date) {
  const { startWhatsappStandin } = await import('@comanda/whatsapp-standin');
  mkdirSync(config.DATA_DIR, { recursive: true });
  return startWhatsappStandin({
    port: config.WHATSAPP_STANDIN_PORT,
    dataFile: path.join(config.DATA_DIR, 'whatsapp-standin.json'),
    now,
  });
}

/** A stand-in PSP of another process: its accounts are registered by whoever runs it. */
function externalStandin(url: string): StandinAccess {
  return { url: url.replace(/\/$/, ''), tlsUrl: null, pki: null, addAccounts: () => {} };
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
