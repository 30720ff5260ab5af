import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { recordServedOrigin, servedOriginTemplate } from '../lib/served-origin.ts';
import { buildAccountsTestApp, signUp } from '../test/accounts.ts';
import { cartLine, placeOrder, submission } from '../test/orders.ts';
import type { TestApp } from '../test/test-app.ts';
import { runTableLinks } from './table-links.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildAccountsTestApp();
});
afterAll(async () => {
  await t.close();
});

async function run(args: string[], env: NodeJS.ProcessEnv = { PORT: '3000' }) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runTableLinks(args, {
    database: t.database,
    env,
    io: { out: (line) => out.push(line), err: (line) => err.push(line) },
  });
  return { code, out, err: err.join('\n') };
}

/** The table id and token of a printed QR address. */
function qrOf(line: string) {
  const url = new URL(line.split('\t')[2]!);
  return { path: url.pathname, id: url.pathname.split('/')[2]!, token: url.searchParams.get('token')! };
}

async function orderAtTable(qr: { id: string; token: string }) {
  const account = await signUp(t.app);
  const water = await cartLine(t, { ref: 'agua', channel: 'local' });
  return placeOrder(
    t,
    account.token,
    submission(account.userId, [water], {
      forma_entrada: 'local',
      identificador_pedido_novo: qr.id,
      token_mesa: qr.token,
      fk_forma_pagamento: null,
    }),
  );
}

describe('npm run table:links', () => {
  it('prints the address of the port the server runs on, not 3000', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'table-links-'));
    try {
      // The server started with PORT=4123 in its own shell recorded where it listens.
      const started = loadConfig({ PORT: '4123', DATA_DIR: dataDir });
      expect(recordServedOrigin(dataDir, servedOriginTemplate(started, 4123))).toBe(true);
      const result = await run(['--store', 'pizzaria'], { DATA_DIR: dataDir });
      expect(result.code).toBe(0);
      expect(result.out[0]).toMatch(/\thttp:\/\/pizzaria\.localhost:4123\/local\/\d+\?token=/);
      // The command's own PORT or public address still wins.
      const own = await run(['--store', 'pizzaria'], {
        DATA_DIR: dataDir,
        PUBLIC_ORIGIN: 'https://{store}.example.com',
      });
      expect(own.out[0]).toMatch(/\thttps:\/\/pizzaria\.example\.com\/local\/\d+\?token=/);
      // Nothing recorded (the server never started here): the configured default.
      rmSync(path.join(dataDir, 'served-origin.json'));
      expect((await run(['--store', 'pizzaria'], { DATA_DIR: dataDir })).out[0]).toMatch(/localhost:3000\//);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('prints each table’s QR addresses, whose token places a table order', async () => {
    const result = await run(['--store', 'pizzaria']);
    expect(result.code).toBe(0);
    expect(result.out.length).toBeGreaterThan(1);
    const [first] = result.out;
    expect(first).toMatch(
      /^mesa-1\tMesa 1\thttp:\/\/pizzaria\.localhost:3000\/local\/\d+\?token=[0-9a-f]{32}\t/,
    );
    expect(first!.split('\t')[3]).toMatch(/\/self-checkout\/\d+\?token=[0-9a-f]{32}$/);
    const qr = qrOf(first!);
    expect((await orderAtTable(qr)).statusCode).toBe(201);
    expect(
      (await orderAtTable({ ...qr, token: qr.token.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }))
        .statusCode,
    ).toBe(400);
  });

  it('--rotate gives a table a new token: the old QR code stops ordering', async () => {
    const before = qrOf((await run(['--store', 'pizzaria'])).out[1]!);
    const rotated = await run(['--store', 'pizzaria', '--rotate', 'mesa-2']);
    expect(rotated.out[1]).toMatch(/\tnew token$/);
    const after = qrOf(rotated.out[1]!);
    expect(after.token).not.toBe(before.token);
    expect((await orderAtTable(before)).statusCode).toBe(400);
    expect((await orderAtTable(after)).statusCode).toBe(201);
  });

  it('refuses an unknown store or table', async () => {
    expect((await run(['--store', 'nao-existe'])).code).toBe(1);
    expect((await run(['--store', 'pizzaria', '--rotate', 'mesa-99'])).code).toBe(1);
    expect((await run([])).code).toBe(2);
  });
});
