import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export async function getAdminArticles() {
  const { data, error } = await supabase
    .from('articles')
    .select('*, profiles(full_name)')
    .order('created_at', { ascending: false })
  if (error) throw error
  return data
}

export type AdminArticle = Awaited<ReturnType<typeof getAdminArticles>>[number]

export const adminArticlesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.articles.list({ scope: 'admin' }), queryFn: getAdminArticles })

export function useAdminArticles() {
  return useQuery(adminArticlesQueryOptions())
}
