import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './support/chromium.ts';
import { mondayNoonOffsetMs } from './support/clock.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);
/** The second server: its clock reads next Monday 12:00 (UTC-3), when the demo sakura is closed. */
export const E2E_CLOSED_PORT = E2E_PORT + 1;

/**
 * The journeys that change what every journey of the demo stores sees: the pizzaria paused, a
 * product sold out, auto-accept on, every new order cancelled (staff-board), prices, products and
 * the category order (store-editor), the look and coupons (store-look), the minimum order, hours and
 * delivery areas (store-settings), sakura's and sakura-mesa's stores forced open, pizzaria's tables
 * (tables). They run one file at a time after every other journey has passed, as they did when all
 * ran on one worker in file order (docs/decisions/0046). A new journey that changes a store makes
 * one of its own instead (e2e/support/own-store.ts) and runs beside the customers' journeys.
 */
const STORE_STATE_JOURNEYS = [
  'staff-board.e2e.ts',
  'store-editor.e2e.ts',
  'store-look.e2e.ts',
  'store-settings.e2e.ts',
  'tables.e2e.ts',
];

/**
 * Browser journeys against the real server (PGlite in a fresh data dir, demo stores loaded) and
 * Debian's Chromium. Stores are reached by sub-domain: <slug>.localhost resolves to loopback.
 * The customers' journeys share the two seeded servers on two workers, a file per worker at a time:
 * each signs up its own customers (a random phone), so their orders, carts and addresses are theirs.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    baseURL: `http://pizzaria.localhost:${E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'off',
    launchOptions: chromiumLaunchOptions(),
  },
  projects: [
    { name: 'customers', use: { browserName: 'chromium' }, testIgnore: STORE_STATE_JOURNEYS },
    {
      name: 'store-state',
      use: { browserName: 'chromium' },
      testMatch: STORE_STATE_JOURNEYS,
      dependencies: ['customers'],
      workers: 1,
    },
  ],
  webServer: [
    {
      command: 'bash e2e/start-server.sh',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_PORT}/healthz`,
      reuseExistingServer: false,
      // The first server of a run seeds its database (e2e/support/seed-journeys.ts, about 15 s on an
      // idle 2-core machine) before it listens; under heavy load seeding once took minutes.
      timeout: 300_000,
      env: { PORT: String(E2E_PORT) },
    },
    {
      // TEST-ONLY clock override (CLOCK_OFFSET_MS), its own fresh database and server log.
      command: 'bash e2e/start-server.sh',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_CLOSED_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: {
        PORT: String(E2E_CLOSED_PORT),
        CLOCK_OFFSET_MS: String(mondayNoonOffsetMs()),
        E2E_DATA_DIR: '',
        E2E_SERVER_LOG: '',
      },
    },
  ],
});
