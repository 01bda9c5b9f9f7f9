import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { toast } from '@/lib/toast'

export const HELD_TITLE = 'Ditahan untuk ditinjau'
export const HELD_DESCRIPTION =
  'Artikel memuat kata, tautan ke domain baru, atau jumlah tautan keluar yang lazim di spam judi, sehingga belum terbit. Superadmin akan meninjaunya di Integritas Situs.'

/**
 * Articles the integrity guard holds for a superadmin's review (issue 32), as a set of ids. It also
 * tells the writer when a save was held: every save refetches the held set, and an article that
 * newly appears in it was held by that save.
 */
export function useHeldArticleIds() {
  const held = useQuery({
    queryKey: [...queryKeys.articles.all, 'held'],
    queryFn: async (): Promise<Set<string>> => {
      const { data, error } = await supabase.from('integrity_holds').select('row_id').eq('table_name', 'articles').eq('status', 'pending')
      if (error) throw error
      return new Set(data.map((hold) => hold.row_id))
    },
  })
  const seen = useRef<Set<string> | null>(null)
  useEffect(() => {
    if (!held.data) return
    const before = seen.current
    seen.current = held.data
    if (before && [...held.data].some((id) => !before.has(id))) {
      toast.info(HELD_TITLE, { description: HELD_DESCRIPTION, duration: 10_000 })
    }
  }, [held.data])
  return held
}
