import { configDefaults, defineConfig } from 'vitest/config';

// One runner for every package. The server suite runs on PGlite always and, when
// TEST_DATABASE_URL is set (CI), a second time on that PostgreSQL server.
const serverProjects = [
  { name: 'server-pglite', env: { TEST_DATABASE_URL: '' } },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'server-postgres', env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } }]
    : []),
];

// Migrates one template database per database kind and run; each test file's database is a copy of
// it (apps/server/src/test/global-setup.ts, docs/decisions/0039).
const templateDatabases = './apps/server/src/test/global-setup.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tooling',
          include: ['tests/tooling/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/tooling/compiled-server.test.ts'],
          environment: 'node',
        },
      },
      // The compiled server (apps/server/dist) with the built storefront: `npm test` runs it after
      // `npm run build` (`npm run test:compiled`); `npm run test:unit` leaves it out.
      {
        test: {
          name: 'compiled-server',
          include: ['tests/tooling/compiled-server.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'psp-standin',
          include: ['apps/psp-standin/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      // The stand-in PSP and the payment adapters against the providers' own specifications.
      {
        test: {
          name: 'conformance',
          include: ['tests/conformance/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      ...serverProjects.map((project) => ({
        test: {
          name: project.name,
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          env: project.env,
          globalSetup: [templateDatabases],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      // The storefront's checkout model against the real server: one property, both databases.
      ...serverProjects.map((project) => ({
        test: {
          name: project.name.replace('server', 'agreement'),
          include: ['tests/agreement/**/*.test.ts'],
          environment: 'node',
          env: project.env,
          globalSetup: [templateDatabases],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      })),
      // The abuse suite (tests/abuse/README.md): short form here, full form by `npm run test:abuse`.
      ...serverProjects.map((project) => ({
        test: {
          name: project.name.replace('server', 'abuse'),
          include: ['tests/abuse/**/*.abuse.test.ts'],
          environment: 'node',
          env: project.env,
          globalSetup: [templateDatabases],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      })),
      {
        extends: './apps/storefront/vite.config.ts',
        test: {
          name: 'storefront',
          root: './apps/storefront',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
    ],
  },
});
