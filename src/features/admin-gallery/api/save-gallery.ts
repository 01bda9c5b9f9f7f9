import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { asVersionConflict } from '@/lib/version-conflict'

export type GalleryFields = { name: string; description: string | null }

/**
 * Creates, or updates at the version read (a stale one throws VersionConflictError, nothing
 * changes); answers the gallery's id.
 */
export async function saveGallery({ id, version, fields }: { id?: string; version?: number; fields: GalleryFields }): Promise<string> {
  if (!id) {
    const { data, error } = await supabase.from('galleries').insert(fields).select('id').single()
    if (error) throw error
    return data.id
  }
  const { data, error } = await supabase.from('galleries').update({ ...fields, version }).eq('id', id).select('id')
  if (error) throw asVersionConflict(error)
  if (!data || data.length === 0) throw new Error('Galeri tidak ditemukan atau Anda tidak memiliki izin.')
  return id
}

export function useSaveGallery() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveGallery,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.galleries.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats.all }),
      ]),
  })
}
