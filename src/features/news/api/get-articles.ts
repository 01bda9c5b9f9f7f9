import { queryOptions, useQuery } from '@tanstack/react-query'
import { publicGet } from '@/lib/public-api'
import { queryKeys } from '@/lib/query-keys'
import type { Article } from './types'

/** All articles, newest first (SPEC section 7: public lists). */
export async function getArticles(): Promise<Article[]> {
  const { rows } = await publicGet<Article>('articles', new URLSearchParams({ select: '*', order: 'created_at.desc' }))
  return rows
}

export const articlesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.articles.list(),
    queryFn: getArticles,
  })

export function useArticles() {
  return useQuery(articlesQueryOptions())
}
