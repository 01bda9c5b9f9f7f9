import { queryOptions, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'

export type ContactMessage = Database['public']['Tables']['contacts']['Row']

// A unit's inbox holds dozens of messages a month; the newest 500 cover any realistic backlog
// while keeping search instant in the browser.
export const INBOX_LIMIT = 500

export async function getMessages(): Promise<ContactMessage[]> {
  const { data, error } = await supabase
    .from('contacts')
    .select('id, name, email, phone, subject, message, created_at, read_at, archived_at, sender_address')
    .order('created_at', { ascending: false })
    .limit(INBOX_LIMIT)
  if (error) throw error
  return data
}

export const messagesQueryOptions = () => queryOptions({ queryKey: queryKeys.contacts.list(), queryFn: getMessages })

export function useMessages() {
  return useQuery(messagesQueryOptions())
}
