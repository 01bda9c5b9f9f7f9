import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMigrations, applyPlatform } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { startPostgres15, type Postgres15 } from './pg15.ts';

let cluster: Postgres15 | undefined;
let pgliteTemplate: string | undefined;

/**
 * By default one migrated PGlite data directory is prepared for copying.
 * With TEST_DB=postgres the whole suite runs against a throwaway PostgreSQL 15 cluster: one
 * migrated template database here, then one copy per test server.
 */
export async function setup(): Promise<void> {
  if (process.env.TEST_DB !== 'postgres') {
    // initdb + platform + migrations once; each test server starts from a copy of this directory.
    pgliteTemplate = mkdtempSync(path.join(os.tmpdir(), 'skd-pglite-template-'));
    const db = await openPglite(pgliteTemplate);
    await applyPlatform(db);
    await applyMigrations(db);
    await db.close();
    process.env.TEST_PGLITE_TEMPLATE = pgliteTemplate;
    return;
  }
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
  if (pgliteTemplate) rmSync(pgliteTemplate, { recursive: true, force: true });
}
