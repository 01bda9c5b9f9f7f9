import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { ANSWERS_SECOND_STEP } from '@/lib/session-hold'
import type { Database } from '@/lib/database.types'
import { getArticleImages, removeUnusedArticleImages } from './article-files'
import { asVersionConflict, OVERWRITE_HEADER } from '@/lib/version-conflict'

export type ArticleFields = Pick<
  Database['public']['Tables']['articles']['Insert'],
  'title' | 'category' | 'content' | 'cover_image_url' | 'image_gallery_urls' | 'author_id' | 'published_at' | 'image_captions' | 'byline_hidden'
>

export type SaveArticleInput = {
  id?: string
  /** The version the editor read; the database refuses the save (409) if someone saved since. */
  version?: number
  /** Set for 'Simpan tetap': the version the editor was based on, logged as a deliberate overwrite. */
  overwriting?: number
  fields: ArticleFields
  /** Object names of pictures uploaded while editing: those the saved article does not use are removed. */
  uploadedWhileEditing?: string[]
}

export type SavedArticle = { id: string; version: number }

/**
 * Creates the article when `id` is absent, otherwise updates it at `version`. The time and the
 * writer are the database's; a stale version throws VersionConflictError and changes nothing.
 */
export async function saveArticle({ id, version, overwriting, fields, uploadedWhileEditing = [] }: SaveArticleInput): Promise<SavedArticle> {
  if (!id) {
    const { data, error } = await supabase.from('articles').insert(fields).select('id, version').single()
    if (error) throw error
    await removeUnusedArticleImages(null, fields, uploadedWhileEditing)
    return data
  }
  const before = await getArticleImages(id)
  let update = supabase.from('articles').update({ ...fields, version }).eq('id', id).select('id, version')
  if (overwriting !== undefined) update = update.setHeader(OVERWRITE_HEADER, String(overwriting))
  const { data, error } = await update
  if (error) throw asVersionConflict(error)
  if (!data || data.length === 0) throw new Error('Artikel tidak ditemukan atau Anda tidak memiliki izin.')
  // a replaced or removed image is no longer public once the article stops using it
  await removeUnusedArticleImages(before, fields, uploadedWhileEditing)
  return data[0]
}

export function useSaveArticle() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveArticle,
    // the editor sends a refusal for want of a second step to enrolment itself, saying the text is kept
    meta: { [ANSWERS_SECOND_STEP]: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats.all }),
      ]),
  })
}
