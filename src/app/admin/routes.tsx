import { lazy, Suspense, useEffect, type ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import type { AppRole } from '@/features/account/api/types'
import { AdminNotFound } from './admin-not-found'
import { AdminShell } from './admin-shell'
import { RequireRole } from './require-role'
import { SessionGuard } from './session-guard'
import { useAdminSession } from './session-context'
import { CONTENT_ROLES, USER_ADMIN_ROLES } from './nav-items'
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

function AdminRoutes() {
  const { user, profile, signOutTo } = useAdminSession()
  const canManageContent = profile.role === 'admin' || profile.role === 'superadmin'
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route
          path="dashboard"
          element={
            <AdminPage title="Dashboard">
              <DashboardPage />
            </AdminPage>
          }
        />
        <Route
          path="users"
          element={
            <AdminPage title="Manajemen Pengguna" roles={USER_ADMIN_ROLES}>
              <UsersPage currentUserId={user.id} />
            </AdminPage>
          }
        />
        <Route
          path="content"
          element={
            <AdminPage title="Manajemen Konten" roles={CONTENT_ROLES}>
              <ContentPage userId={user.id} canEdit={canManageContent} />
            </AdminPage>
          }
        />
        <Route
          path="gallery"
          element={
            <AdminPage title="Manajemen Galeri" roles={CONTENT_ROLES}>
              <GalleryPage canEdit={canManageContent} />
            </AdminPage>
          }
        />
        <Route
          path="pesan"
          element={
            <AdminPage title="Pesan Masuk" roles={CONTENT_ROLES}>
              <InboxPage />
            </AdminPage>
          }
        />
        <Route
          path="riwayat"
          element={
            <AdminPage title="Riwayat Aktivitas" roles={USER_ADMIN_ROLES}>
              <AuditPage />
            </AdminPage>
          }
        />
        <Route
          path="my-account"
          element={
            <AdminPage title="Akun Saya">
              <MyAccountPage profile={profile} email={user.email ?? profile.email ?? ''} signOutTo={signOutTo} />
            </AdminPage>
          }
        />
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

/** Mounted by the public router at /admin/* (react-router's lazy-route `Component` export). */
export function Component() {
  return (
    <SessionGuard>
      <AdminShell>
        <AdminRoutes />
      </AdminShell>
    </SessionGuard>
  )
}
