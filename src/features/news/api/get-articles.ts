import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import type { PublicApi } from '@/lib/public-api'
import { useRenderContext } from '@/lib/render-context'
import { queryKeys } from '@/lib/query-keys'
import { CARD_COLUMNS, type ArticleCardData } from '@/lib/article'
import { caseInsensitiveEquals, PAGE_SIZE, type ListParams } from '../lib/list-params'

// Public lists, newest publication first (SPEC section 7), card columns only.
const NEWEST = 'published_at.desc,id.desc'

export async function getLatestArticles(api: PublicApi, limit: number): Promise<ArticleCardData[]> {
  return (await api.select('articles', CARD_COLUMNS, { query: { order: NEWEST, limit: String(limit) } })).rows
}

export const latestArticlesQueryOptions = (api: PublicApi, limit: number) =>
  queryOptions({ queryKey: queryKeys.articles.list({ latest: limit }), queryFn: () => getLatestArticles(api, limit) })

export function useLatestArticles(limit: number) {
  return useQuery(latestArticlesQueryOptions(useRenderContext().api, limit))
}

export type ArticleList = { rows: ArticleCardData[]; total: number }

/** One page of /kegiatan: search ranked by the database, category matched whatever its case. */
export async function getArticleList(api: PublicApi, { page, category, search }: ListParams): Promise<ArticleList> {
  const query: Record<string, string> = {}
  if (category) query.category = `imatch.${caseInsensitiveEquals(category)}`
  query.limit = String(PAGE_SIZE)
  query.offset = String((page - 1) * PAGE_SIZE)
  const { rows, total } = search
    ? await api.rpcSelect('search_articles', CARD_COLUMNS, { q: search }, { query, count: true })
    : await api.select('articles', CARD_COLUMNS, { query: { order: NEWEST, ...query }, count: true })
  return { rows, total: total ?? rows.length }
}

export const articleListQueryOptions = (api: PublicApi, params: ListParams) =>
  queryOptions({ queryKey: queryKeys.articles.list({ ...params }), queryFn: () => getArticleList(api, params) })

export function useArticleList(params: ListParams) {
  // The previous page stays on screen while the next one loads (no flash of placeholders).
  return useQuery({ ...articleListQueryOptions(useRenderContext().api, params), placeholderData: keepPreviousData })
}

/** Every category in the database, once whatever its case. */
export async function getCategories(api: PublicApi): Promise<string[]> {
  return (await api.rpc('article_categories', {})).rows
}

export const categoriesQueryOptions = (api: PublicApi) =>
  queryOptions({ queryKey: queryKeys.articles.list({ categories: true }), queryFn: () => getCategories(api) })

export function useCategories() {
  return useQuery(categoriesQueryOptions(useRenderContext().api))
}
