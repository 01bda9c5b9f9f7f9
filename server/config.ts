import path from 'node:path';
import type { SigningAlg } from './keys.ts';
import { LOG_LEVELS } from './observability/log.ts';
import { defaultHashBudget, type HashBudget } from './auth/hash-queue.ts';
import type { Keep } from './backup/archives.ts';
import { parseKeep, parseSchedule, type Schedule } from './backup/schedule.ts';
import { backupS3Settings, storageS3Settings, type BackupS3Settings, type S3Settings } from './s3/settings.ts';
import { TX_END_VALUES, type TxEnd } from './rest/preferences.ts';
import type { PurgeSettings } from './site/cdn-purge.ts';

/** Every operator setting, read and checked once at start (README lists them). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /** JWT_SIGNING_ALG: ES256 signs access tokens with the current key of DATA_DIR/signing-keys.json; HS256 with JWT_SECRET. */
  jwtSigningAlg: SigningAlg;
  jwtExpirySeconds: number;
  /** Seconds a rotated refresh token may still be replayed (parallel refreshes from two tabs). */
  refreshTokenReuseInterval: number;
  superadminEmail: string | undefined;
  superadminPassword: string | undefined;
  seedDemo: boolean;
  authAutoconfirm: boolean;
  /**
   * GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: a password change from a session
   * signed in more than 24 hours ago needs the nonce mailed by GET /reauthenticate.
   */
  authPasswordReauthentication: boolean;
  /**
   * GoTrue's EXTERNAL_ANONYMOUS_USERS_ENABLED: POST /signup without e-mail or phone makes an
   * anonymous user. The database holds such users to what a visitor may do (migration 20261128060100).
   */
  authAnonymousSignIns: boolean;
  /**
   * AUTH_PASSKEYS, GoTrue's [auth.passkey] enabled: passkeys as a first factor (/passkeys), with
   * the relying party of the security keys (SITE_URL). Off: /passkeys answers 404 passkey_disabled.
   */
  authPasskeys: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  siteUrl: string;
  /** Extra allowed redirect targets for e-mail links (comma-separated; `*` wildcards allowed). */
  redirectAllowList: string[];
  /** Multiplier on every rate limit; tests raise it instead of taking other code paths. */
  rateLimitScale: number;
  /** Serve the built SPA from dist/ (false for API-only test servers). */
  serveSite: boolean;
  /** A hosted Supabase project the site renders from instead of this server's own API. */
  supabaseUrl: string | undefined;
  supabaseAnonKey: string | undefined;
  /** pino level (LOG_LEVEL): `info` logs one line per request, `warn` only problems. */
  logLevel: string;
  /** Bearers of this token may read /metrics from any address (METRICS_TOKEN); loopback always may. */
  metricsToken: string | undefined;
  /** Connections this server opens to PostgreSQL at most (DB_POOL_SIZE). */
  dbPoolSize: number;
  /** Of those, how many anonymous API requests may hold at once (DB_ANON_CONCURRENCY). */
  dbAnonConcurrency: number;
  /** How long a request waits for a connection before a 504 PGRST003 (DB_POOL_ACQUISITION_TIMEOUT, seconds). */
  dbPoolAcquisitionTimeoutMs: number;
  /** Embedded server only: max_connections and shared_buffers (PG_MAX_CONNECTIONS, PG_SHARED_BUFFERS). */
  pgMaxConnections: number;
  pgSharedBuffers: string;
  /** Embedded server only: false for throwaway clusters (tests, benchmarks), skipping fsync. */
  pgDurable: boolean;
  /** Keep anonymous REST reads in memory until a write (READ_CACHE); READ_CACHE_TTL caps an entry's life in seconds. */
  readCache: boolean;
  readCacheTtlSeconds: number;
  /**
   * REST_TX_END, PostgREST's db-tx-end: how each REST request's transaction ends and whether
   * `Prefer: tx=commit|rollback` may choose (the `-allow-override` values). Default
   * commit-allow-override, so a client asking for a rollback never has its writes committed.
   */
  restTxEnd: TxEnd;
  /**
   * REST_AGGREGATES, PostgREST's db-aggregates-enabled: `count()`, `sum()`... in `select`. Off by
   * default as in PostgREST (an aggregate reads every matching row); the database's
   * `pgrst.db_aggregates_enabled` role setting overrides it.
   */
  restAggregates: boolean;
  /**
   * REST_PLAN, PostgREST's db-plan-enabled: answer `Accept: application/vnd.pgrst.plan` with the
   * query's EXPLAIN. Off by default as in PostgREST (a plan tells more about the database than the
   * rows do); the database's `pgrst.db_plan_enabled` role setting overrides it.
   */
  restPlan: boolean;
  /**
   * REST_SCHEMAS, PostgREST's db-schemas: the schemas /rest/v1 exposes, the first the default, the
   * others chosen by Accept-Profile / Content-Profile. Default `public` only.
   */
  restSchemas: string[];
  /**
   * REST_MAX_ROWS, PostgREST's db-max-rows: at most this many rows in a read or a function's answer
   * (the client's limit may be lower), and the threshold under which `count=estimated` is exact.
   * Unset: no cap.
   */
  restMaxRows: number | undefined;
  /** Proxy addresses whose X-Forwarded-For is believed (TRUST_PROXY, comma-separated). */
  trustProxy: string[];
  /** Serve captured mail at /_dev/mail to loopback clients (DEV_MAILBOX=true; never with SMTP_URL). */
  devMailbox: boolean;
  /**
   * STORAGE_ORIGIN: a hosted Supabase project's origin whose storage serves the site's images,
   * added to the pages' CSP img-src (otherwise images come only from this site and blob:).
   */
  storageOrigin: string | undefined;
  /** Where backups are written and kept (BACKUP_DIR); BACKUP_SCHEDULE/BACKUP_KEEP: the server's own backups. */
  backupDir: string;
  backupSchedule: Schedule | undefined;
  backupKeep: Keep;
  /** STORAGE_BACKEND=s3 and STORAGE_S3_*: stored files in an S3 bucket (unset: DATA_DIR/storage). */
  storageS3: S3Settings | undefined;
  /** BACKUP_S3_BUCKET, BACKUP_S3_PREFIX: every backup is also copied there. */
  backupS3: BackupS3Settings | undefined;
  /** CDN_PURGE_URL, CDN_PURGE_TOKEN, CDN_PURGE_FORMAT: where content changes are purged from a CDN (unset: nowhere). */
  cdnPurge: PurgeSettings | undefined;
  /** Disk kept for image renditions (RENDER_CACHE_MB) and renders waiting at most (RENDER_QUEUE). */
  renderCacheMb: number;
  renderQueue: number;
  /** Disk space kept free for PostgreSQL (DISK_RESERVE_MB): below it uploads and new renditions are refused. */
  diskReserveMb: number;
  /**
   * Password hashes running at once (AUTH_HASH_CONCURRENCY, default cores - 1, at least 1) and
   * waiting at most (AUTH_HASH_QUEUE; known devices get half as many places of their own).
   */
  authHashing: HashBudget;
  /** Outbound link domains that keep ranking value and need no review (LINK_ALLOWLIST, comma-separated; `*.` wildcards). */
  linkAllowlist: string[];
  /** Minutes between integrity watch runs (INTEGRITY_INTERVAL; 0 turns the scheduled watch off). */
  integrityIntervalMinutes: number;
  /** Days the daily reader statistics are kept (PAGE_VIEW_RETENTION_DAYS, default 730: two years). */
  pageViewRetentionDays: number;
  /**
   * Seconds a stopping server keeps serving while /readyz already answers 503 (SHUTDOWN_GRACE,
   * default 0): long enough for a load balancer's health check to take it out before it stops
   * accepting connections.
   */
  shutdownGraceSeconds: number;
}

