import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStoreDocument, readDemoStore } from '../modules/store-import/index.ts';
import { buildTestApp, type TestApp } from '../test/test-app.ts';
import { runStoreExport } from './store-export.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStoreExport(args, {
    database: t.database,
    env: {},
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run store:export', () => {
  it('prints the store’s document, which store:import reads back, and says the provider stays', async () => {
    const result = await run(['--store', 'sakura']);
    expect(result.code).toBe(0);
    const { payment_provider: _provider, ...demo } = readDemoStore('sakura.json');
    expect(parseStoreDocument(JSON.parse(result.out))).toEqual(demo);
    expect(result.out).not.toContain('sk_test_comanda_demo_sakura_0001');
    expect(result.err).toBe(
      "payment provider 'stripe' left out: its secrets stay sealed in the database, and importing this document keeps it",
    );
  });

  it.each([
    [['--store', 'nada'], 1, "--store: no store 'nada'"],
    [['--store', '../etc'], 1, "--store: no store '../etc'"],
    [[], 2, 'missing: --store'],
    [['--store', 'sakura', '--bogus'], 2, "Unknown option '--bogus'"],
  ])('refuses %j', async (args, code, message) => {
    const result = await run(args);
    expect(result).toMatchObject({ code, out: '' });
    expect(result.err).toContain(message);
  });

  it('prints its usage with --help', async () => {
    const result = await run(['--help']);
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toContain('usage: npm run store:export');
  });
});
