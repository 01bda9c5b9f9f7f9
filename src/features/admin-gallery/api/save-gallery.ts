import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export type GalleryFields = { name: string; description: string | null }

export async function saveGallery({ id, fields }: { id?: string; fields: GalleryFields }): Promise<void> {
  const row = { ...fields, updated_at: new Date().toISOString() }
  if (!id) {
    const { error } = await supabase.from('galleries').insert(row)
    if (error) throw error
    return
  }
  const { data, error } = await supabase.from('galleries').update(row).eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error('Galeri tidak ditemukan atau Anda tidak memiliki izin.')
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
