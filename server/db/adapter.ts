/**
 * One database interface over two engines: embedded PGlite (default) and a PostgreSQL server
 * (DATABASE_URL). Services only ever see this interface.
 */
export interface QueryResult<T = Record<string, unknown>> {
  rows: T[];
  /** Rows affected by INSERT/UPDATE/DELETE, or returned by SELECT. */
  rowCount: number;
  fields: { name: string; dataTypeID: number }[];
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters (migrations, platform SQL). */
  exec(sql: string): Promise<void>;
}

export interface TransactionOptions {
  readOnly?: boolean;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Runs `fn` inside BEGIN/COMMIT. A thrown error rolls back and is rethrown, except
   * {@link Rollback}, which rolls back and resolves to its value (permission probes, tx=rollback).
   * On PGlite transactions are serialised: two never interleave on its single connection.
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Throw inside a transaction to roll it back on purpose and hand `value` to the caller. */
export class Rollback<T = unknown> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

/** A PostgreSQL error as both drivers report it (SQLSTATE in `code`). */
export interface PgError extends Error {
  code: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  table?: string;
  column?: string;
}

export function isPgError(error: unknown): error is PgError {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/**
 * Values come back the same from both engines: timestamps, dates and 64-bit integers as
 * PostgreSQL's text, json/jsonb parsed. Ids of the types kept as text:
 */
export const TEXT_TYPE_OIDS = [20, 1082, 1083, 1114, 1184, 1266, 1700] as const;
