import { PGlite, parse, protocol } from '@electric-sql/pglite';
import pg from 'pg';
import type { DbExecutor } from './client.ts';

/*
 * Hand-written SQL for the hot paths (order placement, the session behind every signed-in call),
 * run on the connection drizzle holds. On node-postgres each is a named prepared statement, parsed
 * and planned once per connection; its text is built once per call site, not per call, so a call
 * costs only its values (building the same text through drizzle's `sql` on every order was a tenth
 * of the server's time per order). Values go as parameters, never into the text.
 *
 * On PGlite too each is prepared once (per database), and a call is one trip into the WebAssembly
 * database, Bind to Sync in one buffer. PGlite's own `query` parses, describes and plans the text
 * again on every call, six trips in all: two thirds of an order's database time on PGlite.
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
 * node-postgres and on PGlite outside a transaction; inside a PGlite transaction, a parameterised
 * query (the transaction holds PGlite's lock, which the prepared path takes).
 */
export async function runStatement<T>(db: DbExecutor, { name, text, values }: Statement): Promise<T[]> {
  const client = (db as unknown as DrizzleInternals).session?.client;
  if (client instanceof pg.Client || client instanceof pg.Pool) {
    const result = await client.query({ name, text, values });
    return result.rows as T[];
  }
  if (client instanceof PGlite) return runPrepared<T>(client, name, text, values);
  if (client && typeof (client as Queryable).query === 'function') {
    return (await (client as Queryable).query(text, values)).rows as T[];
  }
  throw new Error('runStatement: the database executor has no client (drizzle internals changed?)');
}

/** The parameter types of each statement prepared on a PGlite database, by name. */
const preparedOnPglite = new WeakMap<PGlite, Map<string, { text: string; parameterTypes: number[] }>>();

function runPrepared<T>(pglite: PGlite, name: string, text: string, values: unknown[]): Promise<T[]> {
  // The same two locks as PGlite's `query`: no other transaction open, no other message in flight.
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      let statements = preparedOnPglite.get(pglite);
      if (!statements) {
        statements = new Map();
        preparedOnPglite.set(pglite, statements);
      }
      let prepared = statements.get(name);
      if (prepared && prepared.text !== text) throw new Error(`statement ${name} has two texts`);
      if (!prepared) {
        const described = await pglite.execProtocolStream(
          messages(
            protocol.serialize.parse({ name, text }),
            protocol.serialize.describe({ type: 'S', name }),
            protocol.serialize.sync(),
          ),
          { syncToFs: false },
        );
        prepared = { text, parameterTypes: parse.parseDescribeStatementResults(described) };
        statements.set(name, prepared);
      }
      const { parameterTypes } = prepared;
      // Serialized as PGlite's `query` serializes them: by the parameter's type, else as text.
      const parameters = values.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = pglite.serializers[parameterTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      const replies = await pglite.execProtocolStream(
        messages(
          protocol.serialize.bind({ statement: name, values: parameters }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ),
        { syncToFs: false },
      );
      await pglite.syncToFs();
      return (parse.parseResults(replies, pglite.parsers)[0]?.rows ?? []) as T[];
    }),
  );
}

function messages(...parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
