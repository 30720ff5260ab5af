import { parseArgs } from 'node:util';
import type { DatabaseHandle } from '../db/client.ts';
import { exportStore } from '../modules/store-import/index.ts';
import { findStoreBySlug } from '../plugins/tenant.ts';
import { type CliIo, runAsDatabaseCli } from './database-cli.ts';

const USAGE = `usage: npm run store:export -- --store <slug> [> store.json]
  prints the store's document (docs/store-import-format.md) on standard output; importing it with
  npm run store:import gives the same store. The payment provider is left out (its secrets stay
  sealed in the database, and importing the document keeps the provider the store has), and so is
  the open or closed mode the staff set.`;

/**
 * `npm run store:export`: a store's rows as its store document (docs/decisions/0032). Returns the
 * exit code: 0 done, 1 unknown store, 2 usage.
 */
export async function runStoreExport(
  argv: string[],
  deps: { database: DatabaseHandle; env: NodeJS.ProcessEnv; io: CliIo },
): Promise<number> {
  const { io } = deps;
  let values: { store?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { store: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(USAGE);
    return 0;
  }
  if (!values.store) {
    io.err(`missing: --store\n${USAGE}`);
    return 2;
  }
  const slug = values.store;
  const store = /^[a-z0-9-]{1,63}$/.test(slug) ? await findStoreBySlug(deps.database.db, slug) : undefined;
  const exported = store ? await exportStore(deps.database.db, store.id) : undefined;
  if (!exported) {
    io.err(`--store: no store '${slug}'`);
    return 1;
  }
  io.out(JSON.stringify(exported.document, null, 2));
  if (exported.extras.paymentProvider)
    io.err(
      `payment provider '${exported.extras.paymentProvider}' left out: its secrets stay sealed in the database, ` +
        'and importing this document keeps it',
    );
  return 0;
}

runAsDatabaseCli(import.meta.url, runStoreExport);
