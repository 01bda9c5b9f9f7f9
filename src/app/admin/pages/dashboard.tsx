import { DashboardPage } from '@/features/admin-dashboard/components/dashboard-page'
import { paths } from '@/lib/paths'
import { adminMeta, useAdminMeta } from '../admin-meta'

export const meta = adminMeta(paths.admin.dashboard)

export function Component() {
  useAdminMeta(meta)
  return <DashboardPage />
}
