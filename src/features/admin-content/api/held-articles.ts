import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { heldReasons } from '@/lib/held-for-review'

export { HELD_TITLE } from '@/lib/held-for-review'
export const REJECTED_TITLE = 'Ditolak superadmin'

/** The guard's last word on an article: waiting for a superadmin, or rejected by one. */
export type ArticleHold = { state: 'held' | 'rejected'; reasons: string[]; at: string }
type HoldRow = { row_id: string; status: string; reasons: string[]; held_at: string; decided_at: string | null }

/**
 * Each article's newest pending or rejected hold (issue 32, issue 44). A rejection stays the
 * article's state until it is saved again after the decision.
 */
export async function getArticleHolds(): Promise<Map<string, HoldRow>> {
  const { data, error } = await supabase.from('integrity_holds').select('row_id, status, reasons, held_at, decided_at')
    .eq('table_name', 'articles').in('status', ['pending', 'rejected']).order('held_at', { ascending: false }).limit(1000)
  if (error) throw error
  const newest = new Map<string, HoldRow>()
  for (const hold of data) if (!newest.has(hold.row_id)) newest.set(hold.row_id, hold)
  return newest
}

export function useArticleHolds() {
  return useQuery({ queryKey: [...queryKeys.articles.all, 'held'], queryFn: getArticleHolds })
}

/** What the list and the editor say about an article last saved at `updatedAt`. */
export function holdOf(holds: Map<string, HoldRow> | undefined, id: string | undefined, updatedAt: string | undefined): ArticleHold | null {
  const hold = id ? holds?.get(id) : undefined
  if (!hold) return null
  if (hold.status === 'pending') return { state: 'held', reasons: hold.reasons, at: hold.held_at }
  const decided = hold.decided_at ?? hold.held_at
  if (updatedAt && Date.parse(updatedAt) > Date.parse(decided)) return null
  return { state: 'rejected', reasons: hold.reasons, at: decided }
}

/**
 * Why the guard held this article at its last save (null: it did not), so the writer's one toast
 * after saving says so instead of announcing a publication that did not happen.
 */
export const articleHeldReasons = (id: string) => heldReasons(supabase, 'articles', { id })
