import type { ComponentType } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router'
import { publicPages, type PublicPath } from '@/lib/pages'
import { paths } from '@/lib/paths'
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

// Only the server prefetches: the reads load with the renderer, never into the browser's entry.
const prefetch = (name: keyof typeof import('./route-data')): RouteHandle => ({
  prefetch: async (queryClient, params, url) => (await import('./route-data'))[name](queryClient, params, url),
})

const latestArticles = prefetch('latestArticles')
const galleryList = prefetch('galleryList')
const articleList = prefetch('articleList')

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
    handle: prefetch('article'),
  },
  {
    path: paths.galleryPattern.slice(1),
    lazy: async () => ({ Component: (await import('@/features/gallery/gallery-page')).GalleryPage }),
    handle: prefetch('gallery'),
  },
]

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('./home-page')).HomePage }), handle: latestArticles },
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
