import { useEffect, useState, useSyncExternalStore } from 'react'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { hasStoredSession, type PublicApi } from '@/lib/public-api'
import { useRenderContext } from '@/lib/render-context'
import { queryKeys } from '@/lib/query-keys'
import { DETAIL_COLUMNS, type ArticleDetail } from '@/lib/article'
import type { Json } from '@/lib/database.types'
import { UNIT_BYLINE } from '../lib/article-structured-data'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The stored captions (a JSON object of picture URL to text), whatever else the column holds. */
function captionsOf(value: Json): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/** One article by id; null when there is no such article. */
export async function getArticle(api: PublicApi, id: string): Promise<ArticleDetail | null> {
  // A malformed id cannot match any row; asking would only produce a type error from the database.
  if (!UUID.test(id)) return null
  // The byline comes from a function: visitors may not read profiles, only this one name.
  const [articles, bylines] = await Promise.all([
    api.select('articles', DETAIL_COLUMNS, { query: { id: `eq.${id}` }, withSession: true }),
    api.rpc('article_byline', { article_id: id }, { withSession: true }),
  ])
  const article = articles.rows[0]
  return article ? { ...article, image_captions: captionsOf(article.image_captions), byline: bylines.rows[0] ?? UNIT_BYLINE } : null
}

export const articleQueryOptions = (api: PublicApi, id: string) =>
  queryOptions({
    queryKey: queryKeys.articles.detail(id),
    queryFn: () => getArticle(api, id),
  })

const subscribeNever = () => () => {}

/**
 * The article as this visitor may read it. The server renders every page as a visitor, so a draft
 * or scheduled article arrives as "not found"; with a stored session the browser asks once more
 * with it (staff read drafts) and shows the loading state meanwhile, not the wrong "not found".
 * Without a session nothing changes: the visitor keeps the server's answer.
 */
export function useArticle(id: string) {
  const query = useQuery(articleQueryOptions(useRenderContext().api, id))
  const hasSession = useSyncExternalStore(subscribeNever, hasStoredSession, () => false)
  const [askedWithSession, setAskedWithSession] = useState<string | null>(null)
  const recheck = hasSession && query.data === null && askedWithSession !== id
  const { refetch } = query
  useEffect(() => {
    if (!recheck) return
    let current = true
    void refetch().finally(() => {
      if (current) setAskedWithSession(id)
    })
    return () => {
      current = false
    }
  }, [recheck, refetch, id])
  return { ...query, isPending: query.isPending || recheck }
}
