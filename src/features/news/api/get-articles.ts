import { queryOptions, useQuery } from '@tanstack/react-query'
import { loadSupabase } from '@/lib/supabase-lazy'
import { queryKeys } from '@/lib/query-keys'
import type { Article } from '@/lib/article'

/** All articles, newest first (SPEC section 7: public lists). */
export async function getArticles(): Promise<Article[]> {
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('articles').select('*').order('created_at', { ascending: false })
  if (error) throw error
  return data ?? []
}

export const articlesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.articles.list(),
    queryFn: getArticles,
  })

export function useArticles() {
  return useQuery(articlesQueryOptions())
}
