import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export async function getAdminArticles() {
  const { data, error } = await supabase
    .from('articles')
    .select('*, profiles(full_name)')
    .order('created_at', { ascending: false })
  if (error) throw error
  return withEditors(data)
}

/**
 * 'Disunting oleh': the name of whoever saved the current version, when that is not the author
 * (the database keeps the author on every edit and stamps the editor in updated_by).
 */
export async function withEditors<T extends { author_id: string | null; updated_by: string | null }>(rows: T[]) {
  const ids = [...new Set(rows.map((row) => row.updated_by).filter((id): id is string => id !== null))]
  const names = new Map<string, string>()
  if (ids.length > 0) {
    const { data, error } = await supabase.from('profiles').select('id, full_name').in('id', ids)
    if (error) throw error
    for (const profile of data) if (profile.full_name?.trim()) names.set(profile.id, profile.full_name.trim())
  }
  return rows.map((row) => ({
    ...row,
    edited_by_name: row.updated_by && row.updated_by !== row.author_id ? (names.get(row.updated_by) ?? null) : null,
  }))
}

export type AdminArticle = Awaited<ReturnType<typeof getAdminArticles>>[number]

export const adminArticlesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.articles.list({ scope: 'admin' }), queryFn: getAdminArticles })

export function useAdminArticles() {
  return useQuery(adminArticlesQueryOptions())
}
