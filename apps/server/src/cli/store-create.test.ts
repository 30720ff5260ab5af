import { productList } from '@comanda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffAccounts, stores } from '../db/schema.ts';
import { signInRequest } from '../test/accounts.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { runStoreCreate } from './store-create.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoStores: ['sakura.json'] });
});
afterAll(async () => {
  await t.close();
});

async function run(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStoreCreate(args, {
    database: t.database,
    env: { PASSWORD_HASH_COST: '10', ...env },
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const owner = (slug: string, phone: string) => [
  '--slug',
  slug,
  '--name',
  'Lanchonete do Zé',
  '--owner-phone',
  phone,
  '--owner-name',
  'José Lima',
];

describe('npm run store:create', () => {
  it('creates a blank store, closed, and its owner, who signs in at its sub-domain', async () => {
    const result = await run([...owner('lanchonete', '11988887777'), '--password', 'senha-do-ze']);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(
      /^created store 'lanchonete' \(id \d+\) from the blank template, closed until its owner opens it; owner 'José Lima' \(user_id \d+\) signs in at http:\/\/lanchonete\.localhost:3000\/staff with username 11988887777$/,
    );
    expect(result.out).not.toContain('senha-do-ze');
    const products = productList.parse(
      (
        await t.app.inject({ url: '/estoque/produtos_app', headers: { host: 'lanchonete.localhost' } })
      ).json(),
    );
    expect(products.map((p) => p.descricao)).toEqual(['Produto de exemplo']);
    const signedIn = await signInRequest(t.app, '11988887777', 'senha-do-ze', {
      host: 'lanchonete.localhost',
      staff: true,
    });
    expect(signedIn.statusCode).toBe(200);
  });

  it('takes the pizzeria template and the password from STAFF_PASSWORD', async () => {
    const result = await run([...owner('pizzas-do-ze', '11988887776'), '--template', 'pizzaria'], {
      STAFF_PASSWORD: 'senha-do-ze',
    });
    expect(result.code).toBe(0);
    expect(result.out).toContain('from the pizzaria template');
  });

  it.each([
    [['--slug', 'x'], 2, 'missing: --name, --owner-phone, --owner-name, --password'],
    [['--bogus'], 2, "Unknown option '--bogus'"],
    [
      [...owner('www', '11988887770'), '--password', 'senha-boa-1'],
      1,
      "--slug: O endereço 'www' é reservado",
    ],
    [[...owner('Zé', '11988887770'), '--password', 'senha-boa-1'], 1, '--slug: O endereço deve ter'],
    [
      [...owner('sakura', '11988887770'), '--password', 'senha-boa-1'],
      1,
      "--slug: Já existe uma loja no endereço 'sakura'",
    ],
    [
      [...owner('lanche-2', '1198'), '--password', 'senha-boa-1'],
      1,
      '--owner-phone: Informe um celular válido',
    ],
    [
      [...owner('lanche-2', '11988887770'), '--password', 'curta'],
      1,
      '--password: A senha deve ter de 8 a 128',
    ],
    [
      [...owner('lanche-2', '11988887770'), '--password', 'senha-boa-1', '--template', 'sushi'],
      1,
      "--template: 'sushi' is not one of blank pizzaria",
    ],
    [
      [...owner('lanche-2', '11988887770'), '--password', 'senha-boa-1', '--owner-country', 'XX'],
      1,
      "--owner-country: 'XX'",
    ],
  ])('refuses %j, creating nothing', async (args, code, message) => {
    const before = await t.database.db.$count(stores);
    const staffBefore = await t.database.db.$count(staffAccounts);
    const result = await run(args);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
    expect(await t.database.db.$count(stores)).toBe(before);
    expect(await t.database.db.$count(staffAccounts)).toBe(staffBefore);
    expect(await t.database.db.select().from(stores).where(eq(stores.slug, 'lanche-2'))).toEqual([]);
  });

  it('prints its usage with --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('usage: npm run store:create');
  });
});
