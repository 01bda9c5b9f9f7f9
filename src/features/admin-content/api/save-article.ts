import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'
import { getArticleImages, removeUnusedArticleImages } from './article-files'

export type ArticleFields = Pick<
  Database['public']['Tables']['articles']['Insert'],
  'title' | 'category' | 'content' | 'cover_image_url' | 'image_gallery_urls' | 'author_id' | 'published_at' | 'image_captions' | 'byline_hidden'
>

export type SaveArticleInput = {
  id?: string
  fields: ArticleFields
  /** Object names of pictures uploaded while editing: those the saved article does not use are removed. */
  uploadedWhileEditing?: string[]
}

/** Creates the article when `id` is absent, otherwise updates it with the same fields. */
export async function saveArticle({ id, fields, uploadedWhileEditing = [] }: SaveArticleInput) {
  const row = { ...fields, updated_at: new Date().toISOString() }
  if (!id) {
    const { data, error } = await supabase.from('articles').insert(row).select('id').single()
    if (error) throw error
    await removeUnusedArticleImages(null, fields, uploadedWhileEditing)
    return data.id
  }
  const before = await getArticleImages(id)
  const { data, error } = await supabase.from('articles').update(row).eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error('Artikel tidak ditemukan atau Anda tidak memiliki izin.')
  // a replaced or removed image is no longer public once the article stops using it
  await removeUnusedArticleImages(before, fields, uploadedWhileEditing)
  return id
}

export function useSaveArticle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveArticle,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats.all }),
      ]),
  })
}
