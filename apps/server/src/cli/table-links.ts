import { parseArgs } from 'node:util';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { diningTables } from '../db/schema.ts';
import { commandOrigin } from '../lib/served-origin.ts';
import { newTableToken, tableLinks } from '../lib/table-links.ts';
import { findStoreBySlug } from '../plugins/tenant.ts';
import { type CliIo, runAsDatabaseCli } from './database-cli.ts';

const USAGE = `usage: npm run table:links -- --store <slug> [--rotate <ref>…] [--rotate-all]
  prints each active table's QR code addresses (/local/{id}?token=… and /self-checkout/{id}?token=…)
  at PUBLIC_ORIGIN, BASE_DOMAIN or PORT, else at the address the server started on (DATA_DIR)
  --rotate      gives these tables (by ref) a new token: their printed QR codes stop working
  --rotate-all  gives every table of the store a new token`;

export type TableLinksIo = CliIo;

/**
 * `npm run table:links`: the addresses to print as each table's QR code, with the token a table
 * order must carry (docs/decisions/0021), and a way to replace a leaked token. Returns the exit
 * code: 0 done, 1 unknown store or table, 2 usage.
 */
export async function runTableLinks(
  argv: string[],
  deps: { database: DatabaseHandle; env: NodeJS.ProcessEnv; io: TableLinksIo },
): Promise<number> {
  const { io } = deps;
  let values: { store?: string; rotate?: string[]; 'rotate-all'?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        store: { type: 'string' },
        rotate: { type: 'string', multiple: true },
        'rotate-all': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
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
  const { db } = deps.database;
  const slug = values.store;
  const store = /^[a-z0-9-]{1,63}$/.test(slug) ? await findStoreBySlug(db, slug) : undefined;
  if (!store) {
    io.err(`--store: no store '${slug}'`);
    return 1;
  }
  const tables = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.storeId, store.id), eq(diningTables.ativo, true)))
    .orderBy(asc(diningTables.id));
  const rotate = values['rotate-all'] ? tables.map((table) => table.ref) : (values.rotate ?? []);
  const unknown = rotate.filter((ref) => !tables.some((table) => table.ref === ref));
  if (unknown.length > 0) {
    io.err(`--rotate: no active table ${unknown.map((ref) => `'${ref}'`).join(', ')}`);
    return 1;
  }
  if (rotate.length > 0) {
    await db.transaction(async (tx) => {
      for (const ref of rotate) {
        await tx
          .update(diningTables)
          .set({ token: newTableToken() })
          .where(and(eq(diningTables.storeId, store.id), inArray(diningTables.ref, [ref])));
      }
    });
  }
  const current = await db
    .select()
    .from(diningTables)
    .where(and(eq(diningTables.storeId, store.id), eq(diningTables.ativo, true)))
    .orderBy(asc(diningTables.id));
  const origin = commandOrigin(loadConfig(deps.env), deps.env, store.slug);
  for (const table of current) {
    const links = tableLinks(origin, table);
    io.out(
      [
        table.ref,
        table.description,
        links.local,
        links.self_checkout,
        rotate.includes(table.ref) ? 'new token' : '',
      ]
        .join('\t')
        .trimEnd(),
    );
  }
  return 0;
}

runAsDatabaseCli(import.meta.url, runTableLinks);
