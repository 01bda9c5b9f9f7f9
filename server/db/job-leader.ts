import pg from 'pg';
import { log } from '../observability/log.ts';

/** Any fixed number: the lock is per database, so every server of a site asks for the same one. */
export const JOB_LEADER_LOCK_KEY = '5170613841023958117';
const RETRY_MS = 10_000;

export interface JobLeader {
  /** True while this server runs the site's once-only jobs. */
  leads(): boolean;
  stop(): Promise<void>;
}

/** A server alone on its database (the embedded one) runs every job. */
export const soleServer: JobLeader = { leads: () => true, stop: async () => undefined };

/**
 * The jobs that must run once for the whole site (the integrity watch, scheduled backups, CDN
 * purges) run on one server: the one holding a session advisory lock on a connection of its own.
 * The others ask again every 10 s. The lock ends with its connection: a stopped or killed server's
 * backend is gone at once, and a server whose machine vanished is dropped by PostgreSQL's TCP
 * keepalives (about 25 s), so a dead server's jobs are taken over within a minute.
 * Session locks need a direct connection: DATABASE_URL must not name a transaction pooler.
 */
export async function electJobLeader(url: string, onChange: (leads: boolean) => void = () => undefined): Promise<JobLeader> {
  let client: pg.Client | undefined;
  let leading = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const setLeading = (value: boolean) => {
    if (value === leading) return;
    leading = value;
    log.info(value ? '[jobs] this server now runs the site\'s scheduled jobs' : '[jobs] this server no longer runs the site\'s scheduled jobs');
    onChange(value);
  };

  const lost = (from: pg.Client) => {
    if (client !== from) return;
    client = undefined;
    setLeading(false);
  };

  const attempt = async () => {
    if (stopped) return;
    try {
      if (!client) {
        const next = new pg.Client({ connectionString: url, application_name: 'skadron-jobs', keepAlive: true });
        next.on('error', (error) => { log.warn({ err: error }, '[jobs] the job lock connection failed'); lost(next); });
        next.on('end', () => lost(next));
        await next.connect();
        // A backend whose client vanished without closing is noticed within about 25 s.
        await next.query('set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 3');
        client = next;
      }
      if (!leading) {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [JOB_LEADER_LOCK_KEY]);
        setLeading(rows[0].ok);
      }
    } catch (error) {
      log.warn({ err: error }, '[jobs] could not ask for the job lock');
      const broken = client;
      if (broken) lost(broken);
      await broken?.end().catch(() => undefined);
    } finally {
      if (!stopped) {
        timer = setTimeout(() => void attempt(), RETRY_MS);
        timer.unref();
      }
    }
  };

  await attempt();
  return {
    leads: () => leading,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const open = client;
      client = undefined;
      setLeading(false);
      // Closing the connection releases the lock: another server takes the jobs on its next try.
      await open?.end().catch(() => undefined);
    },
  };
}
