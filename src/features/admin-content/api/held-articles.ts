import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'

export const HELD_TITLE = 'Ditahan untuk ditinjau'
export const HELD_DESCRIPTION =
  'Artikel memuat kata, tautan ke domain baru, atau jumlah tautan keluar yang lazim di spam judi, sehingga belum terbit. Superadmin akan meninjaunya di Integritas Situs.'

/** Articles the integrity guard holds for a superadmin's review (issue 32), as a set of ids. */
export function useHeldArticleIds() {
  return useQuery({
    queryKey: [...queryKeys.articles.all, 'held'],
    queryFn: async (): Promise<Set<string>> => {
      const { data, error } = await supabase.from('integrity_holds').select('row_id').eq('table_name', 'articles').eq('status', 'pending')
      if (error) throw error
      return new Set(data.map((hold) => hold.row_id))
    },
  })
}

/**
 * Whether the guard held this article at its last save, so the writer's one toast after saving
 * says so instead of announcing a publication that did not happen.
 */
export async function isArticleHeld(id: string): Promise<boolean> {
  const { count, error } = await supabase.from('integrity_holds').select('id', { count: 'exact', head: true })
    .eq('table_name', 'articles').eq('row_id', id).eq('status', 'pending')
  if (error) throw error
  return (count ?? 0) > 0
}
