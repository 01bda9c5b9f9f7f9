import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export type DashboardStats = { users: number; articles: number; galleries: number }

async function countRows(table: 'profiles' | 'articles' | 'galleries'): Promise<number> {
  const { count, error } = await supabase.from(table).select('*', { count: 'exact', head: true })
  if (error) throw error
  return count ?? 0
}

export async function getDashboardStats(): Promise<DashboardStats> {
  const [users, articles, galleries] = await Promise.all([
    countRows('profiles'),
    countRows('articles'),
    countRows('galleries'),
  ])
  return { users, articles, galleries }
}

export const dashboardStatsQueryOptions = () =>
  queryOptions({ queryKey: [...queryKeys.stats.all, 'dashboard'], queryFn: getDashboardStats })

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions())
}
