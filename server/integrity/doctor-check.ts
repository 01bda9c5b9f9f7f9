import path from 'node:path';
import { runningClusterUrl } from '../db/embedded.ts';
import { openPostgres } from '../db/postgres.ts';

export interface IntegrityCheck {
  verdict: 'ok' | 'warn' | 'fail';
  message: string;
  fix?: string;
}

/**
 * The doctor's view of the integrity watch: open findings and held items fail, a watch that has
 * not run for two intervals warns. Reads the database of the running server (or DATABASE_URL);
 * without one it says so instead of starting a database.
 */
export async function integrityCheck(env: NodeJS.ProcessEnv): Promise<IntegrityCheck> {
  const url = env.DATABASE_URL || runningClusterUrl(path.resolve(env.DATA_DIR || './data'));
  if (!url) return { verdict: 'warn', message: 'the database is not running, so the integrity watch could not be asked', fix: 'Start the server (npm start), or run npm run integrity.' };
  const db = await openPostgres(url, { poolSize: 1, anonymousConcurrency: 1 });
  try {
    // openPostgres keeps timestamptz as text (TEXT_TYPE_OIDS)
    const { rows } = await db.query<{ findings: number; holds: number; last: string | null }>(
      `select (select count(*) from public.integrity_findings where resolved_at is null)::int as findings,
              (select count(*) from public.integrity_holds where status = 'pending')::int as holds,
              (select max(finished_at) from private.integrity_runs where error is null) as last`);
    const { findings, holds } = rows[0];
    const last = rows[0].last === null ? null : new Date(rows[0].last);
    const interval = Number(env.INTEGRITY_INTERVAL || 15);
    if (findings > 0 || holds > 0) {
      return { verdict: 'fail', message: `${findings} open finding(s), ${holds} item(s) held for review`, fix: 'Review them on /admin/integritas (superadmin), or run npm run integrity for details.' };
    }
    if (interval > 0 && (!last || Date.now() - last.getTime() > 2 * interval * 60_000)) {
      return { verdict: 'warn', message: last ? `the watch last finished ${last.toISOString()}` : 'the watch has not run yet', fix: 'Check the server log for [integrity] errors, or run npm run integrity.' };
    }
    return { verdict: 'ok', message: last ? `nothing open; last run ${last.toISOString()}` : 'nothing open (scheduled watch off)' };
  } finally {
    await db.close();
  }
}
