import { foreignSchemaProblem, hostedProject } from '../db/foreign-schemas.ts';
import { migrationFiles } from '../db/migrate.ts';
import { openPostgres } from '../db/postgres.ts';
import type { Finding } from './doctor.ts';

export interface DatabaseFinding {
  finding: Finding;
  /** DATABASE_URL is a hosted Supabase project's: Supabase keeps its files, backups and keys. */
  hosted: boolean;
}

/**
 * The doctor's look at DATABASE_URL (none without it: the embedded database is checked by
 * starting the server): reachable, and for a hosted project every migration recorded there, the
 * same test the server makes before running in front of it.
 */
export async function databaseFinding(env: NodeJS.ProcessEnv): Promise<DatabaseFinding | undefined> {
  if (!env.DATABASE_URL) return undefined;
  let db;
  try {
    db = await openPostgres(env.DATABASE_URL, { poolSize: 1, anonymousConcurrency: 1 });
    await db.query('select 1');
  } catch (error) {
    await db?.close();
    return { hosted: false, finding: { check: 'database', verdict: 'fail', message: `DATABASE_URL does not answer: ${(error as Error).message}`, fix: 'Check the host, port, user and password in DATABASE_URL.' } };
  }
  try {
    if (!(await foreignSchemaProblem(db))) return { hosted: false, finding: { check: 'database', verdict: 'ok', message: 'DATABASE_URL answers' } };
    try {
      await hostedProject(db, true);
    } catch (error) {
      return { hosted: true, finding: { check: 'database', verdict: 'fail', message: (error as Error).message, fix: 'npx supabase db push' } };
    }
    const count = (await migrationFiles()).length;
    return { hosted: true, finding: { check: 'database', verdict: 'ok', message: `a hosted Supabase project's database; all ${count} migrations of this site are recorded there` } };
  } finally {
    await db.close();
  }
}
