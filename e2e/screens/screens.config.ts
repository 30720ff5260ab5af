import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { nextMondayNoon, nextTuesdayNoon } from '../support/clock.ts';

/** Beside the journeys' two servers (E2E_PORT, +1) and their stand-in PSPs (+10, +11, +20, +21). */
export const SCREENS_PORT = Number(process.env.E2E_PORT ?? 3999) + 2;
/** The moment the pages and the server live at: a Tuesday noon in UTC-3, both demo stores open. */
export const SCREENS_TIME = nextTuesdayNoon();
/** A second server whose clock reads a Monday noon, when sakura is closed but takes scheduled orders. */
export const SCREENS_CLOSED_PORT = SCREENS_PORT + 1;
export const SCREENS_CLOSED_TIME = nextMondayNoon();

/**
 * The screenshot suite (issue 13): every route and dialog on a phone, both demo stores, light and
 * dark, compared with the committed baselines in e2e/screens/baselines and checked by axe. One
 * server on a fresh database, two workers. Update the baselines: npm run test:screens -- --update-snapshots
 */
/**
 * `npm run shots` (SHOTS=1): the review pictures of the staff's money screens (PDV, register,
 * reports, role rules) saved to /tmp for a person to look at; no baselines, so not part of `npm test`.
 */
const SHOTS = process.env.SHOTS === '1';

export default defineConfig({
  testDir: '.',
  testMatch: SHOTS ? '**/*.shots.ts' : '**/*.screens.ts',
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixelRatio: 0.01 },
  },
  fullyParallel: true,
  workers: Number(process.env.SCREENS_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  use: {
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'block',
    trace: 'off',
    launchOptions: chromiumLaunchOptions(['--font-render-hinting=none', '--disable-lcd-text']),
  },
  projects: [{ name: 'screens', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: 'bash e2e/start-server.sh',
      cwd: '../..',
      url: `http://127.0.0.1:${SCREENS_PORT}/healthz`,
      reuseExistingServer: false,
      // The first server of a run seeds its database (e2e/support/seed-journeys.ts, about 15 s on an
      // idle 2-core machine) before it listens; under heavy load seeding once took minutes.
      timeout: 300_000,
      env: {
        PORT: String(SCREENS_PORT),
        // TEST-ONLY: the server's clock at SCREENS_TIME (open stores, the same day as the pages).
        CLOCK_OFFSET_MS: String(SCREENS_TIME.getTime() - Date.now()),
        E2E_DATA_DIR: '',
        E2E_SERVER_LOG: `${process.env.TMPDIR ?? '/tmp'}/comanda-screens-${SCREENS_PORT}.log`,
      },
    },
    {
      command: 'bash e2e/start-server.sh',
      cwd: '../..',
      url: `http://127.0.0.1:${SCREENS_CLOSED_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: {
        PORT: String(SCREENS_CLOSED_PORT),
        // TEST-ONLY: the server's clock at SCREENS_CLOSED_TIME (sakura closed, scheduling open).
        CLOCK_OFFSET_MS: String(SCREENS_CLOSED_TIME.getTime() - Date.now()),
        E2E_DATA_DIR: '',
        E2E_SERVER_LOG: `${process.env.TMPDIR ?? '/tmp'}/comanda-screens-${SCREENS_CLOSED_PORT}.log`,
      },
    },
  ],
});
