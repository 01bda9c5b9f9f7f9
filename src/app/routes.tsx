import type { ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router'
import { publicPages, type PublicPath } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { HomePage } from './home-page'
import { articleQueryOptions } from '@/features/news/api/get-article'
import { articleNeighboursQueryOptions } from '@/features/news/api/get-article-neighbours'
import { articleListQueryOptions, categoriesQueryOptions, latestArticlesQueryOptions } from '@/features/news/api/get-articles'
import { readListParams } from '@/features/news/lib/list-params'
import { publicGalleriesQueryOptions, publicGalleryQueryOptions } from '@/features/gallery/api/public-galleries'
import { HOME_NEWS_LIMIT } from '@/features/news/components/news-section'
import { PublicLayout } from './layouts/public-layout'
import { ClientOnly } from './client-only'
import { PageFallback } from './page-fallback'
import { RouteError } from './route-error'

type LazyPage = () => Promise<{ Component: ComponentType }>

/**
 * What a route reads before the server renders it: the same TanStack queries the page runs in the
 * browser, so the HTML holds the content and the browser starts with the data.
 */
export type RouteHandle = {
  prefetch: (queryClient: QueryClient, params: Record<string, string | undefined>, url: URL) => Promise<void>
}

const latestArticles: RouteHandle = {
  prefetch: (queryClient) => queryClient.prefetchQuery(latestArticlesQueryOptions(HOME_NEWS_LIMIT)),
}

const galleryList: RouteHandle = {
  prefetch: (queryClient) => queryClient.prefetchQuery(publicGalleriesQueryOptions()),
}

const articleList: RouteHandle = {
  prefetch: async (queryClient, _params, url) => {
    const params = readListParams(url.searchParams)
    if (!params) return
    await Promise.all([queryClient.prefetchQuery(articleListQueryOptions(params)), queryClient.prefetchQuery(categoriesQueryOptions())])
  },
}

// One entry per row of the public page table: a page added there without a route here (or the
// other way round) is a type error.
const pageModules: Record<Exclude<PublicPath, typeof paths.home>, LazyPage> = {
  [paths.profile]: async () => ({ Component: (await import('@/features/profile/profile-page')).ProfilePage }),
  [paths.structure]: async () => ({ Component: (await import('@/features/structure/structure-page')).StructurePage }),
  [paths.activities]: async () => ({ Component: (await import('@/features/news/activities-page')).ActivitiesPage }),
  [paths.galleries]: async () => ({ Component: (await import('@/features/gallery/galleries-page')).GalleriesPage }),
  [paths.contact]: async () => ({ Component: (await import('@/features/contact/contact-page')).ContactPage }),
  [paths.login]: async () => {
    const { LoginPage } = await import('@/features/auth/login-page')
    return {
      Component: () => (
        <ClientOnly fallback={<PageFallback />}>
          <LoginPage />
        </ClientOnly>
      ),
    }
  },
}

const pageRoutes: RouteObject[] = [
  ...publicPages.filter((page) => page.path !== paths.home).map((page) => ({
    path: page.path.slice(1),
    lazy: pageModules[page.path as keyof typeof pageModules],
    handle: page.path === paths.activities ? articleList : page.path === paths.galleries ? galleryList : undefined,
  })),
  {
    path: paths.articlePattern.slice(1),
    lazy: async () => ({ Component: (await import('@/features/news/article-page')).ArticlePage }),
    handle: {
      prefetch: async (queryClient, params) => {
        const article = await queryClient.fetchQuery(articleQueryOptions(params.id ?? '')).catch(() => null)
        if (article) await queryClient.prefetchQuery(articleNeighboursQueryOptions(article))
      },
    } satisfies RouteHandle,
  },
  {
    path: paths.galleryPattern.slice(1),
    lazy: async () => ({ Component: (await import('@/features/gallery/gallery-page')).GalleryPage }),
    handle: {
      prefetch: (queryClient, params) => queryClient.prefetchQuery(publicGalleryQueryOptions(params.id ?? '')),
    } satisfies RouteHandle,
  },
]

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomePage, handle: latestArticles },
      ...pageRoutes,
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }),
      },
    ],
  },
  {
    path: `${paths.admin.root}/*`,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    // Its own chunk: visitors never download admin code.
    lazy: () => import('./admin/routes'),
  },
]
