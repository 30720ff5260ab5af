import { signInReply } from '@comanda/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, staffAccounts } from '../db/schema.ts';
import { buildAccountsTestApp, signInRequest } from '../test/accounts.ts';
import type { TestApp } from '../test/test-app.ts';
import { runStaffCreate } from './staff-create.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

async function run(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffCreate(args, {
    database: t.database,
    env: { PASSWORD_HASH_COST: '10', ...env },
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run staff:create', () => {
  it('creates the store’s owner, apart from customers, who signs in to the staff app', async () => {
    const result = await run([
      '--store',
      'pizzaria',
      '--phone',
      '(11) 99999-0000',
      '--name',
      'Ana',
      '--password',
      'senha-da-ana',
    ]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toMatch(
      /^created staff account 'Ana' \(owner, user_id \d+\) at store 'pizzaria'; it signs in at \/staff with username 11999990000$/,
    );
    const [row] = await t.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.phone, '11999990000'));
    expect(row).toMatchObject({ role: 'owner', nome: 'Ana', removedAt: null });
    expect(await t.database.db.$count(customers, eq(customers.phone, '11999990000'))).toBe(0);
    expect(result.out).not.toContain('senha-da-ana');

    const response = await signInRequest(t.app, '11999990000', 'senha-da-ana', { staff: true });
    expect(response.statusCode).toBe(200);
    expect(signInReply.parse(response.json()).user.is_superuser).toBe(true);
  });

  it('takes the password from STAFF_PASSWORD, and another country', async () => {
    const result = await run(
      ['--store', 'sakura', '--phone', '+351 912 345 679', '--name', 'Rui', '--country', 'pt'],
      {
        STAFF_PASSWORD: 'senha-do-rui',
      },
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('username 351912345679');
  });

  it('makes a manager or an attendant with --role', async () => {
    const result = await run([
      '--store',
      'pizzaria',
      '--phone',
      '11999990002',
      '--name',
      'Bia',
      '--password',
      'senha-da-bia',
      '--role',
      'attendant',
    ]);
    expect(result.out).toContain('(attendant, user_id');
  });

  it.each([
    [['--store', 'pizzaria', '--phone', '11999990001', '--name', 'Ana'], 2, 'missing: --password'],
    [['--phone', '11999990001'], 2, 'missing: --store, --name, --password'],
    [['--store', 'pizzaria', '--bogus', 'x'], 2, "Unknown option '--bogus'"],
    [
      ['--store', 'nada', '--phone', '11999990001', '--name', 'Ana', '--password', 'senha-boa-1'],
      1,
      "no store 'nada'",
    ],
    [
      ['--store', 'pizzaria', '--phone', '1199', '--name', 'Ana', '--password', 'senha-boa-1'],
      1,
      '--phone: Informe um celular válido',
    ],
    [
      ['--store', 'pizzaria', '--phone', '11999990001', '--name', 'A', '--password', 'senha-boa-1'],
      1,
      '--name: Informe o nome.',
    ],
    [
      ['--store', 'pizzaria', '--phone', '11999990001', '--name', 'Ana', '--password', 'curta'],
      1,
      '--password: A senha deve ter de 8 a 128',
    ],
    [
      [
        '--store',
        'pizzaria',
        '--phone',
        '11999990001',
        '--name',
        'Ana',
        '--password',
        'senha-boa-1',
        '--country',
        'XX',
      ],
      1,
      "--country: 'XX'",
    ],
    [
      ['--store', 'pizzaria', '--phone', '11999990000', '--name', 'Ana', '--password', 'senha-boa-1'],
      1,
      'já faz parte da equipe',
    ],
    [
      [
        '--store',
        'pizzaria',
        '--phone',
        '11999990001',
        '--name',
        'Ana',
        '--password',
        'senha-boa-1',
        '--role',
        'chef',
      ],
      1,
      "--role: 'chef' is not one of attendant manager owner",
    ],
  ])('refuses %j', async (args, code, message) => {
    const before = await t.database.db.$count(staffAccounts);
    const result = await run(args);
    expect(result.code).toBe(code);
    expect(result.err).toContain(message);
    expect(await t.database.db.$count(staffAccounts)).toBe(before);
  });

  it('prints its usage with --help', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    expect(result.out).toContain('usage: npm run staff:create');
  });
});
