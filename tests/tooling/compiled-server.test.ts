import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, COMPILED_SERVER } from '../../apps/server/build.ts';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.ts';

/*
 * The server `npm start` runs is the compiled one (apps/server/build.ts, docs/decisions/0028): it
 * must find its migrations, demo stores, media and storefront from dist/, and create a new embedded
 * database through its compiled cluster script, as the TypeScript sources do.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = 3967;
const HOST = 'pizzaria.localhost';

/*
 * `npm test` runs this file after `npm run build` (its own vitest project, `npm run test:compiled`),
 * so the server is not built twice and the storefront's page is there. Run alone, it builds the
 * server when dist/ is missing or older than a source the bundle takes in.
 */
const BUNDLED_SOURCES = [
  'apps/server/src',
  'apps/psp-standin/src',
  'packages/domain/src',
  'packages/contract/src',
];

function newestChange(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue;
    newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function serverBuildIsCurrent(): boolean {
  const outputs = [COMPILED_SERVER, path.join(path.dirname(COMPILED_SERVER), 'pglite-cluster.mjs')];
  if (!outputs.every((file) => existsSync(file))) return false;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const sources = Math.max(
    statSync(path.join(ROOT, 'apps/server/build.ts')).mtimeMs,
    ...BUNDLED_SOURCES.map((dir) => newestChange(path.join(ROOT, dir))),
  );
  return built >= sources;
}

describe('the compiled server', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'comanda-compiled-'));
  let child: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    if (!serverBuildIsCurrent()) await buildServer();
    child = spawn(process.execPath, [...SERVER_NODE_FLAGS, COMPILED_SERVER], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PSP_STANDIN: 'off',
        WHATSAPP_STANDIN: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the compiled server exited:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`the compiled server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates its embedded database, loads the demo stores and serves their menu and pictures', async () => {
    expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    const categories = await fetch(`http://127.0.0.1:${PORT}/estoque/categorias_app?format=json`, {
      headers: { host: HOST },
    });
    expect(categories.status).toBe(200);
    expect(((await categories.json()) as { descricao: string }[]).map((c) => c.descricao)).toContain(
      'Pizzas meio a meio',
    );
    const banner = await fetch(`http://127.0.0.1:${PORT}/media/pizzaria/banner.webp`, {
      headers: { host: HOST },
    });
    expect(banner.status).toBe(200);
  });

  // `npm test` runs this after `npm run build`, storefront included; run alone on a fresh clone, the
  // case waits for a storefront build (the topology journey, e2e/topology.e2e.ts, reads the page too).
  it.skipIf(!existsSync(path.join(ROOT, 'apps/storefront/dist/index.html')))(
    'serves the storefront page with its start data',
    async () => {
      const page = await fetch(`http://127.0.0.1:${PORT}/`, { headers: { host: HOST } });
      expect(page.status).toBe(200);
      expect(await page.text()).toMatch(/<script type="application\/json" id="boot">\{"menuVersion":\d+,/);
    },
  );
});
