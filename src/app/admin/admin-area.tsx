import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { paths } from '@/lib/paths'
import { publicPage } from '@/lib/pages'
import { mountToaster } from '@/lib/toast'
import { mergeClassesWith } from '@/lib/utils'
import { twMerge } from 'tailwind-merge'
import { AdminShell } from './admin-shell'
import { PrefetchPages } from './prefetch-pages'
import { RequireRole } from './require-role'
import { adminRoles } from './routes'
import { SessionGuard } from './session-guard'
import { PageLoading } from './validating-screen'

// Browser only: the server loads this module just for its meta, and a merger installed there
// would change the classes of every public page it renders afterwards.
if (typeof document !== 'undefined') {
  // Admin pages toast often: the Toaster is mounted as soon as the area loads, not with the first toast.
  void mountToaster()
  // Admin pages still override components' classes without marking them (decision 0021).
  mergeClassesWith(twMerge)
}

/** /admin: the session guard, the shell and the one role check around every admin page. */
export function Component() {
  const { pathname } = useLocation()
  return (
    <SessionGuard>
      <PrefetchPages />
      <AdminShell>
        <Suspense fallback={<PageLoading />}>
          <RequireRole roles={adminRoles(pathname)}>
            <Outlet />
          </RequireRole>
        </Suspense>
      </AdminShell>
    </SessionGuard>
  )
}

/** Nothing in the admin area is public: the server sends the site's own shell. */
export const meta = () => publicPage(paths.home)

export const clientOnly = true
