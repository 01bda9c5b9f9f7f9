import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { heldRowIds, isHeld } from '@/lib/held-for-review'

export { HELD_TITLE } from '@/lib/held-for-review'
export const HELD_DESCRIPTION =
  'Artikel memuat kata, tautan ke domain baru, atau jumlah tautan keluar yang lazim di spam judi, sehingga belum terbit. Superadmin akan meninjaunya di Integritas Situs.'

/** Articles the integrity guard holds for a superadmin's review (issue 32), as a set of ids. */
export function useHeldArticleIds() {
  return useQuery({ queryKey: [...queryKeys.articles.all, 'held'], queryFn: () => heldRowIds(supabase, ['articles']) })
}

/**
 * Whether the guard held this article at its last save, so the writer's one toast after saving
 * says so instead of announcing a publication that did not happen.
 */
export const isArticleHeld = (id: string) => isHeld(supabase, 'articles', { id })
