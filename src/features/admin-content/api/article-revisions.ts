import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { withEditors, type AdminArticle } from './get-articles'
import { asVersionConflict } from '@/lib/version-conflict'

/** Earlier versions of one article, newest first (staff only, by row-level security). */
export async function getArticleRevisions(articleId: string) {
  const { data, error } = await supabase
    .from('article_revisions')
    .select('id, version, title, category, content, saved_by_name, saved_at, replaced_at, kind')
    .eq('article_id', articleId)
    .eq('kind', 'update')
    .order('id', { ascending: false })
  if (error) throw error
  return data
}
export type ArticleRevision = Awaited<ReturnType<typeof getArticleRevisions>>[number]

export const articleRevisionsQueryOptions = (articleId: string) =>
  queryOptions({
    queryKey: [...queryKeys.articles.detail(articleId), 'revisions'],
    queryFn: () => getArticleRevisions(articleId),
  })

export function useArticleRevisions(articleId: string, enabled: boolean) {
  return useQuery({ ...articleRevisionsQueryOptions(articleId), enabled })
}

/** The article as it is now, for 'Muat versi terbaru' and after a restore. */
export async function getAdminArticle(id: string): Promise<AdminArticle> {
  const { data, error } = await supabase.from('articles').select('*, profiles(full_name)').eq('id', id).single()
  if (error) throw error
  return (await withEditors([data]))[0]
}

/** Makes an earlier version the newest one; `version` is the one the editor shows (409 if stale). */
export function useRestoreRevision() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ articleId, revisionId, version }: { articleId: string; revisionId: number; version: number }) => {
      const { error } = await supabase.rpc('restore_article_revision', {
        target_article: articleId,
        revision_id: revisionId,
        expected_version: version,
      })
      if (error) throw asVersionConflict(error)
      return getAdminArticle(articleId)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
  })
}
