import { getRequestListener } from '@hono/node-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { ensureSuperadmin } from './auth/accounts.ts';
import type { Config } from './config.ts';
import type { ServerContext } from './context.ts';
import type { Db } from './db/adapter.ts';
import { hostedProject, refuseForeignSchemas } from './db/foreign-schemas.ts';
import { electJobLeader, soleServer, type JobLeader } from './db/job-leader.ts';
import { applyMigrations, applyPlatform } from './db/migrate.ts';
import { startEmbedded, type EmbeddedCluster } from './db/embedded.ts';
import { openPostgres } from './db/postgres.ts';
import { loadRoleSettings } from './db/role-settings.ts';
import { lastBackup } from './backup/archives.ts';
import { scheduleBackups } from './backup/server.ts';
import { seedDemo } from './db/seed.ts';
import { seedGalleryPhotos } from './seed-gallery-photos.ts';
import { recordDatabaseState } from './db/site-state.ts';
import { ReadCache } from './http/read-cache.ts';
import { LiveSessions } from './http/live-sessions.ts';
import { serveCachedRead } from './http/cached-read.ts';
import { databaseKeyStore, fileKeyStore } from './key-store.ts';
import { keysFrom, watchSigningKeys } from './keys.ts';
import { IntegrityNotices } from './integrity/notices.ts';
import { startIntegrityWatch, type IntegrityWatch } from './integrity/schedule.ts';
import { recordIntegritySettings } from './integrity/settings.ts';
import { AccountNotices } from './mail/account-notices.ts';
import { createMailer } from './mail/index.ts';
import { senderName } from './mail/templates.ts';
import { FreeSpace } from './storage/free-space.ts';
import { attachRealtime } from './realtime/index.ts';
import { scheduledPublication } from './site/scheduled-publication.ts';
import { startPageViewPurge, type PageViewPurge } from './stats/page-view-purge.ts';
import { CdnPurger } from './site/cdn-purge.ts';
import { recoverStorageFiles } from './storage/index.ts';
import { makeBlobStore } from './storage/make-store.ts';
import { syncCaptureTriggers } from './realtime/capture.ts';
import { log, setLogLevel } from './observability/log.ts';
import { Metrics } from './observability/metrics.ts';
import { observeRequests } from './observability/requests.ts';
import { watchServer } from './observability/server-metrics.ts';

export interface RunningServer {
  url: string;
  ctx: ServerContext;
  /** Reload caches that depend on the schema (after a test or an operator changes it). */
  schemaChanged(): Promise<void>;
  /** The embedded PostgreSQL server, when DATABASE_URL is not set. */
  cluster: EmbeddedCluster | undefined;
  /** Sends the approval mail the database queues. */
  notices: AccountNotices;
  /** Purges changed pages from the CDN, when CDN_PURGE_URL is set. */
  purger: CdnPurger | undefined;
  integrityNotices: IntegrityNotices;
  /** The scheduled integrity watch (INTEGRITY_INTERVAL); runNow() for tests and operators. */
  integrityWatch: IntegrityWatch;
  /** Reader statistics' daily salt and retention (PAGE_VIEW_RETENTION_DAYS); runNow() for tests. */
  pageViewPurge: PageViewPurge;
  /** Whether this server runs the site's once-only jobs (always, alone on its database). */
  jobs: JobLeader;
  /**
   * DATABASE_URL is a hosted Supabase project's, whose own services serve auth, REST, storage and
   * realtime: this server runs the workers and jobs on it and renders pages from SUPABASE_URL.
   */
  hosted: boolean;
  /** What /metrics reports; `metrics.gauge(...)` adds a value read at scrape time. */
  metrics: Metrics;
  /**
   * Answers /readyz 503 for SHUTDOWN_GRACE seconds while still serving, then stops accepting
   * connections, lets requests in flight finish (up to `drainMs`, 10 s by default), closes realtime sockets (clients reconnect), then stops the database.
   */
  close(drainMs?: number): Promise<void>;
}

/** In front of a hosted project the project's realtime serves the subscribers. */
const noRealtime = { sockets: 0, close: async () => undefined };

export interface Database {
  db: Db;
  cluster: EmbeddedCluster | undefined;
  close(): Promise<void>;
}

