import { createBrowserRouter, type RouteObject } from 'react-router'
import { paths } from '@/lib/paths'
import { HomePage } from '@/features/home/home-page'
import { PublicLayout } from './layouts/public-layout'
import { PageFallback } from './page-fallback'
import { RouteError } from './route-error'

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
    // Its own chunk: visitors never download admin code.
    lazy: () => import('./admin/routes'),
  },
]

export const router = createBrowserRouter(routes)
