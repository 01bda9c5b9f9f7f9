import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

/** Older than this, the daily schedule has missed a run: the card warns. */
const STALE_MS = 48 * 60 * 60 * 1000

/**
 * The newest finished backup; `finishedAt` is null before the first one. `offsite` is the
 * `s3://BUCKET/KEY` of its verified copy off the machine (BACKUP_S3_BUCKET), null without one.
 */
export type LastBackup = { finishedAt: string | null; file: string | null; sizeBytes: number | null; offsite: string | null; stale: boolean }

/**
 * public.last_backup() answers one row to a superadmin and none to anyone else, so `null` here
 * means "not for this account" and the dashboard shows no backup card.
 */
export async function getLastBackup(): Promise<LastBackup | null> {
  const { data, error } = await supabase.rpc('last_backup')
  if (error) throw error
  const row = data?.[0]
  if (!row) return null
  const finishedAt = row.finished_at ?? null
  const stale = !finishedAt || Date.now() - new Date(finishedAt).getTime() > STALE_MS
  return { finishedAt, file: row.file ?? null, sizeBytes: row.size_bytes ?? null, offsite: row.offsite ?? null, stale }
}

export const lastBackupQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.stats.all, 'last-backup'], queryFn: getLastBackup })

export function useLastBackup() {
  return useQuery(lastBackupQueryOptions())
}