/** DATABASE_URL, or the embedded PostgreSQL server in DATA_DIR/db (started here). */
export async function openDatabase(config: Config): Promise<Database> {
  const pool = { poolSize: config.dbPoolSize, anonymousConcurrency: config.dbAnonConcurrency, acquisitionTimeoutMs: config.dbPoolAcquisitionTimeoutMs };
  if (config.databaseUrl) {
    const db = await openPostgres(config.databaseUrl, pool);
    return { db, cluster: undefined, close: () => db.close() };
  }
  const cluster = await startEmbedded(config.dataDir, {
    size: { maxConnections: config.pgMaxConnections, sharedBuffers: config.pgSharedBuffers },
    durable: config.pgDurable,
  });
  let db: Db;
  try {
    db = await openPostgres(cluster.url(), pool);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
  return {
    db,
    cluster,
    async close() {
      await db.close();
      await cluster.stop();
    },
  };
}

/**
 * Brings the database up to date: platform layer, app migrations, change capture, seeds. True when
 * the demo content was just loaded (its photos are stored once the storage service runs).
 */
export async function prepareDatabase(db: Db, config: Config): Promise<boolean> {
  await refuseForeignSchemas(db);
  await applyPlatform(db);
  const applied = await applyMigrations(db);
  await syncCaptureTriggers(db);
  await db.query('select realtime.sync_write_triggers()');
  const isNewDatabase = applied.length > 0 && applied[0] === (await firstMigration(db));
  if (!isNewDatabase || !config.seedDemo) return false;
  await seedDemo(db);
  return true;
}

async function firstMigration(db: Db): Promise<string | undefined> {
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations order by version limit 1',
  );
  return rows[0]?.version;
}

