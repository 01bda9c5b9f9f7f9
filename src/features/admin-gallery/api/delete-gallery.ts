import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export async function deleteGallery(id: string): Promise<void> {
  const { data, error } = await supabase.from('galleries').delete().eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error('Galeri tidak ditemukan atau Anda tidak memiliki izin.')
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
