import { useCallback, useId } from 'react'
import type { RealtimeChannel } from '@supabase/supabase-js'
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { useLiveChannel } from '@/lib/realtime/use-live-channel'

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
 * marking one read) refetches the count and the inbox list, and so does every (re)join of the
 * channel, for what changed while it was down. Row-level security decides who
 * receives the changes, so only staff should mount this (`enabled`).
 */
export function useUnreadCount(enabled: boolean) {
  const queryClient = useQueryClient()
  const channelId = useId()
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.contacts.all }), [queryClient])
  const listen = useCallback(
    (channel: RealtimeChannel) => channel.on('postgres_changes', { event: '*', schema: 'public', table: 'contacts' }, refresh),
    [refresh],
  )
  useLiveChannel(supabase, enabled ? `contacts-inbox:${channelId}` : undefined, listen, refresh, 'Inbox')

  return useQuery({ ...unreadCountQueryOptions(), enabled })
}
