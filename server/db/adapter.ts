/**
 * The database interface services see: one node-postgres pool, on the embedded PostgreSQL server
 * (DATA_DIR/db) or on any PostgreSQL 15+ reached through DATABASE_URL.
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

/** SQL with placeholders ($1, $2, ...) and the quoted literal text of each argument. */
export interface LiteralStatement {
  text: string;
  args: string[];
}

export interface TransactionOptions {
  readOnly?: boolean;
  /**
   * Statements (no parameters, values already quoted) sent together with BEGIN in one round trip:
   * the request's role, claims and role settings.
   */
  prologue?: string;
  /**
   * Anonymous requests share fewer connections than the pool holds, so slow anonymous queries
   * cannot take the connections signed-in users and the server's own work need.
   */
  anonymous?: boolean;
}

export interface Db extends Queryable {
  /** Kept for code written when a second engine existed; always a PostgreSQL server now. */
  readonly kind: 'postgres';
  /**
   * Runs `fn` inside BEGIN/COMMIT. A thrown error rolls back and is rethrown, except
   * {@link Rollback}, which rolls back and resolves to its value (permission probes, tx=rollback).
   */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs one statement in a transaction of its own: BEGIN, the prologue, the statement and COMMIT
   * travel in one round trip. The statement is prepared once per connection (as PostgREST
   * prepares its queries), so PostgreSQL parses and plans it again only when it must.
   */
  once<T = Record<string, unknown>>(statement: LiteralStatement, options?: TransactionOptions): Promise<QueryResult<T>>;
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** Connections and waiters right now (for metrics). */
  poolStats(): PoolStats;
}

export interface PoolStats {
  open: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
  /** Anonymous requests holding, and waiting for, one of their places. */
  anonymousHeld: number;
  anonymousWaiting: number;
}

/** No connection (or no place for an anonymous request) came free within the pool's acquisition timeout. */
export class PoolTimeout extends Error {
  constructor() {
    super('Timed out acquiring connection from connection pool.');
  }
}

/** Throw inside a transaction to roll it back on purpose and hand `value` to the caller. */
export class Rollback<T = unknown> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

/** A PostgreSQL error as node-postgres reports it (SQLSTATE in `code`). */
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
 * Timestamps, dates and 64-bit integers come back as PostgreSQL's text (as PostgREST prints
 * them), json/jsonb parsed. Ids of the types kept as text:
 */
export const TEXT_TYPE_OIDS = [20, 1082, 1083, 1114, 1184, 1266, 1700] as const;
