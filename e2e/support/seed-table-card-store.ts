/**
 * TEST-ONLY (browser journeys and screenshots): before the e2e server starts, adds `sakura-mesa`, the
 * demo sakura (its look, menu and six counter seats, cards through Stripe's shape on the stand-in)
 * whose seats pay at the table instead of each round in the app. The demo sakura's tabs never have
 * shares to pay (every round is paid when ordered), so a share paid by card through Stripe's shape,
 * and its pictures in sakura's look, need this variant (docs/decisions/0035). Its own stand-in
 * account (secrets), so its notifications come to it. Run by e2e/start-server.sh after the demo
 * stores are in; never part of the product.
 */
import { eq } from 'drizzle-orm';
import { paymentSecretsKeyOf } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { stores } from '../../apps/server/src/db/schema.ts';
import { readDemoStore } from '../../apps/server/src/modules/store-import/demo-stores.ts';
import { importStore } from '../../apps/server/src/modules/store-import/service.ts';

const TABLE_CARD_STORE = 'sakura-mesa';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('seed-table-card-store: for the embedded database of the browser journeys only');
  process.exit(2);
}
const database = openDatabase({ databaseUrl: '', dataDir: config.DATA_DIR });
let code = 1;
try {
  await database.migrate();
  const [existing] = await database.db.select().from(stores).where(eq(stores.slug, TABLE_CARD_STORE));
  if (existing) {
    code = 0;
  } else {
    const sakura = readDemoStore('sakura.json');
    const paymentSecretsKey = paymentSecretsKeyOf(config, (line) =>
      console.error(`seed-table-card-store: ${line}`),
    );
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
    console.log(`seed-table-card-store: ${TABLE_CARD_STORE} added`);
    code = 0;
  }
} finally {
  await database.close();
}
process.exit(code);
