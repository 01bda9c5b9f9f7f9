import { readdir, unlink, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/adapter.ts';
import type { BlobStore } from './blob-store.ts';
import { isVersion } from './disk.ts';
import { log as logger } from '../observability/log.ts';

export interface RecoveryReport {
  /** Temporary files whose row had committed: the crash hit between commit and rename. */
  completed: number;
  /** Temporary files without a row: uploads that never committed. */
  discardedTemp: number;
  /** Files in bucket directories no row names: replaced or removed objects whose unlink was cut off. */
  removedOrphans: number;
  /** Rows whose bytes are missing; kept (see below) and reported. */
  rowsWithoutFile: { bucket: string; name: string }[];
  /** True when the orphan sweep was skipped because the database holds no objects at all. */
  sweepSkipped: boolean;
}

/**
 * Brings the files back in line with storage.objects after a crash. Runs before the first
 * request is served.
 *
 * - .tmp/<version>: the row commits only after the temp file is fsynced, so a temp file whose
 *   version is in the table is complete and is moved into place; any other temp file is deleted.
 * - a file in a bucket directory that no row names is deleted (an upsert or remove committed but
 *   the old file's unlink did not happen). When storage.objects is completely empty while files
 *   exist, this step is skipped with a warning: that looks like a new database pointed at an old
 *   DATA_DIR, and deleting every upload would be the wrong guess.
 * - a row whose file is missing cannot come from our own crash windows (files are in place before
 *   and removed after the row changes); it means the disk lost data. The row is kept and logged
 *   so an operator can restore the file; downloads answer "Object not found" meanwhile.
 */
export async function recoverStorage(db: Db, store: BlobStore, log: (message: string) => void = (message) => logger.warn(message)): Promise<RecoveryReport> {
  await store.init();
  const report: RecoveryReport = { completed: 0, discardedTemp: 0, removedOrphans: 0, rowsWithoutFile: [], sweepSkipped: false };

  for (const entry of await readdir(store.tmpDir)) {
    const temp = path.join(store.tmpDir, entry);
    const row = isVersion(entry)
      ? (await db.query<{ bucket_id: string }>('select bucket_id from storage.objects where version = $1', [entry])).rows[0]
      : undefined;
    if (row && !(await store.exists(row.bucket_id, entry))) {
      await store.persist(row.bucket_id, entry);
      await store.publish(row.bucket_id, entry);
      report.completed++;
    } else {
      await unlink(temp).catch(() => {});
      report.discardedTemp++;
    }
  }

  const total = Number((await db.query<{ n: string }>('select count(*) as n from storage.objects')).rows[0].n);
  const stored = await store.stored();
  const graceStart = Date.now() - store.orphanGraceMs;
  for (const [bucket, files] of stored) {
    if (files.size === 0) continue;
    if (total === 0) {
      report.sweepSkipped = true;
      continue;
    }
    const { rows } = await db.query<{ version: string }>(
      'select version from storage.objects where bucket_id = $1 and version is not null',
      [bucket],
    );
    const known = new Set(rows.map((r) => r.version));
    for (const [file, written] of files) {
      if (known.has(file) || written.getTime() > graceStart) continue;
      await store.remove(bucket, file).catch(() => {});
      files.delete(file);
      report.removedOrphans++;
    }
  }
  if (report.sweepSkipped) {
    log(`storage: storage.objects is empty but ${store.where} holds files; not deleting them. `
      + 'If this database is really new, remove the old bucket directories by hand.');
  }

  const { rows } = await db.query<{ bucket_id: string; name: string; version: string | null }>(
    'select bucket_id, name, version from storage.objects',
  );
  for (const row of rows) {
    if (!isVersion(row.version) || !stored.get(row.bucket_id)?.has(row.version)) {
      report.rowsWithoutFile.push({ bucket: row.bucket_id, name: row.name });
    }
  }
  // renditions are derived bytes: those of a version no row names (removed during a crash) go
  const versions = new Set(rows.map((r) => r.version));
  for (const version of await readdir(store.rendersRoot).catch(() => [] as string[])) {
    if (!versions.has(version)) await rm(path.join(store.rendersRoot, version), { recursive: true, force: true });
  }
  if (report.rowsWithoutFile.length > 0) {
    log(`storage: ${report.rowsWithoutFile.length} object row(s) have no file under ${store.where}, e.g. `
      + report.rowsWithoutFile.slice(0, 5).map((r) => `${r.bucket}/${r.name}`).join(', '));
  }
  return report;
}
