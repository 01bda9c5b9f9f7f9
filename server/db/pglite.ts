import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { Rollback, TEXT_TYPE_OIDS, type Db, type Queryable, type QueryResult, type TransactionOptions } from './adapter.ts';

const parsers = Object.fromEntries(TEXT_TYPE_OIDS.map((oid) => [oid, (value: string) => value]));

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params);
      return {
        rows: result.rows,
        rowCount: result.affectedRows ?? result.rows.length,
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
      };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
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
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      try {
        return await pg.transaction(async (tx) => {
          if (options.readOnly) await tx.exec('set transaction read only');
          return fn(wrap(tx));
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
