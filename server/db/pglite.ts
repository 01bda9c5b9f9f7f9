import { mkdir } from 'node:fs/promises';
import { PGlite, TransactionAbortedError, parse, protocol, type Results } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { Rollback, TEXT_TYPE_OIDS, type Db, type Queryable, type QueryResult, type TransactionOptions } from './adapter.ts';

const parsers = Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, (value: string) => value]));
const { serialize } = protocol;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * The mutexes PGlite's own transaction() holds. They are not part of its typed API, but every
 * public query()/exec()/transaction() call takes the transaction mutex first, so holding it for
 * our whole transaction keeps any other caller from running statements inside it.
 */
interface PgliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}

function toResult<T>(result: Results<T>): QueryResult<T> {
  return {
    rows: result.rows,
    rowCount: result.affectedRows ?? result.rows.length,
    fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.byteLength;
  }
  return out;
}

/** PGlite's makePGliteError: the failing statement is attached to the error. */
function withQuery(error: unknown, query: string, params: unknown[] | undefined): unknown {
  if (error instanceof Error && typeof (error as { code?: unknown }).code === 'string') {
    Object.assign(error, { query, params, queryOptions: undefined });
  }
  return error;
}

/**
 * Statements inside our transactions, sent through PGlite's protocol entry point with fewer
 * calls into the WebAssembly backend than PGlite's transaction() uses (each call has a fixed
 * cost that dominated small REST reads). The wire messages and value conversions are the ones
 * PGlite's query()/exec() produce: Parse+Describe to learn the parameter types, PGlite's own
 * serializers for the values, Bind+Describe+Execute+Sync, PGlite's parseResults for the rows.
 */
function protocolRunner(pg: PGlite, internals: PgliteInternals) {
  const call = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });
  const sync = () => call(serialize.sync());

  /**
   * `prefix`: a simple-protocol statement (BEGIN) sent in the same call; its own messages end
   * at its ReadyForQuery and are not part of this statement's result.
   */
  async function query<T>(sql: string, params: unknown[], prefix?: Uint8Array): Promise<Results<T>> {
    return internals._runExclusiveQuery(async () => {
      const messages: BackendMessage[] = [];
      try {
        const first = await call(concat([...(prefix ? [prefix] : []), serialize.parse({ text: sql }), serialize.describe({ type: 'S' })]));
        messages.push(...(prefix ? first.slice(first.findIndex((m) => m.name === 'readyForQuery') + 1) : first));
        const types = parse.parseDescribeStatementResults(messages);
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serializer = pg.serializers[types[i]];
          return serializer ? serializer(param) : String(param);
        });
        messages.push(...await call(concat([
          serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync(),
        ])));
      } catch (error) {
        // An error before Sync leaves the backend skipping messages until it sees one.
        await sync();
        throw withQuery(error, sql, params);
      }
      return parse.parseResults(messages, pg.parsers)[0] as Results<T>;
    });
  }

  async function exec(sql: string, prefix?: Uint8Array): Promise<Results[]> {
    return internals._runExclusiveQuery(async () => {
      try {
        return parse.parseResults(await call(prefix ? concat([prefix, serialize.query(sql)]) : serialize.query(sql)), pg.parsers);
      } catch (error) {
        throw withQuery(error, sql, undefined);
      }
    });
  }

  return { query, exec };
}

/** Embedded PostgreSQL (WebAssembly) persisted in `dir`, or in memory when `dir` is undefined. */
export async function openPglite(dir: string | undefined): Promise<Db> {
  if (dir) await mkdir(dir, { recursive: true });
  const pg = await PGlite.create({
    dataDir: dir,
    extensions: { pgcrypto, uuid_ossp },
    parsers,
  });
  await pg.exec("set timezone to 'UTC'");
  const internals = pg as unknown as PgliteInternals;
  const runner = protocolRunner(pg, internals);
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      return toResult(await pg.query<T>(sql, params));
    },
    async exec(sql: string): Promise<void> {
      await pg.exec(sql);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      await internals._checkReady();
      try {
        return await internals._runExclusiveTransaction(async () => {
          // BEGIN travels in the first statement's call into the backend; a transaction that never
          // runs a statement has nothing to commit. Whether BEGIN took effect is read back from the
          // backend, so a failing first statement still gets its ROLLBACK.
          let begun = false;
          let closed = false;
          const beginSql = serialize.query(options.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
          const statement = async <R>(run: (prefix: Uint8Array | undefined) => Promise<R>): Promise<R> => {
            if (closed) throw new Error('Transaction is closed');
            if (begun) return run(undefined);
            try {
              return await run(beginSql);
            } finally {
              begun = pg.isInTransaction();
            }
          };
          const tx: Queryable = {
            async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
              return toResult(await statement((prefix) => runner.query<R>(sql, params, prefix)));
            },
            async exec(sql: string): Promise<void> {
              await statement((prefix) => runner.exec(sql, prefix));
            },
          };
          try {
            const value = await fn(tx);
            closed = true;
            if (begun) {
              const [result] = await runner.exec('COMMIT');
              if (result.command === 'ROLLBACK') throw withQuery(new TransactionAbortedError(), 'COMMIT', undefined);
            }
            return value;
          } catch (error) {
            if (begun && !closed) await runner.exec('ROLLBACK');
            closed = true;
            throw error;
          }
        });
      } catch (error) {
        if (error instanceof Rollback) return error.value as T;
        throw error;
      }
    },
    async listen(channel, onPayload) {
      const unlisten = await pg.listen(channel, onPayload);
      return async () => {
        await unlisten();
      };
    },
    async close() {
      await pg.close();
    },
  };
}
