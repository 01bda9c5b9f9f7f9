import { applyMigrations, applyPlatform } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { startPostgres15, type Postgres15 } from './pg15.ts';

let cluster: Postgres15 | undefined;

/**
 * With TEST_DB=postgres the whole suite runs against a throwaway PostgreSQL 15 cluster: one
 * migrated template database here, then one copy per test server.
 */
export async function setup(): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') return;
  cluster = await startPostgres15();
  const templateUrl = await cluster.createDatabase('skd_template');
  const db = await openPostgres(templateUrl);
  await applyPlatform(db);
  await applyMigrations(db);
  await db.close();
  process.env.TEST_DATABASE_URL_BASE = cluster.url;
  process.env.TEST_DATABASE_TEMPLATE = 'skd_template';
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
