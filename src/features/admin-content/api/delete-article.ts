import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { getArticleImages, removeUnusedArticleImages } from './article-files'

/** Deletes the article, then the image files only it used. */
export async function deleteArticle(id: string): Promise<void> {
  const before = await getArticleImages(id)
  const { data, error } = await supabase.from('articles').delete().eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error('Artikel tidak ditemukan atau Anda tidak memiliki izin.')
  await removeUnusedArticleImages(before, null)
}

export function useDeleteArticle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteArticle,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats.all }),
      ]),
  })
}
