import { useEffect } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { GALLERY_BUCKET } from './gallery-photos'

/** Galleries deleted in the last 30 days (admins and superadmins only). */
export async function getGalleryTrash() {
  const { data, error } = await supabase
    .from('gallery_trash')
    .select('id, name, photo_count, deleted_at, deleted_by_name')
    .order('deleted_at', { ascending: false })
  if (error) throw error
  return data.map((row) => ({ ...row, id: row.id as string, deleted_at: row.deleted_at as string }))
}
export type TrashedGallery = Awaited<ReturnType<typeof getGalleryTrash>>[number]

export function useGalleryTrash(enabled: boolean) {
  return useQuery({ queryKey: [...queryKeys.galleries.all, 'trash'], queryFn: getGalleryTrash, enabled })
}

/** Brings the gallery back with its id and its photo list; the files were kept meanwhile. */
export function useRestoreDeletedGallery() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      const { error } = await supabase.rpc('restore_deleted_gallery', { target_gallery: id })
      if (error) throw error
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.galleries.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.stats.all }),
      ]),
  })
}

let sweptThisPageLoad = false
/**
 * Removes the photo files of galleries whose 30 days in the trash are over (migration
 * 20261124160000), once per page load when staff open the gallery page.
 */
export function useSweepAbandonedGalleryPhotos(enabled: boolean) {
  useEffect(() => {
    if (!enabled || sweptThisPageLoad) return
    sweptThisPageLoad = true
    void (async () => {
      const { data, error } = await supabase.rpc('abandoned_gallery_photos')
      if (error || !data || data.length === 0) return
      const { error: removeError } = await supabase.storage.from(GALLERY_BUCKET).remove(data)
      if (removeError) console.warn('Abandoned gallery photos were not removed:', removeError)
    })()
  }, [enabled])
}
