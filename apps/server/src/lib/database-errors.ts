/*
 * Errors of PostgreSQL (pg's DatabaseError) and PGlite, as Drizzle wraps them (DrizzleQueryError,
 * whose message is the query followed by its parameters). Parameters are customer data (names,
 * phones, addresses, notes) and PostgreSQL's own message and detail can quote them ('invalid input
 * syntax for type integer: "…"', 'Key (phone)=(…) already exists'), so none of them is ever logged.
 */

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_CAUSES = 5;

interface DatabaseErrorFields {
  code: string;
  severity?: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The error and its causes, outermost first. */
function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (isObject(current) && chain.length < MAX_CAUSES) {
    chain.push(current);
    current = current.cause;
  }
  return chain;
}

function isDatabaseError(value: unknown): value is DatabaseErrorFields {
  return (
    isObject(value) && typeof value.code === 'string' && SQLSTATE.test(value.code) && 'severity' in value
  );
}

/** Whether the error (or one of its causes) came from a query: it then carries the query's data. */
function isQueryError(value: unknown): boolean {
  return isDatabaseError(value) || (isObject(value) && 'params' in value && 'query' in value);
}

/** The SQLSTATE of a database error anywhere in the error's causes, or undefined. */
export function sqlStateOf(error: unknown): string | undefined {
  const found = chainOf(error).find(isDatabaseError);
  return found?.code;
}

/**
 * SQLSTATE class 22, data exception: a value the database cannot take (bytes that are not UTF-8,
 * a number out of range, a malformed JSON escape). What a client sent, so a 400, never a 500.
 */
export function isDataException(error: unknown): boolean {
  return sqlStateOf(error)?.startsWith('22') ?? false;
}

function stackFrames(value: unknown): string {
  if (!isObject(value) || typeof value.stack !== 'string') return '';
  return value.stack
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .join('\n');
}

function typeOf(value: Record<string, unknown>): string {
  return typeof value.name === 'string' ? value.name : (value.constructor?.name ?? 'Error');
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * An error as the log shows it (pino's `err` serializer): type, message, stack and causes, except
 * that errors of a query keep only what names the failure (SQLSTATE, routine, table, column,
 * constraint, the query text without its parameters) and never their message or parameters.
 */
export function serializeErrorForLog(error: unknown): LoggedError {
  if (!isObject(error)) return { type: typeof error, message: String(error), stack: '' };
  const chain = chainOf(error);
  if (!chain.some(isQueryError)) {
    return {
      type: typeOf(error),
      message: typeof error.message === 'string' ? error.message : String(error),
      stack: typeof error.stack === 'string' ? error.stack : '',
      ...(typeof error.code === 'string' ? { code: error.code } : {}),
      ...(typeof error.statusCode === 'number' ? { statusCode: error.statusCode } : {}),
      ...(error.cause !== undefined ? { cause: serializeErrorForLog(error.cause) } : {}),
    };
  }
  const database = chain.find(isDatabaseError);
  const query = chain
    .map((link) => (isObject(link) ? link.query : undefined))
    .find((q) => typeof q === 'string');
  return {
    type: chain.map((link) => typeOf(link as Record<string, unknown>)).join(' < '),
    message: `database error ${database?.code ?? '(no SQLSTATE)'} (message and parameters withheld)`,
    ...(database
      ? {
          sqlState: database.code,
          routine: database.routine,
          table: database.table,
          column: database.column,
          constraint: database.constraint,
          dataType: database.dataType,
        }
      : {}),
    ...(typeof query === 'string' ? { query } : {}),
    stack: stackFrames(error),
  };
}
