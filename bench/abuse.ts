/**
 * The abuse suite (tests/abuse/README.md) in its full form, on PGlite and, when it answers, on
 * PostgreSQL (TEST_DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test): every figure any
 * scenario recorded (requests tried, 5xx answers, orders lost, latencies…) in one table, a column
 * per database. Scenarios are found by the suite, so new ones show up here without a change.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import type { AbuseFigure } from '../tests/abuse/support/figures.ts';
import { printTable, repoRoot } from './support.ts';

const DATABASES: AbuseFigure['database'][] = ['PGlite', 'PostgreSQL'];

/** Whether a PostgreSQL server answers at this URL (within a few seconds). */
async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs the suite's vitest projects; answers vitest's exit code. */
function runSuite(projects: string[], env: Record<string, string>): Promise<number> {
  const vitest = path.join(repoRoot, 'node_modules', 'vitest', 'vitest.mjs');
  const args = ['run', ...projects.flatMap((project) => ['--project', project])];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vitest, ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

/** The figures file's lines, one row per (scenario, figure) with a column per database. */
export function figureRows(lines: string): Record<string, string | number>[] {
  const rows = new Map<string, Record<string, string | number>>();
  for (const line of lines.split('\n')) {
    if (!line.trim()) continue;
    const figure = JSON.parse(line) as AbuseFigure;
    const key = `${figure.scenario}\u0000${figure.name}`;
    const row = rows.get(key) ?? {
      scenario: figure.scenario,
      figure: figure.name,
      PGlite: '',
      PostgreSQL: '',
    };
    // A figure recorded more than once on a database (a scenario run per case) shows every value.
    const previous = row[figure.database];
    row[figure.database] = previous === '' ? figure.value : `${previous}, ${figure.value}`;
    row.unit = figure.unit;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => String(a.scenario).localeCompare(String(b.scenario)));
}

export async function runAbuseBench() {
  const serverUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const withPostgres = await postgresAnswers(serverUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'comanda-abuse-'));
  const figuresFile = path.join(dir, 'figures.jsonl');
  try {
    const code = await runSuite(withPostgres ? ['abuse-pglite', 'abuse-postgres'] : ['abuse-pglite'], {
      ABUSE_SCALE: 'full',
      ABUSE_FIGURES_FILE: figuresFile,
      TEST_DATABASE_URL: withPostgres ? serverUrl : '',
    });
    let lines = '';
    try {
      lines = readFileSync(figuresFile, 'utf8');
    } catch {}
    const rows = figureRows(lines).map((row) =>
      withPostgres ? row : Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'PostgreSQL')),
    );
    const databases = withPostgres ? DATABASES.join(' and ') : 'PGlite (no PostgreSQL answered)';
    printTable(
      `Abuse suite, full form, on ${databases}: ${code === 0 ? 'every scenario passed' : `FAILED (vitest exit ${code})`}`,
      rows,
    );
    return { code, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { code } = await runAbuseBench();
  process.exitCode = code;
}
