import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { GALLERY_BUCKET } from './gallery-photos'

/**
 * Deletes the gallery (its photo rows go with it in the database), then every file in its
 * folder: the listed photos and any file whose row was never written.
 */
export async function deleteGallery(id: string): Promise<void> {
  const bucket = supabase.storage.from(GALLERY_BUCKET)
  const { data: files } = await bucket.list(id, { limit: 1000 })
  const { data: rows } = await supabase.from('gallery_photos').select('path').eq('gallery_id', id)
  const { data, error } = await supabase.from('galleries').delete().eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error('Galeri tidak ditemukan atau Anda tidak memiliki izin.')
  const paths = new Set([...(rows ?? []).map((row) => row.path), ...(files ?? []).filter((f) => f.id).map((f) => `${id}/${f.name}`)])
  if (paths.size === 0) return
  const { error: fileError } = await bucket.remove([...paths])
  if (fileError) console.warn('Gallery files were not removed:', id, fileError)
}

export function useDeleteGallery() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteGallery,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.galleries.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats.all }),
      ]),
  })
}
