import { useQuery } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { queryKeys } from '@/lib/query-keys'
import { heldReasons, newestHolds } from '@/lib/held-for-review'

export { HELD_TITLE, holdOf, REJECTED_TITLE, type ItemHold as ArticleHold } from '@/lib/held-for-review'

/** Each article's newest pending or rejected hold (issue 32, issue 44). */
export function useArticleHolds() {
  return useQuery({ queryKey: [...queryKeys.articles.all, 'held'], queryFn: () => newestHolds(supabase, ['articles']) })
}

/**
 * Why the guard held this article at its last save (null: it did not), so the writer's one toast
 * after saving says so instead of announcing a publication that did not happen.
 */
export const articleHeldReasons = (id: string) => heldReasons(supabase, 'articles', { id })
