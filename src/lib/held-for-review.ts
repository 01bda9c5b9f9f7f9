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
