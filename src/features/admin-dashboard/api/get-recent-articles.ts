import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export const RECENT_ARTICLES_LIMIT = 5

export async function getRecentArticles() {
  const { data, error } = await supabase
    .from('articles')
    .select('id, title, created_at, published_at, profiles(full_name)')
    .order('created_at', { ascending: false })
    .limit(RECENT_ARTICLES_LIMIT)
  if (error) throw error
  return data
}

export type RecentArticle = Awaited<ReturnType<typeof getRecentArticles>>[number]

export const recentArticlesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.articles.list({ scope: 'dashboard-recent', limit: RECENT_ARTICLES_LIMIT }),
    queryFn: getRecentArticles,
  })

export function useRecentArticles() {
  return useQuery(recentArticlesQueryOptions())
}
