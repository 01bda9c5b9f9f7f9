import type { Db } from '../db/adapter.ts';
import { log } from '../observability/log.ts';

/**
 * Rows and files of a backup must match. A backup exports the rows in one snapshot and copies
 * the files those rows name afterwards; an object removed after the snapshot still needs its
 * file until the copy is done. So a backup holds this advisory lock exclusively from before its
 * snapshot until its last file is copied, and the storage service unlinks a file only while it
 * holds the lock shared (unlinks never wait for each other); when a backup runs, the unlink is
 * retried later. Two backups take their turns.
 * The lock is per database, so it works for the CLI and the server's own schedule alike.
 */
export const BACKUP_LOCK_KEY = '8317708153117138795';

const RETRY_MS = 5_000;

interface Pending {
  unlink: () => Promise<void>;
  label: string;
}

const pending = new Map<Db, Pending[]>();
const timers = new Map<Db, NodeJS.Timeout>();

async function tryNow(db: Db, unlink: () => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ ok: boolean }>('select pg_try_advisory_xact_lock_shared($1::bigint) as ok', [BACKUP_LOCK_KEY]);
    if (!rows[0].ok) return false;
    await unlink();
    return true;
  });
}

function schedule(db: Db): void {
  if (timers.has(db)) return;
  const timer = setTimeout(() => {
    timers.delete(db);
    void retry(db);
  }, RETRY_MS);
  timer.unref();
  timers.set(db, timer);
}

async function retry(db: Db): Promise<void> {
  const queue = pending.get(db) ?? [];
  pending.delete(db);
  for (const [index, item] of queue.entries()) {
    try {
      if (await tryNow(db, item.unlink)) continue;
    } catch (error) {
      log.error({ err: error }, `[storage] unlink of ${item.label} failed`);
      continue;
    }
    // a backup still runs: keep this and the rest for later
    pending.set(db, [...queue.slice(index), ...(pending.get(db) ?? [])]);
    schedule(db);
    return;
  }
}

/**
 * Unlinks a stored file whose row is already deleted, unless a backup is copying files now; then
 * later. If the process ends first, the start-up sweep (storage/recovery.ts) removes the orphan.
 */
export async function unlinkAfterBackups(db: Db, label: string, unlink: () => Promise<void>): Promise<void> {
  if (await tryNow(db, unlink)) return;
  pending.set(db, [...(pending.get(db) ?? []), { unlink, label }]);
  schedule(db);
}
