import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from '../paths.ts';
import { isPgError, type Db, type Queryable } from './adapter.ts';

export const PLATFORM_DIR = fromRoot('server', 'db', 'platform');
export const MIGRATIONS_DIR = fromRoot('supabase', 'migrations');

async function sqlFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Creates what Supabase provides to every project (roles, auth, storage, publication, migration
 * table). Every file is idempotent, so this runs on each start.
 */
export async function applyPlatform(db: Db): Promise<void> {
  for (const file of await sqlFiles(PLATFORM_DIR)) {
    const sql = await readFile(path.join(PLATFORM_DIR, file), 'utf8');
    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction((tx) => tx.exec(sql));
        break;
      } catch (error) {
        // Roles are shared by every database of a cluster: two servers starting at once on one
        // cluster (the test run) may update the same role row; the loser simply runs again.
        if (attempt < 5 && isConcurrentUpdate(error)) continue;
        throw new Error(`platform SQL ${file} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  }
}

function isConcurrentUpdate(error: unknown): boolean {
  if (!isPgError(error)) return false;
  return error.code === '40001' || error.code === '40P01' || error.code === '23505' || /concurrently/.test(error.message);
}

/** Serialises migrators on one database: two servers starting at once apply each migration once. */
const MIGRATION_LOCK_KEY = '8317708153117138796';

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export async function migrationFiles(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  return (await sqlFiles(dir)).map((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match) throw new Error(`migration file name must be <version>_<name>.sql: ${file}`);
    return { version: match[1], name: match[2], file };
  });
}

/** The latest applied migration, or undefined on a database without any. */
export async function migrationLevel(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ version: string | null }>('select max(version) as version from supabase_migrations.schema_migrations');
  return rows[0]?.version ?? undefined;
}

export interface MigrateOptions {
  dir?: string;
  /** Stop after this version (a restore rebuilds the schema of the backup's level). */
  upTo?: string;
}

/**
 * Applies supabase/migrations/<version>_<name>.sql once each, in order, recording them in
 * supabase_migrations.schema_migrations as the Supabase CLI does. Returns the versions applied.
 * Each migration runs in its own transaction under an advisory lock and is checked again once
 * the lock is held, so a failed migration leaves the database at the one before, and a second
 * server starting at the same time waits instead of applying it twice.
 */
export async function applyMigrations(db: Db, { dir = MIGRATIONS_DIR, upTo }: MigrateOptions = {}): Promise<string[]> {
  const files = await migrationFiles(dir);
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows
      .map((r) => r.version),
  );
  const latestKnown = files.at(-1)?.version;
  const newest = [...done].sort().at(-1);
  if (newest && latestKnown && newest > latestKnown && !files.some((f) => f.version === newest)) {
    throw new Error(`The database is at migration ${newest}, newer than this version of the site knows (latest ${latestKnown}). `
      + 'Run the version of the site that migrated it, or restore a backup made by this version into an empty DATA_DIR.');
  }
  const applied: string[] = [];
  for (const { version, name, file } of files) {
    if (upTo !== undefined && version > upTo) break;
    if (done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    try {
      const ran = await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
        const again = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version]);
        if (again.rowCount > 0) return false;
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
        return true;
      });
      if (ran) applied.push(version);
    } catch (error) {
      throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
  return applied;
}
