import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { asVersionConflict } from '@/lib/version-conflict'
import { heldReasons } from '@/lib/held-for-review'

export type GalleryFields = { name: string; description: string | null }

/**
 * Creates, or updates at the version read (a stale one throws VersionConflictError, nothing
 * changes); answers the gallery's id (none for a new gallery held back) and `held`: the integrity
 * guard keeps the save back for a superadmin's review (a new gallery is not added, an edit leaves
 * the public one as it was).
 */
export async function saveGallery({ id, version, fields }: { id?: string; version?: number; fields: GalleryFields }): Promise<{ id: string | null; held: string[] | null }> {
  if (!id) {
    const { data, error } = await supabase.from('galleries').insert(fields).select('id')
    if (error) throw error
    // only the guard's trigger keeps a new row out without an error
    if (data.length > 0) return { id: data[0].id, held: null }
    return { id: null, held: await heldReasons(supabase, 'galleries', { label: fields.name }) }
  }
  const { data, error } = await supabase.from('galleries').update({ ...fields, version }).eq('id', id).select('id')
  if (error) throw asVersionConflict(error)
  if (!data || data.length === 0) throw new Error('Galeri tidak ditemukan atau Anda tidak memiliki izin.')
  return { id, held: await heldReasons(supabase, 'galleries', { id }) }
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
