import { readdir, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/adapter.ts';
import { MIGRATIONS_DIR } from '../db/migrate.ts';
import { log } from './log.ts';

export type CheckResult = 'ok' | string;

export interface Readiness {
  ok: boolean;
  checks: { database: CheckResult; migrations: CheckResult; storage: CheckResult };
}

const CHECK_TIMEOUT_MS = 3000;

/** Where stored files are kept (storage/blob-store.ts), as far as readiness asks. */
interface BlobCheck {
  kind: string;
  check(): Promise<void>;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS / 1000} s`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What /readyz asks: the database answers, every migration in supabase/migrations is applied and
 * DATA_DIR/storage takes a file (and, with STORAGE_BACKEND=s3, the bucket answers). Answers name the failed check but no detail (paths, SQL errors),
 * which goes to the log instead: /readyz is open to anyone a load balancer lets through.
 */
export async function checkReadiness(db: Db, dataDir: string, migrationsDir = MIGRATIONS_DIR, blobs?: BlobCheck | 'hosted'): Promise<Readiness> {
  const database = withTimeout(db.query<{ version: string }>('select version from supabase_migrations.schema_migrations'), 'PostgreSQL');
  const [dbCheck, migrations, storage] = await Promise.all([
    database.then(() => 'ok', (error: unknown) => failed('database', 'unreachable', error)),
    // Without the database the level is unknown; that failure is logged once, above.
    database.then(async ({ rows }) => {
      const applied = new Set(rows.map((r) => r.version));
      const files = await readdir(migrationsDir).catch((error: unknown) => failed('migrations', '', error));
      if (!Array.isArray(files)) return 'unknown';
      const pending = files.filter((f) => /^\d+_.+\.sql$/.test(f) && !applied.has(f.slice(0, f.indexOf('_')))).length;
      return pending === 0 ? 'ok' : `${pending} pending`;
    }, () => 'unknown'),
    // In front of a hosted project the project's storage keeps every file: nothing here to check.
    blobs === 'hosted' ? 'ok' : storageWritable(dataDir).then(async (local) => local === 'ok' && blobs ? blobsAnswer(blobs) : local),
  ]);
  const checks = { database: dbCheck, migrations, storage };
  return { ok: Object.values(checks).every((c) => c === 'ok'), checks };
}

async function storageWritable(dataDir: string): Promise<CheckResult> {
  const probe = path.join(dataDir, 'storage', `.readyz-${process.pid}`);
  try {
    await withTimeout(writeFile(probe, 'ok'), 'the storage directory');
    await unlink(probe);
    return 'ok';
  } catch (error) {
    return failed('storage', 'not writable', error);
  }
}

/** With STORAGE_BACKEND=s3 the bucket must answer too; its kind is named, not its address. */
async function blobsAnswer(blobs: BlobCheck): Promise<CheckResult> {
  try {
    await withTimeout(blobs.check(), 'the S3 bucket');
    return 'ok';
  } catch (error) {
    return failed('storage', `${blobs.kind} unreachable`, error);
  }
}

function failed(check: string, answer: string, error: unknown): string {
  log.warn({ check, err: error }, 'readiness check failed');
  return answer;
}