function cdnPurge(env: NodeJS.ProcessEnv): PurgeSettings | undefined {
  if (!env.CDN_PURGE_URL) return undefined;
  let url: URL;
  try {
    url = new URL(env.CDN_PURGE_URL);
  } catch {
    throw new Error(`CDN_PURGE_URL must be an http(s) address, got "${env.CDN_PURGE_URL}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`CDN_PURGE_URL must be an http(s) address, got "${env.CDN_PURGE_URL}"`);
  const format = env.CDN_PURGE_FORMAT || 'cloudflare';
  if (format !== 'cloudflare' && format !== 'surrogate-key') throw new Error('CDN_PURGE_FORMAT must be cloudflare or surrogate-key');
  return { url: url.href, token: env.CDN_PURGE_TOKEN || undefined, format };
}

function origin(name: string, value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an https origin such as https://abcd.supabase.co, got "${value}"`);
  }
  if (url.protocol !== 'https:') throw new Error(`${name} must be an https origin such as https://abcd.supabase.co, got "${value}"`);
  return url.origin;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error(`Expected a boolean (true/false) but got "${value}"`);
}

function int(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function signingAlg(value: string | undefined): SigningAlg {
  if (!value) return 'ES256';
  if (value !== 'ES256' && value !== 'HS256') throw new Error(`JWT_SIGNING_ALG must be ES256 or HS256, got "${value}"`);
  return value;
}

function txEnd(value: string | undefined): TxEnd {
  if (!value) return 'commit-allow-override';
  if (!(TX_END_VALUES as readonly string[]).includes(value)) throw new Error(`REST_TX_END must be one of ${TX_END_VALUES.join(', ')}, got "${value}"`);
  return value as TxEnd;
}

function restSchemas(value: string | undefined): string[] {
  const list = (value || 'public').split(',').map((s) => s.trim()).filter(Boolean);
  const bad = list.find((s) => !/^[a-z_][a-z0-9_]*$/.test(s) || s.startsWith('pg_') || s === 'information_schema');
  if (bad !== undefined || list.length === 0) throw new Error(`REST_SCHEMAS must be a comma-separated list of schema names, got "${value}"`);
  return [...new Set(list)];
}

function logLevel(value: string | undefined): string {
  if (!value) return 'info';
  if (!LOG_LEVELS.includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${value}"`);
  return value;
}

function hashBudget(env: NodeJS.ProcessEnv): HashBudget {
  const fallback = defaultHashBudget();
  const concurrency = int('AUTH_HASH_CONCURRENCY', env.AUTH_HASH_CONCURRENCY, fallback.concurrency) || 1;
  const queue = int('AUTH_HASH_QUEUE', env.AUTH_HASH_QUEUE, 8 * concurrency) || 1;
  return { concurrency, queue, deviceQueue: Math.max(1, Math.ceil(queue / 2)) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = int('PORT', env.PORT, 3000);
  const host = env.HOST || '127.0.0.1';
  const config: Config = {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    jwtSigningAlg: signingAlg(env.JWT_SIGNING_ALG),
    jwtExpirySeconds: int('JWT_EXPIRY', env.JWT_EXPIRY, 3600),
    refreshTokenReuseInterval: int('REFRESH_TOKEN_REUSE_INTERVAL', env.REFRESH_TOKEN_REUSE_INTERVAL, 10),
    superadminEmail: env.SUPERADMIN_EMAIL || undefined,
    superadminPassword: env.SUPERADMIN_PASSWORD || undefined,
    seedDemo: bool(env.SEED_DEMO, true),
    authAutoconfirm: bool(env.AUTH_AUTOCONFIRM, false),
    authPasswordReauthentication: bool(env.AUTH_PASSWORD_REAUTHENTICATION, false),
    authAnonymousSignIns: bool(env.AUTH_ANONYMOUS_SIGN_INS, false),
    authPasskeys: bool(env.AUTH_PASSKEYS, false),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Skadron 31/Serbu <no-reply@localhost>',
    // the address `npm start` prints, so mailed links work out of the box
    siteUrl: (env.SITE_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`).replace(/\/+$/, ''),
    redirectAllowList: (env.ADDITIONAL_REDIRECT_URLS || '').split(',').map((s) => s.trim()).filter(Boolean),
    rateLimitScale: int('RATE_LIMIT_SCALE', env.RATE_LIMIT_SCALE, 1) || 1,
    serveSite: bool(env.SERVE_SITE, true),
    supabaseUrl: env.SUPABASE_URL?.replace(/\/+$/, '') || undefined,
    supabaseAnonKey: env.SUPABASE_ANON_KEY || undefined,
    logLevel: logLevel(env.LOG_LEVEL),
    metricsToken: env.METRICS_TOKEN || undefined,
    dbPoolSize: int('DB_POOL_SIZE', env.DB_POOL_SIZE, 20) || 1,
    dbAnonConcurrency: int('DB_ANON_CONCURRENCY', env.DB_ANON_CONCURRENCY, 14) || 1,
    dbPoolAcquisitionTimeoutMs: (int('DB_POOL_ACQUISITION_TIMEOUT', env.DB_POOL_ACQUISITION_TIMEOUT, 10) || 1) * 1000,
    pgMaxConnections: int('PG_MAX_CONNECTIONS', env.PG_MAX_CONNECTIONS, 40),
    pgSharedBuffers: env.PG_SHARED_BUFFERS || '32MB',
    pgDurable: bool(env.PG_DURABLE, true),
    readCache: bool(env.READ_CACHE, true),
    readCacheTtlSeconds: int('READ_CACHE_TTL', env.READ_CACHE_TTL, 60),
    restTxEnd: txEnd(env.REST_TX_END),
    restAggregates: bool(env.REST_AGGREGATES, false),
    restPlan: bool(env.REST_PLAN, false),
    restSchemas: restSchemas(env.REST_SCHEMAS),
    restMaxRows: env.REST_MAX_ROWS ? int('REST_MAX_ROWS', env.REST_MAX_ROWS, 0) || undefined : undefined,
    trustProxy: (env.TRUST_PROXY || '').split(',').map((s) => s.trim().replace(/^::ffff:/, '')).filter(Boolean),
    devMailbox: bool(env.DEV_MAILBOX, false),
    storageOrigin: origin('STORAGE_ORIGIN', env.STORAGE_ORIGIN),
    backupDir: path.resolve(env.BACKUP_DIR || './backups'),
    backupSchedule: parseSchedule(env.BACKUP_SCHEDULE),
    backupKeep: parseKeep(env.BACKUP_KEEP),
    storageS3: storageS3Settings(env),
    backupS3: backupS3Settings(env),
    renderCacheMb: int('RENDER_CACHE_MB', env.RENDER_CACHE_MB, 256),
    renderQueue: int('RENDER_QUEUE', env.RENDER_QUEUE, 16),
    diskReserveMb: int('DISK_RESERVE_MB', env.DISK_RESERVE_MB, 512),
    authHashing: hashBudget(env),
    cdnPurge: cdnPurge(env),
    linkAllowlist: (env.LINK_ALLOWLIST || '*.go.id,*.mil.id').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
    integrityIntervalMinutes: int('INTEGRITY_INTERVAL', env.INTEGRITY_INTERVAL, 15),
    pageViewRetentionDays: Math.max(1, int('PAGE_VIEW_RETENTION_DAYS', env.PAGE_VIEW_RETENTION_DAYS, 730)),
    shutdownGraceSeconds: int('SHUTDOWN_GRACE', env.SHUTDOWN_GRACE, 0),
    ...overrides,
  };
  if (config.jwtSecret !== undefined && config.jwtSecret.length < 32) {
    throw new Error('JWT_SECRET must be at least 32 characters long');
  }
  if (config.metricsToken !== undefined && config.metricsToken.length < 24) {
    throw new Error('METRICS_TOKEN must be at least 24 characters long (openssl rand -hex 24 makes one)');
  }
  if ((config.superadminEmail === undefined) !== (config.superadminPassword === undefined)) {
    throw new Error('Set both SUPERADMIN_EMAIL and SUPERADMIN_PASSWORD, or neither');
  }
  return config;
}
