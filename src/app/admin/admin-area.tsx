import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { paths } from '@/lib/paths'
import { publicPage } from '@/lib/pages'
import { mountToaster } from '@/lib/toast'
import { AdminShell } from './admin-shell'
import { RequireRole } from './require-role'
import { adminRoles } from './routes'
import { SessionGuard } from './session-guard'
import { PageLoading } from './validating-screen'

// Admin pages call sonner's toast directly: its Toaster is mounted as soon as the admin area loads
// in the browser (the server loads this module only for its meta).
if (typeof document !== 'undefined') void mountToaster()

/** /admin: the session guard, the shell and the one role check around every admin page. */
export function Component() {
  const { pathname } = useLocation()
  return (
    <SessionGuard>
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
