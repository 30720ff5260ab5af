import { parseArgs } from 'node:util';
import { STORE_TEMPLATES, type StoreTemplate } from '@comanda/contract';
import { isPhoneCountry } from '@comanda/domain';
import { loadConfig, publicOrigin } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { scryptCost } from '../lib/password.ts';
import { createStore } from '../modules/stores/index.ts';
import { type CliIo, runAsDatabaseCli } from './database-cli.ts';

const USAGE = `usage: npm run store:create -- --slug <sub-domain> --name <store name> --owner-phone <number> --owner-name <name> [--template blank|pizzaria] [--password <password>] [--owner-country BR]
  --slug         the store's sub-domain: 2 to 63 lower-case letters, digits and dashes (not www, api, staff, admin…)
  --template     blank (default: one example product, pickup only) or pizzaria (the demo pizzeria's menu)
  --owner-phone  the first owner's mobile number as dialled in the country (BR: DDD + 9 digits)
  --password     the owner's password, 8 to 128 characters; or leave it out and set STAFF_PASSWORD
The store starts closed: its owner signs in at <store address>/staff, fills it in and opens it.`;

/** The option a refusal's field came from. */
const OPTION_OF_FIELD: Record<string, string> = {
  slug: 'slug',
  nome: 'name',
  owner_phone: 'owner-phone',
  owner_name: 'owner-name',
  password: 'password',
};

/**
 * `npm run store:create`: a new store from a template and its first owner (docs/decisions/0032),
 * without prompts. Returns the exit code: 0 created, 1 refused (bad input, slug taken), 2 usage.
 */
export async function runStoreCreate(
  argv: string[],
  deps: { database: DatabaseHandle; env: NodeJS.ProcessEnv; io: CliIo; now?: Date },
): Promise<number> {
  const { io } = deps;
  let values: {
    slug?: string;
    name?: string;
    template?: string;
    'owner-phone'?: string;
    'owner-name'?: string;
    'owner-country'?: string;
    password?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        slug: { type: 'string' },
        name: { type: 'string' },
        template: { type: 'string', default: 'blank' },
        'owner-phone': { type: 'string' },
        'owner-name': { type: 'string' },
        'owner-country': { type: 'string', default: 'BR' },
        password: { type: 'string' },
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
  for (const key of ['slug', 'name', 'owner-phone', 'owner-name'] as const)
    if (!values[key]) missing.push(key);
  if (!password) missing.push('password');
  if (missing.length > 0) {
    io.err(`missing: ${missing.map((key) => `--${key}`).join(', ')}\n${USAGE}`);
    return 2;
  }
  const template = values.template ?? 'blank';
  if (!(STORE_TEMPLATES as readonly string[]).includes(template)) {
    io.err(`--template: '${template}' is not one of ${STORE_TEMPLATES.join(' ')}`);
    return 1;
  }
  const country = (values['owner-country'] ?? 'BR').toUpperCase();
  if (!isPhoneCountry(country)) {
    io.err(`--owner-country: '${values['owner-country']}' is not one of BR UY US PT AR MX PY DE CN AU GB CA`);
    return 1;
  }
  const config = loadConfig(deps.env);
  try {
    const created = await createStore(
      deps.database.db,
      {
        slug: values.slug!,
        nome: values.name!,
        template: template as StoreTemplate,
        owner: { phone: values['owner-phone']!, country, name: values['owner-name']!, password: password! },
      },
      { cost: scryptCost(config.PASSWORD_HASH_COST), now: deps.now ?? new Date() },
    );
    const address = publicOrigin(config, created.slug);
    io.out(
      `created store '${created.slug}' (id ${created.storeId}) from the ${template} template, closed until its owner opens it; ` +
        `owner '${created.owner.nome}' (user_id ${created.owner.id}) signs in at ${address}/staff with username ${created.owner.phone}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      const option = OPTION_OF_FIELD[error.extra.field ?? ''];
      io.err(`${option ? `--${option}: ` : ''}${error.detail}`);
      return 1;
    }
    throw error;
  }
}

runAsDatabaseCli(import.meta.url, runStoreCreate);
