import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

/** The server's disk as it last measured it (every minute). */
export type DiskSpace = { freeBytes: number; reserveBytes: number; measuredAt: string; low: boolean }

/**
 * public.disk_space() answers one row to a superadmin of a server that measures its disk and none
 * otherwise (other accounts, a hosted project), so `null` means "no card".
 */
export async function getDiskSpace(): Promise<DiskSpace | null> {
  const { data, error } = await supabase.rpc('disk_space')
  if (error) throw error
  const row = data?.[0]
  if (!row) return null
  return { freeBytes: row.free_bytes, reserveBytes: row.reserve_bytes, measuredAt: row.measured_at, low: row.free_bytes < row.reserve_bytes }
}

export const diskSpaceQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.stats.all, 'disk-space'], queryFn: getDiskSpace })

export function useDiskSpace() {
  return useQuery(diskSpaceQueryOptions())
}
