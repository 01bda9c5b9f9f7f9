import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

/** Each article's counted views over the kept days (public.article_view_totals(), staff only). */
async function getArticleViews(): Promise<Map<string, number>> {
  const { data, error } = await supabase.rpc('article_view_totals')
  if (error) throw error
  return new Map((data ?? []).map((row) => [row.article_id, row.views]))
}

export function useArticleViews() {
  return useQuery({ queryKey: [...queryKeys.stats.all, 'article-views'], queryFn: getArticleViews })
}
