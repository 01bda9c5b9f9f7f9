import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbedded, type EmbeddedCluster } from '../../server/db/embedded.ts';
import { applyMigrations, applyPlatform } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/postgres.ts';

export const TEMPLATE_DATABASE = 'skd_template';

let cluster: EmbeddedCluster | undefined;
let dir: string | undefined;

/**
 * One embedded PostgreSQL 17 server for the whole run (the engine `npm start` uses), with one
 * database migrated once; every test server gets its own copy of it (CREATE DATABASE ... TEMPLATE,
 * milliseconds) instead of its own cluster.
 */
export async function setup(): Promise<void> {
  dir = mkdtempSync(path.join(os.tmpdir(), 'skd-pg-'));
  cluster = await startEmbedded(dir, { size: { maxConnections: 400, sharedBuffers: '64MB' }, durable: false });
  const admin = await openPostgres(cluster.url(), { poolSize: 1, anonymousConcurrency: 1 });
  await admin.exec(`create database ${TEMPLATE_DATABASE}`);
  await admin.close();
  const db = await openPostgres(cluster.url(TEMPLATE_DATABASE), { poolSize: 2, anonymousConcurrency: 1 });
  await applyPlatform(db);
  await applyMigrations(db);
  await db.close();
  process.env.TEST_DATABASE_URL_BASE = cluster.url();
  process.env.TEST_DATABASE_TEMPLATE = TEMPLATE_DATABASE;
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
