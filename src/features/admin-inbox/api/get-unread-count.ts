import { useEffect, useId } from 'react'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { adminChannel } from '@/lib/admin-channel'
import { queryKeys } from '@/lib/query-keys'

/** Unread messages still in the inbox (archived ones no longer ask for attention). */
export async function getUnreadCount(): Promise<number> {
  const { count, error } = await supabase
    .from('contacts')
    .select('id', { count: 'exact', head: true })
    .is('read_at', null)
    .is('archived_at', null)
  if (error) throw error
  return count ?? 0
}

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.contacts.unreadCount(), queryFn: getUnreadCount })

/**
 * The unread count, kept live: every change to contacts (a visitor's new message, a colleague
 * marking one read) refetches the count and the inbox list. Row-level security decides who
 * receives the changes, so only staff should mount this (`enabled`).
 */
export function useUnreadCount(enabled: boolean) {
  const queryClient = useQueryClient()
  const channelId = useId()

  useEffect(() => {
    if (!enabled) return
    const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all })
    const channel = adminChannel(supabase, `contacts-inbox:${channelId}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'contacts' }, () => void refresh())
      .subscribe((status, error) => {
        // Changes made while the socket was down are not replayed; re-read instead.
        if (status === 'SUBSCRIBED') void refresh()
        if (error) console.warn('Inbox subscription failed:', error.message)
      })
    return () => {
      void supabase.removeChannel(channel)
    }
  }, [enabled, channelId, queryClient])

  return useQuery({ ...unreadCountQueryOptions(), enabled })
}
