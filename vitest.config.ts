import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

// One runner for every package. Without TEST_DATABASE_URL (a newcomer without PostgreSQL) the
// server, agreement and abuse suites run on PGlite. With it (CI) they run on that PostgreSQL server,
// the database of every deployment but the embedded demo, and PGlite keeps only the tests of what
// is embedded-specific (EMBEDDED_SPECIFIC_SERVER_TESTS): the rest is the same SQL through the same
// Drizzle code, whose run on PGlite told nothing the PostgreSQL run did not (docs/decisions/0046).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Every project's test files share their worker (docs/decisions/0047): starting one, with the
// server's packages or React and happy-dom, for each of 231 files took half of the unit run on 2
// cores. No test mocks a module; each server test file opens its own database and app; the
// storefront's setup file imports the app's own modules anew for each file and clears the DOM and
// storage after every test.
const isolate = false;

/**
 * The server tests whose code paths differ on PGlite, run on PGlite even when PostgreSQL is there.
 * The PGlite template of global-setup.ts runs every migration on PGlite in these runs too.
 */
const EMBEDDED_SPECIFIC_SERVER_TESTS = [
  // PGlite's data directory made in a process of its own (db/pglite-cluster.ts), and the named
  // statements, prepared once per PGlite database in a path node-postgres never takes
  // (db/statements.ts: orders, sessions, rate limits and order events run through it).
  'apps/server/src/db/**/*.test.ts',
  // The rate-limit SQL under concurrent callers on PGlite's one connection.
  'apps/server/src/plugins/rate-limit.test.ts',
  // Order events: PGlite's in-process LISTEN (PgliteOrderEvents) instead of a pool's connection,
  // and the live-order hub over it (events.test.ts branches on the database kind).
  'apps/server/src/lib/order-events.test.ts',
  'apps/server/src/modules/order-tracking/events.test.ts',
  // The staff migration, replayed from the migration files on a PGlite of its own. Like
  // db/pglite-cluster.test.ts, it opens PGlite whatever the project, so server-postgres runs it too.
  'apps/server/src/modules/staff/staff-migration.test.ts',
];

const serverProjects = [
  {
    name: 'server-pglite',
    isolate,
    env: { TEST_DATABASE_URL: '' },
    include: onPostgres ? EMBEDDED_SPECIFIC_SERVER_TESTS : ['apps/server/src/**/*.test.ts'],
  },
  ...(onPostgres
    ? [
        {
          name: 'server-postgres',
          isolate,
          env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
          include: ['apps/server/src/**/*.test.ts'],
        },
      ]
    : []),
];

/**
 * The agreement and abuse suites drive the whole server through its HTTP face: nothing in them is
 * embedded-specific, so they run once, on PostgreSQL when it is there (where the abuse suite's races
 * and kill -9 are real), on PGlite otherwise.
 */
const wholeServerProjects = onPostgres
  ? [{ kind: 'postgres', env: { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL } }]
  : [{ kind: 'pglite', env: { TEST_DATABASE_URL: '' } }];

// Migrates one template database per database kind and run; each test file's database is a copy of
// it (apps/server/src/test/global-setup.ts, docs/decisions/0039).
const templateDatabases = './apps/server/src/test/global-setup.ts';

export default defineConfig({
  test: {
    // One and a half workers per core: the server tests wait on PostgreSQL and on timers, so two
    // workers on the 2-core machine left 40% of its CPU idle (docs/decisions/0047).
    maxWorkers: '150%',
    projects: [
      {
        test: {
          name: 'domain',
          isolate,
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'tooling',
          isolate,
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
          isolate,
          include: ['tests/tooling/compiled-server.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'psp-standin',
          isolate,
          include: ['apps/psp-standin/src/**/*.test.ts', 'apps/whatsapp-standin/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      // The stand-in PSP and the payment adapters against the providers' own specifications.
      {
        test: {
          name: 'conformance',
          isolate,
          include: ['tests/conformance/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'contract',
          isolate,
          include: ['packages/contract/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      ...serverProjects.map((project) => ({
        test: {
          name: project.name,
          isolate,
          include: project.include,
          environment: 'node',
          env: project.env,
          globalSetup: [templateDatabases],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
      // The storefront's checkout model against the real server: one property.
      ...wholeServerProjects.map((project) => ({
        test: {
          name: `agreement-${project.kind}`,
          isolate,
          include: ['tests/agreement/**/*.test.ts'],
          environment: 'node',
          env: project.env,
          globalSetup: [templateDatabases],
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      })),
      // The abuse suite (tests/abuse/README.md): short form here, full form by `npm run test:abuse`.
      ...wholeServerProjects.map((project) => ({
        test: {
          name: `abuse-${project.kind}`,
          isolate,
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
        // The @point-of-sale printer packages export only under the 'browser' condition, which the
        // build uses; these tests run in happy-dom under Node's conditions.
        resolve: {
          alias: {
            ...Object.fromEntries(
              ['webusb-receipt-printer', 'webserial-receipt-printer'].map((name) => [
                `@point-of-sale/${name}`,
                fileURLToPath(
                  new URL(`./node_modules/@point-of-sale/${name}/dist/${name}.esm.js`, import.meta.url),
                ),
              ]),
            ),
            // Its ES build, run through Vite (server.deps.inline below) so that its `react` is the
            // storefront's alias, preact/compat (docs/decisions/0075); Node's require would not alias.
            '@testing-library/react': fileURLToPath(
              new URL(
                './node_modules/@testing-library/react/dist/@testing-library/react.esm.js',
                import.meta.url,
              ),
            ),
          },
        },
        test: {
          name: 'storefront',
          isolate,
          root: './apps/storefront',
          // A typed-in form on a loaded machine (three workers on two cores) can take more than 5 s.
          testTimeout: 15_000,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          server: { deps: { inline: ['@testing-library/react', 'wouter'] } },
        },
      },
    ],
  },
});
