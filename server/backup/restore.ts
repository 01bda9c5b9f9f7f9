import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, rmdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runningClusterUrl, startEmbedded } from '../db/embedded.ts';
import { readSiteState, writeSiteState } from '../db/site-state.ts';
import { bucketDirName } from '../stored-files.ts';
import { checkArchive, type CheckedArchive } from './check.ts';
import { moveDataDir, removeDataDir } from './data-dir.ts';
import { assertKnownLevel, loadArchive, RestoreRefused, type LoadReport } from './load.ts';
import { fileEntry, SECRET_FILES } from './manifest.ts';

export { RestoreRefused } from './load.ts';

const SIZE = { maxConnections: 20, sharedBuffers: '32MB' };

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** Restore into this (empty) database instead of an embedded one in DATA_DIR/db. */
  databaseUrl?: string;
  /** Replace a non-empty DATA_DIR (it is kept beside, renamed). */
  force?: boolean;
  /** With force: replace a DATA_DIR of another site. */
  otherSite?: boolean;
  log?: (line: string) => void;
  /**
   * Called with the staging directory once everything loaded, before it replaces DATA_DIR
   * (STORAGE_BACKEND=s3: its files go to the bucket); a failure leaves DATA_DIR as it was.
   */
  storeFiles?: (stagingDir: string) => Promise<void>;
}

export interface RestoreResult {
  archive: CheckedArchive;
  report: LoadReport;
  /** Where a replaced DATA_DIR was moved. */
  keptAt?: string;
}

async function databaseIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ used: boolean }>(
      "select to_regclass('supabase_migrations.schema_migrations') is not null and exists (select from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relname = 'profiles') as used",
    );
    return !rows[0].used;
  } finally {
    await client.end();
  }
}

/**
 * `npm run restore -- FILE`: checks the whole archive first (nothing is written for a damaged or
 * foreign one), then rebuilds the site in a staging directory beside DATA_DIR and moves it into
 * place only when everything loaded; a failure leaves DATA_DIR as it was.
 */
export async function restoreSite(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? console.log;
  const dataDir = path.resolve(options.dataDir);
  const archive = await checkArchive(options.file);
  await assertKnownLevel(archive);
  log(`archive checked: site ${archive.header.siteId}, made ${archive.header.createdAt}, migration ${archive.header.migration}`);

  const existing = existsSync(dataDir) ? await readdir(dataDir) : [];
  if (existing.length > 0) {
    if (!options.force) throw new RestoreRefused(`${dataDir} is not empty; restore into an empty DATA_DIR, or add --force to replace it (it is kept beside as a copy)`);
    if (runningClusterUrl(dataDir)) throw new RestoreRefused(`a server is running on ${dataDir}; stop it first`);
    const current = readSiteState(dataDir);
    if (current && current.siteId !== archive.header.siteId && !options.otherSite) {
      throw new RestoreRefused(`this backup is of another site (${archive.header.siteId}) than the one in ${dataDir} (${current.siteId}); add --other-site to replace it anyway`);
    }
  }
  if (options.databaseUrl && !(await databaseIsEmpty(options.databaseUrl))) {
    throw new RestoreRefused('DATABASE_URL names a database that already holds a site; restore into a new, empty database');
  }

  const staging = path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restoring-${process.pid}`);
  await removeDataDir(staging);
  let report: LoadReport;
  try {
    const cluster = options.databaseUrl ? undefined : await startEmbedded(staging, { size: SIZE, durable: true });
    try {
      report = await loadArchive(archive, { databaseUrl: options.databaseUrl ?? cluster!.url(), dataDir: staging });
    } finally {
      await cluster?.stop();
    }
    await options.storeFiles?.(staging);
  } catch (error) {
    await removeDataDir(staging);
    throw error;
  }
  writeSiteState(staging, { siteId: archive.header.siteId, migration: archive.header.migration, updatedAt: new Date().toISOString() });
  let keptAt: string | undefined;
  if (existing.length > 0) {
    keptAt = `${dataDir}.before-restore-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}`;
    await moveDataDir(dataDir, keptAt);
  } else if (existsSync(dataDir)) {
    await rmdir(dataDir);
  }
  // whatever made the staging directory, the restored DATA_DIR is as private as a new one
  await chmod(staging, 0o700);
  await moveDataDir(staging, dataDir);
  if (!report.secrets) log('the archive holds no secrets.json (the site had JWT_SECRET set): start the restored site with the same JWT_SECRET');
  return { archive, report, keptAt };
}

async function sha256File(file: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return hash.digest('hex');
}

export interface VerifyResult {
  archive: CheckedArchive;
  tables: number;
  rows: number;
  files: number;
}

/**
 * `npm run backup -- --verify FILE`: restores into a throwaway cluster in a temporary directory,
 * then compares every table's row count (inside the load) and every restored file's SHA-256 with
 * the archive's checksums.
 */
export async function verifyBackup(file: string): Promise<VerifyResult> {
  const archive = await checkArchive(file);
  await assertKnownLevel(archive);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'skadron-verify-'));
  try {
    const cluster = await startEmbedded(dir, { size: SIZE, durable: false });
    let report: LoadReport;
    try {
      report = await loadArchive(archive, { databaseUrl: cluster.url(), dataDir: dir });
    } finally {
      await cluster.stop();
    }
    for (const stored of archive.checksums.files) {
      const name = fileEntry(bucketDirName(stored.bucket), stored.version);
      const digest = await sha256File(path.join(dir, name));
      if (digest !== stored.sha256) throw new Error(`restored file ${stored.bucket}/${stored.version} ${digest ? 'differs from' : 'is missing, unlike'} the archive`);
    }
    for (const name of SECRET_FILES) {
      if (archive.checksums.entries[name] && (await sha256File(path.join(dir, name))) !== archive.checksums.entries[name]) {
        throw new Error(`restored ${name} differs from the archive`);
      }
    }
    const rows = Object.values(report.rows).reduce((a, b) => a + b, 0);
    return { archive, tables: archive.header.tables.length, rows, files: report.files };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
