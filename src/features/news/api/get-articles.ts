import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { publicGet } from '@/lib/public-api'
import { queryKeys } from '@/lib/query-keys'
import { CARD_COLUMNS, type ArticleCardData } from '@/lib/article'
import { caseInsensitiveEquals, PAGE_SIZE, type ListParams } from '../lib/list-params'

// Public lists, newest publication first (SPEC section 7), card columns only.
const NEWEST = 'published_at.desc,id.desc'

export async function getLatestArticles(limit: number): Promise<ArticleCardData[]> {
  const query = new URLSearchParams({ select: CARD_COLUMNS, order: NEWEST, limit: String(limit) })
  return (await publicGet<ArticleCardData>('articles', query)).rows
}

export const latestArticlesQueryOptions = (limit: number) =>
  queryOptions({ queryKey: queryKeys.articles.list({ latest: limit }), queryFn: () => getLatestArticles(limit) })

export function useLatestArticles(limit: number) {
  return useQuery(latestArticlesQueryOptions(limit))
}

export type ArticleList = { rows: ArticleCardData[]; total: number }

/** One page of /kegiatan: search ranked by the database, category matched whatever its case. */
export async function getArticleList({ page, category, search }: ListParams): Promise<ArticleList> {
  const query = new URLSearchParams({ select: CARD_COLUMNS })
  if (search) query.set('q', search)
  else query.set('order', NEWEST)
  if (category) query.set('category', `imatch.${caseInsensitiveEquals(category)}`)
  query.set('limit', String(PAGE_SIZE))
  query.set('offset', String((page - 1) * PAGE_SIZE))
  const { rows, total } = await publicGet<ArticleCardData>(search ? 'rpc/search_articles' : 'articles', query, { count: true })
  return { rows, total: total ?? rows.length }
}

export const articleListQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: queryKeys.articles.list({ ...params }), queryFn: () => getArticleList(params) })

export function useArticleList(params: ListParams) {
  // The previous page stays on screen while the next one loads (no flash of placeholders).
  return useQuery({ ...articleListQueryOptions(params), placeholderData: keepPreviousData })
}

/** Every category in the database, once whatever its case. */
export async function getCategories(): Promise<string[]> {
  return (await publicGet<string>('rpc/article_categories', new URLSearchParams())).rows
}

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.articles.list({ categories: true }), queryFn: getCategories })

export function useCategories() {
  return useQuery(categoriesQueryOptions())
}
