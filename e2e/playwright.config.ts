import { defineConfig, devices } from '@playwright/test';
import { mondayNoonOffsetMs } from './support/clock.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);
/** The second server: its clock reads next Monday 12:00 (UTC-3), when the demo sakura is closed. */
export const E2E_CLOSED_PORT = E2E_PORT + 1;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser journeys against the real server (PGlite in a fresh data dir, demo stores loaded) and
 * Debian's Chromium. Stores are reached by sub-domain: <slug>.localhost resolves to loopback.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    baseURL: `http://pizzaria.localhost:${E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'off',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'bash e2e/start-server.sh',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { PORT: String(E2E_PORT) },
    },
    {
      // TEST-ONLY clock override (CLOCK_OFFSET_MS), its own fresh database and server log.
      command: 'bash e2e/start-server.sh',
      cwd: '..',
      url: `http://127.0.0.1:${E2E_CLOSED_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(E2E_CLOSED_PORT),
        CLOCK_OFFSET_MS: String(mondayNoonOffsetMs()),
        E2E_DATA_DIR: '',
        E2E_SERVER_LOG: '',
      },
    },
  ],
});
