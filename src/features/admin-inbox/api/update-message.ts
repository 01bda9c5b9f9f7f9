import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { ContactMessage, MessagePage } from './get-messages'

/** The only columns staff may change; a message's text stays what the visitor sent. */
export type MessageStatePatch = Partial<Pick<ContactMessage, 'read_at' | 'archived_at'>>

export async function updateMessageState({ id, patch }: { id: string; patch: MessageStatePatch }): Promise<void> {
  const { data, error } = await supabase.from('contacts').update(patch).eq('id', id).select('id')
  if (error) throw error
  if (!data || data.length === 0) throw new Error('Pesan tidak ditemukan atau Anda tidak memiliki izin.')
}

export function useUpdateMessageState() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMessageState,
    // The list answers at once; a refused change is rolled back by the refetch in onSettled.
    onMutate: async ({ id, patch }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.contacts.lists() })
      queryClient.setQueriesData<InfiniteData<MessagePage>>({ queryKey: queryKeys.contacts.lists() }, (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            messages: page.messages.map((m) => (m.id === id ? { ...m, ...patch } : m)),
          })),
        },
      )
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }),
  })
}
