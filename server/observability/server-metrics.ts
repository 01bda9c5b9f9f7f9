import type { Db } from '../db/adapter.ts';
import type { ReadCache } from '../http/read-cache.ts';
import type { Metrics } from './metrics.ts';

/** Mirrors server/mail/account-notices.ts: a notice tried this often waits for an operator. */
const MAX_ATTEMPTS = 5;

/** The gauges read from this server's parts at scrape time: pool, caches, sockets, mail queue. */
export function watchServer(metrics: Metrics, parts: { db: Db; readCache: ReadCache | undefined; realtime: { readonly sockets: number } }): void {
  const { db, readCache, realtime } = parts;
  metrics.gauge('db_pool_connections', 'PostgreSQL connections this server holds, by state.', 'state', () => {
    const s = db.poolStats();
    return { in_use: s.open - s.idle, idle: s.idle };
  });
  metrics.gauge('db_pool_waiting', 'Requests waiting: for a pooled connection (pool) or for an anonymous place (anonymous).', 'queue', () => {
    const s = db.poolStats();
    return { pool: s.waiting, anonymous: s.anonymousWaiting };
  });
  metrics.gauge('db_pool_anonymous_in_use', 'Anonymous requests holding one of their places (DB_ANON_CONCURRENCY).', () => db.poolStats().anonymousHeld);
  if (readCache) metrics.cache('read', readCache.stats);
  metrics.gauge('realtime_sockets', 'Open realtime websockets.', () => realtime.sockets);
  metrics.gauge('mail_queue_notices', 'Account notices in the outbox: pending (will be sent) and failed (tried too often).', 'state', async () => {
    const { rows } = await db.query<{ pending: number; failed: number }>(
      `select count(*) filter (where attempts < $1)::int as pending, count(*) filter (where attempts >= $1)::int as failed
       from private.account_notices`, [MAX_ATTEMPTS]);
    return { pending: rows[0].pending, failed: rows[0].failed };
  });
}
