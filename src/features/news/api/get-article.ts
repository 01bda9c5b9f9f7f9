import { queryOptions, useQuery } from '@tanstack/react-query'
import { publicGet } from '@/lib/public-api'
import { queryKeys } from '@/lib/query-keys'
import { DETAIL_COLUMNS, type ArticleDetail } from '@/lib/article'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** One article by id; null when there is no such article. */
export async function getArticle(id: string): Promise<ArticleDetail | null> {
  // A malformed id cannot match any row; asking would only produce a type error from the database.
  if (!UUID.test(id)) return null
  const { rows } = await publicGet<ArticleDetail>('articles', new URLSearchParams({ select: DETAIL_COLUMNS, id: `eq.${id}` }), {
    withSession: true,
  })
  return rows[0] ?? null
}

export const articleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.articles.detail(id),
    queryFn: () => getArticle(id),
  })

export function useArticle(id: string) {
  return useQuery(articleQueryOptions(id))
}
