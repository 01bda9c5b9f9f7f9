import type { Config } from '../config.ts';
import type { Db } from '../db/adapter.ts';
import { runningClusterUrl } from '../db/embedded.ts';
import { openPostgres } from '../db/postgres.ts';

/** The site's database for an operator command, migrated; closed by the caller. */
export async function openDb(config: Config): Promise<{ db: Db; close(): Promise<void> }> {
  const { openDatabase, prepareDatabase } = await import('../server.ts');
  const running = config.databaseUrl ? undefined : runningClusterUrl(config.dataDir);
  // With `npm start` running on this DATA_DIR, talk to its PostgreSQL instead of starting another.
  const database = running
    ? await openPostgres(running, { poolSize: 2, anonymousConcurrency: 1 }).then((db) => ({ db, close: () => db.close() }))
    : await openDatabase(config);
  try {
    await prepareDatabase(database.db, config);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
