import { test as base, expect, type Page } from '@playwright/test';

/** The port the journeys' server listens on (same default as playwright.config.ts). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);
/** The second server's port (playwright.config.ts): its clock reads next Monday 12:00, UTC-3. */
export const E2E_CLOSED_PORT = E2E_PORT + 1;

/** A demo store's address: the store is the first label of the host. */
export const storeUrl = (slug: string, path = '/') => `http://${slug}.localhost:${E2E_PORT}${path}`;

interface Fixtures {
  /** console.error texts a test expects (e.g. the failed requests of a connection-error journey). */
  allowedConsoleErrors: RegExp[];
  /** Fails the test on any other console.error or uncaught page error. */
  failOnConsoleError: undefined;
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  failOnConsoleError: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      await use(undefined);
      const unexpected = errors.filter((text) => !allowedConsoleErrors.some((allowed) => allowed.test(text)));
      expect(unexpected, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the menu home shows its search and first category. */
export async function waitForMenu(page: Page) {
  await expect(page.getByRole('searchbox')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
}
