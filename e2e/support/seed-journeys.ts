/**
 * TEST-ONLY (browser journeys and screenshots): before an e2e server starts, fills its fresh
 * embedded database in one process (one PGlite start instead of four, docs/decisions/0047):
 * - the demo stores, the same step the server takes on an empty database;
 * - `sakura-mesa`, the demo sakura whose counter seats pay at the table instead of each round in
 *   the app. The demo sakura's tabs never have shares to pay (every round is paid when ordered), so
 *   a share paid by card through Stripe's shape, and its pictures in sakura's look, need this
 *   variant (docs/decisions/0035). Its own stand-in account (secrets), so its notifications come to it;
 * - a staff account at pizzaria, sakura and sakura-mesa, made by the `npm run staff:create` command's
 *   own code (STAFF_PASSWORD from the environment).
 * Run by e2e/start-server.sh; never part of the product. A reused E2E_DATA_DIR already has all of
 * it: the store is kept, the command refuses the taken phones, and the journeys go on.
 */
import { eq } from 'drizzle-orm';
import { paymentSecretsKeyOf } from '../../apps/server/src/app.ts';
import { runStaffCreate } from '../../apps/server/src/cli/staff-create.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { stores } from '../../apps/server/src/db/schema.ts';
import {
  importStore,
  loadDemoStoresIfEmpty,
  readDemoStore,
} from '../../apps/server/src/modules/store-import/index.ts';
import { STAFF_PASSWORD, STAFF_PHONES } from './staff-account.ts';

const TABLE_CARD_STORE = 'sakura-mesa';

const STAFF_ACCOUNTS = [
  { store: 'pizzaria', phone: STAFF_PHONES.pizzaria, name: 'Equipe E2E' },
  { store: 'sakura', phone: STAFF_PHONES.sakura, name: 'Equipe Sakura' },
  {
    store: TABLE_CARD_STORE,
    phone: process.env.E2E_SAKURA_MESA_STAFF_PHONE ?? '11955550102',
    name: 'Equipe Balcão',
  },
];

const log = (line: string) => console.error(`seed-journeys: ${line}`);

const config = loadConfig();
if (config.DATABASE_URL) {
  log('for the embedded database of the browser journeys only');
  process.exit(2);
}
const database = openDatabase({ databaseUrl: '', dataDir: config.DATA_DIR });
try {
  await database.migrate();
  // The same key the server reads (a key file in DATA_DIR): the stores' payment secrets open there.
  const paymentSecretsKey = paymentSecretsKeyOf(config, log);
  await loadDemoStoresIfEmpty(database.db, { paymentSecretsKey });

  const [existing] = await database.db.select().from(stores).where(eq(stores.slug, TABLE_CARD_STORE));
  if (!existing) {
    const sakura = readDemoStore('sakura.json');
    await importStore(
      database.db,
      {
        ...sakura,
        slug: TABLE_CARD_STORE,
        settings: { ...sakura.settings, self_checkout_require_imply_pay: false },
        payment_provider: {
          provider: 'stripe',
          api_url: 'standin',
          secret_key: 'sk_test_comanda_e2e_sakura_mesa_0001',
          webhook_secret: 'whsec_comanda_e2e_sakura_mesa',
          publishable_key: null,
        },
      },
      { paymentSecretsKey },
    );
  }

  const password = STAFF_PASSWORD;
  for (const account of STAFF_ACCOUNTS) {
    const code = await runStaffCreate(
      ['--store', account.store, '--phone', account.phone, '--name', account.name],
      { database, env: { ...process.env, STAFF_PASSWORD: password }, io: { out: () => {}, err: log } },
    );
    if (code !== 0) log(`no new staff account at ${account.store} (see above)`);
  }
} finally {
  await database.close();
}
process.exit(0);
