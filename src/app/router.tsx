import { createBrowserRouter, type LazyRouteFunction, type RouteObject } from 'react-router'
import { paths } from '@/lib/paths'
import { HomePage } from '@/features/home/home-page'
import { PublicLayout } from './layouts/public-layout'
import { PageFallback } from './page-fallback'
import { RouteError } from './route-error'

type LazyRoute = LazyRouteFunction<RouteObject>

// The admin area is its own lazily loaded route module: visitors never download it.
// import.meta.glob keeps the public build working while the admin module does not exist yet.
const adminModules = import.meta.glob<Awaited<ReturnType<LazyRoute>>>('./admin/routes.tsx')
const loadAdmin: LazyRoute = async () => {
  const load = adminModules['./admin/routes.tsx']
  if (!load) {
    const { AdminUnavailable } = await import('./admin-unavailable')
    return { Component: AdminUnavailable }
  }
  return load()
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: PublicLayout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomePage },
      {
        path: paths.profile.slice(1),
        lazy: async () => ({ Component: (await import('@/features/profile/profile-page')).ProfilePage }),
      },
      {
        path: paths.structure.slice(1),
        lazy: async () => ({ Component: (await import('@/features/structure/structure-page')).StructurePage }),
      },
      {
        path: paths.activities.slice(1),
        lazy: async () => ({ Component: (await import('@/features/news/activities-page')).ActivitiesPage }),
      },
      {
        path: paths.articlePattern.slice(1),
        lazy: async () => ({ Component: (await import('@/features/news/article-page')).ArticlePage }),
      },
      {
        path: paths.contact.slice(1),
        lazy: async () => ({ Component: (await import('@/features/contact/contact-page')).ContactPage }),
      },
      {
        path: paths.login.slice(1),
        lazy: async () => ({ Component: (await import('@/features/auth/login-page')).LoginPage }),
      },
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
    lazy: loadAdmin,
  },
]

export const router = createBrowserRouter(routes)
