import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The import rules of biome.json (docs/decisions/0015-module-boundaries.md, 0041-module-faces.md), proved with the
 * project's Biome binary and configuration: each case is a file at a path where a rule applies,
 * once with a forbidden import (the lint must fail, naming the rule) and once with an allowed one
 * (it must pass). The files are written into two copies of the tree's layout in a temporary
 * directory, never into the repository, so `npm run lint` cannot meet them.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIOME = path.join(ROOT, 'node_modules', '.bin', 'biome');
const RULE = 'lint/style/noRestrictedImports';

interface Case {
  name: string;
  /** Where the file stands, from the repository's root. */
  file: string;
  forbidden: string;
  allowed: string;
}

const CASES: Case[] = [
  {
    name: 'a storefront feature does not import another feature (from a sub-folder)',
    file: 'apps/storefront/src/features/cart/components/cart-fixture.tsx',
    forbidden: '../../menu/components/menu-home.tsx',
    allowed: '../model/availability.ts',
  },
  {
    name: 'a storefront feature does not import another feature (from its root)',
    file: 'apps/storefront/src/features/cart/cart-fixture.ts',
    forbidden: '../menu/model/menu-sections.ts',
    allowed: '../../lib/i18n.ts',
  },
  {
    name: 'a storefront feature does not import another feature (from two folders down)',
    file: 'apps/storefront/src/features/addresses/maps/providers/maps-fixture.ts',
    forbidden: '../../../checkout/model/quote.ts',
    allowed: '../../../../lib/api-client.ts',
  },
  {
    name: 'a storefront feature does not reach another feature through features/',
    file: 'apps/storefront/src/features/orders/model/orders-fixture.ts',
    forbidden: '../../../features/checkout/model/order.ts',
    allowed: '../../../shared/dialog.tsx',
  },
  {
    name: 'customer code does not import the staff app (from lib/)',
    file: 'apps/storefront/src/lib/staff-fixture.ts',
    forbidden: '../staff/board-model.ts',
    allowed: './money-fixture.ts',
  },
  {
    name: 'a storefront feature does not import the staff app',
    file: 'apps/storefront/src/features/menu/components/staff-fixture.tsx',
    forbidden: '../../../staff/staff-app.tsx',
    allowed: '../../../lib/i18n.ts',
  },
  {
    name: 'a staff feature does not import another staff feature',
    file: 'apps/storefront/src/staff/board/board-fixture.tsx',
    forbidden: '../tables/tables-model.ts',
    allowed: '../lib/staff-words.ts',
  },
  {
    name: "the staff app's shared lib does not import a staff feature",
    file: 'apps/storefront/src/staff/lib/lib-fixture.ts',
    forbidden: '../board/board-model.ts',
    allowed: '../../lib/i18n.ts',
  },
  {
    name: 'an editor screen does not import another editor screen',
    file: 'apps/storefront/src/staff/editor/menu/menu-fixture.tsx',
    forbidden: '../settings/hours-model.ts',
    allowed: '../fields.tsx',
  },
  {
    name: 'an editor screen does not import a staff feature outside the editor',
    file: 'apps/storefront/src/staff/editor/settings/settings-fixture.tsx',
    forbidden: '../../board/board-model.ts',
    allowed: '../../lib/staff-api.ts',
  },
  {
    name: 'the staff app does not import a customer feature, only the shared UI',
    file: 'apps/storefront/src/staff/editor/menu/product-fixture.tsx',
    forbidden: '../../../features/product/components/product-screen.tsx',
    allowed: '../../../shared/product-dialog/product-dialog.tsx',
  },
  {
    name: "the staff app's shell does not import the customer app/",
    file: 'apps/storefront/src/staff/shell/shell-fixture.tsx',
    forbidden: '../../app/routes.tsx',
    allowed: '../board/order-card.tsx',
  },
  {
    name: 'the shared UI does not import a customer feature',
    file: 'apps/storefront/src/shared/features-fixture.tsx',
    forbidden: '../features/cart/model/cart.ts',
    allowed: '../lib/i18n.ts',
  },
  {
    name: 'the shared UI does not import the staff app',
    file: 'apps/storefront/src/shared/product-dialog/staff-fixture.tsx',
    forbidden: '../../staff/lib/staff-texts.ts',
    allowed: './product-texts.ts',
  },
  {
    name: 'the domain package imports no Node.js module',
    file: 'packages/domain/src/node-fixture.ts',
    forbidden: 'node:crypto',
    allowed: './money.ts',
  },
  {
    name: 'the domain package imports no database',
    file: 'packages/domain/src/database-fixture.ts',
    forbidden: 'drizzle-orm',
    allowed: './percent.ts',
  },
  {
    name: 'the domain package imports no web framework',
    file: 'packages/domain/src/framework-fixture.ts',
    forbidden: 'fastify',
    allowed: './cart.ts',
  },
  {
    name: 'the domain package imports no UI library',
    file: 'packages/domain/src/ui-fixture.ts',
    forbidden: 'react',
    allowed: './orders.ts',
  },
  {
    name: 'the domain package imports no wire schema',
    file: 'packages/domain/src/contract-fixture.ts',
    forbidden: '@comanda/contract',
    allowed: './coupon.ts',
  },
  {
    name: 'a server route file imports no database module',
    file: 'apps/server/src/modules/menu/routes.ts',
    forbidden: '../../db/client.ts',
    allowed: './service.ts',
  },
  {
    name: 'a server route file imports no ORM',
    file: 'apps/server/src/modules/order-tracking/staff-routes.ts',
    forbidden: 'drizzle-orm',
    allowed: '../../plugins/auth.ts',
  },
  {
    name: 'a server route file calls services, not repositories',
    file: 'apps/server/src/modules/customers/routes.ts',
    forbidden: './repository.ts',
    allowed: './service.ts',
  },
  {
    name: "a server module does not import another module's repository",
    file: 'apps/server/src/modules/auth/service.ts',
    forbidden: '../customers/repository.ts',
    allowed: '../customers/index.ts',
  },
  {
    name: 'a server module imports its own repository',
    file: 'apps/server/src/modules/coupons/service.ts',
    forbidden: '../../modules/orders/repository.ts',
    allowed: './repository.ts',
  },
  {
    name: 'a server plugin imports no module',
    file: 'apps/server/src/plugins/auth.ts',
    forbidden: '../modules/auth/service.ts',
    allowed: './sessions.ts',
  },
  {
    name: 'the server lib imports no module',
    file: 'apps/server/src/lib/errors.ts',
    forbidden: '../modules/menu/service.ts',
    allowed: '../db/client.ts',
  },
  {
    name: 'a storefront feature does not import the app shell (from a sub-folder)',
    file: 'apps/storefront/src/features/table/components/app-fixture.tsx',
    forbidden: '../../../app/routes.tsx',
    allowed: '../../../lib/source.ts',
  },
  {
    name: 'a storefront feature does not import the app shell (from its root)',
    file: 'apps/storefront/src/features/menu/app-fixture.ts',
    forbidden: '../../app/route-guards.ts',
    allowed: '../../components/dialog.tsx',
  },
  {
    name: 'a storefront feature does not import the app shell (from two folders down)',
    file: 'apps/storefront/src/features/addresses/maps/providers/app-fixture.ts',
    forbidden: '../../../../app/layout/banner-line.tsx',
    allowed: '../../../../lib/i18n.ts',
  },
  {
    name: "a server module imports another module's face, not its files",
    file: 'apps/server/src/modules/orders/stages.ts',
    forbidden: '../menu/service.ts',
    allowed: '../menu/index.ts',
  },
  {
    name: "a server module does not reach another module's files through modules/",
    file: 'apps/server/src/modules/tables/service.ts',
    forbidden: '../../modules/payments/attempt-rules.ts',
    allowed: '../../modules/payments/index.ts',
  },
  {
    name: "a server module's sub-folder imports another module's face, not its files",
    file: 'apps/server/src/modules/payments/providers/apipix.ts',
    forbidden: '../../order-tracking/service.ts',
    allowed: '../../order-tracking/index.ts',
  },
  {
    name: "a server route file imports another module's face, not its files",
    file: 'apps/server/src/modules/storefront/routes.ts',
    forbidden: '../menu/front-door.ts',
    allowed: '../menu/index.ts',
  },
  {
    name: "a server module's face does not hand out its repository",
    file: 'apps/server/src/modules/menu/index.ts',
    forbidden: './repository.ts',
    allowed: './service.ts',
  },
  {
    name: "a server module's face does not hand out its routes",
    file: 'apps/server/src/modules/stores/index.ts',
    forbidden: './routes.ts',
    allowed: './service.ts',
  },
  {
    name: "the server's app.ts imports a module's face and routes, not its other files",
    file: 'apps/server/src/app.ts',
    forbidden: './modules/payments/repository.ts',
    allowed: './modules/payments/routes.ts',
  },
  {
    name: "the server's main.ts imports a module's face, not its files",
    file: 'apps/server/src/main.ts',
    forbidden: './modules/store-import/demo-stores.ts',
    allowed: './modules/store-import/index.ts',
  },
  {
    name: "a server command imports a module's face, not its files",
    file: 'apps/server/src/cli/store-export.ts',
    forbidden: '../modules/store-import/export.ts',
    allowed: '../modules/store-import/index.ts',
  },
  {
    name: "a server test helper imports a module's face, not its files",
    file: 'apps/server/src/test/test-app.ts',
    forbidden: '../modules/store-import/service.ts',
    allowed: '../modules/store-import/index.ts',
  },
];

