import { appendFileSync } from 'node:fs';

/**
 * A scenario's measured figures (requests tried, 5xx count, orders lost, latencies). When
 * ABUSE_FIGURES_FILE is set (by the bench), each figure is appended to it as one JSON line so
 * `npm run bench` can print them; otherwise they are only printed.
 */
export interface AbuseFigure {
  scenario: string;
  name: string;
  value: number;
  unit: string;
  database: 'PGlite' | 'PostgreSQL';
}

export function databaseUnderTest(): AbuseFigure['database'] {
  return process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
}

export function recordFigure(scenario: string, name: string, value: number, unit: string): void {
  const figure: AbuseFigure = { scenario, name, value, unit, database: databaseUnderTest() };
  const file = process.env.ABUSE_FIGURES_FILE;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
  else console.log(`[abuse] ${scenario} · ${name}: ${value} ${unit} (${figure.database})`);
}
