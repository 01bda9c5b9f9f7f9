import { matchRoutes, Navigate, type RouteObject } from 'react-router'
import type { AppRole } from '@/features/account/api/types'
import { paths } from '@/lib/paths'
import type { AnyRouteModule } from '@/lib/route-module'
import { lazyRoute } from '../router/lazy-route'
import { CONTENT_ROLES, USER_ADMIN_ROLES } from './roles'

/** What the table says of an admin page: the roles that may open it (none: every approved role). */
export type AdminHandle = { roles?: readonly AppRole[] }

// Every page is its own chunk: the admin area is already lazy for visitors, and a plain user never
// downloads the editors they cannot open (the area checks the role before the page loads).
const page = (path: string, load: () => Promise<AnyRouteModule>, roles?: readonly AppRole[]): RouteObject => ({
  path: path.slice(`${paths.admin.root}/`.length),
  Component: lazyRoute(load),
  handle: { roles } satisfies AdminHandle,
})

/** The admin area's pages, children of /admin in the one route table (src/app/routes.tsx). */
export const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  page(paths.admin.dashboard, () => import('./pages/dashboard')),
  page(paths.admin.users, () => import('./pages/users'), USER_ADMIN_ROLES),
  page(paths.admin.content, () => import('./pages/content'), CONTENT_ROLES),
  page(paths.admin.stats, () => import('./pages/stats'), CONTENT_ROLES),
  page(paths.admin.gallery, () => import('./pages/gallery'), CONTENT_ROLES),
  page(paths.admin.unitPages, () => import('./pages/unit-pages'), CONTENT_ROLES),
  page(paths.admin.documents, () => import('./pages/documents'), CONTENT_ROLES),
  page(paths.admin.inbox, () => import('./pages/inbox'), CONTENT_ROLES),
  page(paths.admin.auditLog, () => import('./pages/audit'), USER_ADMIN_ROLES),
  page(paths.admin.integrity, () => import('./pages/integrity'), USER_ADMIN_ROLES),
  page(paths.admin.myAccount, () => import('./pages/my-account')),
  { path: '*', Component: lazyRoute(() => import('./pages/not-found')) },
]

/** The roles that may open an admin path, from the table (the sidebar and the check read it). */
export function adminRoles(pathname: string): readonly AppRole[] | undefined {
  const match = matchRoutes(adminRoutes, pathname, paths.admin.root)?.at(-1)
  return (match?.route.handle as AdminHandle | undefined)?.roles
}
