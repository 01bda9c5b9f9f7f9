import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import type { AppRole } from '@/features/account/api/types'
import { paths } from '@/lib/paths'
import { AdminNotFound } from './admin-not-found'
import { AdminShell } from './admin-shell'
import { RequireRole } from './require-role'
import { SessionGuard } from './session-guard'
import { useAdminSession } from './session-context'
import { accountNavItem, mainNavItems } from './nav-items'
import { PageLoading } from './validating-screen'
import { mountToaster } from '@/lib/toast'

// Admin pages call sonner's toast directly: its Toaster is mounted as soon as the admin area loads.
void mountToaster()

// Every page is its own chunk: the admin area is already lazy for visitors, and a plain
// user never downloads the editors they cannot open.
const DashboardPage = lazy(() => import('@/features/admin-dashboard/components/dashboard-page'))
const UsersPage = lazy(() => import('@/features/admin-users/components/users-page'))
const ContentPage = lazy(() => import('@/features/admin-content/components/content-page'))
const GalleryPage = lazy(() => import('@/features/admin-gallery/components/gallery-page'))
const InboxPage = lazy(() => import('@/features/admin-inbox/components/inbox-page'))
const AuditPage = lazy(() => import('@/features/admin-audit/components/audit-page'))
const MyAccountPage = lazy(() => import('@/features/account/components/my-account-page'))
const UnitPagesPage = lazy(() => import('@/features/admin-unit-pages/components/unit-pages-page'))
// The articles' editor, handed to the unit-pages screen (features do not import each other).
const RichTextEditor = lazy(() => import('@/features/admin-content/components/rich-text/rich-text-editor'))

const TITLE_SUFFIX = 'Admin SKD 31'

function AdminPage({ title, roles, children }: { title: string; roles?: readonly AppRole[]; children: ReactNode }) {
  useEffect(() => {
    const previous = document.title
    document.title = `${title} | ${TITLE_SUFFIX}`
    return () => {
      document.title = previous
    }
  }, [title])
  return <RequireRole roles={roles}>{children}</RequireRole>
}

// The sidebar's items give each page its path, title and the roles that may open it.
const byPath = new Map([...mainNavItems, accountNavItem].map((item) => [item.path, item]))

function AdminRoutes() {
  const { user, profile, signOutTo } = useAdminSession()
  const canManageContent = profile.role === 'admin' || profile.role === 'superadmin'
  const pages: [string, ReactNode][] = [
    [paths.admin.dashboard, <DashboardPage />],
    [paths.admin.users, <UsersPage currentUserId={user.id} />],
    [paths.admin.content, <ContentPage userId={user.id} canEdit={canManageContent} />],
    [paths.admin.gallery, <GalleryPage canEdit={canManageContent} />],
    [paths.admin.unitPages, <UnitPagesPage userId={user.id} RichTextEditor={RichTextEditor} />],
    [paths.admin.inbox, <InboxPage />],
    [paths.admin.auditLog, <AuditPage />],
    [paths.admin.myAccount, <MyAccountPage profile={profile} email={user.email ?? profile.email ?? ''} signOutTo={signOutTo} />],
  ]
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        {pages.map(([path, page]) => {
          const item = byPath.get(path)!
          return (
            <Route
              key={path}
              path={path.slice(`${paths.admin.root}/`.length)}
              element={
                <AdminPage title={item.name} roles={item.roles}>
                  {page}
                </AdminPage>
              }
            />
          )
        })}
        <Route
          path="*"
          element={
            <AdminPage title="Halaman tidak ditemukan">
              <AdminNotFound />
            </AdminPage>
          }
        />
      </Routes>
    </Suspense>
  )
}

/** Mounted by the app's route table at /admin/*. */
export function AdminArea() {
  return (
    <SessionGuard>
      <AdminShell>
        <AdminRoutes />
      </AdminShell>
    </SessionGuard>
  )
}
