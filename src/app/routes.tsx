import type { QueryClient } from '@tanstack/react-query'
import { matchRoutes, type RouteObject } from 'react-router'
import { publicPages, type PublicPath } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { PublicLayout } from './layouts/public-layout'
import { ClientOnly } from './client-only'
import { PageFallback } from './page-fallback'
import { lazyRoute, type LazyRouteComponent } from './router/lazy-route'

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

// One entry per row of the public page table: a page added there without a route here (or the
// other way round) is a type error.
const pageComponents: Record<Exclude<PublicPath, typeof paths.home>, LazyRouteComponent> = {
  [paths.profile]: lazyRoute(async () => (await import('@/features/profile/profile-page')).ProfilePage),
  [paths.structure]: lazyRoute(async () => (await import('@/features/structure/structure-page')).StructurePage),
  [paths.activities]: lazyRoute(async () => (await import('@/features/news/activities-page')).ActivitiesPage),
  [paths.galleries]: lazyRoute(async () => (await import('@/features/gallery/galleries-page')).GalleriesPage),
  [paths.contact]: lazyRoute(async () => (await import('@/features/contact/contact-page')).ContactPage),
  [paths.privacy]: lazyRoute(async () => (await import('@/features/unit-pages/information-page')).PrivacyPage),
  [paths.accessibility]: lazyRoute(async () => (await import('@/features/unit-pages/information-page')).AccessibilityPage),
  [paths.publicInformation]: lazyRoute(async () => (await import('@/features/unit-pages/information-page')).PublicInformationPage),
  [paths.login]: lazyRoute(async () => {
    const { LoginPage } = await import('@/features/auth/login-page')
    return function ClientOnlyLoginPage() {
      return (
        <ClientOnly fallback={<PageFallback />}>
          <LoginPage />
        </ClientOnly>
      )
    }
  }),
}

const pageHandles: Partial<Record<PublicPath, RouteHandle>> = {
  [paths.activities]: prefetch('articleList'),
  [paths.galleries]: prefetch('galleryList'),
  [paths.profile]: prefetch('profileTexts'),
  [paths.structure]: prefetch('structure'),
  [paths.privacy]: prefetch('infoPage'),
  [paths.accessibility]: prefetch('infoPage'),
  [paths.publicInformation]: prefetch('infoPage'),
}

/**
 * The one route table: the browser renders it with React Router's declarative router and the
 * server with its static router, so both produce the same markup (decision 0011).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    children: [
      { index: true, Component: lazyRoute(async () => (await import('./home-page')).HomePage), handle: prefetch('latestArticles') },
      ...publicPages.filter((page) => page.path !== paths.home).map((page) => ({
        path: page.path.slice(1),
        Component: pageComponents[page.path as keyof typeof pageComponents],
        handle: pageHandles[page.path],
      })),
      {
        path: paths.articlePattern.slice(1),
        Component: lazyRoute(async () => (await import('@/features/news/article-page')).ArticlePage),
        handle: prefetch('article'),
      },
      {
        path: paths.galleryPattern.slice(1),
        Component: lazyRoute(async () => (await import('@/features/gallery/gallery-page')).GalleryPage),
        handle: prefetch('gallery'),
      },
      { path: '*', Component: lazyRoute(async () => (await import('./not-found-page')).NotFoundPage) },
    ],
  },
  // Its own chunk: visitors never download admin code.
  { path: `${paths.admin.root}/*`, Component: lazyRoute(async () => (await import('./admin/routes')).AdminArea) },
]

/** Loads a route's page code, so its first render (and hydration) needs no wait. */
export const preloadRoute = async (route: RouteObject) => (route.Component as Partial<LazyRouteComponent>).preload?.()

/** Loads the code of every page the URL shows. */
export async function preloadRoutes(pathname: string) {
  await Promise.all(matchRoutes(routes, pathname)?.map((match) => preloadRoute(match.route)) ?? [])
}
