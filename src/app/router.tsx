import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { publicPages, type PublicPath } from '@/lib/pages'
import { paths } from '@/lib/paths'
import { HomePage } from './home-page'
import { PublicLayout } from './layouts/public-layout'
import { PageFallback } from './page-fallback'
import { RouteError } from './route-error'

type LazyPage = () => Promise<{ Component: ComponentType }>

// One entry per row of the public page table: a page added there without a route here (or the
// other way round) is a type error.
const pageModules: Record<Exclude<PublicPath, typeof paths.home>, LazyPage> = {
  [paths.profile]: async () => ({ Component: (await import('@/features/profile/profile-page')).ProfilePage }),
  [paths.structure]: async () => ({ Component: (await import('@/features/structure/structure-page')).StructurePage }),
  [paths.activities]: async () => ({ Component: (await import('@/features/news/activities-page')).ActivitiesPage }),
  [paths.galleries]: async () => ({ Component: (await import('@/features/gallery/galleries-page')).GalleriesPage }),
  [paths.contact]: async () => ({ Component: (await import('@/features/contact/contact-page')).ContactPage }),
  [paths.login]: async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage }),
}

const pageRoutes: RouteObject[] = [
  ...publicPages.filter((page) => page.path !== paths.home).map((page) => ({
    path: page.path.slice(1),
    lazy: pageModules[page.path as keyof typeof pageModules],
  })),
  {
    path: paths.articlePattern.slice(1),
    lazy: async () => ({ Component: (await import('@/features/news/article-page')).ArticlePage }),
  },
  {
    path: paths.galleryPattern.slice(1),
    lazy: async () => ({ Component: (await import('@/features/gallery/gallery-page')).GalleryPage }),
  },
]

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomePage },
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

export const router = createBrowserRouter(routes)
