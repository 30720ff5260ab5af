import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './client.ts';
import { runStatement, statement } from './statements.ts';

describe('named statements', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  const echo = (a: number, b: string | null) =>
    statement('comanda_test_echo')`select ${a}::int + 1 as "next", ${b}::text as "text", ${a}::int as "same"`;

  it('numbers each value as the next parameter and builds the text once per call site', () => {
    const first = echo(1, 'x');
    const second = echo(2, null);
    expect(first.text).toBe('select $1::int + 1 as "next", $2::text as "text", $3::int as "same"');
    expect(first.values).toEqual([1, 'x', 1]);
    expect(second.text).toBe(first.text);
    expect(second.values).toEqual([2, null, 2]);
  });

  it('runs with values as parameters, never as text, again and again on the same connection', async () => {
    for (const [a, b] of [
      [41, "o'brien; drop table orders"],
      [1, null],
    ] as const) {
      const rows = await runStatement<{ next: number; text: string | null; same: number }>(
        database.db,
        echo(a, b),
      );
      expect(rows).toEqual([{ next: a + 1, text: b, same: a }]);
    }
  });

  it('runs inside a transaction on the transaction’s connection', async () => {
    await database.db.transaction(async (tx) => {
      await runStatement(tx, statement('comanda_test_temp')`create temporary table t_statement (v int)`);
      await runStatement(tx, statement('comanda_test_insert')`insert into t_statement values (${7})`);
      const rows = await runStatement<{ v: number }>(
        tx,
        statement('comanda_test_select')`select v from t_statement`,
      );
      expect(rows).toEqual([{ v: 7 }]);
      await runStatement(tx, statement('comanda_test_drop')`drop table t_statement`);
    });
  });
});
