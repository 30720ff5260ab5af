import { parseArgs } from 'node:util';
import { isPhoneCountry, STAFF_ROLES, type StaffRole } from '@comanda/domain';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { scryptCost } from '../lib/password.ts';
import { createStaffAccount } from '../modules/staff/index.ts';
import { findStoreBySlug } from '../plugins/tenant.ts';
import { type CliIo, runAsDatabaseCli } from './database-cli.ts';

const USAGE = `usage: npm run staff:create -- --store <slug> --phone <number> --name <name> --password <password> [--role owner] [--country BR]
  --phone     the mobile number as dialled in the country (BR: DDD + 9 digits)
  --role      owner (default: the store's first owner, who adds the rest of the team in the staff app),
              manager or attendant
  --password  8 to 128 characters; or leave it out and set STAFF_PASSWORD
  --country   one of BR UY US PT AR MX PY DE CN AU GB CA (default BR)`;

export type StaffCreateIo = CliIo;

/**
 * `npm run staff:create`: creates a member of a store's team (docs/decisions/0026), an owner unless
 * --role says otherwise, without prompts.
 * Returns the exit code: 0 created, 1 refused (bad input, unknown store, phone taken), 2 usage.
 */
export async function runStaffCreate(
  argv: string[],
  deps: { database: DatabaseHandle; env: NodeJS.ProcessEnv; io: StaffCreateIo; now?: Date },
): Promise<number> {
  const { io } = deps;
  let values: {
    store?: string;
    phone?: string;
    name?: string;
    password?: string;
    country?: string;
    role?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        store: { type: 'string' },
        phone: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        country: { type: 'string', default: 'BR' },
        role: { type: 'string', default: 'owner' },
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
  const password = values.password ?? deps.env.STAFF_PASSWORD;
  const missing: string[] = [];
  for (const key of ['store', 'phone', 'name'] as const) if (!values[key]) missing.push(key);
  if (!password) missing.push('password');
  if (missing.length > 0) {
    io.err(`missing: ${missing.map((key) => `--${key}`).join(', ')}\n${USAGE}`);
    return 2;
  }
  const country = (values.country ?? 'BR').toUpperCase();
  if (!isPhoneCountry(country)) {
    io.err(`--country: '${values.country}' is not one of BR UY US PT AR MX PY DE CN AU GB CA`);
    return 1;
  }
  const role = values.role ?? 'owner';
  if (!(STAFF_ROLES as readonly string[]).includes(role)) {
    io.err(`--role: '${role}' is not one of ${STAFF_ROLES.join(' ')}`);
    return 1;
  }
  const slug = values.store!;
  const store = /^[a-z0-9-]{1,63}$/.test(slug) ? await findStoreBySlug(deps.database.db, slug) : undefined;
  if (!store) {
    io.err(`--store: no store '${slug}'`);
    return 1;
  }
  const config = loadConfig(deps.env);
  try {
    const staff = await createStaffAccount(
      deps.database.db,
      {
        storeId: store.id,
        country,
        phone: values.phone!,
        name: values.name!,
        password: password!,
        role: role as StaffRole,
      },
      { cost: scryptCost(config.PASSWORD_HASH_COST), now: deps.now ?? new Date() },
    );
    io.out(
      `created staff account '${staff.nome}' (${staff.role}, user_id ${staff.id}) at store '${store.slug}'; ` +
        `it signs in at /staff with username ${staff.phone}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(
        `${error.extra.field ? `--${error.extra.field === 'nome' ? 'name' : error.extra.field}: ` : ''}${error.detail}`,
      );
      return 1;
    }
    throw error;
  }
}

runAsDatabaseCli(import.meta.url, runStaffCreate);
