// What each public route reads before the server renders it (see RouteHandle in routes.tsx):
// the same TanStack queries its page runs in the browser.
import type { QueryClient } from '@tanstack/react-query'
import { articleQueryOptions } from '@/features/news/api/get-article'
import { articleNeighboursQueryOptions } from '@/features/news/api/get-article-neighbours'
import { articleListQueryOptions, categoriesQueryOptions, latestArticlesQueryOptions } from '@/features/news/api/get-articles'
import { readListParams } from '@/features/news/lib/list-params'
import { publicGalleriesQueryOptions, publicGalleryQueryOptions } from '@/features/gallery/api/public-galleries'
import { HOME_NEWS_LIMIT } from '@/features/news/components/news-section'
import { infoPageQueryOptions, profileTextsQueryOptions, structureQueryOptions, type InfoPageSlug } from '@/lib/unit-pages/public-reads'

type Params = Record<string, string | undefined>

export async function latestArticles(queryClient: QueryClient) {
  await queryClient.prefetchQuery(latestArticlesQueryOptions(HOME_NEWS_LIMIT))
}

export async function galleryList(queryClient: QueryClient) {
  await queryClient.prefetchQuery(publicGalleriesQueryOptions())
}

export async function articleList(queryClient: QueryClient, _params: Params, url: URL) {
  const params = readListParams(url.searchParams)
  if (!params) return
  await Promise.all([queryClient.prefetchQuery(articleListQueryOptions(params)), queryClient.prefetchQuery(categoriesQueryOptions())])
}

export async function article(queryClient: QueryClient, params: Params) {
  const found = await queryClient.fetchQuery(articleQueryOptions(params.id ?? '')).catch(() => null)
  if (found) await queryClient.prefetchQuery(articleNeighboursQueryOptions(found))
}

export async function gallery(queryClient: QueryClient, params: Params) {
  await queryClient.prefetchQuery(publicGalleryQueryOptions(params.id ?? ''))
}

export async function profileTexts(queryClient: QueryClient) {
  await queryClient.prefetchQuery(profileTextsQueryOptions())
}

export async function structure(queryClient: QueryClient) {
  await queryClient.prefetchQuery(structureQueryOptions())
}

// An information page's path is its slug.
export async function infoPage(queryClient: QueryClient, _params: Params, url: URL) {
  await queryClient.prefetchQuery(infoPageQueryOptions(url.pathname.slice(1) as InfoPageSlug))
}