interface LintReport {
  exitCode: number;
  /** Diagnostic categories by file (paths from the tree's root). */
  rulesByFile: Map<string, string[]>;
}

function fixture(source: string): string {
  return `import * as imported from '${source}';\n\nexport { imported };\n`;
}

/** A copy of the repository's layout holding only biome.json and the cases' files. */
async function writeTree(root: string, importOf: (entry: Case) => string): Promise<void> {
  await mkdir(root, { recursive: true });
  await copyFile(path.join(ROOT, 'biome.json'), path.join(root, 'biome.json'));
  for (const entry of CASES) {
    const file = path.join(root, entry.file);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, fixture(importOf(entry)));
  }
}

function lint(root: string): Promise<LintReport> {
  return new Promise((resolve, reject) => {
    execFile(
      BIOME,
      ['lint', '--reporter=json', '--max-diagnostics=none', '.'],
      { cwd: root },
      (error, stdout, stderr) => {
        const exitCode = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        let report: { diagnostics: { category: string; location: { path: string } }[] };
        try {
          report = JSON.parse(stdout);
        } catch {
          reject(new Error(`Biome gave no JSON report (exit ${exitCode}): ${stderr}${stdout}`));
          return;
        }
        const rulesByFile = new Map<string, string[]>();
        for (const { category, location } of report.diagnostics) {
          const file = location.path.split(path.sep).join('/');
          rulesByFile.set(file, [...(rulesByFile.get(file) ?? []), category]);
        }
        resolve({ exitCode, rulesByFile });
      },
    );
  });
}

let workDir: string;
let forbidden: LintReport;
let allowed: LintReport;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'comanda-lint-boundaries-'));
  await writeTree(path.join(workDir, 'forbidden'), (entry) => entry.forbidden);
  await writeTree(path.join(workDir, 'allowed'), (entry) => entry.allowed);
  [forbidden, allowed] = await Promise.all([
    lint(path.join(workDir, 'forbidden')),
    lint(path.join(workDir, 'allowed')),
  ]);
}, 60_000);

afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('import boundaries (biome.json)', () => {
  it('fail the lint on a forbidden import and pass an allowed one', () => {
    expect(forbidden.exitCode).not.toBe(0);
    expect(allowed.exitCode).toBe(0);
  });

  it.each(CASES)('$name', (entry) => {
    expect(forbidden.rulesByFile.get(entry.file)).toContain(RULE);
    expect(allowed.rulesByFile.get(entry.file) ?? []).toEqual([]);
  });
});
