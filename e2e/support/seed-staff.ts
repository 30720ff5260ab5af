/**
 * TEST-ONLY (browser journeys): before the e2e server starts, puts the demo stores into its fresh
 * embedded database (the same step the server takes on an empty database) and creates a staff
 * account through the `npm run staff:create` command, whose arguments this takes
 * (STAFF_PASSWORD from the environment). Run by e2e/start-server.sh; never part of the product.
 */
import { paymentSecretsKeyOf } from '../../apps/server/src/app.ts';
import { runStaffCreate } from '../../apps/server/src/cli/staff-create.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { loadDemoStoresIfEmpty } from '../../apps/server/src/modules/store-import/demo-stores.ts';

const config = loadConfig();
if (config.DATABASE_URL) {
  console.error('seed-staff: for the embedded database of the browser journeys only');
  process.exit(2);
}
const database = openDatabase({ databaseUrl: '', dataDir: config.DATA_DIR });
let code = 1;
try {
  await database.migrate();
  // The same key the server reads (a key file in DATA_DIR): the demo store's payment secrets open there.
  const paymentSecretsKey = paymentSecretsKeyOf(config, (line) => console.error(`seed-staff: ${line}`));
  await loadDemoStoresIfEmpty(database.db, { paymentSecretsKey });
  code = await runStaffCreate(process.argv.slice(2), {
    database,
    env: process.env,
    io: {
      out: (line) => console.log(`seed-staff: ${line}`),
      err: (line) => console.error(`seed-staff: ${line}`),
    },
  });
} finally {
  await database.close();
}
process.exit(code);
