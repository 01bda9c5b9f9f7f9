import { matchRoutes, type RouteObject } from 'react-router'
import type { PublicPath } from '@/lib/pages'
import { paths } from '@/lib/paths'
import type { AnyRouteModule } from '@/lib/route-module'
import { PublicLayout } from './layouts/public-layout'
import { lazyRoute, type LazyRouteComponent } from './router/lazy-route'
import { adminRoutes } from './admin/routes'

// One module per row of the public page table: a page added there without a route here (or the
// other way round) is a type error.
const pageModules: Record<Exclude<PublicPath, typeof paths.home>, () => Promise<AnyRouteModule>> = {
  [paths.profile]: () => import('@/features/profile/profile-page'),
  [paths.structure]: () => import('@/features/structure/structure-page'),
  [paths.activities]: () => import('@/features/news/activities-page'),
  [paths.galleries]: () => import('@/features/gallery/galleries-page'),
  [paths.contact]: () => import('@/features/contact/contact-page'),
  [paths.privacy]: () => import('@/features/unit-pages/privacy-page'),
  [paths.accessibility]: () => import('@/features/unit-pages/accessibility-page'),
  [paths.publicInformation]: () => import('@/features/unit-pages/public-information-page'),
  [paths.login]: () => import('./login-route'),
}

/**
 * The one route table of route modules (src/lib/route-module.ts), public pages and the admin area:
 * the browser renders it with React Router's declarative router and the server with its static
 * router, so both produce the same markup (decision 0011, 0020).
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    children: [
      { index: true, Component: lazyRoute(() => import('./home-page')) },
      ...Object.entries(pageModules).map(([path, load]) => ({ path: path.slice(1), Component: lazyRoute(load) })),
      { path: paths.articlePattern.slice(1), Component: lazyRoute(() => import('@/features/news/article-page')) },
      { path: paths.galleryPattern.slice(1), Component: lazyRoute(() => import('@/features/gallery/gallery-page')) },
      ...[paths.documentGone, paths.documentFilePattern].map((path) => ({
        path: path.slice(1), Component: lazyRoute(() => import('@/features/unit-pages/document-gone-page')),
      })),
      { path: '*', Component: lazyRoute(() => import('./not-found-page')) },
    ],
  },
  // Its own chunks: visitors never download admin code.
  { path: paths.admin.root, Component: lazyRoute(() => import('./admin/admin-area')), children: adminRoutes },
]

const lazyOf = (route: RouteObject) => route.Component as Partial<LazyRouteComponent> | undefined

/** The routes a URL shows, outermost first. */
export const matchPage = (pathname: string) => matchRoutes(routes, pathname) ?? []

/** Loads the code of every page the URL shows, so its first render (and hydration) needs no wait. */
export async function preloadRoutes(pathname: string) {
  await Promise.all(matchPage(pathname).map((match) => lazyOf(match.route)?.preload?.()))
}

/**
 * The route module whose loader and meta answer for the URL: the innermost page, or the area the
 * browser alone draws (its pages are not loaded on the server).
 */
export async function loadPageModule(pathname: string) {
  let page: { module: AnyRouteModule; params: Record<string, string | undefined> } | undefined
  for (const match of matchPage(pathname)) {
    const module = await lazyOf(match.route)?.load?.()
    if (!module) continue
    page = { module, params: match.params }
    if (module.clientOnly) break
  }
  return page
}
