import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

/**
 * The share of the server's disk in use (0-100, as df counts it), as the server last measured
 * it; null before the first measurement or where nothing measures it (a hosted project).
 */
export async function getDiskUsedPercent(): Promise<number | null> {
  const { data, error } = await supabase.rpc('disk_used_percent')
  if (error) throw error
  return data ?? null
}

export const diskShareQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.stats.all, 'disk-used-percent'], queryFn: getDiskUsedPercent })

export function useDiskUsedPercent() {
  return useQuery(diskShareQueryOptions())
}
