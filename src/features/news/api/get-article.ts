import { queryOptions, useQuery } from '@tanstack/react-query'
import { loadSupabase } from '@/lib/supabase-lazy'
import { queryKeys } from '@/lib/query-keys'
import type { Article } from '@/lib/article'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One article by id; null when there is no such article. */
export async function getArticle(id: string): Promise<Article | null> {
  // A malformed id cannot match any row; asking would only produce a type error from the database.
  if (!UUID.test(id)) return null
  const supabase = await loadSupabase()
  const { data, error } = await supabase.from('articles').select('*').eq('id', id).maybeSingle()
  if (error) throw error
  return data
}

export const articleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.articles.detail(id),
    queryFn: () => getArticle(id),
  })

export function useArticle(id: string) {
  return useQuery(articleQueryOptions(id))
}
