import type { Db } from '../db/adapter.ts';
import { log } from '../observability/log.ts';

export interface PageViewPurge {
  /** Rotates the daily salt and deletes what is past its time now (tests and operators). */
  runNow(): Promise<void>;
  stop(): void;
}

/** How often the purge looks: the salt and the per-visitor rows of a day outlive it by at most this. */
const EVERY_MS = 5 * 60_000;

/**
 * Reader statistics' retention (decision 0044): sets how long the daily aggregates are kept, then
 * every five minutes replaces the daily salt once the day (Asia/Jakarta) has changed, deleting the
 * old salt and every per-visitor row with it, and deletes aggregates older than the retention.
 * Counting does the rotation itself too, so a hosted project without this server loses nothing
 * per visitor later than its first view of the next day (README: pg_cron for the rest).
 */
export async function startPageViewPurge(db: Db, retentionDays: number): Promise<PageViewPurge> {
  await db.query(`update private.page_view_settings set retention = make_interval(days => $1)`, [retentionDays]);
  const runNow = async () => {
    await db.query('select private.purge_page_views()');
  };
  const tick = () => runNow().catch((error: unknown) => log.error({ err: error }, '[stats] page view purge failed'));
  await tick();
  const timer = setInterval(() => void tick(), EVERY_MS);
  timer.unref();
  return { runNow, stop: () => clearInterval(timer) };
}
