import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fromRoot } from '../paths.ts';
import { isPgError, type Db } from './adapter.ts';

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

/**
 * Applies supabase/migrations/<version>_<name>.sql once each, in order, recording them in
 * supabase_migrations.schema_migrations as the Supabase CLI does. Returns the versions applied.
 */
export async function applyMigrations(db: Db, dir = MIGRATIONS_DIR): Promise<string[]> {
  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows
      .map((r) => r.version),
  );
  const applied: string[] = [];
  for (const file of await sqlFiles(dir)) {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match) throw new Error(`migration file name must be <version>_<name>.sql: ${file}`);
    const [, version, name] = match;
    if (done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
      });
    } catch (error) {
      throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(version);
  }
  return applied;
}
