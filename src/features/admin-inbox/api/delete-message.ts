import { useMutation, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export async function deleteMessage(id: string): Promise<void> {
  const { data, error } = await supabase.from('contacts').delete().eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error('Pesan tidak ditemukan atau Anda tidak memiliki izin.')
}

export function useDeleteMessage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteMessage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }),
  })
}
