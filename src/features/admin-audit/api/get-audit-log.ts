import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { Database } from '@/lib/database.types'

/** One entry with its actor's account as it is now (the audit_entries view; name and e-mail from actor_id). */
type EntryRow = Database['public']['Views']['audit_entries']['Row']
// A view's columns are typed nullable; an entry always has its id.
export type AuditEntry = Omit<EntryRow, 'id'> & { id: number }

const hasId = (row: EntryRow): row is AuditEntry => row.id !== null

export const AUDIT_PAGE_SIZE = 20

export type AuditFilter = {
  /** a profile id, or '' for everyone */
  actorId: string
  /** an action such as 'user.approve', or '' for all */
  action: string
  /** YYYY-MM-DD, inclusive, in the browser's time zone; '' for open */
  from: string
  to: string
  /** 0-based */
  page: number
}

/** The start of a local calendar day as an instant, or of the day after when `nextDay`. */
export function dayStart(date: string, nextDay = false): string {
  const [year, month, day] = date.split('-').map(Number)
  return new Date(year, month - 1, day + (nextDay ? 1 : 0)).toISOString()
}

export async function getAuditLog(filter: AuditFilter): Promise<{ entries: AuditEntry[]; total: number }> {
  let query = supabase.from('audit_entries').select('*', { count: 'exact' })
  if (filter.actorId) query = query.eq('actor_id', filter.actorId)
  if (filter.action) query = query.eq('action', filter.action)
  if (filter.from) query = query.gte('occurred_at', dayStart(filter.from))
  if (filter.to) query = query.lt('occurred_at', dayStart(filter.to, true))
  const start = filter.page * AUDIT_PAGE_SIZE
  const { data, error, count } = await query
    .order('occurred_at', { ascending: false })
    .order('id', { ascending: false })
    .range(start, start + AUDIT_PAGE_SIZE - 1)
  if (error) throw error
  return { entries: (data ?? []).filter(hasId), total: count ?? 0 }
}

export function useAuditLog(filter: AuditFilter) {
  return useQuery({
    queryKey: ['audit-log', filter],
    queryFn: () => getAuditLog(filter),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
}
