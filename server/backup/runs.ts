import path from 'node:path';
import type pg from 'pg';

/**
 * Each finished backup is noted in private.backup_runs (migration 20261124130000), which the
 * superadmin dashboard reads through public.last_backup(). A database migrated before that
 * table existed simply gets no note.
 */
export async function recordBackupRun(client: pg.Client, run: { file: string; size: number; createdAt: Date; finishedAt: Date }): Promise<void> {
  const { rows } = await client.query<{ present: boolean }>("select to_regclass('private.backup_runs') is not null as present");
  if (!rows[0].present) return;
  await client.query(
    'insert into private.backup_runs (file, size_bytes, created_at, finished_at) values ($1, $2, $3, $4)',
    [path.basename(run.file), run.size, run.createdAt, run.finishedAt],
  );
}
