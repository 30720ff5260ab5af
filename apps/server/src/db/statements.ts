import pg from 'pg';
import type { DbExecutor } from './client.ts';

/*
 * Hand-written SQL for the hot paths (order placement, the session behind every signed-in call),
 * run on the connection drizzle holds. On node-postgres each is a named prepared statement, parsed
 * and planned once per connection; its text is built once per call site, not per call, so a call
 * costs only its values (building the same text through drizzle's `sql` on every order was a tenth
 * of the server's time per order). Values go as parameters, never into the text.
 */

export interface Statement {
  /** Unique per statement text: node-postgres refuses one name with two texts. */
  name: string;
  text: string;
  values: unknown[];
}

const texts = new WeakMap<TemplateStringsArray, string>();

/**
 * A tag for a named statement: `statement('comanda_x')`select … where id = ${id}``. Each
 * interpolation is the next parameter ($1, $2, …); the text is kept per template, which is one
 * object per call site.
 */
export function statement(name: string) {
  return (strings: TemplateStringsArray, ...values: unknown[]): Statement => {
    let text = texts.get(strings);
    if (text === undefined) {
      text = strings.reduce((acc, part, i) => `${acc}$${i}${part}`);
      texts.set(strings, text);
    }
    return { name, text, values };
  };
}

interface Queryable {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

interface DrizzleInternals {
  session?: { client?: unknown };
}

/**
 * Runs a statement on the executor's connection (the transaction's, when it is one): prepared on
 * node-postgres, a parameterised query on PGlite (one process, nothing to gain by naming it).
 */
export async function runStatement<T>(db: DbExecutor, { name, text, values }: Statement): Promise<T[]> {
  const client = (db as unknown as DrizzleInternals).session?.client;
  if (client instanceof pg.Client || client instanceof pg.Pool) {
    const result = await client.query({ name, text, values });
    return result.rows as T[];
  }
  if (client && typeof (client as Queryable).query === 'function') {
    return (await (client as Queryable).query(text, values)).rows as T[];
  }
  throw new Error('runStatement: the database executor has no client (drizzle internals changed?)');
}
