import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from './adapter.ts';
import { migrationLevel } from './migrate.ts';

/**
 * DATA_DIR/site.json: who this site is and what its database was last brought to. The site id
 * tells a backup of this site from another's; the PostgreSQL major and migration level tell an
 * operator (and `npm run doctor`) what an upgrade starts from.
 */
export interface SiteState {
  siteId: string;
  /** Major of the PostgreSQL server the site last ran on. */
  postgresMajor?: number;
  /** Latest applied migration version. */
  migration?: string;
  updatedAt?: string;
}

const file = (dataDir: string) => path.join(dataDir, 'site.json');

export function readSiteState(dataDir: string): SiteState | undefined {
  try {
    const state = JSON.parse(readFileSync(file(dataDir), 'utf8')) as SiteState;
    return typeof state.siteId === 'string' ? state : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${file(dataDir)} is not valid: ${(error as Error).message}`);
  }
}

export function writeSiteState(dataDir: string, state: SiteState): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temp = `${file(dataDir)}.${process.pid}.tmp`;
  writeFileSync(temp, JSON.stringify(state, null, 2) + '\n', { mode: 0o600 });
  renameSync(temp, file(dataDir));
}

/** The site's id, made on first use. */
export function siteId(dataDir: string): string {
  const state = readSiteState(dataDir);
  if (state) return state.siteId;
  const id = randomUUID();
  writeSiteState(dataDir, { siteId: id });
  return id;
}

export function recordSiteState(dataDir: string, update: { postgresMajor: number; migration: string | undefined }): void {
  const state = readSiteState(dataDir) ?? { siteId: randomUUID() };
  if (state.postgresMajor === update.postgresMajor && state.migration === update.migration) return;
  writeSiteState(dataDir, { ...state, ...update, updatedAt: new Date().toISOString() });
}

/** Records the running server's PostgreSQL major and migration level (after migrating). */
export async function recordDatabaseState(db: Queryable, dataDir: string): Promise<void> {
  const { rows } = await db.query<{ major: number }>("select current_setting('server_version_num')::int / 10000 as major");
  recordSiteState(dataDir, { postgresMajor: rows[0].major, migration: await migrationLevel(db) });
}
