import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

/** Each article's counted views over the kept days (public.article_view_totals, staff only). */
async function getArticleViews(): Promise<Map<string, number>> {
  const { data, error } = await supabase.from('article_view_totals').select('article_id, views')
  if (error) throw error
  return new Map((data ?? []).flatMap((row) => (row.article_id ? [[row.article_id, row.views ?? 0] as const] : [])))
}

export function useArticleViews() {
  return useQuery({ queryKey: [...queryKeys.stats.all, 'article-views'], queryFn: getArticleViews })
}
