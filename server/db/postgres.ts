import pg from 'pg';
import { PoolTimeout, Rollback, TEXT_TYPE_OIDS, type Db, type LiteralStatement, type Queryable, type QueryResult, type TransactionOptions } from './adapter.ts';
import { ChangeListener } from './change-listener.ts';
import { executeSql, PreparedStatements } from './prepared.ts';
import { Semaphore } from './semaphore.ts';
import { log } from '../observability/log.ts';

const keepText = (value: string) => value;
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if ((TEXT_TYPE_OIDS as readonly number[]).includes(oid)) return keepText;
    return pg.types.getTypeParser(oid, format);
  },
};

function asResult<T>(result: pg.QueryResult): QueryResult<T> {
  return {
    rows: result.rows as T[],
    rowCount: result.rowCount ?? result.rows.length,
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

/** node-postgres words a wait past connectionTimeoutMillis only in its message. */
function poolError(error: unknown): unknown {
  return error instanceof Error && /^timeout exceeded when trying to connect/i.test(error.message) ? new PoolTimeout() : error;
}

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await client.query({ text: sql, values: params, types } as pg.QueryConfig).catch((error: unknown) => { throw poolError(error); });
      return asResult<T>(result);
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql).catch((error: unknown) => { throw poolError(error); });
    },
  };
}

export interface PoolOptions {
  /** Connections this server opens at most. */
  poolSize: number;
  /** Of those, how many anonymous requests may hold at once. */
  anonymousConcurrency: number;
  /**
   * How long a request waits for its place and then for a connection, each, before it fails with
   * PoolTimeout (PostgREST's db-pool-acquisition-timeout, 10 s there too).
   */
  acquisitionTimeoutMs?: number;
}

export const DEFAULT_POOL: PoolOptions = { poolSize: 20, anonymousConcurrency: 14, acquisitionTimeoutMs: 10_000 };

/** A PostgreSQL server (embedded or DATABASE_URL) through one node-postgres pool. */
export async function openPostgres(url: string, options: PoolOptions = DEFAULT_POOL): Promise<Db> {
  const acquisitionTimeoutMs = options.acquisitionTimeoutMs ?? DEFAULT_POOL.acquisitionTimeoutMs!;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    // Idle backends cost memory on a small machine: close them after a quiet spell.
    idleTimeoutMillis: 30_000,
    options: '-c TimeZone=UTC',
    // Names this server's sessions in pg_stat_activity (an application_name in the URL wins).
    application_name: 'skadron',
    connectionTimeoutMillis: acquisitionTimeoutMs,
  });
  pool.on('error', (error) => log.error({ err: error }, '[db] idle client error'));
  // The pool listens for errors only while a client is idle. A client in use whose server dies
  // (kill -9, a PANIC on a full disk) emits `error` too, and an unheard `error` ends Node: the
  // query in flight already fails with it, so the event only needs hearing.
  pool.on('connect', (client) => client.on('error', (error) => log.warn({ err: error }, '[db] connection lost')));
  await pool.query('select 1');
  const root = wrap(pool);
  const anonymous = new Semaphore(Math.max(1, Math.min(options.anonymousConcurrency, options.poolSize)));
  const prepared = new WeakMap<pg.PoolClient, PreparedStatements>();
  const listener = new ChangeListener(url);

  /**
   * A pooled connection for one transaction; anonymous callers first wait for one of their own
   * places. On an error the transaction is rolled back, and a connection that cannot even roll
   * back is dropped instead of going back to the pool.
   */
  async function inTransaction<T>(options: TransactionOptions, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const release = options.anonymous ? await anonymous.acquire(acquisitionTimeoutMs) : undefined;
    let client: pg.PoolClient | undefined;
    try {
      client = await pool.connect().catch((error: unknown) => { throw poolError(error); });
      return await fn(client);
    } catch (error) {
      const broken = client ? await client.query('rollback').then(() => false, () => true) : false;
      client?.release(broken);
      client = undefined;
      if (error instanceof Rollback) return error.value as T;
      throw error;
    } finally {
      client?.release();
      release?.();
    }
  }

  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      return inTransaction(options, async (client) => {
        const begin = options.readOnly ? 'begin read only' : 'begin';
        await client.query(options.prologue ? `${begin}; ${options.prologue}` : begin);
        const value = await fn(wrap(client));
        await client.query('commit');
        return value;
      });
    },
    once<T>(statement: LiteralStatement, options: TransactionOptions = {}): Promise<QueryResult<T>> {
      return inTransaction(options, async (client) => {
        let statements = prepared.get(client);
        if (!statements) prepared.set(client, (statements = new PreparedStatements()));
        // After the prologue, so the statement is analysed as the request's role with its search_path.
        const { name, setup } = statements.use(statement.text);
        const begin = options.readOnly ? 'begin read only' : 'begin';
        const text = `${begin};${options.prologue ? ` ${options.prologue};` : ''} ${setup}${executeSql(name, statement.args)}; commit`;
        try {
          const results = (await client.query({ text, types } as pg.QueryConfig)) as unknown as pg.QueryResult[];
          return asResult<T>(results[results.length - 2]);
        } catch (error) {
          statements.failed();
          throw error;
        }
      });
    },
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    poolStats() {
      return { open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, anonymousHeld: anonymous.held, anonymousWaiting: anonymous.queued };
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
