import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export type VisitorDay = { day: string; views: number; visitors: number }
export type ReadArticle = { id: string; title: string; views: number }
export type VisitorStats = {
  today: { views: number; visitors: number }
  days: VisitorDay[]
  totals: Record<'views' | 'visitors' | 'search' | 'social' | 'direct' | 'other' | 'phone' | 'tablet' | 'desktop', number>
  articles: ReadArticle[]
}

export const RANGES = [7, 30, 90] as const
export type Range = (typeof RANGES)[number]

/** public.page_view_summary: the last `days` days, staff only (decision 0044). */
async function getVisitorStats(days: number): Promise<VisitorStats> {
  const { data, error } = await supabase.rpc('page_view_summary', { days })
  if (error) throw error
  return data as unknown as VisitorStats
}

export const visitorStatsQueryOptions = (days: number) =>
  queryOptions({ queryKey: [...queryKeys.stats.all, 'visitors', days], queryFn: () => getVisitorStats(days) })

export function useVisitorStats(days: number) {
  return useQuery(visitorStatsQueryOptions(days))
}
