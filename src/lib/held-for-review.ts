import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/lib/database.types'

// Shared by the admin features that save guarded tables; they pass their signed-in client, so
// this file loads no client for the public pages.
type Client = SupabaseClient<Database>

/** The integrity guard's word for a save it keeps back until a superadmin decides (issue 32). */
export const HELD_TITLE = 'Ditahan untuk ditinjau'

export type GuardedTable = 'articles' | 'unit_texts' | 'info_pages' | 'unit_posts' | 'past_commanders'
  | 'galleries' | 'gallery_photos' | 'public_documents'

/**
 * Why the guard holds the change just saved (null: it does not): to the row `id`, or, for a new
 * row it kept out of the table (so it has no id to ask by), the newest pending one with this label.
 */
export async function heldReasons(supabase: Client, table: GuardedTable, saved: { id: string } | { label: string }): Promise<string[] | null> {
  const query = supabase.from('integrity_holds').select('reasons').eq('table_name', table).eq('status', 'pending')
  const { data, error } = await ('id' in saved ? query.eq('row_id', saved.id) : query.eq('label', saved.label))
    .order('id', { ascending: false }).limit(1)
  if (error) throw error
  return data[0]?.reasons ?? null
}

/**
 * The writer's toast for a held save: what readers see meanwhile and the guard's own reasons, as
 * the superadmins' mail gives them (a new domain is not called gambling spam).
 */
export function heldDescription(shown: string, reasons: readonly string[]): string {
  const why = reasons.length > 0 ? ` Alasan: ${reasons.join('; ')}.` : ''
  return `${shown}${why} Superadmin akan meninjaunya di Integritas Situs.`
}

/** The rows of `tables` with a change waiting for review, as a set of ids. */
export async function heldRowIds(supabase: Client, tables: GuardedTable[]): Promise<Set<string>> {
  const { data, error } = await supabase.from('integrity_holds').select('row_id').in('table_name', tables).eq('status', 'pending')
  if (error) throw error
  return new Set(data.map((hold) => hold.row_id))
}

/** The guard's word for a held save a superadmin refused (issue 44). */
export const REJECTED_TITLE = 'Ditolak superadmin'

/** An item's last word from the guard: waiting for a superadmin, or rejected by one. */
export type ItemHold = { state: 'held' | 'rejected'; reasons: string[]; at: string }
/** A pending or rejected hold; `gallery_id` names a held photo's gallery (a new photo has no row). */
export type HoldRow = {
  table_name: string; row_id: string; label: string; status: string; reasons: string[]
  held_at: string; decided_at: string | null; gallery_id: string | null
}

/**
 * The newest pending or rejected hold of each row of `tables`, newest first (issues 32, 44). A
 * rejection stays the item's state until it is saved again after the decision.
 */
export async function newestHolds(supabase: Client, tables: GuardedTable[]): Promise<Map<string, HoldRow>> {
  const { data, error } = await supabase.from('integrity_holds')
    .select('table_name, row_id, label, status, reasons, held_at, decided_at, gallery_id:proposed->>gallery_id')
    .in('table_name', tables).in('status', ['pending', 'rejected']).order('held_at', { ascending: false }).limit(1000)
  if (error) throw error
  const newest = new Map<string, HoldRow>()
  for (const hold of data) if (!newest.has(hold.row_id)) newest.set(hold.row_id, hold as HoldRow)
  return newest
}

/**
 * What a list or an editor says about the item `id` last saved at `updatedAt`. Both times are the
 * server's: `updated_at` is set by a trigger on every save and `decided_at` by the decision.
 */
export function holdOf(holds: Map<string, HoldRow> | undefined, id: string | undefined, updatedAt: string | undefined): ItemHold | null {
  const hold = id ? holds?.get(id) : undefined
  if (!hold) return null
  if (hold.status === 'pending') return { state: 'held', reasons: hold.reasons, at: hold.held_at }
  const decided = hold.decided_at ?? hold.held_at
  if (updatedAt && Date.parse(updatedAt) > Date.parse(decided)) return null
  return { state: 'rejected', reasons: hold.reasons, at: decided }
}

/** Pending holds of new rows the list does not hold yet (kept out of their table until released). */
export function heldNewRows(holds: Map<string, HoldRow> | undefined, table: GuardedTable, listed: ReadonlySet<string>): HoldRow[] {
  return [...(holds?.values() ?? [])].filter((hold) => hold.table_name === table && hold.status === 'pending' && !listed.has(hold.row_id))
}