export async function startServer(config: Config): Promise<RunningServer> {
  const database = await openDatabase(config);
  const { db } = database;
  let hosted = false;
  let seeded = false;
  try {
    hosted = Boolean(config.databaseUrl) && await hostedProject(db, Boolean(config.supabaseUrl && config.supabaseAnonKey));
    if (!hosted) {
      seeded = await prepareDatabase(db, config);
      await recordDatabaseState(db, config.dataDir);
      await loadRoleSettings(db);
    }
  } catch (error) {
    await database.close();
    throw error;
  }
  const listeners: (() => Promise<void> | void)[] = [() => loadRoleSettings(db).then(() => undefined)];
  const mail = createMailer(config);
  // With DATABASE_URL other servers may share the database: they share the keys through it too.
  // In front of a hosted project the keys sign nothing anyone sees: the project's auth signs.
  const keyStore = config.databaseUrl && !hosted ? databaseKeyStore(db, config.dataDir, config.jwtSecret) : fileKeyStore(config.dataDir, config.jwtSecret);
  const ctx: ServerContext = {
    config,
    db,
    keys: await keysFrom(keyStore, config.jwtSigningAlg),
    mail,
    freeSpace: new FreeSpace({
      dir: config.dataDir,
      reserveBytes: config.diskReserveMb * 1024 * 1024,
      notify: { db, mail, siteName: senderName(config.mailFrom), dashboardUrl: `${config.siteUrl}/admin/dashboard` },
    }),
    sessions: new LiveSessions(db),
    blobs: makeBlobStore(config),
    onSchemaChange: (listener) => listeners.push(listener),
  };
  if (config.readCache && !hosted) {
    const cache = new ReadCache(db, {
      maxEntries: 1000, maxBytes: 32 * 1024 * 1024, ttlMs: config.readCacheTtlSeconds * 1000, timed: scheduledPublication(db),
    });
    await cache.start();
    ctx.readCache = cache;
    listeners.push(() => cache.schemaChanged());
  }
  const unwatchKeys = await watchSigningKeys(keyStore, ctx.keys, (err) => log.error({ err }, 'signing keys could not be reloaded'));
  if (!hosted) {
    await ctx.sessions.start();
    await ensureSuperadmin(ctx);
    ctx.freeSpace.start();
    await recoverStorageFiles(ctx);
  }
  const notices = new AccountNotices(ctx);
  await notices.start();
  // Over a shared DATABASE_URL the once-only jobs run on whichever server holds the job lock.
  const jobs = config.databaseUrl ? await electJobLeader(config.databaseUrl) : soleServer;
  const purger = config.cdnPurge && new CdnPurger(db, config.cdnPurge, undefined, jobs.leads);
  await purger?.start();
  const integrityNotices = new IntegrityNotices(ctx);
  await integrityNotices.start();

  const metrics = new Metrics();
  let stopping = false;
  setLogLevel(config.logLevel);
  const cluster = database.cluster;
  const app = createApp(ctx, { metrics, stopping: () => stopping, database: cluster && (() => cluster.status()), hosted }, { ownApi: !hosted });
  if (seeded) await seedGalleryPhotos((path, init) => Promise.resolve(app.request(path, init)), ctx.keys.serviceKey);
  const listener = getRequestListener(app.fetch);
  const { readCache } = ctx;
  const observe = observeRequests({ metrics, keys: ctx.keys, trustProxy: config.trustProxy });
  // Observed first, whatever answers: the log level never changes which path runs.
  const server = createServer(readCache
    ? (req, res) => { observe(req, res); if (!serveCachedRead(readCache, ctx.keys, req, res)) void listener(req, res); }
    : (req, res) => { observe(req, res); void listener(req, res); });
  const realtime = hosted ? noRealtime : attachRealtime(server, ctx, { observeUpgrade: observe.upgrade });
  watchServer(metrics, { db, readCache, realtime });
  metrics.gauge('jobs_leader', 'Whether this server runs the site\'s once-only jobs (1) or another server of the site does (0).', () => (jobs.leads() ? 1 : 0));
  metrics.gauge('disk_free_bytes', 'Free bytes on the disk of DATA_DIR (uploads and new renditions stop below DISK_RESERVE_MB).', () => ctx.freeSpace.freeBytes());
  metrics.gauge('disk_reserve_bytes', 'The free space kept for PostgreSQL (DISK_RESERVE_MB).', () => ctx.freeSpace.reserveBytes);
  metrics.gauge('backup_age_seconds', 'Seconds since the newest good backup in BACKUP_DIR.', async () => {
    const newest = await lastBackup(config.backupDir);
    return newest && (Date.now() - newest.time.getTime()) / 1000;
  });
  // A hosted project's database is backed up by Supabase; its auth and storage are not ours to dump.
  const backups = hosted ? undefined : scheduleBackups(config, database.cluster, ctx.blobs, jobs.leads);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  await recordIntegritySettings(db, [config.siteUrl, `http://${host}:${port}`, ...(config.supabaseUrl ? [config.supabaseUrl] : [])], config.linkAllowlist);
  // The watch looks at the site through its own address, as any visitor would.
  const integrityWatch = await startIntegrityWatch(db, metrics, {
    siteUrl: config.serveSite ? `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}` : undefined,
    intervalMinutes: config.integrityIntervalMinutes,
    leads: jobs.leads,
  });

  const pageViewPurge = await startPageViewPurge(db, config.pageViewRetentionDays);

  return {
    url: `http://${host}:${port}`,
    ctx,
    cluster: database.cluster,
    notices,
    purger,
    integrityNotices,
    integrityWatch,
    pageViewPurge,
    jobs,
    hosted,
    metrics,
    async schemaChanged() {
      for (const listener of listeners) await listener();
    },
    async close(drainMs = 10_000) {
      stopping = true;
      // Still serving while the load balancer's check sees /readyz go 503 and sends elsewhere.
      if (config.shutdownGraceSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceSeconds * 1000));
      await unwatchKeys();
      await integrityWatch.stop();
      pageViewPurge.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      if (!(await observe.drained(drainMs))) log.warn({ inFlight: observe.inFlight }, `requests still running after ${drainMs / 1000} s are cut off`);
      await backups?.stop();
      await realtime.close();
      server.closeAllConnections();
      await closed;
      ctx.freeSpace.stop();
      await notices.stop();
      await purger?.stop();
      await integrityNotices.stop();
      await jobs.stop();
      await ctx.readCache?.stop();
      if (!hosted) await ctx.sessions.stop();
      await database.close();
    },
  };
}
