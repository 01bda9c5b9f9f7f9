import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

/** Articles deleted in the last 30 days, newest deletion first (admins and superadmins only). */
export async function getArticleTrash() {
  const { data, error } = await supabase
    .from('article_trash')
    .select('id, title, category, deleted_at, deleted_by_name')
    .order('deleted_at', { ascending: false })
  if (error) throw error
  // a view's columns are nullable in the generated types; the trash always has an id and a time
  return data.map((row) => ({ ...row, id: row.id as string, deleted_at: row.deleted_at as string }))
}
export type TrashedArticle = Awaited<ReturnType<typeof getArticleTrash>>[number]

export function useArticleTrash(enabled: boolean) {
  return useQuery({ queryKey: [...queryKeys.articles.all, 'trash'], queryFn: getArticleTrash, enabled })
}

/** Brings the article back with its id, so its URL and its pictures work again. */
export function useRestoreDeletedArticle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.rpc('restore_deleted_article', { target_article: id })
      if (error) throw error
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats.all }),
      ]),
  })
}
