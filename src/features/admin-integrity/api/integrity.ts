import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import type { Database } from '@/lib/database.types'
import type { GuardedTable } from '@/lib/held-for-review'

export type HeldItem = Pick<Database['public']['Tables']['integrity_holds']['Row'],
  'id' | 'table_name' | 'row_id' | 'label' | 'reasons' | 'held_at' | 'held_by' | 'proposed'>
export type Finding = Pick<Database['public']['Tables']['integrity_findings']['Row'], 'id' | 'kind' | 'subject' | 'detail' | 'first_seen' | 'last_seen'>
export type IntegritySummary = {
  open_findings: number
  pending_holds: number
  last_run: { started_at: string; finished_at: string | null; pages: number; findings: number; error: string | null } | null
}

export const integrityKeys = {
  all: ['integrity'] as const,
  holds: () => [...integrityKeys.all, 'holds'] as const,
  findings: () => [...integrityKeys.all, 'findings'] as const,
  summary: () => [...integrityKeys.all, 'summary'] as const,
}

/** What waits for a superadmin's decision, newest first. */
export function useHeldItems() {
  return useQuery({
    queryKey: integrityKeys.holds(),
    queryFn: async (): Promise<HeldItem[]> => {
      const { data, error } = await supabase.from('integrity_holds').select('id, table_name, row_id, label, reasons, held_at, held_by, proposed')
        .eq('status', 'pending').order('held_at', { ascending: false })
      if (error) throw error
      return data
    },
  })
}

/** What the watch sees now (resolved findings leave the list by themselves). */
export function useOpenFindings() {
  return useQuery({
    queryKey: integrityKeys.findings(),
    queryFn: async (): Promise<Finding[]> => {
      const { data, error } = await supabase.from('integrity_findings').select('id, kind, subject, detail, first_seen, last_seen')
        .is('resolved_at', null).order('last_seen', { ascending: false }).limit(500)
      if (error) throw error
      return data
    },
  })
}

export function useIntegritySummary(enabled = true) {
  return useQuery({
    queryKey: integrityKeys.summary(),
    enabled,
    queryFn: async (): Promise<IntegritySummary> => {
      const { data, error } = await supabase.rpc('integrity_summary')
      if (error) throw error
      return data as IntegritySummary
    },
  })
}

export type Decision = 'release' | 'reject'

/** Releases (publishes as saved) or rejects a held item; the database writes it to the audit log. */
export function useDecideHold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: Decision }) => {
      const { error } = await supabase.rpc(decision === 'release' ? 'integrity_release' : 'integrity_reject', { hold_id: id })
      if (error) throw error
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: integrityKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.unitPages.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.galleries.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.documents.all }),
      ]),
  })
}

export type HoldContext = { writer: string | null; stored: Record<string, unknown> | null }

/** Who saved a held item, and its row as stored now (the public version when it is public). */
export function useHoldContext(item: HeldItem) {
  return useQuery({
    queryKey: [...integrityKeys.holds(), item.id, 'context'],
    queryFn: async (): Promise<HoldContext> => {
      const [writer, stored] = await Promise.all([
        item.held_by
          ? supabase.from('profiles').select('full_name, email').eq('id', item.held_by).maybeSingle()
          : Promise.resolve({ data: null, error: null }),
        supabase.from(item.table_name as GuardedTable).select('*').eq('id', item.row_id).maybeSingle(),
      ])
      if (writer.error) throw writer.error
      if (stored.error) throw stored.error
      const name = writer.data ? writer.data.full_name || writer.data.email || null : null
      return { writer: name, stored: stored.data as Record<string, unknown> | null }
    },
  })
}
