import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { archiveTime } from './manifest.ts';

export interface ArchiveFile {
  file: string;
  /** When its snapshot was taken (from the name). */
  time: Date;
}

/** The finished archives in a backup directory, newest first (partial ones have other names). */
export async function listArchives(backupDir: string): Promise<ArchiveFile[]> {
  const names = await readdir(backupDir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const found: ArchiveFile[] = [];
  for (const name of names) {
    const time = archiveTime(name);
    if (time) found.push({ file: path.join(backupDir, name), time });
  }
  return found.sort((a, b) => b.time.getTime() - a.time.getTime());
}

/**
 * The newest finished backup in backupDir, for /metrics (age of the last backup) and
 * `npm run doctor`; undefined when there is none.
 */
export async function lastBackup(backupDir: string): Promise<{ file: string; time: Date; size: number } | undefined> {
  const [newest] = await listArchives(backupDir);
  if (!newest) return undefined;
  return { ...newest, size: (await stat(newest.file)).size };
}

export interface Keep {
  daily: number;
  weekly: number;
}

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** ISO week (Monday first) of the local date, as year-week. */
function weekKey(d: Date): string {
  const day = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()));
  // the Thursday of the date's week names its ISO year
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7));
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return `${day.getUTCFullYear()}-W${Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}

/**
 * Which archives retention removes: kept are the newest archive of each of the `daily` most
 * recent days that have one, and the newest of each of the `weekly` most recent weeks.
 */
export function expiredArchives(archives: ArchiveFile[], keep: Keep): ArchiveFile[] {
  const sorted = [...archives].sort((a, b) => b.time.getTime() - a.time.getTime());
  const kept = new Set<ArchiveFile>();
  for (const [key, limit] of [[dayKey, keep.daily], [weekKey, keep.weekly]] as const) {
    const periods = new Set<string>();
    for (const archive of sorted) {
      const period = key(archive.time);
      if (periods.has(period)) continue;
      if (periods.size >= limit) break;
      periods.add(period);
      kept.add(archive);
    }
  }
  return sorted.filter((a) => !kept.has(a));
}

export async function applyRetention(backupDir: string, keep: Keep): Promise<string[]> {
  const expired = expiredArchives(await listArchives(backupDir), keep);
  for (const archive of expired) await rm(archive.file, { force: true });
  return expired.map((a) => a.file);
}
