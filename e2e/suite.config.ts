import { defineConfig } from '@playwright/test';
import journeys from './playwright.config.ts';
import screens from './screens/screens.config.ts';

/**
 * `npm test`'s browser run: the journeys and the screenshot suite in one Playwright run, their four
 * servers started together. Playwright runs projects in phases (a project after the ones it depends
 * on); the store-state journeys run one file at a time after the customers' journeys, which left the
 * second worker idle for minutes. The screens wait for the customers' journeys too, so that phase
 * keeps both workers busy: one on the store-state journeys, the other on pictures (docs/decisions/0069).
 * `npm run test:e2e` and `npm run test:screens` still run either suite alone (and update baselines).
 */
const journeyProjects = journeys.projects ?? [];
const customers = journeyProjects.find((project) => project.name === 'customers');
if (!customers) throw new Error('playwright.config.ts has no customers project');

export default defineConfig({
  ...journeys,
  projects: [
    ...journeyProjects,
    ...(screens.projects ?? []).map((project) => ({
      ...project,
      testDir: './screens',
      testMatch: screens.testMatch,
      snapshotPathTemplate: screens.snapshotPathTemplate,
      timeout: screens.timeout,
      expect: screens.expect,
      fullyParallel: screens.fullyParallel,
      use: { ...screens.use, ...project.use },
      dependencies: [customers.name as string],
    })),
  ],
  // The screens' servers are started from e2e/screens; this file sits one folder up.
  webServer: [
    ...[journeys.webServer ?? []].flat(),
    ...[screens.webServer ?? []].flat().map((server) => ({ ...server, cwd: '..' })),
  ],
});
