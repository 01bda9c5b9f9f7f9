import { useInfiniteQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'
import type { InboxView } from '../lib/inbox'

export type ContactMessage = Database['public']['Tables']['contacts']['Row']
export type MessagePage = { messages: ContactMessage[]; total: number }

export const INBOX_PAGE_SIZE = 25

/**
 * One page of a view, newest first, searched on the server (search_contact_messages matches the
 * words as written in sender, address, subject and text), with the view's exact total.
 */
export async function getMessagePage(view: InboxView, query: string, page: number): Promise<MessagePage> {
  const from = page * INBOX_PAGE_SIZE
  const matching = supabase.rpc('search_contact_messages', { q: query.trim() }, { count: 'exact' })
  const inView = view === 'archived' ? matching.not('archived_at', 'is', null) : matching.is('archived_at', null)
  const { data, count, error } = await inView
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, from + INBOX_PAGE_SIZE - 1)
  if (error) throw error
  return { messages: data, total: count ?? data.length }
}

/** The view's pages loaded so far ('Muat lebih banyak' asks for the next one). */
export function useMessages(view: InboxView, query: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.contacts.list(view, query.trim()),
    queryFn: ({ pageParam }) => getMessagePage(view, query, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      pages.reduce((loaded, page) => loaded + page.messages.length, 0) < last.total ? pages.length : undefined,
    // typing a search keeps the view's last answer on screen until the new one arrives
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === view ? previous : undefined),
  })
}
