import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import pg from 'pg';
import { submission } from '../apps/server/src/test/submission.ts';
import {
  ensureDatabase,
  NGINX,
  repoRoot,
  startTopology,
  type Topology,
} from '../scripts/topology/topology.ts';
import { E2E_PORT } from './playwright.config.ts';
import { signUpData, userIdOf } from './support/customers.ts';

/*
 * The production topology (issue 20, docs/decisions/0027): nginx as load balancer and cache in
 * front of two instances on one PostgreSQL. Anonymous menu replies come from nginx's cache; a menu
 * write reaches a page opened after it at once (its menu calls carry the new menu version), pages
 * already open once s-maxage runs out, while signed-in calls and order placement see it at once. Needs PostgreSQL (TEST_DATABASE_URL, as CI sets) and nginx (.ci/run and `npm run
 * bench:nginx` install it).
 */

const DATABASE = process.env.TEST_DATABASE_URL ?? '';
const PORT = E2E_PORT + 40;
const STAFF_PHONE = '11955550199';
const STAFF_PASSWORD = 'equipe-topologia-1';
const PRODUCT = 'Guaraná Antarctica lata 350 ml';
const LIST = '/estoque/produtos_app?format=json';

test.describe('the production topology', () => {
  test.skip(
    !DATABASE || !existsSync(NGINX),
    'needs PostgreSQL (TEST_DATABASE_URL) and nginx (npm run bench:nginx)',
  );
  test.describe.configure({ timeout: 180_000 });

  let topology: Topology | undefined;
  let api: APIRequestContext;
  let databaseUrl: string;

  test.beforeAll(async () => {
    const url = new URL(DATABASE);
    url.pathname = `/comanda_topology_e2e_${process.pid}`;
    databaseUrl = url.toString();
    await ensureDatabase(databaseUrl);
    topology = await startTopology({ port: PORT, databaseUrl });
    const created = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/staff-create.ts',
        '--store',
        'pizzaria',
        '--phone',
        STAFF_PHONE,
        '--name',
        'Equipe Topologia',
        '--password',
        STAFF_PASSWORD,
      ],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
    );
    expect(created.status, created.stderr).toBe(0);
    api = await playwrightRequest.newContext({ baseURL: topology.url });
  });

  test.afterAll(async () => {
    await api?.dispose();
    await topology?.stop();
    if (databaseUrl) {
      const admin = new URL(databaseUrl);
      const name = admin.pathname.slice(1);
      admin.pathname = '/postgres';
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    }
  });

  const soldOut = async (headers: Record<string, string> = {}, url = LIST) => {
    const reply = await api.get(url, { headers: { 'accept-encoding': 'gzip', ...headers } });
    expect(reply.status()).toBe(200);
    const products = (await reply.json()) as { id: number; descricao: string; esgotado?: boolean }[];
    const product = products.find((candidate) => candidate.descricao === PRODUCT)!;
    return { cache: reply.headers()['x-cache'], id: product.id, soldOut: product.esgotado === true };
  };

  test('menu replies come from the cache; a sold-out switch shows to new pages, signed-in calls and placement at once, and to everyone within seconds', async () => {
    // Nobody asked yet; then nginx answers by itself.
    const first = await soldOut();
    expect(first.cache).toBe('MISS');
    expect((await soldOut()).cache).toBe('HIT');

    const signIn = await api.post('/staff/auth/sign-in', {
      data: { username: STAFF_PHONE, password: STAFF_PASSWORD },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const staff = { Authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
    const switched = await api.put(`/staff/menu/products/${first.id}/sold-out`, {
      headers: staff,
      data: { sold_out: true },
    });
    expect(switched.status(), await switched.text()).toBe(200);
    const switchedAt = Date.now();

    try {
      // The cached copy is still fresh for anonymous customers…
      const cached = await soldOut();
      if (Date.now() - switchedAt < 5_000) expect(cached).toMatchObject({ cache: 'HIT', soldOut: false });
      // …but a page opened after the write asks with the new menu version, a key no cache holds
      // yet (the other instance reads the version within MENU_CACHE_CHECK_MS, 2 s).
      const written = ((await switched.json()) as { menu_version: number }).menu_version;
      const pageVersion = async () => {
        const page = await api.get('/');
        expect(page.headers()['x-cache']).not.toBe('HIT');
        const boot = /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(
          await page.text(),
        )?.[1];
        return (JSON.parse(boot!) as { menuVersion: number }).menuVersion;
      };
      await expect.poll(pageVersion, { timeout: 5_000, intervals: [250] }).toBe(written);
      const versioned = `${LIST}&v=${written}`;
      expect(await soldOut({}, versioned)).toMatchObject({ cache: 'MISS', soldOut: true });
      expect(await soldOut({}, versioned)).toMatchObject({ cache: 'HIT', soldOut: true });
      // A version not written yet is answered, and kept by nobody.
      const ahead = await api.get(`${LIST}&v=${written + 1}`);
      expect(ahead.headers()['cache-control']).toBe('no-store');
      expect(ahead.headers()['x-cache']).not.toBe('HIT');

      // …a signed-in call is never answered from the cache…
      const customer = await api.post('/core/registration_app/', { data: signUpData('Tina Topologia') });
      expect(customer.status()).toBe(201);
      const token = ((await customer.json()) as { detail: string }).detail;
      expect(await soldOut({ Authorization: `Bearer ${token}` })).toMatchObject({
        cache: 'BYPASS',
        soldOut: true,
      });
      // …and order placement reads the database, whichever instance takes it.
      const placed = await api.post('/bar/v2/app/order/upsert/', {
        headers: { Authorization: `Bearer ${token}`, 'idempotency-key': `topology-${Date.now()}` },
        data: submission(userIdOf(token), [
          { produto: first.id, qtd: 1, produto_valor: 650, itens_pedidos: [], observacao: '' },
        ]),
      });
      expect(placed.status(), await placed.text()).toBe(409);
      expect(((await placed.json()) as { code: string }).code).toBe('SOLD_OUT');

      // Everyone sees it once s-maxage (10 s) has run out and nginx asked again.
      await expect
        .poll(async () => (await soldOut()).soldOut, { timeout: 20_000, intervals: [1_000] })
        .toBe(true);
      expect(Date.now() - switchedAt).toBeLessThan(20_000);
    } finally {
      await api.put(`/staff/menu/products/${first.id}/sold-out`, {
        headers: staff,
        data: { sold_out: false },
      });
    }
  });

  test('order event streams pass through nginx unbuffered', async () => {
    const customer = await api.post('/core/registration_app/', { data: signUpData('Eva Eventos') });
    const token = ((await customer.json()) as { detail: string }).detail;
    const ticket = await api.post('/bar/v2/orders/events/ticket', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(ticket.status(), await ticket.text()).toBe(200);
    const { ticket: value } = (await ticket.json()) as { ticket: string };
    const controller = new AbortController();
    const stream = await fetch(`${topology!.url}/bar/v2/orders/events?ticket=${encodeURIComponent(value)}`, {
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('x-cache')).toBeNull();
    // The stream's first bytes arrive while it stays open (nginx does not wait for its end).
    const reader = stream.body!.getReader();
    const { value: chunk } = await reader.read();
    expect(new TextDecoder().decode(chunk)).toMatch(/retry:|:/);
    controller.abort();
  });
});
