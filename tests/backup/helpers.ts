import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withDatabase } from '../support/template-db.ts';

let counter = 0;

/** The test run's one PostgreSQL server (global setup). */
export function clusterBase(): string {
  const base = process.env.TEST_DATABASE_URL_BASE;
  if (!base) throw new Error('these tests need the global setup\'s PostgreSQL server');
  return base;
}

export async function asAdmin<T>(fn: (client: pg.Client) => Promise<T>, url = clusterBase()): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A new database with nothing in it, as a restore target. */
export async function emptyDatabase(): Promise<string> {
  const name = `r_${process.pid}_${Date.now()}_${counter++}`;
  await asAdmin((c) => c.query(`create database ${pg.escapeIdentifier(name)}`));
  return withDatabase(clusterBase(), name);
}

export const tempDir = (prefix: string) => mkdtempSync(path.join(os.tmpdir(), prefix));
