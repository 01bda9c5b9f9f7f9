import { queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicApi } from '@/lib/public-api'
import { useRenderContext } from '@/lib/render-context'
import { queryKeys } from '@/lib/query-keys'
import { caseInsensitiveEquals } from '../lib/list-params'
import { CARD_COLUMNS, type ArticleCardData, type ArticleDetail, type ArticleLink } from '@/lib/article'

export const RELATED_LIMIT = 3

export type ArticleNeighbours = {
  /** The next older article. */
  previous: ArticleLink | null
  /** The next newer article. */
  next: ArticleLink | null
  /** Up to three others of the same category (any case), newest first. */
  related: ArticleCardData[]
}

type Anchor = Pick<ArticleDetail, 'id' | 'category' | 'published_at'>

async function adjacent(api: PublicApi, anchor: Anchor, direction: 'previous' | 'next'): Promise<ArticleLink | null> {
  if (!anchor.published_at) return null
  const older = direction === 'previous'
  const query = {
    published_at: `${older ? 'lt' : 'gt'}.${anchor.published_at}`,
    order: older ? 'published_at.desc,id.desc' : 'published_at.asc,id.asc',
    limit: '1',
  }
  return (await api.select('articles', 'id,title', { query })).rows[0] ?? null
}

async function related(api: PublicApi, anchor: Anchor): Promise<ArticleCardData[]> {
  if (!anchor.category) return []
  const query = {
    category: `imatch.${caseInsensitiveEquals(anchor.category)}`,
    id: `neq.${anchor.id}`,
    order: 'published_at.desc,id.desc',
    limit: String(RELATED_LIMIT),
  }
  return (await api.select('articles', CARD_COLUMNS, { query })).rows
}

/** Read as a visitor: the links lead only to what every visitor can open. */
export async function getArticleNeighbours(api: PublicApi, anchor: Anchor): Promise<ArticleNeighbours> {
  const [previous, next, others] = await Promise.all([adjacent(api, anchor, 'previous'), adjacent(api, anchor, 'next'), related(api, anchor)])
  return { previous, next, related: others }
}

export const articleNeighboursQueryOptions = (api: PublicApi, anchor: Anchor) =>
  queryOptions({
    queryKey: [...queryKeys.articles.detail(anchor.id), 'neighbours', anchor.published_at, anchor.category],
    queryFn: () => getArticleNeighbours(api, anchor),
  })

export function useArticleNeighbours(anchor: Anchor | null | undefined) {
  return useQuery({
    ...articleNeighboursQueryOptions(useRenderContext().api, anchor ?? { id: '', category: null, published_at: null }),
    enabled: Boolean(anchor),
  })
}
