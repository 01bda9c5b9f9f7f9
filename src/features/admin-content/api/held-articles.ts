import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { heldRowIds, heldReasons } from '@/lib/held-for-review'

export { HELD_TITLE } from '@/lib/held-for-review'

/** Articles the integrity guard holds for a superadmin's review (issue 32), as a set of ids. */
export function useHeldArticleIds() {
  return useQuery({ queryKey: [...queryKeys.articles.all, 'held'], queryFn: () => heldRowIds(supabase, ['articles']) })
}

/**
 * Why the guard held this article at its last save (null: it did not), so the writer's one toast
 * after saving says so instead of announcing a publication that did not happen.
 */
export const articleHeldReasons = (id: string) => heldReasons(supabase, 'articles', { id })
