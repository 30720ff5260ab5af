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

  it('answers a refused value with the database error and runs the same statement again after it', async () => {
    const half = (n: unknown) => statement('comanda_test_half')`select ${n}::int / 2 as "half"`;
    await expect(runStatement(database.db, half('not a number'))).rejects.toMatchObject({ code: '22P02' });
    await expect(runStatement(database.db, half(0))).resolves.toEqual([{ half: 0 }]);
    await expect(runStatement(database.db, half(9))).resolves.toEqual([{ half: 4 }]);
  });

  it('leaves no half-prepared statement behind when the text is refused', async () => {
    const broken = statement('comanda_test_broken')`select frm nowhere ${1}`;
    for (let i = 0; i < 2; i++) {
      await expect(runStatement(database.db, broken)).rejects.toMatchObject({ code: '42601' });
    }
    await expect(runStatement(database.db, echo(1, 'ok'))).resolves.toEqual([
      { next: 2, text: 'ok', same: 1 },
    ]);
  });

  it('sends dates, JSON and nulls by the parameter’s type and reads them back typed', async () => {
    const at = new Date('2026-11-26T18:30:00.123Z');
    const rows = await runStatement<{ at: Date; doc: { a: number[] }; nothing: string | null }>(
      database.db,
      statement(
        'comanda_test_types',
      )`select ${at}::timestamptz as "at", ${{ a: [1, 2] }}::jsonb as "doc", ${null}::text as "nothing"`,
    );
    expect(rows).toEqual([{ at, doc: { a: [1, 2] }, nothing: null }]);
  });
});
