/**
 * The abuse suite's full form (tests/abuse/README.md) on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL; each scenario's figures (requests tried, 5xx count, orders lost, …) as one table.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AbuseFigure } from '../tests/abuse/support/figures.ts';
import { printTable, repoRoot } from './support.ts';

export async function runAbuseBench(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'comanda-abuse-'));
  const file = path.join(dir, 'figures.jsonl');
  try {
    const projects = ['abuse-pglite', ...(process.env.TEST_DATABASE_URL ? ['abuse-postgres'] : [])];
    const run = spawnSync(
      'npx',
      ['vitest', 'run', ...projects.flatMap((project) => ['--project', project])],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, ABUSE_SCALE: 'full', ABUSE_FIGURES_FILE: file },
      },
    );
    let figures: AbuseFigure[] = [];
    try {
      figures = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AbuseFigure);
    } catch {
      // No scenario recorded anything.
    }
    printTable(
      'abuse suite, full form',
      figures.map((figure) => ({
        scenario: figure.scenario,
        figure: figure.name,
        value: figure.value,
        unit: figure.unit,
        database: figure.database,
      })),
    );
    if (run.status !== 0) console.log(`the abuse suite failed (exit ${run.status}): see above`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
